//go:build !js

package gameserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cardrules/games/cards/server"
	"github.com/cardrules/games/cards/server/servertest"
	"github.com/cardrules/games/cards/server/servertest/pgtest"
	"github.com/cardrules/games/cards/server/servertest/skipnote"
)

// note says on the terminal why a test skipped (package skipnote).
var note = skipnote.New("cards/gameserver")

// pg is the PostgreSQL server of the tests, started when first needed.
var pg = pgtest.NewShared(note)

// serveEnv, set in a child process of the tests, makes the test binary
// the server, run with the child's arguments: a process of the server
// without building it.
const serveEnv = "CARDRULES_TEST_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	pg.Main(m)
}

var sideDuration = flag.Duration("side.duration", 3*time.Second, "duration of each run of TestLoadSideBySide (the full run: 30s)")

// process starts a process of the server on the database, on a free port
// of the loopback, with the limits of one client, and returns it with the
// API's root; the test's end stops it.
func process(t *testing.T, db string) (*exec.Cmd, string) {
	t.Helper()
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	args := []string{"-db", db, "-addr", addr, "-web", t.TempDir(), "-sync", "normal", "-db-conns", "8", "-sweep", "1s", "-client-conns", "0"}
	for _, l := range []string{"requestRate=-1", "createRate=-1", "openGamesPerClient=-1", "waitingGamesPerClient=-1", "botGamesPerClient=-1", "botsWaiting=-1", "streamsPerClient=-1"} {
		args = append(args, "-limit", l)
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), serveEnv+"=1")
	return startProcess(t, cmd, addr), "http://" + addr + "/api"
}

// health returns the status of a server's /health.
func health(api string) int {
	resp, err := http.Get(api + "/health")
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

// within waits at most d for ok.
func within(d time.Duration, ok func() bool) bool {
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if ok() {
			return true
		}
	}
	return false
}

// TestMatchesTwoProcesses measures live updates across two processes of
// the server on one PostgreSQL database, in the shape of boardgame.io's
// server benchmark (servertest.Matches: 50 clients in matches of 4 and 3,
// each following its stream, one move in flight a match), each client's
// requests alternating between the processes: from a move on one process
// to the mover's stream, often on the other, through NOTIFY.
//
//	go test ./cards/gameserver -run TestMatchesTwoProcesses -v -matches.duration=30s
func TestMatchesTwoProcesses(t *testing.T) {
	db := pg.Database(t)
	_, apiA := process(t, db)
	_, apiB := process(t, db)
	rep := servertest.Matches(t.Context(), servertest.MatchesConfig{URL: apiA, Client: servertest.Alternating(apiA, apiB),
		Warmup: 2 * time.Second, Duration: *matchesDuration, Seed: 2})
	t.Logf("two processes on PostgreSQL, each client's requests alternating: %v", rep)
	if rep.Moves == 0 || rep.Errors > 0 {
		t.Errorf("%d moves, %d errors: %q", rep.Moves, rep.Errors, rep.First)
	}
}

// TestProcesses: two processes of the server on one PostgreSQL database,
// each client's requests alternating between them. Live: every follower
// receives every version once, in order, whichever process its stream
// and the moves are served by (the time from a move to its receipt is
// logged). Kill: one process killed (SIGKILL) while clients play, its
// requests then passed to the other: every move acknowledged is there,
// and every game replays to its stored state.
func TestProcesses(t *testing.T) {
	db := pg.Database(t)
	a, apiA := process(t, db)
	_, apiB := process(t, db)
	alternate := servertest.Alternating(apiA, apiB)
	t.Run("games", func(t *testing.T) {
		servertest.Run(t, servertest.Config{URL: apiA, HTTP: alternate(0), Seed: 4,
			Options: map[string]json.RawMessage{"bastards": json.RawMessage(`{"rounds":1}`)}})
	})
	t.Run("tables", func(t *testing.T) { servertest.Tables(t, servertest.Config{URL: apiA, HTTP: alternate(1), Seed: 4}) })
	t.Run("live", func(t *testing.T) {
		rep := servertest.Live(t, servertest.LiveConfig{URL: apiA, Client: alternate, Games: 20, Duration: 3 * time.Second, Seed: 1})
		t.Logf("two processes, streams and moves alternating: %v", rep)
	})
	t.Run("kill", func(t *testing.T) {
		result := make(chan servertest.LoadReport, 1)
		go func() {
			rep, _ := servertest.Load(t.Context(), servertest.LoadConfig{URL: apiA, Client: alternate, Clients: 16, Duration: 5 * time.Second, Seed: 2})
			result <- rep
		}()
		time.Sleep(2 * time.Second)
		a.Process.Signal(syscall.SIGKILL)
		a.Wait()
		t.Log("killed one of the two processes")
		rep := <-result
		t.Log(rep)
		if rep.Lost != 0 || rep.Moves == 0 {
			t.Errorf("%d moves acknowledged, %d lost", rep.Moves, rep.Lost)
		}
		var out bytes.Buffer
		if code := run([]string{"-db", db, "-verify"}, &out, io.Discard); code != 0 {
			t.Errorf("-verify after the kill: exit %d\n%s", code, out.String())
		}
		t.Log(strings.TrimSpace(out.String()))
	})
}

// TestPostgresRestart stops PostgreSQL while two processes serve clients,
// and starts it again: while it is away, /health and the requests answer
// 503; once it is back, the processes serve again without a restart, no
// acknowledged move lost.
func TestPostgresRestart(t *testing.T) {
	cluster := pg.Cluster(t)
	db := pg.Database(t)
	_, apiA := process(t, db)
	_, apiB := process(t, db)
	var mu sync.Mutex
	var progress []servertest.LoadReport
	result := make(chan servertest.LoadReport, 1)
	go func() {
		rep, _ := servertest.Load(t.Context(), servertest.LoadConfig{URL: apiA, Client: servertest.Alternating(apiA, apiB), Clients: 8, Duration: 8 * time.Second, Seed: 3,
			Progress: func(r servertest.LoadReport) { mu.Lock(); progress = append(progress, r); mu.Unlock() }})
		result <- rep
	}()
	time.Sleep(2 * time.Second)
	if err := cluster.StopServer(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cluster.StartServer(context.Background()) }) // for the tests after, if this one fails
	stopped := time.Now()
	for _, api := range []string{apiA, apiB} {
		if !within(5*time.Second, func() bool { return health(api) == http.StatusServiceUnavailable }) {
			t.Errorf("%s/health does not answer 503 while PostgreSQL is away", api)
		}
	}
	cl := &server.Client{URL: apiB}
	_, err := cl.Create(t.Context(), server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}})
	var e *server.Error
	if !errors.As(err, &e) || e.Status != http.StatusServiceUnavailable {
		t.Errorf("a create while PostgreSQL is away: %v, want a 503", err)
	}
	time.Sleep(time.Second)
	if err := cluster.StartServer(t.Context()); err != nil {
		t.Fatal(err)
	}
	started := time.Now()
	mu.Lock()
	before := progress[len(progress)-1].Moves
	mu.Unlock()
	for _, api := range []string{apiA, apiB} {
		if !within(10*time.Second, func() bool { return health(api) == http.StatusOK }) {
			t.Errorf("%s/health does not answer 200 once PostgreSQL is back", api)
		}
	}
	t.Logf("PostgreSQL away for %v; both processes healthy %v after its return", started.Sub(stopped).Round(time.Millisecond), time.Since(started).Round(time.Millisecond))
	rep := <-result
	t.Log(rep)
	if rep.Lost != 0 {
		t.Errorf("%d acknowledged moves lost", rep.Lost)
	}
	if rep.Moves <= before {
		t.Errorf("no move accepted after PostgreSQL came back (%d before, %d in all)", before, rep.Moves)
	}
}

// TestLoadSideBySide plays 50 clients against one process on SQLite, one
// on PostgreSQL, and two on PostgreSQL (each client's requests
// alternating), one after another, and prints their figures side by
// side. The full run:
//
//	go test ./cards/gameserver -run TestLoadSideBySide -v -side.duration=30s
func TestLoadSideBySide(t *testing.T) {
	type run struct {
		name string
		apis []string
	}
	_, sqlite := process(t, filepath.Join(t.TempDir(), "games.db"))
	_, pg1 := process(t, pg.Database(t))
	db := pg.Database(t)
	_, pgA := process(t, db)
	_, pgB := process(t, db)
	var lines []string
	for _, r := range []run{{"1 process, SQLite", []string{sqlite}}, {"1 process, PostgreSQL", []string{pg1}}, {"2 processes, PostgreSQL", []string{pgA, pgB}}} {
		rep := servertest.LoadTest(t, servertest.LoadConfig{URL: r.apis[0], Client: servertest.Alternating(r.apis...), Clients: 50, Duration: *sideDuration, Seed: 4})
		lines = append(lines, fmt.Sprintf("%-24s %8.0f %10v %10v %10v %5d %5d", r.name, rep.MovesPerSecond(),
			rep.MoveP50.Round(10*time.Microsecond), rep.MoveP99.Round(10*time.Microsecond), rep.ReadP99.Round(10*time.Microsecond), rep.ServerErrors, rep.Lost))
	}
	t.Logf("50 clients, %v each, on %d cores:\n%-24s %8s %10s %10s %10s %5s %5s\n%s", *sideDuration, runtime.NumCPU(),
		"", "moves/s", "move p50", "move p99", "read p99", "5xx", "lost", strings.Join(lines, "\n"))
}

// postgresConfig is testConfig on a new PostgreSQL database.
func postgresConfig(t *testing.T) config {
	c := testConfig(t)
	c.db, c.dbConns = pg.Database(t), 8
	return c
}

// TestPostgres: -db postgres://… serves the games from PostgreSQL, never
// logs the address's password, and -verify replays them.
func TestPostgres(t *testing.T) {
	c := postgresConfig(t)
	c.db = strings.Replace(c.db, "postgres@", "postgres:secret@", 1)
	var log syncBuffer
	url, stop := startWith(t, c, &log)
	cl := &server.Client{URL: url + "/api"}
	created, err := cl.Create(t.Context(), server.CreateRequest{Game: "ninekingdoms", Seats: []string{server.Human, "random"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cl.View(t.Context(), created.ID, created.Seats[0].Token, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "dialect=postgresql") || strings.Contains(log.String(), "secret") {
		t.Errorf("the log of a server on PostgreSQL:\n%s", log.String())
	}
	var out bytes.Buffer
	if code := run([]string{"-db", c.db, "-verify"}, &out, io.Discard); code != 0 || !strings.Contains(out.String(), "1 games checked, 0 damaged") {
		t.Errorf("-verify: exit %d: %s", code, out.String())
	}
}
