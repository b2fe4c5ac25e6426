// Package webpage serves the web page of examples/web and the
// WebAssembly bundle it plays on: the page's folder at the root and the
// bundle's folder (go run ./wasm/build) at /bundle/. Both the page's own
// server (examples/web) and the games' server (examples/server) serve it
// this way.
//
// Files are served as they are on disk when asked, so an edit shows on the
// next reload; every answer asks the browser to check again (Cache-Control:
// no-cache), and an unchanged file answers 304. Text and WebAssembly go
// gzipped to browsers that accept it, compressed once per version of the
// file.
package webpage

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// BundlePath is where the page finds the bundle: its module index.mjs and
// games.wasm.
const BundlePath = "/bundle/"

// ErrNoBundle means that the bundle's folder holds no built bundle.
var ErrNoBundle = errors.New("the bundle is not built (go run ./wasm/build)")

// Check reports whether page is a folder with an index.html and bundle a
// folder with a built bundle; the error says which is missing.
func Check(page, bundle string) error {
	if _, err := os.Stat(filepath.Join(page, "index.html")); err != nil {
		return fmt.Errorf("the web page: %w", err)
	}
	for _, f := range []string{"index.mjs", "games.wasm"} {
		if _, err := os.Stat(filepath.Join(bundle, f)); err != nil {
			return fmt.Errorf("%w: %s has no %s", ErrNoBundle, bundle, f)
		}
	}
	return nil
}

// SitePath is where the page reads what the server beside it offers.
const SitePath = "/site.json"

// Site is what the server that serves the page offers beside it, as the
// page reads it at SitePath.
type Site struct {
	// API is the path of the games' HTTP API (package cards/server),
	// "" when the server has none: the page then plays in the browser
	// only.
	API string `json:"api"`
}

// Policy is the Content-Security-Policy of the page: its scripts, styles,
// workers and requests come from its own origin only ('wasm-unsafe-eval'
// lets it compile the bundle, and nothing else), and no other site may
// frame it.
const Policy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; " +
	"connect-src 'self'; img-src 'self' data:; style-src 'self'; object-src 'none'; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler serves the page's folder at /, the bundle's folder at
// BundlePath, and site at SitePath, every answer with the page's security
// headers (Policy, nosniff, no referrer). It serves no listing of folders
// and no file whose name starts with a dot.
func Handler(page, bundle string, site Site) http.Handler {
	mux := files(page, bundle, site)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", Policy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		mux.ServeHTTP(w, r)
	})
}

// files serves the page, the bundle and site.
func files(page, bundle string, site Site) http.Handler {
	mux := http.NewServeMux()
	mux.Handle(BundlePath, http.StripPrefix(strings.TrimSuffix(BundlePath, "/"), newFiles(bundle)))
	mux.HandleFunc("GET "+SitePath, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-cache")
		json.NewEncoder(w).Encode(site)
	})
	mux.Handle("/", newFiles(page))
	return mux
}

// folder serves the files of one folder.
type folder struct {
	root string
	mu   sync.Mutex
	gz   map[string]gzipped // by file name
}

// gzipped is a file's content compressed, and the version of the file it
// was compressed from.
type gzipped struct {
	mod  time.Time
	size int64
	data []byte
}

func newFiles(root string) *folder {
	return &folder{root: root, gz: map[string]gzipped{}}
}

// compressible lists the types worth compressing.
var compressible = map[string]bool{
	".html": true, ".css": true, ".js": true, ".mjs": true, ".json": true,
	".svg": true, ".wasm": true, ".ts": true, ".mts": true, ".md": true, ".txt": true,
}

func (f *folder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "only GET and HEAD", http.StatusMethodNotAllowed)
		return
	}
	name := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(r.URL.Path, "/") {
		name = path.Join(name, "index.html")
	}
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") {
			http.NotFound(w, r)
			return
		}
	}
	full := filepath.Join(f.root, filepath.FromSlash(name))
	file, err := os.Open(full)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer file.Close()
	st, err := file.Stat()
	if err != nil || st.IsDir() {
		http.NotFound(w, r)
		return
	}
	ext := path.Ext(name)
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	if t := typeOf(ext); t != "" {
		h.Set("Content-Type", t)
	}
	if !compressible[ext] {
		http.ServeContent(w, r, name, st.ModTime(), file)
		return
	}
	h.Add("Vary", "Accept-Encoding")
	if !acceptsGzip(r) {
		http.ServeContent(w, r, name, st.ModTime(), file)
		return
	}
	data, err := f.compressed(full, st, file)
	if err != nil {
		http.Error(w, "reading "+name, http.StatusInternalServerError)
		return
	}
	h.Set("Content-Encoding", "gzip")
	http.ServeContent(w, r, name, st.ModTime(), bytes.NewReader(data))
}

// typeOf returns the media type of a file extension; the modules and the
// WebAssembly of the bundle need theirs, whatever the system's table says.
func typeOf(ext string) string {
	switch ext {
	case ".mjs", ".js":
		return "text/javascript; charset=utf-8"
	case ".wasm":
		return "application/wasm"
	case ".ts", ".mts":
		return "text/plain; charset=utf-8"
	}
	return mime.TypeByExtension(ext)
}

func acceptsGzip(r *http.Request) bool {
	for _, enc := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(enc), ";")
		if strings.TrimSpace(enc) == "gzip" && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// compressed returns the file gzipped, compressing it only when it has
// changed since the last time.
func (f *folder) compressed(full string, st fs.FileInfo, file *os.File) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if g, ok := f.gz[full]; ok && g.mod.Equal(st.ModTime()) && g.size == st.Size() {
		return g.data, nil
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	if _, err := io.Copy(zw, file); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	f.gz[full] = gzipped{mod: st.ModTime(), size: st.Size(), data: buf.Bytes()}
	return buf.Bytes(), nil
}
