package bundle

import (
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"

	"github.com/andybalholm/brotli"
)

// measure returns the entries' WebAssembly files with their sizes.
func (b *builder) measure(entries []entry) ([]File, error) {
	var files []File
	for _, e := range entries {
		f := File{Name: e.wasm}
		for _, i := range e.games {
			f.Games = append(f.Games, b.desc.Games[i].Name)
		}
		content, err := os.ReadFile(filepath.Join(b.Out, e.wasm))
		if err != nil {
			return nil, err
		}
		f.Raw = len(content)
		if f.Gzip, err = Gzipped(content); err != nil {
			return nil, err
		}
		if b.Brotli {
			fmt.Fprintln(b.Log, "bundle: measuring", e.wasm, "in Brotli")
			if f.Brotli, err = Brotli(content); err != nil {
				return nil, err
			}
		}
		files = append(files, f)
	}
	return files, nil
}

// Gzipped returns the size of content gzipped at the best compression.
func Gzipped(content []byte) (int, error) {
	var n counter
	w, _ := gzip.NewWriterLevel(&n, gzip.BestCompression)
	if _, err := w.Write(content); err != nil {
		return 0, err
	}
	err := w.Close()
	return int(n), err
}

// Brotli returns the size of content in Brotli at quality 11 and a window
// of 16 MB, as a server that compresses it once sends it.
func Brotli(content []byte) (int, error) {
	var n counter
	w := brotli.NewWriterOptions(&n, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	if _, err := w.Write(content); err != nil {
		return 0, err
	}
	err := w.Close()
	return int(n), err
}

// counter counts the bytes written to it.
type counter int

func (c *counter) Write(p []byte) (int, error) {
	*c += counter(len(p))
	return len(p), nil
}
