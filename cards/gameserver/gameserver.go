//go:build !js

// Package gameserver is the native game server as a program: the API of
// package server at /api/, on an embedded SQLite file or on PostgreSQL,
// and the web page at /. It is the module's server (examples/server) as a
// package, so that a program of a few lines serves any games — the
// module's, a designer's own, or both — with the page beside them:
//
//	func main() {
//		gameserver.Program{Games: append(catalog.Games(), anygame.Of(mygame.Rules{}))}.Main()
//	}
//
// It listens on 127.0.0.1:8080 and keeps the games in games.db; -addr and
// -db change them. -db postgres://user:password@host:port/name keeps
// them in PostgreSQL instead, which several servers may share behind a
// load balancer: each tells the others of its commits (LISTEN and
// NOTIFY, package pgnews), so that a stream served by any of them
// receives every version of its game. -db-conns sizes the pool of
// connections to it. The rate limits of clients count per server. It
// serves the web page of examples/web at / as go run ./examples/web
// does: -web names the page's folder (examples/web/page) and -bundle the
// WebAssembly bundle's (wasm/dist, built by go run ./wasm/build; a bundle
// of a designer's games is built by naming them: go run
// github.com/cardrules/games/wasm/build -games ./mygame,crown), served at
// /bundle/.
//
// It checks the database when it starts (SQLite's quick_check) and
// refuses a damaged one, sets up its schema, logs each request that fails
// (log/slog: method, path, status, bytes, duration; never a token) and,
// with -log-requests, every request, lets the bots
// play and deletes expired games every -sweep, and on SIGINT or SIGTERM
// finishes the requests under way, stops the bots, and exits.
//
// What requests may cause is bounded by the handler's limits
// (server.DefaultLimits), each of which -limit name=value changes
// (-limit botTime=2s -limit openGames=50000; -h lists them), and by the
// connections a client may hold (-client-conns) and all may (-conns).
// Behind a reverse proxy, -proxy-header names the header the proxy sets
// to the client's address, whose limits then count. -metrics serves
// Prometheus's metrics on an address of their own, and Go's profiles
// (net/http/pprof) beside them; the API's /health
// answers whether the database answers.
//
// Two commands work on the database instead of serving it, and may run
// while a server serves it:
//
//	go run ./examples/server -db games.db -backup copy.db   # an online copy, checked
//	go run ./examples/server -db games.db -verify           # replay every game against its stored state
//
// A database is verified with the rules of the games the program serves.
package gameserver

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	_ "modernc.org/sqlite"

	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/cards/server"
	"github.com/cardrules/games/cards/server/pgnews"
	"github.com/cardrules/games/cards/webpage"
)

// A Program is the game server, serving its games. The zero Program
// serves the module's games.
type Program struct {
	// Command is how a person runs the program, for its -h ("go run
	// ./examples/server"); "" is "server".
	Command string
	// Games are the games it serves; nil serves the module's
	// (catalog.Games).
	Games []anygame.Game
}

// Main runs the program on the command line's arguments and exits with
// its status (see Run).
func (p Program) Main() { os.Exit(p.Run(os.Args[1:], os.Stdout, os.Stderr)) }

// Run serves, or backs up or verifies a database, as the arguments say,
// until SIGINT or SIGTERM, and returns the exit status: 0 when it stopped
// well, 2 for flags it refuses, 1 for any other failure.
func (p Program) Run(args []string, stdout, stderr io.Writer) int {
	if p.Command == "" {
		p.Command = "server"
	}
	if p.Games == nil {
		p.Games = catalog.Games()
	}
	return runProgram(p, args, stdout, stderr)
}

// run runs the module's server, as its tests run it.
func run(args []string, stdout, stderr io.Writer) int {
	return Program{Command: "go run ./examples/server"}.Run(args, stdout, stderr)
}

// config is what the flags say.
type config struct {
	addr        string
	db          string
	web         string
	bundle      string
	logJSON     bool
	logRequests bool
	gcPercent   int  // the collector's target, as GOGC
	gcSet       bool // -gogc given, or no GOGC in the environment
	sync        string
	limits      server.Limits
	proxyHeader string
	conns       int
	clientConns int
	metrics     string
	sweep       time.Duration
	backup      string
	verify      bool
	pragmas     string // more of SQLite's pragmas, for tests: "&_pragma=max_page_count(100)"
	dbConns     int
	// games are the games served; nil, the module's.
	games []anygame.Game
	// command is how a person runs the program, for its -h.
	command string
}

// limitFlags collects -limit name=value pairs onto the handler's limits.
type limitFlags struct{ limits *server.Limits }

func (f limitFlags) String() string { return "" }

// Set sets one limit, by its name in the limits' JSON, to a value as that
// JSON writes it: a number, or a duration ("2s").
func (f limitFlags) Set(pair string) error {
	name, value, ok := strings.Cut(pair, "=")
	if !ok {
		return fmt.Errorf("a limit is name=value, not %q", pair)
	}
	doc, _ := json.Marshal(f.limits)
	var members map[string]json.RawMessage
	json.Unmarshal(doc, &members)
	old, ok := members[name]
	if !ok {
		return fmt.Errorf("no limit is named %q; the limits are %s", name, strings.Join(limitNames(), ", "))
	}
	members[name] = json.RawMessage(value)
	if strings.HasPrefix(string(old), `"`) {
		members[name], _ = json.Marshal(value)
	}
	doc, _ = json.Marshal(members)
	var l server.Limits
	if err := json.Unmarshal(doc, &l); err != nil {
		return fmt.Errorf("limit %s: %q is not a value of it", name, value)
	}
	*f.limits = l
	return nil
}

// limitNames returns the names of the limits, as -limit takes them.
func limitNames() []string {
	doc, _ := json.Marshal(server.DefaultLimits())
	var members map[string]json.RawMessage
	json.Unmarshal(doc, &members)
	var names []string
	for name := range members {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func parse(p Program, args []string, stderr io.Writer) (config, error) {
	c := config{limits: server.DefaultLimits(), games: p.Games, command: p.Command}
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.addr, "addr", "127.0.0.1:8080", "the address to listen on")
	fs.StringVar(&c.db, "db", "games.db", "the SQLite file that keeps the games (created if missing), or a PostgreSQL database, postgres://user:password@host:port/name, which several servers may share")
	fs.IntVar(&c.dbConns, "db-conns", 16, "the most connections to PostgreSQL this server holds (SQLite's are "+strconv.Itoa(dbConns)+")")
	fs.StringVar(&c.web, "web", "examples/web/page", "the folder of the web page served at / (none if missing)")
	fs.StringVar(&c.bundle, "bundle", "wasm/dist", "the folder of the WebAssembly bundle the page plays on, served at "+webpage.BundlePath+" (go run ./wasm/build)")
	fs.BoolVar(&c.logJSON, "logjson", false, "log in JSON rather than text")
	fs.BoolVar(&c.logRequests, "log-requests", false, "log every request answered (without it, only those that fail, 5xx)")
	fs.StringVar(&c.sync, "sync", "full", "how SQLite syncs a commit to the disk: full (a commit survives a power loss) or normal (it survives a crash of the process; faster)")
	fs.Var(limitFlags{&c.limits}, "limit", "sets one of the handler's limits, name=value (repeatable): "+strings.Join(limitNames(), ", "))
	fs.StringVar(&c.proxyHeader, "proxy-header", "", "the header a trusted reverse proxy sets to the client's address (X-Real-IP, X-Forwarded-For); only behind such a proxy")
	fs.IntVar(&c.conns, "conns", 4096, "the most connections open at once (0: no limit)")
	fs.IntVar(&c.clientConns, "client-conns", 64, "the most connections one client holds open at once (0: no limit); behind a proxy (-proxy-header), the most requests under way of one client it names")
	fs.StringVar(&c.metrics, "metrics", "", "an address to serve Prometheus's metrics on, at /metrics, and Go's profiles, at /debug/pprof/ (none if empty; keep it off the internet)")
	fs.DurationVar(&c.sweep, "sweep", 5*time.Second, "how often the bots left waiting play and expired games are deleted")
	fs.StringVar(&c.backup, "backup", "", "write a consistent copy of -db to this file, check it, and exit (-db may be served meanwhile)")
	fs.BoolVar(&c.verify, "verify", false, "check -db whole (SQLite's integrity_check, and every game replayed against its stored state), and exit")
	fs.IntVar(&c.gcPercent, "gogc", 400, "the garbage collector's target, as GOGC, which it gives way to if set: a server's live heap is small, and at Go's default of 100 it collects many times a second")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: %s [flags]\n\n", c.command)
		fmt.Fprintf(stderr, "Serves the games over HTTP: the API at /api/ (see the README), the web page at /.\n")
		fmt.Fprintf(stderr, "The games: %s.\n\nFlags:\n", strings.Join(anygame.Names(c.games), ", "))
		fs.PrintDefaults()
		fmt.Fprintf(stderr, "\nThe limits, with their defaults (-limit name=value; a negative value lifts one):\n")
		doc, _ := json.MarshalIndent(server.DefaultLimits(), "  ", "  ")
		fmt.Fprintf(stderr, "  %s\n", doc)
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	c.gcSet = os.Getenv("GOGC") == ""
	fs.Visit(func(f *flag.Flag) { c.gcSet = c.gcSet || f.Name == "gogc" })
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "server takes no arguments, only flags: %q\n", fs.Args())
		return c, errors.New("arguments")
	}
	if c.dbConns < 1 {
		fmt.Fprintf(stderr, "-db-conns is at least 1, not %d\n", c.dbConns)
		return c, errors.New("bad -db-conns")
	}
	if c.sync != "full" && c.sync != "normal" {
		fmt.Fprintf(stderr, "-sync is full or normal, not %q\n", c.sync)
		return c, errors.New("bad -sync")
	}
	return c, nil
}

// runProgram runs p as Program.Run does.
func runProgram(p Program, args []string, stdout, stderr io.Writer) int {
	c, err := parse(p, args, stderr)
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
	if c.gcSet {
		debug.SetGCPercent(c.gcPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch {
	case c.backup != "":
		err = backup(ctx, c, stdout)
	case c.verify:
		err = verify(ctx, c, stdout)
	default:
		err = serve(ctx, c, log, nil)
	}
	if err != nil {
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
	db, cfg, err := open(ctx, c, log)
	if err != nil {
		return fmt.Errorf("%s: %w", dbName(c.db), err)
	}
	defer db.Close()
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return err
	}
	perConn := c.clientConns
	if c.proxyHeader != "" {
		perConn = 0 // every connection is the proxy's: its clients are counted by request
	}
	limited := newLimitListener(ln, c.conns, perConn)
	var m *metrics
	cfg.Logger, cfg.Limits, cfg.ClientHeader = log, streamsWithin(c, log), c.proxyHeader
	if c.metrics != "" {
		m = newMetrics()
		cfg.Metrics = m
	}
	if cfg.Dialect == server.PostgreSQL {
		// The other servers of the database hear of this one's commits,
		// and this one of theirs, for the streams each serves.
		news := pgnews.NewNotifier(db, log)
		defer news.Close()
		cfg.Published = news.Published
	}
	api := server.New(db, cfg)
	defer api.Close()
	if cfg.Dialect == server.PostgreSQL {
		go pgnews.Listen(ctx, c.db, api, log, nil)
	}
	if m != nil {
		m.watch(api, log)
		if err := serveMetrics(ctx, c.metrics, m, log); err != nil {
			ln.Close()
			return err
		}
	}
	var handler http.Handler = newMux(api, c, log)
	if c.proxyHeader != "" && c.clientConns > 0 {
		handler = inFlight(c.proxyHeader, c.clientConns, handler)
	}
	srv := &http.Server{
		Handler:           logRequests(log, c.logRequests, handler),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	srv.RegisterOnShutdown(func() { api.Close() }) // the streams end at once, and let the shutdown end
	log.Info("serving", "url", "http://"+ln.Addr().String()+"/", "db", dbName(c.db), "dialect", cfg.Dialect)
	if ready != nil {
		ready <- ln.Addr().String()
	}
	go sweep(ctx, api, c.sweep, log)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(limited) }()
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
	api.Close()
	log.Info("stopped")
	return nil
}

// streamsWithin returns the handler's limits with at most half the
// connections the server accepts (-conns) given to streams, so that
// whoever fills every stream still leaves room for others' requests.
func streamsWithin(c config, log *slog.Logger) server.Limits {
	l := c.limits
	if most := c.conns / 2; c.conns > 0 && (l.Streams < 0 || l.Streams > most) {
		log.Info("streams bounded by the connections", "streams", most, "conns", c.conns)
		l.Streams = most
	}
	return l
}

// sweep lets the bots left waiting play, and deletes expired games, every
// interval until ctx is done.
func sweep(ctx context.Context, api *server.Handler, every time.Duration, log *slog.Logger) {
	if every <= 0 {
		return
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		rep, err := api.Sweep(ctx)
		if err != nil && ctx.Err() == nil {
			log.Warn("the sweep failed", "err", err)
		}
		if rep.Expired > 0 || rep.Resumed > 0 {
			log.Info("swept", "expired", rep.Expired, "resumed", rep.Resumed)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// serveMetrics serves the metrics at /metrics on addr until ctx is done.
func serveMetrics(ctx context.Context, addr string, m *metrics, log *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("the metrics' address: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.handler())
	// Go's profiles beside the metrics, on the same address of the
	// operator's own: where the server's CPU goes, under its real load.
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	log.Info("serving metrics", "url", "http://"+ln.Addr().String()+"/metrics")
	return nil
}

// open opens the database -db names, an SQLite file or a PostgreSQL
// database, and returns it with the handler's configuration of it.
func open(ctx context.Context, c config, log *slog.Logger) (*sql.DB, server.Config, error) {
	if isPostgres(c.db) {
		// One connection more than the handler's statements, for the
		// news of its commits (pgnews), which never wait for a request's.
		db, err := openPostgres(ctx, c.db, c.dbConns+1, log)
		return db, server.Config{Games: c.games, Dialect: server.PostgreSQL, MaxStatements: c.dbConns}, err
	}
	db, err := openDB(ctx, dsn(c.db, c.sync)+c.pragmas, log)
	return db, server.Config{Games: c.games, MaxStatements: dbConns, MaxWrites: 1}, err
}

// dsn returns the SQLite data source of the file: in WAL mode, so that
// reads go on during a write, syncing as sync says, and waiting at most
// 3 s for a lock another process holds (a request then answers 503).
func dsn(path, sync string) string {
	return "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(3000)&_pragma=synchronous(" + strings.ToUpper(sync) + ")&_txlock=immediate"
}

// openDB opens the SQLite database of the data source, checks it, and
// sets up its schema.
func openDB(ctx context.Context, source string, log *slog.Logger) (*sql.DB, error) {
	db, err := sql.Open("sqlite", source)
	if err != nil {
		return nil, err
	}
	// A few connections, for reads go on beside a write in WAL mode; but
	// one change at a time, as SQLite writes them: a queue in Go
	// (server.Config.MaxWrites) is fairer and faster than connections
	// that wait on its lock.
	db.SetMaxOpenConns(dbConns)
	db.SetMaxIdleConns(dbConns)
	if err := checkDB(ctx, db, "quick_check"); err != nil {
		db.Close()
		return nil, fmt.Errorf("%w; restore it from a backup (-backup), or move it aside to start with a new one", err)
	}
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

// dbConns is the size of the pool of connections to SQLite.
const dbConns = 4

// errDamaged is wrapped by the error for a database that fails SQLite's
// check.
var errDamaged = errors.New("the database is damaged")

// checkDB runs SQLite's check, quick_check or integrity_check, and
// returns an error wrapping errDamaged with what it found, if anything.
func checkDB(ctx context.Context, db *sql.DB, check string) error {
	rows, err := db.QueryContext(ctx, "PRAGMA "+check)
	if err != nil {
		if strings.Contains(err.Error(), "malformed") || strings.Contains(err.Error(), "not a database") {
			return fmt.Errorf("%w: %v", errDamaged, err)
		}
		return err
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if line != "ok" && len(found) < 5 {
			found = append(found, line)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("%w: %v", errDamaged, err)
	}
	if len(found) > 0 {
		return fmt.Errorf("%w (%s: %s)", errDamaged, check, strings.Join(found, "; "))
	}
	return nil
}

// backup writes a consistent copy of the database to c.backup while it
// may be served (SQLite's VACUUM INTO), then checks the copy whole.
func backup(ctx context.Context, c config, stdout io.Writer) error {
	if isPostgres(c.db) {
		return errors.New("-backup copies an SQLite file; back a PostgreSQL database up with its own tools (pg_dump)")
	}
	if _, err := os.Stat(c.backup); err == nil {
		return fmt.Errorf("%s exists: a backup is written to a new file", c.backup)
	}
	db, err := sql.Open("sqlite", dsn(c.db, c.sync))
	if err != nil {
		return err
	}
	defer db.Close()
	begin := time.Now()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", c.backup); err != nil {
		return fmt.Errorf("backing %s up: %w", c.db, err)
	}
	copied, err := sql.Open("sqlite", "file:"+c.backup+"?mode=ro")
	if err != nil {
		return err
	}
	defer copied.Close()
	if err := checkDB(ctx, copied, "integrity_check"); err != nil {
		return fmt.Errorf("the copy %s: %w", c.backup, err)
	}
	st, err := os.Stat(c.backup)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed %s up to %s: %d bytes, in %v; the copy checks whole\n", c.db, c.backup, st.Size(), time.Since(begin).Round(time.Millisecond))
	return nil
}

// verify checks the database whole: SQLite's integrity_check, then every
// game replayed against its stored state and events.
func verify(ctx context.Context, c config, stdout io.Writer) error {
	db, cfg, err := openToVerify(ctx, c)
	if err != nil {
		return err
	}
	defer db.Close()
	cfg.Logger = slog.New(slog.DiscardHandler)
	h := server.New(db, cfg)
	bad := 0
	n, err := h.Verify(ctx, func(id string, err error) {
		bad++
		fmt.Fprintf(stdout, "game %s: %v\n", id, err)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d games checked, %d damaged\n", dbName(c.db), n, bad)
	if bad > 0 {
		return fmt.Errorf("%w: %d of %d games do not replay to their stored state", errDamaged, bad, n)
	}
	return nil
}

// openToVerify opens the database -db names to verify it: an SQLite file
// that exists, checked whole (SQLite's integrity_check), or a PostgreSQL
// database.
func openToVerify(ctx context.Context, c config) (*sql.DB, server.Config, error) {
	if isPostgres(c.db) {
		db, err := sql.Open("pgx", c.db)
		return db, server.Config{Games: c.games, Dialect: server.PostgreSQL}, err
	}
	if _, err := os.Stat(c.db); err != nil {
		return nil, server.Config{}, err
	}
	db, err := sql.Open("sqlite", dsn(c.db, c.sync))
	if err != nil {
		return nil, server.Config{}, err
	}
	if err := checkDB(ctx, db, "integrity_check"); err != nil {
		db.Close()
		return nil, server.Config{}, fmt.Errorf("%s: %w", c.db, err)
	}
	return db, server.Config{Games: c.games}, nil
}

// newMux serves the API at /api/ and the web page, if its folder is there,
// at /, with the bundle it plays on.
func newMux(api http.Handler, c config, log *slog.Logger) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("/api/", http.StripPrefix("/api", api))
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

// logRequests logs each request when it is answered: all of them if
// every, else those that failed (5xx). A line a request costs a few
// percent of a move's time; the metrics count every request.
func logRequests(log *slog.Logger, every bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		level := slog.LevelInfo
		switch {
		case rec.status >= 500:
			level = slog.LevelError
		case !every:
			return
		case rec.status == http.StatusTooManyRequests: // a flood would flood the log
			level = slog.LevelDebug
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

// Unwrap lets http.ResponseController reach the writer recorded.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
