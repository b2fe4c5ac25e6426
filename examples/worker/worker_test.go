//go:build !(js && wasm)

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/cardrules/games/cards/server/servertest/skipnote"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cardrules/games/cards/server/servertest"
)

var (
	loadClients  = flag.Int("load.clients", 10, "clients of the load test against the worker after the games; 0 runs none (the full run: 50)")
	loadDuration = flag.Duration("load.duration", 10*time.Second, "duration of the load test against the worker (the full run: 30s)")
)

// sizeLimit is Cloudflare's limit on a worker's gzipped size on the free
// plan.
const sizeLimit = 3 << 20

// note says on the terminal why a test skipped (package skipnote): go
// test without -v prints "ok" for a package whose tests skipped.
var note = skipnote.New("examples/worker")

func TestMain(m *testing.M) { note.Main(m) }

// TestWorker builds the worker, starts it under wrangler dev with a local
// D1 on 127.0.0.1, and plays complete games of every game over HTTP,
// refusals included. Then a short load test measures the CPU that
// workerd spends on a request, and logs it with the moves a second (it
// asserts nothing about speed). It needs the packages of package-lock.json (npm ci in this
// folder), which CI installs.
func TestWorker(t *testing.T) {
	wrangler, err := filepath.Abs(filepath.Join("node_modules", ".bin", "wrangler"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(wrangler); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("wrangler is not installed (npm ci in examples/worker): %v", err)
		}
		note.Skip(t, "wrangler is not installed: run npm ci in examples/worker, then go test -count=1 ./examples/worker")
	}
	npm(t, "run", "build")
	size := gzippedSize(t, "worker.mjs", "build")
	t.Logf("the worker: %d bytes gzipped (the limit is %d)", size, sizeLimit)
	if size > sizeLimit {
		t.Errorf("the worker is %d bytes gzipped, over Cloudflare's limit of %d", size, sizeLimit)
	}
	port := freePort(t)
	url, pgid := startWorker(t, wrangler, port, oneClient)

	t.Run("games", func(t *testing.T) {
		servertest.Run(t, servertest.Config{
			URL:  url + "/api",
			Poll: 20 * time.Millisecond,
			// Short games keep the run short.
			Options: map[string]json.RawMessage{"bastards": json.RawMessage(`{"rounds":1}`)},
			Seed:    1,
		})
	})
	t.Run("tables", func(t *testing.T) {
		servertest.Tables(t, servertest.Config{URL: url + "/api", Seed: 1})
	})
	t.Run("live", func(t *testing.T) {
		// The game's Durable Object holds the streams, and reads each
		// follower's news in a Go instance of its own.
		servertest.Live(t, servertest.LiveConfig{URL: url + "/api", Games: 4, Duration: 5 * time.Second, Pace: 300 * time.Millisecond, Seed: 1})
	})
	t.Run("sweep", func(t *testing.T) {
		// The cron trigger, as wrangler dev --test-scheduled runs it.
		resp, err := http.Get(url + "/__scheduled?cron=*+*+*+*+*")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("the scheduled sweep: %s", resp.Status)
		}
		if resp, err := http.Post(url+"/internal/sweep", "application/json", nil); err != nil || resp.StatusCode != http.StatusNotFound {
			t.Errorf("the sweep from outside: %v, %v; want 404", resp, err)
		}
	})
	t.Run("hostile", func(t *testing.T) {
		// Another worker, of the default limits, whose clients are told
		// apart by CF-Connecting-IP, as Cloudflare sets it.
		port := freePort(t)
		url, pgid := startWorker(t, wrangler, port, `{"turnTime":"2s"}`)
		clients := servertest.HeaderClients("CF-Connecting-IP")
		servertest.Hostile(t, servertest.HostileConfig{URL: url + "/api", Client: clients, Seed: 1})
		t.Run("mixed", func(t *testing.T) {
			// Honest clients play while one attacker attacks: none of
			// them gets a 5xx.
			ctx, cancel := context.WithCancel(t.Context())
			attacked := make(chan servertest.AttackReport, 1)
			go func() {
				rep, err := servertest.Attack(ctx, servertest.AttackConfig{URL: url + "/api", Client: clients(100)})
				if err != nil && ctx.Err() == nil {
					t.Error(err)
				}
				attacked <- rep
			}()
			time.Sleep(time.Second) // the attack begins
			proxy0, worker0, measured := workerdCPU(pgid, port)
			report := servertest.LoadTest(t, servertest.LoadConfig{URL: url + "/api", Clients: 10, Duration: 10 * time.Second,
				Seed: 1, Client: func(i int) *http.Client { return clients(101 + i) }, Pace: 250 * time.Millisecond})
			proxy1, worker1, _ := workerdCPU(pgid, port)
			cancel()
			t.Logf("the attacker: %v", <-attacked)
			t.Logf("honest moves: p50 %v, p99 %v; reads p50 %v, p99 %v; %d 5xx", report.MoveP50, report.MoveP99, report.ReadP50, report.ReadP99, report.ServerErrors)
			if measured && report.Requests > 0 {
				t.Logf("workerd's CPU meanwhile: %v, for %d honest requests and the attacker's", (proxy1 - proxy0 + worker1 - worker0).Round(time.Millisecond), report.Requests)
			}
		})
	})
	if *loadClients > 0 {
		// After the games, which warmed the worker up: the figures are
		// those of an isolate that has served for a while.
		t.Run("load", func(t *testing.T) {
			proxy0, worker0, measured := workerdCPU(pgid, port)
			report := servertest.LoadTest(t, servertest.LoadConfig{URL: url + "/api", Clients: *loadClients, Duration: *loadDuration, Seed: 1})
			proxy1, worker1, _ := workerdCPU(pgid, port)
			if !measured || report.Requests == 0 {
				return
			}
			perRequest := func(d time.Duration) float64 {
				return float64(d) / float64(time.Millisecond) / float64(report.Requests)
			}
			t.Logf("CPU per request: %.2f ms (workerd's %v over %d requests: %.2f ms in the worker's runtime, with the local D1, %.2f ms in wrangler's proxy); %.0f moves/s",
				perRequest(proxy1-proxy0+worker1-worker0), (proxy1 - proxy0 + worker1 - worker0).Round(time.Millisecond), report.Requests,
				perRequest(worker1-worker0), perRequest(proxy1-proxy0), report.MovesPerSecond())
			// Requests that reach Go and no database, and the health
			// check, which asks D1 one query: what a request costs but
			// for D1's work (which the local D1 does in workerd, and
			// Cloudflare elsewhere), and what a query of the local D1
			// costs.
			for _, path := range []string{"/api/no-such-thing", "/api/health"} {
				const n = 1000
				proxy0, worker0, _ := workerdCPU(pgid, port)
				var wg sync.WaitGroup
				for range 10 {
					wg.Go(func() {
						for range n / 10 {
							if resp, err := http.Get(url + path); err == nil {
								io.Copy(io.Discard, resp.Body)
								resp.Body.Close()
							}
						}
					})
				}
				wg.Wait()
				proxy1, worker1, _ := workerdCPU(pgid, port)
				t.Logf("CPU per request of GET %s: %.2f ms in the worker's runtime, %.2f ms in wrangler's proxy", path,
					float64(worker1-worker0)/float64(time.Millisecond)/n, float64(proxy1-proxy0)/float64(time.Millisecond)/n)
			}
		})
	}
}

// workerdCPU returns the CPU time, user and system, that the workerd
// processes of process group pgid have used so far, from /proc: that of
// wrangler's proxy, the workerd that listens on port, and that of the
// others (the worker's runtime, and the local D1); false where there is
// no /proc. The kernel counts it in ticks of 10 ms (USER_HZ is 100),
// which a load test of seconds makes small.
func workerdCPU(pgid, port int) (proxy, worker time.Duration, ok bool) {
	stats, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil || len(stats) == 0 {
		return 0, 0, false
	}
	listens := []byte(fmt.Sprintf("=127.0.0.1:%d\x00", port))
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue // ended since
		}
		// pid (comm) state ppid pgrp … utime stime …, and comm may hold
		// spaces or parentheses.
		open, end := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
		if open < 0 || end < open {
			continue
		}
		fields := strings.Fields(string(b[end+1:]))
		if string(b[open+1:end]) != "workerd" || len(fields) < 13 || fields[2] != strconv.Itoa(pgid) {
			continue
		}
		utime, _ := strconv.ParseInt(fields[11], 10, 64)
		stime, _ := strconv.ParseInt(fields[12], 10, 64)
		cpu := time.Duration(utime+stime) * 10 * time.Millisecond
		if cmdline, _ := os.ReadFile(filepath.Join(filepath.Dir(f), "cmdline")); bytes.Contains(cmdline, listens) {
			proxy += cpu
		} else {
			worker += cpu
		}
	}
	return proxy, worker, true
}

// npm runs an npm command in this folder.
func npm(t *testing.T, args ...string) {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), "npm", args...)
	cmd.Env = wranglerEnv()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm %v: %v\n%s", args, err, out)
	}
}

// wranglerEnv is the environment of wrangler: offline, without prompts or
// metrics.
func wranglerEnv() []string {
	return append(os.Environ(), "WRANGLER_SEND_METRICS=false", "CLOUDFLARE_CF_FETCH_ENABLED=false", "CI=1", "NO_COLOR=1")
}

// gzippedSize returns the size of the worker's files, gzipped: the
// entry point and the files of the build folder.
func gzippedSize(t *testing.T, entry, dir string) int {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	files := []string{entry}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		files = append(files, filepath.Join(dir, e.Name()))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		zw.Write(b)
	}
	zw.Close()
	return buf.Len()
}

// oneClient are the limits of a worker that one client (one address)
// uses as hard as it likes, as the test's clients do.
const oneClient = `{"requestRate":-1,"createRate":-1,"openGamesPerClient":-1,"waitingGamesPerClient":-1,"botGamesPerClient":-1,"botsWaiting":-1,"streamsPerClient":-1}`

// startWorker applies the migrations to a new local D1 and starts
// wrangler dev on the port of 127.0.0.1; it returns the worker's URL
// and the process group of wrangler and its workerd, which the test's
// end stops.
func startWorker(t *testing.T, wrangler string, port int, limits string) (string, int) {
	state := t.TempDir()
	migrate := exec.CommandContext(t.Context(), wrangler, "d1", "migrations", "apply", "DB", "--local", "--persist-to", state)
	migrate.Env = wranglerEnv()
	if out, err := migrate.CombinedOutput(); err != nil {
		t.Fatalf("applying the migrations: %v\n%s", err, out)
	}
	var log bytes.Buffer
	args := []string{"dev", "--ip", "127.0.0.1", "--port", fmt.Sprint(port), "--persist-to", state, "--log-level", "warn", "--test-scheduled"}
	if limits != "" {
		args = append(args, "--var", "LIMITS:"+limits)
	}
	dev := exec.Command(wrangler, args...)
	dev.Env = wranglerEnv()
	dev.Stdout, dev.Stderr = &log, &log
	dev.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // wrangler's workerd too
	if err := dev.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- dev.Wait() }()
	t.Cleanup(func() {
		syscall.Kill(-dev.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			syscall.Kill(-dev.Process.Pid, syscall.SIGKILL)
			<-exited
		}
	})
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	for {
		select {
		case err := <-exited:
			t.Fatalf("wrangler dev stopped: %v\n%s", err, log.String())
		case <-ctx.Done():
			t.Fatalf("wrangler dev did not answer in time:\n%s", log.String())
		case <-time.After(200 * time.Millisecond):
		}
		resp, err := http.Get(url + "/api/catalog")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return url, dev.Process.Pid
			}
		}
	}
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
