//go:build !js

package main

import (
	"bytes"
	"context"
	"database/sql"
	"flag"
	"github.com/cardrules/games/cards/server/servertest/skipnote"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/cards/server"
	"github.com/cardrules/games/cards/webpage"
)

var screenshots = flag.Bool("screenshots", false, "write the README's screenshots of the tables into screenshots/")

// note says on the terminal why a test skipped (package skipnote): go
// test without -v prints "ok" for a package whose tests skipped.
var note = skipnote.New("examples/web")

func TestMain(m *testing.M) { note.Main(m) }

// TestBrowser builds the bundle, serves the page, and runs the page's
// tests in a real headless Chromium (test/play.test.mjs): a game of each
// game played to the end by clicking, secrets checked at every change of
// the page, a reload in the middle; (test/learn.test.mjs) each game's
// rules opened and read, its terms explained, the status, the hand and
// the moves in the screen at every step on a laptop and a phone, no
// identifier of the code or card's code in any text shown, every bot's
// move marked, Nine Kingdoms' pair confirmed, Kings & Bastards' summary
// between rounds, New game asking first, the end in words; and
// (test/groups.test.mjs) people who meet in the lobby, fill a waiting
// room, play a game to its end on its live stream with a spectator
// watching, and play again at the same table, and a private game by its
// invitation; and (test/loading.test.mjs) each game's engine loaded from
// its own file, alone, with a bar of its progress on a slow network, a
// failed download told with a way to try again, and Crazy Eights, a game
// from outside the module's catalog, played to its end on the plain
// table. It needs Chromium (/usr/bin/chromium, or the CHROMIUM
// variable) and the packages of package-lock.json (npm ci
// in this folder), which CI installs. Its screenshots are the test's
// artifacts (go test -artifacts keeps them).
func TestBrowser(t *testing.T) {
	if testing.Short() {
		note.Skip(t, "a browser's games are long for -short")
	}
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	missing := ""
	if _, err := os.Stat(chromium); err != nil {
		missing = "Chromium not found at " + chromium + " (apt-get install chromium, or set CHROMIUM)"
	} else if _, err := exec.LookPath("node"); err != nil {
		missing = "Node.js not found (apt-get install nodejs npm)"
	} else if _, err := os.Stat(filepath.Join("node_modules", "playwright-core")); err != nil {
		missing = "playwright-core is not installed (npm ci in examples/web)"
	}
	if missing != "" {
		if os.Getenv("CI") == "true" {
			t.Fatal(missing)
		}
		// go test caches the skip, and a program installed outside the
		// module does not invalidate it: the line says how to run again.
		note.Skip(t, missing+"; once it is, go test -count=1 ./examples/web")
	}
	// The bundle of the module's games and of the tutorial game, a
	// designer's own, which the page plays on its plain table.
	bundle := t.TempDir()
	build := exec.CommandContext(t.Context(), "go", "run", "./wasm/build", "-games", strings.Join(append(catalog.Names(), "./examples/crazyeights"), ","), "-o", bundle)
	build.Dir = filepath.Join("..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the bundle: %v\n%s", err, out)
	}
	srv := httptest.NewServer(withAPI(t, webpage.Handler("page", bundle, webpage.Site{API: "/api"})))
	defer srv.Close()

	shots := t.ArtifactDir()
	ctx, cancel := context.WithTimeout(t.Context(), 12*time.Minute)
	defer cancel()
	node := exec.CommandContext(ctx, "node", "--test", "--test-concurrency=1", "--test-reporter=spec", "test/")
	node.Env = append(os.Environ(), "WEB_URL="+srv.URL+"/", "WEB_BUNDLE="+bundle, "WEB_SHOTS="+shots, "CHROMIUM="+chromium, "NO_COLOR=1")
	var out bytes.Buffer
	node.Stdout, node.Stderr = &out, &out
	err := node.Run()
	t.Log(out.String())
	if err != nil {
		t.Fatalf("the page's tests: %v", err)
	}
	if *screenshots {
		saveScreenshots(t, shots)
	}
}

// withAPI serves the games' API at /api/ beside page, as the games'
// server does, on an SQLite file of the test's.
func withAPI(t *testing.T, page http.Handler) http.Handler {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "games.db")+"?_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.SetMaxOpenConns(1)
	if _, err := server.Migrate(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	api := server.New(db, server.Config{}) // the default limits, as on the internet
	t.Cleanup(func() { api.Close() })
	mux := http.NewServeMux()
	mux.Handle("/api/", http.StripPrefix("/api", api))
	mux.Handle("/", page)
	return mux
}

// saveScreenshots copies the screenshots of the middle of each game, of
// the lobby, of a waiting room and of a spectator's view into
// screenshots/, for the README.
func saveScreenshots(t *testing.T, from string) {
	names, err := filepath.Glob(filepath.Join(from, "*.png"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll("screenshots", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if strings.HasSuffix(name, "-end.png") {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("screenshots", filepath.Base(name)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFlags checks the command line: help, unknown flags, arguments.
func TestFlags(t *testing.T) {
	var stderr bytes.Buffer
	if code := run([]string{"-h"}, &stderr); code != 0 {
		t.Errorf("-h: exit %d, want 0", code)
	}
	for _, want := range []string{"Usage: go run ./examples/web", "-addr", "-page", "-bundle", "-build"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("-h lacks %q:\n%s", want, stderr.String())
		}
	}
	for _, args := range [][]string{{"-nothing"}, {"extra"}} {
		if code := run(args, io.Discard); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

// TestServe serves a page and a bundle and reads them back, and refuses
// to serve a folder without a bundle.
func TestServe(t *testing.T) {
	page, bundle := t.TempDir(), t.TempDir()
	write(t, page, "index.html", "<title>cards</title>")
	write(t, bundle, "index.mjs", "export {};")
	write(t, bundle, "games.wasm", "\x00asm")

	ctx, stop := context.WithCancel(t.Context())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- serve(ctx, config{addr: "127.0.0.1:0", page: page, bundle: bundle}, io.Discard, ready) }()
	var addr string
	select {
	case addr = <-ready:
	case err := <-done:
		t.Fatal(err)
	}
	for path, want := range map[string]string{"/": "text/html; charset=utf-8", "/bundle/games.wasm": "application/wasm", "/bundle/index.mjs": "text/javascript; charset=utf-8"} {
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != want {
			t.Errorf("%s: %s %q, want 200 %q", path, resp.Status, resp.Header.Get("Content-Type"), want)
		}
	}
	stop()
	if err := <-done; err != nil {
		t.Errorf("stopping: %v", err)
	}

	err := serve(t.Context(), config{addr: "127.0.0.1:0", page: page, bundle: t.TempDir()}, io.Discard, nil)
	if err == nil || !strings.Contains(err.Error(), "go run ./wasm/build") {
		t.Errorf("serving without a bundle: %v", err)
	}
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
