//go:build !js

package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"log/slog"
	"net/http"
	"os"
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
	loadClients  = flag.Int("load.clients", 8, "clients of TestLoad (the full run: 50)")
	loadDuration = flag.Duration("load.duration", 3*time.Second, "duration of TestLoad (the full run: 30s)")
)

// start serves on a free port of the loopback with a new database and the
// given web folder; it returns the server's URL and a function that stops
// it and returns serve's error.
func start(t *testing.T, web string, log io.Writer) (string, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	errc := make(chan error, 1)
	c := config{addr: "127.0.0.1:0", db: filepath.Join(t.TempDir(), "games.db"), web: web}
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
	if code := run([]string{"-h"}, &out); code != 0 || !strings.Contains(out.String(), "-addr") || !strings.Contains(out.String(), "-db") {
		t.Errorf("-h: exit %d, %s", code, out.String())
	}
	if code := run([]string{"-nothing"}, io.Discard); code != 2 {
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
	url, stop := start(t, web, &log)
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

// TestLoad plays whole games with many clients at once against the native
// server on the loopback, and checks that no answer is a 5xx and no
// accepted move is lost. Its figures are logged; the full run is
//
//	go test ./examples/server -run TestLoad -v -load.clients=50 -load.duration=30s
func TestLoad(t *testing.T) {
	url, _ := start(t, t.TempDir(), io.Discard)
	before := cpuTime(t)
	report := servertest.LoadTest(t, servertest.LoadConfig{URL: url + "/api", Clients: *loadClients, Duration: *loadDuration, Seed: 1})
	// On a busy machine the moves a second tell how much of it the test
	// got; the moves a CPU-second, clients and server together, do not.
	cpu := cpuTime(t) - before
	t.Logf("%v of CPU, clients and server: %.0f moves a CPU-second", cpu.Round(time.Millisecond), float64(report.Moves)/cpu.Seconds())
}

// cpuTime returns the CPU time the test's process has used.
func cpuTime(t *testing.T) time.Duration {
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
