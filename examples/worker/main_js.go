//go:build js && wasm

package main

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"runtime/debug"
	"syscall/js"

	_ "github.com/syumai/workers/cloudflare/d1"

	"github.com/cardrules/games/cards/server"
)

// memoryLimit is the soft limit of an instance's memory, in bytes: an
// instance serves many requests beside a few others in the isolate's
// 128 MB, and its WebAssembly memory never shrinks (worker.mjs drops one
// that outgrew the limit well).
const memoryLimit = 16 << 20

func main() {
	debug.SetMemoryLimit(memoryLimit)
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	context := js.Global().Get("context") // this instance's, from worker.mjs
	limits, err := limitsOf(context.Get("env").Get("LIMITS"))
	if err != nil {
		log.Error("the LIMITS variable", "err", err)
		os.Exit(1)
	}
	// The driver finds the database in the env of the instance's context.
	db, err := sql.Open("d1", "DB")
	if err != nil {
		log.Error("no D1 database bound as DB", "err", err)
		os.Exit(1)
	}
	api := server.New(db, server.Config{Dialect: server.D1, Logger: log, Limits: limits, ClientHeader: "CF-Connecting-IP", Spawn: spawn(log),
		Published: func(game string, version int64) { notify(context, game, version) }})
	mux := http.NewServeMux()
	mux.Handle("/api/", http.StripPrefix("/api", api))
	// The reads of a game's hub (worker.mjs's GameHub), of the news its
	// followers have not read: not counted against the followers' rates.
	mux.Handle("/internal/relay/", http.StripPrefix("/internal/relay", api.Relay()))
	// The cron trigger's work, which worker.mjs asks for from its
	// scheduled handler: no request from outside reaches /internal/.
	mux.HandleFunc("POST /internal/sweep", func(w http.ResponseWriter, r *http.Request) {
		rep, err := api.Sweep(r.Context())
		if err != nil {
			log.Error("the sweep failed", "err", err)
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		json.NewEncoder(w).Encode(rep)
	})
	bind(context.Get("binding"), mux, server.MaxBody+1, log)
	select {} // JavaScript calls the binding from now on
}

// notify tells the game's followers of a commit, through the function
// that worker.mjs gives the instance's context (a Durable Object of the
// game holds their streams), if it gives one.
func notify(context js.Value, game string, version int64) {
	if f := context.Get("notify"); f.Type() == js.TypeFunction {
		f.Invoke(game, version)
	}
}

// limitsOf returns the server's limits: the defaults, but a refusal that
// does not wait (it would hold an instance), changed by the members of
// vars, the LIMITS variable if it is set: a JSON object of limits by
// their names in the limits' JSON, `{"requestRate":20,"botTime":"1s"}`.
func limitsOf(vars js.Value) (server.Limits, error) {
	l := server.DefaultLimits()
	l.RefusalDelay = -1
	if vars.Type() != js.TypeString {
		return l, nil
	}
	var members, changes map[string]json.RawMessage
	doc, _ := json.Marshal(l)
	json.Unmarshal(doc, &members)
	if err := json.Unmarshal([]byte(vars.String()), &changes); err != nil {
		return l, err
	}
	for name, v := range changes {
		if members[name] == nil {
			return l, fmt.Errorf("no limit is named %q", name)
		}
		members[name] = v
	}
	doc, _ = json.Marshal(members)
	err := json.Unmarshal(doc, &l)
	return l, err
}
