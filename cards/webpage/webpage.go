// Package webpage serves the web page of examples/web and the
// WebAssembly bundle it plays on: the page's folder at the root and the
// bundle's folder (go run ./wasm/build) at /bundle/. Both the page's own
// server (examples/web) and the games' server (examples/server) serve it
// this way.
//
// Caching. The bundle, an entry and a WebAssembly file for each game (some
// 4 MB each; the page loads the file of the game it plays) and one of
// every game (6 MB), which change only when it is built again, is also
// served under a name of its content,
// /bundle/v-HASH/ (HASH a digest of every file of the folder), with
// Cache-Control: public, max-age=31536000, immutable: a browser that
// has it never asks again, and a bundle built anew has another name. The
// page learns the name from site.json. Everything else (the page's
// files, which are read from disk when asked, so that an edit shows at
// the next reload, site.json, and the bundle at its plain name) is
// served with Cache-Control: no-cache and a strong ETag of its content:
// a browser asks again each time and gets 304 Not Modified, no body, for
// what it has. An unchanged file is never read or compressed twice.
//
// Compression. Text and WebAssembly go Brotli-compressed (quality 11) to
// browsers that accept br, and gzipped (best compression) to those that
// accept gzip only: each compressed once for each version of a file and
// kept in memory. gzip is quick (half a second for a game's file); Brotli
// at quality 11 takes some ten seconds, so it runs in the background,
// started when the handler is made for the bundle's modules and when a
// WebAssembly file is first asked for, and until it is done a browser
// that accepts br gets gzip.
package webpage

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
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
	// Bundle is where the page finds the bundle under the name of its
	// content (BundlePath + "v-HASH/"), cached for good; the handler
	// fills it in.
	Bundle string `json:"bundle"`
}

// Policy is the Content-Security-Policy of the page: its scripts, styles,
// workers and requests come from its own origin only ('wasm-unsafe-eval'
// lets it compile the bundle, and nothing else), and no other site may
// frame it.
const Policy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; " +
	"connect-src 'self'; img-src 'self' data:; style-src 'self'; object-src 'none'; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler serves the page's folder at /, the bundle's folder at
// BundlePath (and at BundlePath + "v-HASH/", HASH naming its content),
// and site at SitePath, every answer with the page's security headers
// (Policy, nosniff, no referrer). It serves no listing of folders and no
// file whose name starts with a dot. It starts compressing the bundle's
// files at once, in the background.
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

// versionPrefix starts the name of a version of the bundle in its path.
const versionPrefix = "v-"

// files serves the page, the bundle and site.
func files(page, bundle string, site Site) http.Handler {
	mux := http.NewServeMux()
	b := newFiles(bundle)
	b.warm("index.mjs", "loader.mjs", "wasm_exec.js")
	mux.HandleFunc(BundlePath, func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, strings.TrimSuffix(BundlePath, "/"))
		first, rest, ok := strings.Cut(strings.TrimPrefix(name, "/"), "/")
		if !ok || !strings.HasPrefix(first, versionPrefix) {
			b.serve(w, r, name, false)
			return
		}
		// A name of the bundle's content: this content, for good. A name
		// of another content (a page loaded before the bundle was built
		// again) is not found, so that no cache keeps other bytes under it.
		if v, err := b.version(); err != nil || first != versionPrefix+v {
			w.Header().Set("Cache-Control", "no-store")
			http.Error(w, "this version of the bundle is gone: reload the page", http.StatusNotFound)
			return
		}
		b.serve(w, r, "/"+rest, true)
	})
	mux.HandleFunc("GET "+SitePath, func(w http.ResponseWriter, r *http.Request) {
		s := site
		if v, err := b.version(); err == nil {
			s.Bundle = BundlePath + versionPrefix + v + "/"
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-cache")
		json.NewEncoder(w).Encode(s)
	})
	p := newFiles(page)
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { p.serve(w, r, r.URL.Path, false) }))
	return mux
}

// folder serves the files of one folder.
type folder struct {
	root string
	mu   sync.Mutex
	kept map[string]*kept // by file name
	// The folder's version: a digest of its files, and what their names,
	// sizes and times were when it was made.
	ver, verOf string
}

// kept is a file's content as it was read, its digest, and its
// compressed forms; br is nil until Brotli is done.
type kept struct {
	mod  time.Time
	size int64
	data []byte
	etag string
	gz   []byte
	br   []byte
	// brDone is closed once br is set (or Brotli failed).
	brDone chan struct{}
}

func newFiles(root string) *folder {
	return &folder{root: root, kept: map[string]*kept{}}
}

// compressible lists the types worth compressing.
var compressible = map[string]bool{
	".html": true, ".css": true, ".js": true, ".mjs": true, ".json": true,
	".svg": true, ".wasm": true, ".ts": true, ".mts": true, ".md": true, ".txt": true,
}

// warm reads and compresses the named files of the folder, in the
// background, so that the first browser to ask gets them at once.
func (f *folder) warm(names ...string) {
	go func() {
		for _, name := range names {
			full := filepath.Join(f.root, filepath.FromSlash(name))
			if st, err := os.Stat(full); err == nil && !st.IsDir() {
				f.file(full, st)
			}
		}
		f.version()
	}()
}

// serve answers the file of name, cached for good if immutable.
func (f *folder) serve(w http.ResponseWriter, r *http.Request, name string, immutable bool) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "only GET and HEAD", http.StatusMethodNotAllowed)
		return
	}
	clean := path.Clean("/" + name)
	if strings.HasSuffix(name, "/") || name == "" {
		clean = path.Join(clean, "index.html")
	}
	for _, part := range strings.Split(clean, "/") {
		if strings.HasPrefix(part, ".") {
			http.NotFound(w, r)
			return
		}
	}
	full := filepath.Join(f.root, filepath.FromSlash(clean))
	st, err := os.Stat(full)
	if err != nil || st.IsDir() {
		http.NotFound(w, r)
		return
	}
	k, err := f.file(full, st)
	if err != nil {
		http.Error(w, "reading "+clean, http.StatusInternalServerError)
		return
	}
	ext := path.Ext(clean)
	h := w.Header()
	if immutable {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	if t := typeOf(ext); t != "" {
		h.Set("Content-Type", t)
	}
	data, etag := k.data, k.etag
	if k.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		switch enc := encoding(r, k); enc {
		case "br":
			data, etag = k.br, k.etag+"-br"
			h.Set("Content-Encoding", enc)
		case "gzip":
			data, etag = k.gz, k.etag+"-gz"
			h.Set("Content-Encoding", enc)
		}
	}
	h.Set("ETag", `"`+etag+`"`)
	// ServeContent answers If-None-Match by the ETag, and then
	// If-Modified-Since by the time.
	http.ServeContent(w, r, clean, st.ModTime(), bytes.NewReader(data))
}

// file returns the file at full as kept, reading and compressing it
// only when it has changed since the last time.
func (f *folder) file(full string, st fs.FileInfo) (*kept, error) {
	f.mu.Lock()
	k, ok := f.kept[full]
	f.mu.Unlock()
	if ok && k.mod.Equal(st.ModTime()) && k.size == st.Size() {
		return k, nil
	}
	data, err := os.ReadFile(full)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	k = &kept{mod: st.ModTime(), size: st.Size(), data: data, etag: hex.EncodeToString(sum[:12])}
	if compressible[path.Ext(filepath.ToSlash(full))] {
		if k.gz, err = gzipped(data); err != nil {
			return nil, err
		}
		k.brDone = make(chan struct{})
	}
	f.mu.Lock()
	// Another request may have read the same version meanwhile: keep
	// the first, whose Brotli is under way.
	if old, ok := f.kept[full]; ok && old.mod.Equal(k.mod) && old.size == k.size {
		f.mu.Unlock()
		return old, nil
	}
	f.kept[full] = k
	f.mu.Unlock()
	if k.brDone != nil {
		go func(k *kept) {
			defer close(k.brDone)
			if b, err := brotlied(k.data); err == nil {
				k.br = b // read once brDone is closed
			}
		}(k)
	}
	return k, nil
}

// encoding chooses the coding of an answer: "br" if the browser accepts
// it and the Brotli of the file is done, else "gzip" if it accepts that,
// else "".
func encoding(r *http.Request, k *kept) string {
	accepts := acceptedEncodings(r)
	if accepts["br"] && k.brotli() != nil {
		return "br"
	}
	if accepts["gzip"] {
		return "gzip"
	}
	return ""
}

// brotli returns the file's Brotli, nil while it is not done.
func (k *kept) brotli() []byte {
	select {
	case <-k.brDone:
		return k.br
	default:
		return nil
	}
}

// acceptedEncodings reads Accept-Encoding: the codings accepted, those of
// q=0 left out.
func acceptedEncodings(r *http.Request) map[string]bool {
	m := map[string]bool{}
	for _, enc := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(enc), ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.ReplaceAll(p, " ", ""), "q="); ok {
				q, _ = strconv.ParseFloat(v, 64)
			}
		}
		if enc = strings.ToLower(strings.TrimSpace(enc)); enc != "" && q > 0 {
			m[enc] = true
		}
	}
	return m
}

func gzipped(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func brotlied(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	bw := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	if _, err := bw.Write(data); err != nil {
		return nil, err
	}
	if err := bw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// version returns the folder's version: a digest of the names and
// contents of its files (those whose names start with a dot left out),
// made again only when a file's size or time has changed.
func (f *folder) version() (string, error) {
	type entry struct {
		name string
		st   fs.FileInfo
	}
	var files []entry
	err := filepath.WalkDir(f.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != f.root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		st, err := d.Info()
		if err != nil {
			return err
		}
		files = append(files, entry{p, st})
		return nil
	})
	if err != nil {
		return "", err
	}
	slices.SortFunc(files, func(a, b entry) int { return strings.Compare(a.name, b.name) })
	var of strings.Builder
	for _, e := range files {
		fmt.Fprintf(&of, "%s %d %d\n", e.name, e.st.Size(), e.st.ModTime().UnixNano())
	}
	f.mu.Lock()
	if f.verOf == of.String() {
		defer f.mu.Unlock()
		return f.ver, nil
	}
	f.mu.Unlock()
	h := sha256.New()
	for _, e := range files {
		k, err := f.file(e.name, e.st)
		if err != nil {
			return "", err
		}
		rel, _ := filepath.Rel(f.root, e.name)
		fmt.Fprintf(h, "%s\n%s\n", filepath.ToSlash(rel), k.etag)
	}
	v := hex.EncodeToString(h.Sum(nil)[:8])
	f.mu.Lock()
	f.ver, f.verOf = v, of.String()
	f.mu.Unlock()
	return v, nil
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
