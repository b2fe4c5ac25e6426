//go:build !js

package gameserver

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cardrules/games/cards/server"
	"github.com/cardrules/games/cards/server/servertest"
)

var (
	mixedClients  = flag.Int("mixed.clients", 50, "honest clients of TestMixedLoad")
	mixedDuration = flag.Duration("mixed.duration", 15*time.Second, "duration of TestMixedLoad")
	mixedSync     = flag.String("mixed.sync", "full", "SQLite's synchronous setting in TestMixedLoad: full or normal")
	mixedAttack   = flag.Bool("mixed.attack", true, "whether the attacker attacks in TestMixedLoad (false: the honest clients' figures alone)")
)

// hostileConfig is the configuration of a server as it runs on the
// internet: the default limits, clients told apart by their addresses.
func hostileConfig(t *testing.T) config {
	c := testConfig(t)
	c.limits = server.DefaultLimits()
	return c
}

// TestHostile attacks the server of the default limits, each client from
// an address of its own, through its listener.
func TestHostile(t *testing.T) {
	c := hostileConfig(t)
	c.limits.TurnTime = 2 * time.Second // the squatter's seat goes to a bot within the test
	url, _ := startWith(t, c, io.Discard)
	servertest.Hostile(t, servertest.HostileConfig{URL: url + "/api", Client: servertest.LoopbackClients(), Seed: 1})
}

// TestConnectionFlood: one address that opens thousands of idle
// connections holds at most -client-conns of them, the rest closed as
// soon as they are accepted, and another address is served meanwhile.
func TestConnectionFlood(t *testing.T) {
	c := hostileConfig(t)
	url, _ := startWith(t, c, io.Discard)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan servertest.AttackReport, 1)
	dial := servertest.LoopbackDialer(0)
	go func() {
		rep, _ := floodConns(ctx, dial, strings.TrimPrefix(url, "http://"), 3000)
		done <- rep
	}()
	time.Sleep(2 * time.Second)
	other := &server.Client{URL: url + "/api", HTTP: servertest.LoopbackClients()(1)}
	begin := time.Now()
	if _, err := other.Catalog(ctx); err != nil {
		t.Errorf("another address during the flood: %v", err)
	}
	t.Logf("another address's request during the flood took %v", time.Since(begin).Round(time.Microsecond))
	cancel()
	rep := <-done
	t.Logf("3000 connections from one address: %d held open, %d closed by the server (the limit: %d a client)", rep.Conns, rep.Refused, c.clientConns)
	if rep.Conns > c.clientConns {
		t.Errorf("%d connections held open, over the limit of %d", rep.Conns, c.clientConns)
	}
}

// floodConns opens n connections and counts those the server holds open
// and those it closed; they are closed when ctx is done.
func floodConns(ctx context.Context, dial func(context.Context, string, string) (net.Conn, error), addr string, n int) (servertest.AttackReport, error) {
	var open []net.Conn
	defer func() {
		<-ctx.Done()
		for _, c := range open {
			c.Close()
		}
	}()
	for range n {
		conn, err := dial(ctx, "tcp", addr)
		if err != nil {
			break
		}
		open = append(open, conn)
	}
	// The server takes the connections from its backlog in its own time:
	// they are counted until two counts agree, a quarter second apart.
	var rep servertest.AttackReport
	for range 20 {
		time.Sleep(250 * time.Millisecond)
		last := rep
		rep = servertest.AttackReport{}
		for _, conn := range open {
			conn.SetReadDeadline(time.Now().Add(time.Millisecond))
			_, err := conn.Read(make([]byte, 1))
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				rep.Conns++
			} else {
				rep.Refused++
			}
		}
		if rep.Conns == last.Conns && rep.Refused == last.Refused {
			break
		}
	}
	return rep, nil
}

// TestLockedDatabase: while another process holds the database's lock,
// requests answer 503 with Retry-After, not a fault; once it lets go,
// the server goes on, and no move it acknowledged is lost.
func TestLockedDatabase(t *testing.T) {
	c := testConfig(t)
	url, _ := startWith(t, c, io.Discard)
	cl := &server.Client{URL: url + "/api"}
	ctx := t.Context()
	created, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}})
	if err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open("sqlite", "file:"+c.db)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	begin := time.Now()
	_, err = cl.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}})
	var e *server.Error
	if !errors.As(err, &e) || e.Status != http.StatusServiceUnavailable || e.Code != server.CodeUnavailable || e.RetryAfter == 0 {
		t.Errorf("a create while another process holds the lock: %v, want 503 %s with Retry-After", err, server.CodeUnavailable)
	}
	t.Logf("a create while the database was locked: %v after %v", err, time.Since(begin).Round(time.Millisecond))
	if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	if _, err := cl.View(ctx, created.ID, created.Seats[0].Token, 0, 0); err != nil {
		t.Errorf("once the lock is let go: %v", err)
	}
}

// TestFullDisk: once the database can grow no more (SQLite's
// max_page_count stands for a full disk), a create answers 503 with
// Retry-After, not a fault, and the games stored still answer.
func TestFullDisk(t *testing.T) {
	c := testConfig(t)
	c.pragmas = "&_pragma=max_page_count(40)"
	url, _ := startWith(t, c, io.Discard)
	cl := &server.Client{URL: url + "/api"}
	ctx := t.Context()
	var first server.Created
	for i := range 1000 {
		created, err := cl.Create(ctx, server.CreateRequest{Game: "bastards", Seats: []string{server.Human, server.Human, server.Human, server.Human}})
		var e *server.Error
		if errors.As(err, &e) && e.Status == http.StatusServiceUnavailable && e.RetryAfter > 0 {
			t.Logf("the database was full after %d games: 503 %s, Retry-After %v", i, e.Code, e.RetryAfter)
			break
		}
		if err != nil {
			t.Fatalf("create %d: %v, want a success or 503", i, err)
		}
		if i == 0 {
			first = created
		}
	}
	if _, err := cl.View(ctx, first.ID, first.Seats[0].Token, 0, 0); err != nil {
		t.Errorf("a stored game once the database is full: %v", err)
	}
}

// TestDamagedDatabase: a database whose file was overwritten in places
// is refused at the start, with a message that says so; a game whose row
// was changed behind the server's back answers 500 damaged_game, and
// -verify names it and fails.
func TestDamagedDatabase(t *testing.T) {
	c := testConfig(t)
	url, stop := startWith(t, c, io.Discard)
	cl := &server.Client{URL: url + "/api"}
	ctx := t.Context()
	var games []server.Created
	for range 300 {
		created, err := cl.Create(ctx, server.CreateRequest{Game: "bastards", Seats: []string{server.Human, server.Human, server.Human, server.Human}})
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, created)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	// A game's state changed in place: the file is well formed, the row
	// no longer matches its checksum.
	db, err := sql.Open("sqlite", dsn(c.db, "full"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE games SET state = replace(state, '"round":1', '"round":2') WHERE id = ?`, games[7].ID); err != nil {
		t.Fatal(err)
	}
	db.Close()
	var out bytes.Buffer
	if code := run([]string{"-db", c.db, "-verify"}, &out, io.Discard); code != 1 || !strings.Contains(out.String(), games[7].ID) || !strings.Contains(out.String(), "300 games checked, 1 damaged") {
		t.Errorf("-verify of a damaged game: exit %d\n%s", code, out.String())
	}
	t.Logf("-verify: %s", strings.TrimSpace(out.String()))
	c.addr = "127.0.0.1:0"
	url, stop = startWith(t, c, io.Discard)
	cl = &server.Client{URL: url + "/api"}
	_, err = cl.View(ctx, games[7].ID, games[7].Seats[0].Token, 0, 0)
	var e *server.Error
	if !errors.As(err, &e) || e.Status != http.StatusInternalServerError || e.Code != server.CodeDamaged {
		t.Errorf("reading the damaged game: %v, want 500 %s", err, server.CodeDamaged)
	}
	if _, err := cl.View(ctx, games[8].ID, games[8].Seats[0].Token, 0, 0); err != nil {
		t.Errorf("reading another game: %v", err)
	}
	stop()
	// The file overwritten in places, as a failing disk would.
	b, err := os.ReadFile(c.db)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	const page = 4096
	for range 8 {
		at := page * (1 + r.IntN(len(b)/page-1))
		for i := range page {
			b[at+i] = byte(r.Uint32())
		}
	}
	if err := os.WriteFile(c.db, b, 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	code := run([]string{"-db", c.db, "-addr", "127.0.0.1:0"}, io.Discard, &log)
	if code != 1 || !strings.Contains(log.String(), "damaged") {
		t.Errorf("starting on a damaged file: exit %d\n%s", code, log.String())
	}
	t.Logf("starting on a file overwritten in 8 pages: exit %d: %s", code, firstLine(log.String()))
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// TestBackup: -backup copies the database while the server serves it, and
// a server started on the copy serves every game, each replaying to its
// stored state.
func TestBackup(t *testing.T) {
	c := testConfig(t)
	url, _ := startWith(t, c, io.Discard)
	cl := &server.Client{URL: url + "/api"}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var wg sync.WaitGroup
	wg.Go(func() { // the server is busy meanwhile
		servertest.Load(ctx, servertest.LoadConfig{URL: url + "/api", Clients: 4, Duration: 3 * time.Second, Seed: 1})
	})
	time.Sleep(time.Second)
	created, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}})
	if err != nil {
		t.Fatal(err)
	}
	copied := filepath.Join(t.TempDir(), "copy.db")
	var out bytes.Buffer
	if code := run([]string{"-db", c.db, "-backup", copied}, &out, io.Discard); code != 0 {
		t.Fatalf("-backup: exit %d\n%s", code, out.String())
	}
	t.Log(strings.TrimSpace(out.String()))
	wg.Wait()
	out.Reset()
	if code := run([]string{"-db", copied, "-verify"}, &out, io.Discard); code != 0 {
		t.Errorf("-verify of the copy: exit %d\n%s", code, out.String())
	}
	t.Log(strings.TrimSpace(out.String()))
	restored := testConfig(t)
	restored.db = copied
	url, _ = startWith(t, restored, io.Discard)
	if _, err := (&server.Client{URL: url + "/api"}).View(ctx, created.ID, created.Seats[0].Token, 0, 0); err != nil {
		t.Errorf("a game of the copy: %v", err)
	}
}

// TestCrash kills the server (SIGKILL) while clients play, starts it
// again on the same database and port, and checks that every move it
// acknowledged is there and that every game replays to its stored state.
func TestCrash(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "server")
	if out, err := exec.Command("go", "build", "-o", bin, "../../examples/server").CombinedOutput(); err != nil {
		t.Fatalf("building the server: %v\n%s", err, out)
	}
	db := filepath.Join(t.TempDir(), "games.db")
	port := freePort(t)
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	// The default limits, but that all clients come from one address.
	args := []string{"-db", db, "-addr", addr, "-web", t.TempDir()}
	for _, l := range []string{"requestRate=-1", "createRate=-1", "openGamesPerClient=-1", "waitingGamesPerClient=-1"} {
		args = append(args, "-limit", l)
	}
	srv := startProcess(t, exec.Command(bin, args...), addr)
	ctx := t.Context()
	result := make(chan servertest.LoadReport, 1)
	go func() {
		rep, _ := servertest.Load(ctx, servertest.LoadConfig{URL: "http://" + addr + "/api", Clients: 16, Duration: 6 * time.Second, Seed: 1})
		result <- rep
	}()
	time.Sleep(2 * time.Second)
	srv.Process.Signal(syscall.SIGKILL)
	srv.Wait()
	t.Log("killed the server")
	startProcess(t, exec.Command(bin, args...), addr)
	rep := <-result
	t.Log(rep)
	if rep.Lost != 0 || rep.Moves == 0 {
		t.Errorf("%d moves acknowledged, %d lost", rep.Moves, rep.Lost)
	}
	var out bytes.Buffer
	if code := run([]string{"-db", db, "-verify"}, &out, io.Discard); code != 0 {
		t.Errorf("-verify after the crash: exit %d\n%s", code, out.String())
	}
	t.Log(strings.TrimSpace(out.String()))
}

// startProcess starts the server's program, cmd, and waits until it
// answers at addr; the test's end stops it.
func startProcess(t *testing.T, cmd *exec.Cmd, addr string) *exec.Cmd {
	t.Helper()
	var log syncBuffer
	cmd.Stderr = &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	})
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get("http://" + addr + "/api/health")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return cmd
			}
		}
	}
	t.Fatalf("the server did not answer:\n%s", log.String())
	return nil
}

// freePort returns a port of 127.0.0.1 that nothing listens on.
func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// TestMixedLoad has honest clients play whole games, each from an
// address of its own and at a person's pace, while an attacker runs every
// attack at once from another: no honest client gets a 5xx, none loses a
// move, and once the attack stops the server's CPU goes back to idle. It
// logs the honest moves' latencies; the goal is a p99 of 50 ms. The full
// run: go test ./cards/gameserver -run TestMixedLoad -v -mixed.duration=30s
func TestMixedLoad(t *testing.T) {
	c := hostileConfig(t)
	c.sync = *mixedSync
	url, _ := startWith(t, c, io.Discard)
	ctx, cancel := context.WithTimeout(t.Context(), *mixedDuration)
	defer cancel()
	attacked := make(chan servertest.AttackReport, 1)
	if !*mixedAttack {
		cancel()
	}
	go func() {
		rep, err := servertest.Attack(ctx, servertest.AttackConfig{URL: url + "/api", Client: servertest.LoopbackClients()(0), Dial: servertest.LoopbackDialer(1000)})
		if err != nil {
			t.Error(err)
		}
		attacked <- rep
	}()
	time.Sleep(time.Second) // the attack begins
	honest := func(i int) *http.Client { return servertest.LoopbackClients()(i + 1) }
	report := servertest.LoadTest(t, servertest.LoadConfig{URL: url + "/api", Clients: *mixedClients, Duration: *mixedDuration - 2*time.Second,
		Seed: 1, Client: honest, Pace: 250 * time.Millisecond})
	cancel()
	rep := <-attacked
	t.Logf("the attacker: %v", rep)
	t.Logf("honest moves: p50 %v, p99 %v (the goal: 50ms); reads p50 %v, p99 %v", report.MoveP50, report.MoveP99, report.ReadP50, report.ReadP99)
	idle := untilIdle(t, 30*time.Second)
	t.Logf("the server's CPU was back to idle %v after the attack stopped", idle.Round(100*time.Millisecond))
}

// untilIdle waits until the process uses under a twentieth of a core for
// half a second, and returns how long it waited.
func untilIdle(t *testing.T, limit time.Duration) time.Duration {
	begin := time.Now()
	for time.Since(begin) < limit {
		cpu, at := cpuTime(t), time.Now()
		time.Sleep(500 * time.Millisecond)
		if used := cpuTime(t) - cpu; used < time.Since(at)/20 {
			return time.Since(begin) - 500*time.Millisecond
		}
	}
	t.Errorf("the server's CPU was still busy %v after the attack stopped", limit)
	return limit
}

// TestDiskPerGame measures the room games take in the database: a game
// as created, and the games of a load test played on to their ends, by
// game and by move, and that expiry gives the room back. It logs the
// figures the README gives.
func TestDiskPerGame(t *testing.T) {
	c := testConfig(t)
	url, stop := startWith(t, c, io.Discard)
	size := func() int64 {
		db, err := sql.Open("sqlite", dsn(c.db, "normal"))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var pages, size int64
		db.QueryRow("PRAGMA wal_checkpoint(TRUNCATE)").Scan(new(int), new(int), new(int))
		if err := db.QueryRow("SELECT page_count - freelist_count, page_size FROM pragma_page_count(), pragma_freelist_count(), pragma_page_size()").Scan(&pages, &size); err != nil {
			t.Fatal(err)
		}
		return pages * size
	}
	cl := &server.Client{URL: url + "/api"}
	empty := size()
	const created = 500
	for range created {
		if _, err := cl.Create(t.Context(), server.CreateRequest{Game: "bastards", Seats: []string{server.Human, server.Human, server.Human, server.Human}}); err != nil {
			t.Fatal(err)
		}
	}
	atCreation := size()
	rep, err := servertest.Load(t.Context(), servertest.LoadConfig{URL: url + "/api", Clients: 8, Duration: 8 * time.Second, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	played := size()
	t.Logf("a game of Kings & Bastards as created (4 players): %d bytes", (atCreation-empty)/created)
	t.Logf("%d games played, %d to their end, %d moves: %d bytes a game, %d bytes a move", rep.Games, rep.Finished, rep.Moves,
		(played-atCreation)/int64(rep.Games), (played-atCreation)/int64(rep.Moves))
	stop()
	c.addr = "127.0.0.1:0"
	c.limits.KeepFinished, c.limits.KeepIdle = time.Millisecond, time.Millisecond
	_, stop = startWith(t, c, io.Discard)
	time.Sleep(3 * time.Second) // the sweeps, a batch a second
	stop()
	t.Logf("after expiry: %d bytes in use (%d when empty)", size(), empty)
}

var (
	liveGames = flag.Int("live.games", 50, "games of TestLive, each followed by its 3 seats and a spectator")
	livePace  = flag.Duration("live.pace", 200*time.Millisecond, "the least time between two moves of a game in TestLive")
)

// TestLive follows 50 games live while they are played, through the
// server's listener, each follower's connection cut now and then: every
// follower receives every version once, in order, with its events; the
// test logs the time from a move to its receipt (the goal: a p99 of
// 100 ms).
func TestLive(t *testing.T) {
	url, _ := startWith(t, testConfig(t), io.Discard)
	servertest.Live(t, servertest.LiveConfig{URL: url + "/api", Games: *liveGames, Duration: 10 * time.Second, Pace: *livePace, Seed: 1, Client: servertest.LoopbackClients()})
}
