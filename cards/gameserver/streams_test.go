//go:build !js

package gameserver

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cardrules/games/cards/server"
	"github.com/cardrules/games/cards/server/servertest"
)

// spectated creates a game that anyone may watch, and returns its id.
func spectated(t *testing.T, api string, hc *http.Client) string {
	t.Helper()
	cl := &server.Client{URL: api, HTTP: hc}
	created, err := cl.Create(t.Context(), server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}, Spectators: true})
	if err != nil {
		t.Fatal(err)
	}
	return created.ID
}

// watch opens a spectator's stream of game id with the client given, and
// returns its status and a function that closes it.
func watch(ctx context.Context, hc *http.Client, api, id string, header http.Header) (int, func()) {
	req, _ := http.NewRequestWithContext(ctx, "GET", api+"/games/"+id+"/stream", nil)
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := hc.Do(req)
	if err != nil {
		return 0, func() {}
	}
	if resp.StatusCode != http.StatusOK {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode, func() {}
	}
	resp.Body.Read(make([]byte, 1))
	return resp.StatusCode, func() { resp.Body.Close() }
}

// TestShutdownWithStreams: a server told to stop (SIGTERM) while streams
// are open ends them at once, and stops cleanly.
func TestShutdownWithStreams(t *testing.T) {
	url, stop := startWith(t, hostileConfig(t), io.Discard)
	api := url + "/api"
	id := spectated(t, api, nil)
	for range 4 {
		status, done := watch(t.Context(), &http.Client{}, api, id, nil)
		if status != http.StatusOK {
			t.Fatalf("a stream: %d", status)
		}
		defer done()
	}
	begin := time.Now()
	err := stop()
	took := time.Since(begin)
	t.Logf("stopping with 4 streams open took %v: %v", took.Round(time.Millisecond), err)
	if err != nil || took > 5*time.Second {
		t.Errorf("stopping with streams open: %v after %v, want a clean stop at once", err, took)
	}
}

// TestProxyStreams: behind a reverse proxy, every connection comes from
// the proxy. Its clients' streams are counted by the client the proxy
// names, not as the proxy's connections: a hundred viewers follow a game
// through one proxy, each client within its own limits.
func TestProxyStreams(t *testing.T) {
	c := hostileConfig(t)
	c.proxyHeader = "X-Real-IP"
	url, _ := startWith(t, c, io.Discard)
	api := url + "/api"
	proxy := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}} // one address, as a proxy's
	id := spectated(t, api, proxy)
	ctx := t.Context()
	viewers := 2 * c.clientConns
	held := 0
	for i := range viewers {
		status, done := watch(ctx, proxy, api, id, http.Header{"X-Real-IP": {fmt.Sprintf("198.51.100.%d", i)}})
		defer done()
		if status == http.StatusOK {
			held++
		}
	}
	one := http.Header{"X-Real-IP": {"203.0.113.7"}}
	mine, refused := 0, 0
	for range c.limits.StreamsPerClient + 2 {
		status, done := watch(ctx, proxy, api, id, one)
		defer done()
		switch status {
		case http.StatusOK:
			mine++
		case http.StatusTooManyRequests:
			refused++
		}
	}
	t.Logf("through one proxy: %d of %d viewers follow the game (-client-conns %d); one client of the proxy holds %d streams, %d refused (its limit %d)",
		held, viewers, c.clientConns, mine, refused, c.limits.StreamsPerClient)
	if held != viewers {
		t.Errorf("%d of %d viewers behind one proxy follow the game", held, viewers)
	}
	if mine != c.limits.StreamsPerClient || refused == 0 {
		t.Errorf("one client of the proxy held %d streams and %d were refused; its limit is %d", mine, refused, c.limits.StreamsPerClient)
	}
}

// TestStreamsLeaveRoom: clients that fill every stream the server serves
// leave room for others' requests: a newcomer's stream is refused (503,
// to poll meanwhile), and their requests are answered.
func TestStreamsLeaveRoom(t *testing.T) {
	c := hostileConfig(t)
	c.conns = 64
	url, _ := startWith(t, c, io.Discard)
	api := url + "/api"
	clients := servertest.LoopbackClients()
	id := spectated(t, api, clients(0))
	ctx := t.Context()
	held, refused := 0, 0
	for i := 0; refused == 0 && i < c.conns; i++ {
		status, done := watch(ctx, clients(1+i/c.limits.StreamsPerClient), api, id, nil)
		defer done()
		switch status {
		case http.StatusOK:
			held++
		case http.StatusServiceUnavailable:
			refused++
		default:
			t.Fatalf("stream %d: %d", i, status)
		}
	}
	newcomer := &server.Client{URL: api, HTTP: clients(100)}
	_, err := newcomer.Catalog(ctx)
	t.Logf("-conns %d: %d streams held before one was refused; a newcomer's request then: %v", c.conns, held, err)
	if refused == 0 || held > c.conns/2 {
		t.Errorf("%d streams held of %d connections", held, c.conns)
	}
	if err != nil {
		t.Errorf("a newcomer's request once the streams are full: %v", err)
	}
}

// TestIdleStreamCost measures what an idle stream costs the server's
// process: its memory, and its CPU over a while of heartbeats.
func TestIdleStreamCost(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	bin := filepath.Join(t.TempDir(), "server")
	if out, err := exec.Command("go", "build", "-o", bin, "../../examples/server").CombinedOutput(); err != nil {
		t.Fatalf("building the server: %v\n%s", err, out)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	args := []string{"-db", filepath.Join(t.TempDir(), "games.db"), "-addr", addr, "-web", t.TempDir(), "-conns", strconv.Itoa(4 * n), "-client-conns", "0"}
	for _, l := range []string{"requestRate=-1", "streamsPerClient=-1", "streamsPerGame=-1", "streams=" + strconv.Itoa(2*n)} {
		args = append(args, "-limit", l)
	}
	srv := startProcess(t, exec.Command(bin, args...), addr)
	api := "http://" + addr + "/api"
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n}}
	id := spectated(t, api, hc)
	time.Sleep(time.Second)
	rss0, cpu0 := procStat(t, srv.Process.Pid)
	for range n {
		status, done := watch(t.Context(), hc, api, id, nil)
		if status != http.StatusOK {
			t.Fatalf("a stream: %d", status)
		}
		defer done()
	}
	time.Sleep(2 * time.Second)
	rss1, cpu1 := procStat(t, srv.Process.Pid)
	idle := 16 * time.Second // a heartbeat's round, and more
	time.Sleep(idle)
	rss2, cpu2 := procStat(t, srv.Process.Pid)
	t.Logf("%d idle streams: %.1f KB of the process's memory a stream (%.1f MB before, %.1f MB with them); opening them took %v of CPU, %.1f µs a stream; idle for %v, %.2f µs of CPU a stream a second",
		n, float64(rss1-rss0)/float64(n)/1024, float64(rss0)/(1<<20), float64(rss2)/(1<<20), (cpu1 - cpu0).Round(time.Millisecond),
		float64((cpu1-cpu0).Microseconds())/float64(n), idle, float64((cpu2-cpu1).Microseconds())/float64(n)/idle.Seconds())
	srv.Process.Signal(syscall.SIGTERM)
}

// procStat reads a process's resident memory, in bytes, and the CPU it
// has spent, from /proc.
func procStat(t *testing.T, pid int) (int64, time.Duration) {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	var rss int64
	for _, line := range strings.Split(string(status), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			rss = kb << 10
		}
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+2:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return rss, time.Duration(utime+stime) * 10 * time.Millisecond // clock ticks of 1/100 s
}

var (
	matchesDuration = flag.Duration("matches.duration", 10*time.Second, "the measured time of TestMatches")
	matchesSync     = flag.String("matches.sync", "full", "SQLite's synchronous setting in TestMatches: full or normal")
	matchesProfile  = flag.String("matches.profile", "", "a file to write the server's CPU profile of TestMatches's window to")
)

// TestMatches measures the server in the shape of boardgame.io's server
// benchmark (../shared/bench/boardgameio/server-bench.js): 50 clients in
// matches of 4 and 3 of Kings & Bastards, each following its stream, one
// move in flight a match, the server in a process of its own; it logs the
// moves a second, their latency, and the server's CPU a move. Interleave
// it with that benchmark to compare:
//
//	go test ./cards/gameserver -run TestMatches -v -matches.duration=30s [-matches.sync=normal]
func TestMatches(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "server")
	if out, err := exec.Command("go", "build", "-o", bin, "../../examples/server").CombinedOutput(); err != nil {
		t.Fatalf("building the server: %v\n%s", err, out)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	metrics := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	args := []string{"-db", filepath.Join(t.TempDir(), "games.db"), "-addr", addr, "-web", t.TempDir(), "-sync", *matchesSync, "-client-conns", "0", "-metrics", metrics}
	for _, l := range []string{"requestRate=-1", "createRate=-1", "openGamesPerClient=-1", "streamsPerClient=-1"} {
		args = append(args, "-limit", l)
	}
	srv := startProcess(t, exec.Command(bin, args...), addr)
	warmup := 2 * time.Second
	var rep servertest.MatchesReport
	var cpu time.Duration
	done := make(chan struct{})
	go func() {
		defer close(done)
		rep = servertest.Matches(t.Context(), servertest.MatchesConfig{URL: "http://" + addr + "/api", Warmup: warmup, Duration: *matchesDuration, Seed: 1})
	}()
	time.Sleep(warmup)
	_, cpu0 := procStat(t, srv.Process.Pid)
	writes0, txs0 := grouped(t, metrics)
	profiled := make(chan error, 1)
	if *matchesProfile != "" {
		go func() { profiled <- profile(metrics, *matchesDuration, *matchesProfile) }()
	}
	time.Sleep(*matchesDuration)
	_, cpu1 := procStat(t, srv.Process.Pid)
	writes1, txs1 := grouped(t, metrics)
	if *matchesProfile != "" {
		if err := <-profiled; err != nil {
			t.Error(err)
		}
	}
	<-done
	cpu = cpu1 - cpu0
	t.Logf("-sync %s: %v; the server's CPU %v, %.0f µs a move; %.0f writes in %.0f transactions (%.1f a transaction)", *matchesSync, rep, cpu.Round(time.Millisecond),
		float64(cpu.Microseconds())/float64(max(rep.Moves, 1)), writes1-writes0, txs1-txs0, (writes1-writes0)/max(txs1-txs0, 1))
	if rep.Moves == 0 || rep.Errors > 0 {
		t.Errorf("%d moves, %d errors: %q", rep.Moves, rep.Errors, rep.First)
	}
}

// grouped returns the writes the server whose metrics are at addr
// grouped in transactions, and the transactions they took.
func grouped(t *testing.T, addr string) (writes, transactions float64) {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(body)) {
		name, value, _ := strings.Cut(strings.TrimSpace(line), " ")
		v, _ := strconv.ParseFloat(value, 64)
		switch name {
		case "games_store_writes_total":
			writes = v
		case "games_store_transactions_total":
			transactions = v
		}
	}
	return writes, transactions
}

// profile writes the CPU profile of the server whose metrics are at addr,
// over d, to file.
func profile(addr string, d time.Duration, file string) error {
	resp, err := http.Get(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", addr, int(d.Seconds())))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(f, resp.Body)
	return err
}
