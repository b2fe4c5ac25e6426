package webpage

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// folders makes a page and a bundle in temporary folders.
func folders(t *testing.T) (page, bundle string) {
	page, bundle = t.TempDir(), t.TempDir()
	write(t, page, "index.html", "<title>cards</title>")
	write(t, page, "app.mjs", "export const app = 1;")
	write(t, page, ".secret", "no")
	write(t, bundle, "index.mjs", "export {};")
	write(t, bundle, "games.wasm", "\x00asm"+string(bytes.Repeat([]byte{1}, 4096)))
	return page, bundle
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func get(t *testing.T, h http.Handler, method, path string, header http.Header) *http.Response {
	t.Helper()
	r := httptest.NewRequest(method, path, nil)
	for k, v := range header {
		r.Header[k] = v
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Result()
}

func TestHandler(t *testing.T) {
	page, bundle := folders(t)
	h := Handler(page, bundle, Site{API: "/api"})
	for _, c := range []struct {
		path, status, typ, body string
	}{
		{"/", "200 OK", "text/html; charset=utf-8", "<title>cards</title>"},
		{"/index.html", "200 OK", "text/html; charset=utf-8", "<title>cards</title>"},
		{"/app.mjs", "200 OK", "text/javascript; charset=utf-8", "export const app = 1;"},
		{"/bundle/index.mjs", "200 OK", "text/javascript; charset=utf-8", "export {};"},
		{"/bundle/games.wasm", "200 OK", "application/wasm", ""},
		{"/.secret", "404 Not Found", "", ""},
		{"/site.json", "200 OK", "application/json", `{"api":"/api"}` + "\n"},
		{"/bundle/", "404 Not Found", "", ""},
		{"/missing.mjs", "404 Not Found", "", ""},
	} {
		resp := get(t, h, http.MethodGet, c.path, nil)
		body, _ := io.ReadAll(resp.Body)
		if resp.Status != c.status {
			t.Errorf("%s: %s, want %s", c.path, resp.Status, c.status)
			continue
		}
		if c.typ != "" && resp.Header.Get("Content-Type") != c.typ {
			t.Errorf("%s: Content-Type %q, want %q", c.path, resp.Header.Get("Content-Type"), c.typ)
		}
		if c.body != "" && string(body) != c.body {
			t.Errorf("%s: %q, want %q", c.path, body, c.body)
		}
		if c.status == "200 OK" && resp.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("%s: Cache-Control %q", c.path, resp.Header.Get("Cache-Control"))
		}
	}
	if resp := get(t, h, http.MethodPost, "/", nil); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %s", resp.Status)
	}
}

// TestGzip checks that a browser that accepts gzip gets the bundle
// gzipped, the same bytes once unzipped, and 304 when it has them.
func TestGzip(t *testing.T) {
	page, bundle := folders(t)
	h := Handler(page, bundle, Site{})
	want, _ := os.ReadFile(filepath.Join(bundle, "games.wasm"))
	for range 2 { // the second answer comes from the cache
		resp := get(t, h, http.MethodGet, "/bundle/games.wasm", http.Header{"Accept-Encoding": {"br, gzip;q=0.8"}})
		if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Vary") != "Accept-Encoding" {
			t.Fatalf("headers: %v", resp.Header)
		}
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("unzipped: %d bytes, %v; want %d bytes", len(got), err, len(want))
		}
	}
	if resp := get(t, h, http.MethodGet, "/bundle/games.wasm", http.Header{"Accept-Encoding": {"gzip;q=0"}}); resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0 got %q", resp.Header.Get("Content-Encoding"))
	}
	last := get(t, h, http.MethodGet, "/bundle/games.wasm", nil).Header.Get("Last-Modified")
	if resp := get(t, h, http.MethodGet, "/bundle/games.wasm", http.Header{"If-Modified-Since": {last}, "Accept-Encoding": {"gzip"}}); resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-Modified-Since: %s", resp.Status)
	}
	// A changed file is compressed again.
	write(t, bundle, "games.wasm", "\x00asm changed")
	later := time.Now().Add(time.Hour)
	os.Chtimes(filepath.Join(bundle, "games.wasm"), later, later)
	resp := get(t, h, http.MethodGet, "/bundle/games.wasm", http.Header{"Accept-Encoding": {"gzip"}})
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); string(got) != "\x00asm changed" {
		t.Errorf("after a change: %q", got)
	}
}

func TestCheck(t *testing.T) {
	page, bundle := folders(t)
	if err := Check(page, bundle); err != nil {
		t.Errorf("a page and a bundle: %v", err)
	}
	if err := Check(page, t.TempDir()); !errors.Is(err, ErrNoBundle) {
		t.Errorf("no bundle: %v", err)
	}
	if err := Check(t.TempDir(), bundle); err == nil {
		t.Error("no page: no error")
	}
}

// TestSecurityHeaders: every answer, a file, the bundle, site.json or a
// 404, carries the page's policy, nosniff and no referrer, so that no
// other site frames the page and the page loads nothing from elsewhere.
func TestSecurityHeaders(t *testing.T) {
	page, bundle := folders(t)
	h := Handler(page, bundle, Site{API: "/api"})
	for _, path := range []string{"/", "/app.mjs", "/bundle/games.wasm", "/site.json", "/missing.mjs"} {
		resp := get(t, h, "GET", path, nil)
		for name, want := range map[string]string{
			"Content-Security-Policy": Policy,
			"X-Content-Type-Options":  "nosniff",
			"Referrer-Policy":         "no-referrer",
		} {
			if got := resp.Header.Get(name); got != want {
				t.Errorf("%s: %s is %q, want %q", path, name, got, want)
			}
		}
	}
	for _, directive := range []string{"frame-ancestors 'none'", "script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'"} {
		if !strings.Contains(Policy, directive) {
			t.Errorf("the policy lacks %s: %s", directive, Policy)
		}
	}
}
