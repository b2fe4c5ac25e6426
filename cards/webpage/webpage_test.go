package webpage

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
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
		{"/site.json", "200 OK", "application/json", ""},
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

// TestCompression checks that a browser that accepts Brotli gets the
// bundle in Brotli once it is compressed (gzip until then), one that
// accepts gzip only gets it gzipped, the same bytes once decoded, each
// with its own ETag, and 304 when it has them.
func TestCompression(t *testing.T) {
	page, bundle := folders(t)
	h := Handler(page, bundle, Site{})
	want, _ := os.ReadFile(filepath.Join(bundle, "games.wasm"))
	decode := map[string]func(io.Reader) (io.Reader, error){
		"gzip": func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
		"br":   func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
		"":     func(r io.Reader) (io.Reader, error) { return r, nil },
	}
	etags := map[string]string{}
	for _, c := range []struct{ accept, want string }{
		{"gzip", "gzip"},
		{"br, gzip;q=0.8", "br"},
		{"br;q=1.0", "br"},
		{"gzip;q=0, br;q=0", ""},
		{"", ""},
	} {
		var resp *http.Response
		for deadline := time.Now().Add(10 * time.Second); ; {
			resp = get(t, h, http.MethodGet, "/bundle/games.wasm", http.Header{"Accept-Encoding": {c.accept}})
			// Brotli takes its time, in the background: gzip meanwhile.
			if enc := resp.Header.Get("Content-Encoding"); enc != "gzip" || c.want != "br" || time.Now().After(deadline) {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		enc := resp.Header.Get("Content-Encoding")
		if enc != c.want || resp.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, Vary %q; want %q", c.accept, enc, resp.Header.Get("Vary"), c.want)
			continue
		}
		r, err := decode[enc](resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%q decoded: %d bytes, %v; want %d bytes", enc, len(got), err, len(want))
		}
		etag := resp.Header.Get("ETag")
		if old, ok := etags[enc]; ok && old != etag {
			t.Errorf("%q: ETag %s, then %s", enc, old, etag)
		}
		etags[enc] = etag
		again := get(t, h, http.MethodGet, "/bundle/games.wasm", http.Header{"Accept-Encoding": {c.accept}, "If-None-Match": {etag}})
		if again.StatusCode != http.StatusNotModified {
			t.Errorf("%q with If-None-Match %s: %s", enc, etag, again.Status)
		}
	}
	if len(etags) != 3 || etags["br"] == etags["gzip"] || etags[""] == etags["gzip"] {
		t.Errorf("each coding needs its own ETag: %v", etags)
	}
	last := get(t, h, http.MethodGet, "/bundle/games.wasm", nil).Header.Get("Last-Modified")
	if resp := get(t, h, http.MethodGet, "/bundle/games.wasm", http.Header{"If-Modified-Since": {last}, "Accept-Encoding": {"gzip"}}); resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-Modified-Since: %s", resp.Status)
	}
	// A changed file is compressed again, and has another ETag.
	write(t, bundle, "games.wasm", "\x00asm changed")
	later := time.Now().Add(time.Hour)
	os.Chtimes(filepath.Join(bundle, "games.wasm"), later, later)
	resp := get(t, h, http.MethodGet, "/bundle/games.wasm", http.Header{"Accept-Encoding": {"gzip"}})
	if resp.Header.Get("ETag") == etags["gzip"] {
		t.Errorf("a changed file keeps its ETag %s", etags["gzip"])
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); string(got) != "\x00asm changed" {
		t.Errorf("after a change: %q", got)
	}
}

// TestVersioned checks the bundle under the name of its content: the
// name site.json gives serves the bundle cached for good, another name
// is not found, and a bundle built again has another name.
func TestVersioned(t *testing.T) {
	page, bundle := folders(t)
	h := Handler(page, bundle, Site{API: "/api"})
	site := func() Site {
		var s Site
		if err := json.NewDecoder(get(t, h, http.MethodGet, "/site.json", nil).Body).Decode(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := site()
	if s.API != "/api" || !strings.HasPrefix(s.Bundle, "/bundle/v-") || !strings.HasSuffix(s.Bundle, "/") {
		t.Fatalf("site.json: %+v", s)
	}
	for name, typ := range map[string]string{"games.wasm": "application/wasm", "index.mjs": "text/javascript; charset=utf-8"} {
		resp := get(t, h, http.MethodGet, s.Bundle+name, http.Header{"Accept-Encoding": {"gzip"}})
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != typ || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s: %s, %v", s.Bundle+name, resp.Status, resp.Header)
		}
	}
	if resp := get(t, h, http.MethodGet, "/bundle/v-0123456789abcdef/games.wasm", nil); resp.StatusCode != http.StatusNotFound || resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("another version: %s, Cache-Control %q", resp.Status, resp.Header.Get("Cache-Control"))
	}
	if resp := get(t, h, http.MethodGet, "/bundle/games.wasm", nil); resp.Header.Get("Cache-Control") != "no-cache" || resp.Header.Get("ETag") == "" {
		t.Errorf("the plain name: Cache-Control %q, ETag %q", resp.Header.Get("Cache-Control"), resp.Header.Get("ETag"))
	}
	write(t, bundle, "index.mjs", "export const again = 1;")
	if again := site(); again.Bundle == s.Bundle {
		t.Errorf("a bundle built again keeps its name %s", s.Bundle)
	} else if resp := get(t, h, http.MethodGet, s.Bundle+"index.mjs", nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("the old name: %s", resp.Status)
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
