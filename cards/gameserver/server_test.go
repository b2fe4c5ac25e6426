//go:build !js

package gameserver

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/cards/server"
	"github.com/cardrules/games/cards/server/servertest"
)

var (
	loadClients  = flag.Int("load.clients", 8, "clients of TestLoad (the full run: 50)")
	loadDuration = flag.Duration("load.duration", 3*time.Second, "duration of TestLoad (the full run: 30s)")
	loadSync     = flag.String("load.sync", "full", "SQLite's synchronous setting in TestLoad: full or normal")
)

// oneClient are the limits of a server that one client (one address)
// uses as hard as it likes, as the load test's clients do.
var oneClient = server.Limits{RequestRate: -1, CreateRate: -1, OpenGamesPerClient: -1, WaitingGamesPerClient: -1, BotGamesPerClient: -1, BotsWaiting: -1, StreamsPerClient: -1}

// start serves on a free port of the loopback with a new database and the
// given web folder; it returns the server's URL and a function that stops
// it and returns serve's error.
func start(t *testing.T, web string, log io.Writer) (string, func() error) {
	t.Helper()
	c := testConfig(t)
	c.web = web
	return startWith(t, c, log)
}

// testConfig is the configuration of a server of the tests: on a free
// port of the loopback, a new database, no web page, the limits of one
// client.
func testConfig(t *testing.T) config {
	return config{addr: "127.0.0.1:0", db: filepath.Join(t.TempDir(), "games.db"), web: t.TempDir(), sync: "normal",
		limits: oneClient, conns: 4096, clientConns: 64, sweep: time.Second}
}

// startWith serves as c says; it returns the server's URL and a function
// that stops it and returns serve's error.
func startWith(t *testing.T, c config, log io.Writer) (string, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	errc := make(chan error, 1)
	go func() { errc <- serve(ctx, c, slog.New(slog.NewTextHandler(log, nil)), ready) }()
	select {
	case addr := <-ready:
		stop := sync.OnceValue(func() error { cancel(); return <-errc })
		t.Cleanup(func() { stop() })
		return "http://" + addr, stop
	case err := <-errc:
		cancel()
		t.Fatal(err)
	}
	return "", nil
}

func TestHelp(t *testing.T) {
	var out bytes.Buffer
	if code := run([]string{"-h"}, io.Discard, &out); code != 0 || !strings.Contains(out.String(), "-addr") || !strings.Contains(out.String(), "-db") {
		t.Errorf("-h: exit %d, %s", code, out.String())
	}
	if code := run([]string{"-nothing"}, io.Discard, io.Discard); code != 2 {
		t.Errorf("an unknown flag: exit %d, want 2", code)
	}
}

// TestServe plays a game through the running server, reads its web page,
// and checks that the server logs requests and stops gracefully.
func TestServe(t *testing.T) {
	web := t.TempDir()
	if err := os.WriteFile(filepath.Join(web, "index.html"), []byte("<title>cards</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	var log syncBuffer
	c := testConfig(t)
	c.web, c.logRequests = web, true
	url, stop := startWith(t, c, &log)
	resp, err := http.Get(url + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(page), "<title>cards</title>") {
		t.Errorf("the page: %s", page)
	}
	cl := &server.Client{URL: url + "/api"}
	created, err := cl.Create(t.Context(), server.CreateRequest{Game: "ninekingdoms", Seats: []string{server.Human, "random"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cl.View(t.Context(), created.ID, created.Seats[0].Token, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := stop(); err != nil {
		t.Errorf("stopping: %v", err)
	}
	logged := log.String()
	for _, want := range []string{"method=POST path=/api/games", "status=201", "path=/api/games/" + created.ID, "shutting down", "stopped"} {
		if !strings.Contains(logged, want) {
			t.Errorf("the log lacks %q:\n%s", want, logged)
		}
	}
	if strings.Contains(logged, created.Seats[0].Token) {
		t.Error("the log holds a token")
	}
}

// TestServeLogsFailuresOnly checks that without -log-requests the log
// tells no request answered well.
func TestServeLogsFailuresOnly(t *testing.T) {
	var log syncBuffer
	url, stop := start(t, t.TempDir(), &log)
	cl := &server.Client{URL: url + "/api"}
	if _, err := cl.Create(t.Context(), server.CreateRequest{Game: "ninekingdoms", Seats: []string{server.Human, "random"}}); err != nil {
		t.Fatal(err)
	}
	if err := stop(); err != nil {
		t.Errorf("stopping: %v", err)
	}
	if logged := log.String(); strings.Contains(logged, "msg=request") || !strings.Contains(logged, "stopped") {
		t.Errorf("the log tells requests, or not its end:\n%s", logged)
	}
}

// TestLoad plays whole games with many clients at once against the native
// server on the loopback, and checks that no answer is a 5xx and no
// accepted move is lost. Its figures are logged; the full run is
//
//	go test ./cards/gameserver -run TestLoad -v -load.clients=50 -load.duration=30s
func TestLoad(t *testing.T) {
	c := testConfig(t)
	c.sync = *loadSync
	url, _ := startWith(t, c, io.Discard)
	before := cpuTime(t)
	report := servertest.LoadTest(t, servertest.LoadConfig{URL: url + "/api", Clients: *loadClients, Duration: *loadDuration, Seed: 1})
	// On a busy machine the moves a second tell how much of it the test
	// got; the moves a CPU-second, clients and server together, do not.
	cpu := cpuTime(t) - before
	t.Logf("%v of CPU, clients and server: %.0f moves a CPU-second", cpu.Round(time.Millisecond), float64(report.Moves)/cpu.Seconds())
}

// cpuTime returns the CPU time the test's process has used.
func cpuTime(t testing.TB) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		t.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// syncBuffer is a buffer that the server's log and the test share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// BenchmarkMove measures the server's work for a move as the load test
// makes it: the view of the seat to act, read, then its move, posted, on
// the handler itself (without the network) and the database of the
// server. Games of every game are played in turn, all seats human.
func BenchmarkMove(b *testing.B) {
	for _, sync := range []string{"full", "normal"} {
		b.Run("sync="+sync, func(b *testing.B) { benchmarkMove(b, sync) })
	}
}

func benchmarkMove(b *testing.B, sync string) {
	db, err := openDB(b.Context(), dsn(filepath.Join(b.TempDir(), "games.db"), sync), slog.New(slog.DiscardHandler))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	h := server.New(db, server.Config{Logger: slog.New(slog.DiscardHandler), MaxStatements: dbConns, MaxWrites: 1, Limits: oneClient})
	do := func(method, path, token, body string, out any) {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code >= 300 {
			b.Fatalf("%s %s: %d %s", method, path, w.Code, w.Body)
		}
		if err := json.Unmarshal(w.Body.Bytes(), out); err != nil {
			b.Fatal(err)
		}
	}
	type head struct {
		ToAct  []int             `json:"toAct"`
		Over   bool              `json:"over"`
		Moves  []json.RawMessage `json:"moves"`
		Events int               `json:"events"`
	}
	type view struct {
		Version int64 `json:"version"`
		View    head  `json:"view"`
	}
	r := rand.New(rand.NewPCG(1, 2))
	names := catalog.Names()
	var created server.Created
	var v view
	seat, games := 0, 0
	before := cpuTime(b)
	for b.Loop() {
		for v.View.Over || created.ID == "" {
			b.StopTimer()
			g, _ := catalog.Lookup(names[games%len(names)])
			games++
			n := min(g.Info().MaxPlayers, max(g.Info().MinPlayers, 3))
			body, _ := json.Marshal(server.CreateRequest{Game: g.Info().Name, Seats: slices.Repeat([]string{server.Human}, n)})
			do("POST", "/games", "", string(body), &created)
			seat, v = 0, view{}
			b.StartTimer()
			do("GET", "/games/"+created.ID, created.Seats[seat].Token, "", &v)
			seat = v.View.ToAct[0]
		}
		read := v.View.Events
		do("GET", "/games/"+created.ID+"?since="+strconv.Itoa(read), created.Seats[seat].Token, "", &v)
		if v.View.Over {
			continue
		}
		m := v.View.Moves[r.IntN(len(v.View.Moves))]
		body, _ := json.Marshal(server.MoveRequest{Version: v.Version, Move: m})
		do("POST", "/games/"+created.ID+"/moves?since="+strconv.Itoa(v.View.Events), created.Seats[seat].Token, string(body), &v)
		if len(v.View.ToAct) > 0 {
			seat = v.View.ToAct[0]
		}
	}
	// The CPU time, which other work on the machine skews less than the
	// time that passed.
	b.ReportMetric(float64(cpuTime(b)-before)/float64(b.N), "cpu-ns/op")
}

// TestLimitFlags: -limit sets any of the handler's limits by its name,
// a number or a duration, and refuses a name or a value it does not know.
func TestLimitFlags(t *testing.T) {
	c, err := parse(Program{}, []string{"-limit", "botTime=2s", "-limit", "openGames=7", "-limit", "requestRate=-1"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want := server.DefaultLimits()
	want.BotTime, want.OpenGames, want.RequestRate = 2*time.Second, 7, -1
	if c.limits != want {
		t.Errorf("the limits: %+v, want %+v", c.limits, want)
	}
	for _, bad := range []string{"colour=1", "botTime=soon", "openGames=many", "openGames"} {
		var out bytes.Buffer
		if _, err := parse(Program{}, []string{"-limit", bad}, &out); err == nil {
			t.Errorf("-limit %s: accepted", bad)
		}
	}
	var out bytes.Buffer
	if code := run([]string{"-h"}, io.Discard, &out); code != 0 || !strings.Contains(out.String(), `"botTime": "500ms"`) {
		t.Errorf("-h does not list the limits with their defaults:\n%s", out.String())
	}
}

// TestMetrics: -metrics serves Prometheus's metrics on an address of its
// own: the requests by route and status, the bots' time, the games.
func TestMetrics(t *testing.T) {
	c := testConfig(t)
	c.metrics = "127.0.0.1:" + strconv.Itoa(freePort(t))
	url, _ := startWith(t, c, io.Discard)
	cl := &server.Client{URL: url + "/api"}
	created, err := cl.Create(t.Context(), server.CreateRequest{Game: "crown", Seats: []string{"random", server.Human}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cl.View(t.Context(), created.ID, created.Seats[1].Token, 0, 0); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the bot moves
	resp, err := http.Get("http://" + c.metrics + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		`games_http_requests_total{route="POST /games",status="201"} 1`,
		`games_http_requests_total{route="GET /games/{id}",status="200"} 1`,
		`games_http_request_duration_seconds_bucket{route="GET /games/{id}"`,
		`games_bot_move_seconds_count{bot="random",game="crown"}`,
		`games_created_total{game="crown"} 1`,
		"games_open 1", "games_due 0", "# TYPE games_store_writes_total counter", "# TYPE games_store_transactions_total counter",
		"go_goroutines", "process_cpu_seconds_total",
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the metrics lack %s", want)
		}
	}
}
