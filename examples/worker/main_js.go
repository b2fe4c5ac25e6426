//go:build js && wasm

package main

import (
	"database/sql"
	"log/slog"
	"net/http"
	"os"
	"runtime/debug"

	"github.com/syumai/workers"
	_ "github.com/syumai/workers/cloudflare/d1"

	"github.com/cardrules/games/cards/server"
)

func main() {
	// Instances of the worker share an isolate's memory, and a WebAssembly
	// memory never shrinks: keep each instance's heap small.
	debug.SetMemoryLimit(32 << 20)
	debug.SetGCPercent(50)
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	db, err := sql.Open("d1", "DB")
	if err != nil {
		log.Error("no D1 database bound as DB", "err", err)
		os.Exit(1)
	}
	mux := http.NewServeMux()
	mux.Handle("/api/", http.StripPrefix("/api", server.New(db, server.Config{Logger: log})))
	workers.Serve(mux)
}
