// Command wasmsize tells what takes the room of a WebAssembly binary built
// by Go: the size of each section, and the code of each Go package, read
// from the function names of the binary's name section. Build the bundle
// with its names to measure it:
//
//	go run ./wasm/build -names -o /tmp/bundle
//	go run ./wasm/internal/wasmsize /tmp/bundle/games.wasm
//
// With -funcs N it lists the N largest functions too, and with -names the
// packages whose function names take the most bytes (Go keeps them again
// in the data, for its stack traces).
package main

import (
	"bytes"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
)

const usage = `usage: wasmsize [-funcs N] [-names] [-top N] file.wasm

Prints the size of each section of a WebAssembly binary built by Go, and
the bytes of code of each Go package, largest first. The binary must keep
its name section (built without -ldflags=-s).

Flags:
`

func main() {
	flag.Usage = func() {
		fmt.Fprint(flag.CommandLine.Output(), usage)
		flag.PrintDefaults()
	}
	funcs := flag.Int("funcs", 0, "also list the `N` largest functions")
	names := flag.Bool("names", false, "also list the bytes of function names by package")
	top := flag.Int("top", 40, "list at most `N` packages")
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	b, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
	m, err := parse(b)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
	m.report(os.Stdout, *top, *funcs, *names)
}

// A module is what wasmsize reads of a binary: its sections' sizes, and
// its functions with their names and the sizes of their bodies.
type module struct {
	total    int
	sections []section
	imported int // functions imported, which come first in the index space
	bodies   []int
	names    map[int]string
}

type section struct {
	name string
	size int
}

var sectionNames = [...]string{"custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "data count"}

// parse reads a WebAssembly binary.
func parse(b []byte) (*module, error) {
	if len(b) < 8 || !bytes.Equal(b[:4], []byte("\x00asm")) {
		return nil, errors.New("not a WebAssembly binary")
	}
	m := &module{total: len(b), names: map[int]string{}}
	r := reader{b: b, i: 8}
	for r.i < len(b) {
		id := r.byte()
		size := int(r.uint())
		if r.err != nil || r.i+size > len(b) {
			return nil, errors.New("a section runs past the end")
		}
		body := reader{b: b[r.i : r.i+size]}
		r.i += size
		name := fmt.Sprintf("section %d", id)
		if int(id) < len(sectionNames) {
			name = sectionNames[id]
		}
		switch id {
		case 0:
			custom := body.name()
			name = "custom " + custom
			if custom == "name" {
				m.readNames(&body)
			}
		case 2:
			m.readImports(&body)
		case 10:
			for n := body.uint(); n > 0 && body.err == nil; n-- {
				size := int(body.uint())
				m.bodies = append(m.bodies, size)
				body.i += size
			}
		}
		if body.err != nil {
			return nil, fmt.Errorf("section %s: %w", name, body.err)
		}
		m.sections = append(m.sections, section{name, size})
	}
	return m, nil
}

// readImports counts the functions the import section imports.
func (m *module) readImports(r *reader) {
	for n := r.uint(); n > 0 && r.err == nil; n-- {
		r.name()
		r.name()
		switch kind := r.byte(); kind {
		case 0: // a function: its type's index
			r.uint()
			m.imported++
		case 1: // a table: its element type and limits
			r.byte()
			r.limits()
		case 2:
			r.limits()
		case 3: // a global: its type and mutability
			r.byte()
			r.byte()
		}
	}
}

// readNames reads the function names of a name section.
func (m *module) readNames(r *reader) {
	for r.i < len(r.b) && r.err == nil {
		id := r.byte()
		size := int(r.uint())
		end := r.i + size
		if id == 1 {
			for n := r.uint(); n > 0 && r.err == nil; n-- {
				i := int(r.uint())
				m.names[i] = r.name()
			}
		}
		r.i = end
	}
}

// pkg returns the package of a function's name in the name section,
// where Go writes the characters of a path other than letters, digits,
// dots and underscores as underscores ("github.com_cardrules_games_cards.
// appendValue"): up to the first dot after the path's first element, if
// that element is a host name, or else up to the first dot.
func pkg(name string) string {
	from := 0
	if first, _, ok := strings.Cut(name, "_"); ok && isHost(first) {
		from = len(first)
	}
	if dot := strings.IndexByte(name[from:], '.'); dot >= 0 {
		return name[:from+dot]
	}
	return name
}

// isHost reports whether the first element of a path is a host name, as
// in the paths of modules: it ends in a common top-level domain.
func isHost(s string) bool {
	for _, tld := range []string{".com", ".org", ".net", ".io", ".co", ".dev", ".in"} {
		if strings.HasSuffix(s, tld) {
			return true
		}
	}
	return false
}

// report prints the sections, the packages, and the largest functions.
func (m *module) report(w *os.File, top, funcs int, names bool) {
	fmt.Fprintf(w, "%-40s %10d\n", "the whole binary", m.total)
	for _, s := range m.sections {
		fmt.Fprintf(w, "  %-38s %10d\n", s.name, s.size)
	}
	type tally struct {
		name         string
		code, titles int
		n            int
	}
	byPkg := map[string]*tally{}
	var fs []tally
	for i, size := range m.bodies {
		name := m.names[m.imported+i]
		p := pkg(name)
		t := byPkg[p]
		if t == nil {
			t = &tally{name: p}
			byPkg[p] = t
		}
		t.code += size
		t.titles += len(name)
		t.n++
		fs = append(fs, tally{name: name, code: size})
	}
	var pkgs []tally
	for _, t := range byPkg {
		pkgs = append(pkgs, *t)
	}
	slices.SortFunc(pkgs, func(a, b tally) int { return cmp.Or(b.code-a.code, strings.Compare(a.name, b.name)) })
	fmt.Fprintf(w, "\n%-60s %10s %6s %10s\n", "package", "code", "funcs", "names")
	for i, t := range pkgs {
		if i == top {
			fmt.Fprintf(w, "… %d packages more\n", len(pkgs)-top)
			break
		}
		fmt.Fprintf(w, "%-60s %10d %6d %10d\n", t.name, t.code, t.n, t.titles)
	}
	if names {
		slices.SortFunc(pkgs, func(a, b tally) int { return cmp.Or(b.titles-a.titles, strings.Compare(a.name, b.name)) })
		fmt.Fprintf(w, "\n%-60s %10s\n", "package", "names")
		for i, t := range pkgs {
			if i == top {
				break
			}
			fmt.Fprintf(w, "%-60s %10d\n", t.name, t.titles)
		}
	}
	if funcs > 0 {
		slices.SortFunc(fs, func(a, b tally) int { return cmp.Or(b.code-a.code, strings.Compare(a.name, b.name)) })
		fmt.Fprintf(w, "\n%10s  %s\n", "code", "function")
		for _, f := range fs[:min(funcs, len(fs))] {
			fmt.Fprintf(w, "%10d  %s\n", f.code, f.name)
		}
	}
}

// A reader reads the encodings of a WebAssembly binary; its first error
// stops it.
type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) byte() byte {
	if r.i >= len(r.b) {
		r.err = errors.New("unexpected end")
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

// uint reads an unsigned LEB128 number.
func (r *reader) uint() uint64 {
	var n uint64
	for shift := 0; shift < 64 && r.err == nil; shift += 7 {
		c := r.byte()
		n |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return n
		}
	}
	return n
}

func (r *reader) name() string {
	n := int(r.uint())
	if r.err != nil || r.i+n > len(r.b) {
		r.err = errors.New("a name runs past the end")
		return ""
	}
	r.i += n
	return string(r.b[r.i-n : r.i])
}

func (r *reader) limits() {
	if r.byte()&1 != 0 {
		r.uint()
	}
	r.uint()
}
