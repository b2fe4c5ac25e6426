//go:build !js

// Server serves the games of this module to players over HTTP: the API of
// package server at /api/, on an embedded SQLite file, and the web page
// at /.
//
// Usage:
//
//	go run ./examples/server [flags]
//
// It listens on 127.0.0.1:8080 and keeps the games in games.db; -addr and
// -db change them. It serves the web page of examples/web at / as
// go run ./examples/web does: -web names the page's folder
// (examples/web/page) and -bundle the WebAssembly bundle's (wasm/dist,
// built by go run ./wasm/build), served at /bundle/. It sets up the database's
// schema when it starts, logs each request (log/slog: method, path,
// status, bytes, duration; never a token), and on SIGINT or SIGTERM
// finishes the requests under way before it stops.
//
// Try it with curl:
//
//	curl -s localhost:8080/api/catalog
//	curl -s -X POST localhost:8080/api/games -d '{"game":"ninekingdoms","seats":["human","montecarlo"]}'
//
// The README shows a whole game.
package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	_ "modernc.org/sqlite"

	"github.com/cardrules/games/cards/server"
	"github.com/cardrules/games/examples/internal/webpage"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

// config is what the flags say.
type config struct {
	addr    string
	db      string
	web     string
	bundle  string
	logJSON bool
}

func parse(args []string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.addr, "addr", "127.0.0.1:8080", "the address to listen on")
	fs.StringVar(&c.db, "db", "games.db", "the SQLite file that keeps the games (created if missing)")
	fs.StringVar(&c.web, "web", "examples/web/page", "the folder of the web page served at / (none if missing)")
	fs.StringVar(&c.bundle, "bundle", "wasm/dist", "the folder of the WebAssembly bundle the page plays on, served at "+webpage.BundlePath+" (go run ./wasm/build)")
	fs.BoolVar(&c.logJSON, "logjson", false, "log in JSON rather than text")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: go run ./examples/server [flags]\n\n")
		fmt.Fprintf(stderr, "Serves the games over HTTP: the API at /api/ (see the README), the web page at /.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	return c, fs.Parse(args)
}

func run(args []string, stderr io.Writer) int {
	c, err := parse(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	var h slog.Handler = slog.NewTextHandler(stderr, nil)
	if c.logJSON {
		h = slog.NewJSONHandler(stderr, nil)
	}
	log := slog.New(h)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, c, log, nil); err != nil {
		log.Error("the server stopped", "err", err)
		return 1
	}
	return 0
}

// serve serves until ctx is done, then shuts down gracefully. If ready is
// not nil, it receives the address listened on.
func serve(ctx context.Context, c config, log *slog.Logger, ready chan<- string) error {
	if os.Getenv("GOGC") == "" {
		// The server's live heap is small and it makes garbage fast:
		// collecting at 400% of growth rather than 100% serves about
		// 1.15 times the moves a CPU-second in the load test, for a
		// heap a few megabytes larger.
		debug.SetGCPercent(400)
	}
	db, err := openDB(ctx, c.db, log)
	if err != nil {
		return err
	}
	defer db.Close()
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           logRequests(log, newMux(db, c, log)),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      5 * time.Minute, // the bots of a move can think a while
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	log.Info("serving", "url", "http://"+ln.Addr().String()+"/", "db", c.db)
	if ready != nil {
		ready <- ln.Addr().String()
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing the requests under way")
	shutdown, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return err
	}
	log.Info("stopped")
	return nil
}

// openDB opens the SQLite file, in WAL mode so that reads go on during a
// write, and sets up its schema.
func openDB(ctx context.Context, path string, log *slog.Logger) (*sql.DB, error) {
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_txlock=immediate")
	if err != nil {
		return nil, err
	}
	// One connection: SQLite writes one change at a time, and a queue in
	// Go (server.Config.MaxStatements) is fairer and faster than
	// connections that wait on its lock.
	db.SetMaxOpenConns(1)
	applied, err := server.Migrate(ctx, db)
	if err != nil {
		db.Close()
		return nil, err
	}
	for _, m := range applied {
		log.Info("applied a migration", "name", m)
	}
	return db, nil
}

// newMux serves the API at /api/ and the web page, if its folder is there,
// at /, with the bundle it plays on.
func newMux(db *sql.DB, c config, log *slog.Logger) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("/api/", http.StripPrefix("/api", server.New(db, server.Config{Logger: log, MaxStatements: 1})))
	if st, err := os.Stat(c.web); err == nil && st.IsDir() {
		if err := webpage.Check(c.web, c.bundle); err != nil {
			log.Warn("the web page cannot play", "err", err)
		}
		mux.Handle("/", webpage.Handler(c.web, c.bundle, webpage.Site{API: "/api"}))
	} else {
		log.Warn("no web page to serve", "folder", c.web)
		mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintln(w, "The games' API is at /api/ (GET /api/catalog lists the games); the web page is not here.")
		})
	}
	return mux
}

// logRequests logs each request when it is answered.
func logRequests(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		level := slog.LevelInfo
		if rec.status >= 500 {
			level = slog.LevelError
		}
		log.LogAttrs(r.Context(), level, "request",
			slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.String("query", r.URL.RawQuery),
			slog.Int("status", rec.status), slog.Int("bytes", rec.bytes), slog.Duration("duration", time.Since(start)),
			slog.String("remote", r.RemoteAddr))
	})
}

// recorder notes the status and size of an answer.
type recorder struct {
	http.ResponseWriter
	status, bytes int
}

func (r *recorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	return n, err
}
