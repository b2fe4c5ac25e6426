//go:build js && wasm

package main

import (
	"database/sql"
	"log/slog"
	"net/http"
	"os"

	"github.com/syumai/workers"
	_ "github.com/syumai/workers/cloudflare/d1"

	"github.com/cardrules/games/cards/server"
)

func main() {
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
