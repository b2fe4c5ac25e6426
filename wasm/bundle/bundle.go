// Package bundle builds a WebAssembly bundle of any games for JavaScript:
// an npm package folder that browsers, their bundlers and Node.js load.
// The games are this module's (by their short names in the catalog) or
// anyone's (by their Go package: a designer's own game beside ours), and
// the command wasm/build runs Build from the command line:
//
//	go run github.com/cardrules/games/wasm/build -games crown,./mygame -o web/games
//
// For the games it is given, Build writes two small programs of its own,
// in memory (go build -overlay, which changes no file of the module): one
// that serves the games to JavaScript (package exports), which it compiles
// for GOOS=js GOARCH=wasm, and one that describes them (bridge.Describe),
// which it runs natively. Neither needs a module beyond this one and the
// games': a designer's go.mod that requires this module serves. A game's package must hold a zero-size Rules type that
// meets cards.Rules, as the contract of a game asks, and must build in the
// module Build runs in.
//
// The folder holds the entry of every game, index.mjs and its
// games.wasm, and beside it an entry of each game alone, NAME.mjs and
// NAME.wasm (Config.PerGame), whose WebAssembly carries no other game's
// engine; the loader the entries share, loader.mjs, and Go's wasm_exec.js;
// TypeScript declarations (NAME.d.ts for each entry, api.d.ts, and each
// game's types in types/NAME.d.ts, found in this module's wasm/js/types);
// and package.json, README.md, LICENSE and CHANGELOG.md. Each entry names
// its WebAssembly as new URL("./NAME.wasm", import.meta.url), which browser
// bundlers recognise, and imports no module of Node.js.
package bundle

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/wasm/bridge"
)

// Module is the import path of this module, whose wasm/js holds the
// bundle's loader and declarations.
const Module = "github.com/cardrules/games"

// A Config says what Build builds.
type Config struct {
	// Games names the bundle's games, in their order: each the short name
	// of a game of this module's catalog ("crown"), or a Go package that
	// holds a game, by its import path ("example.com/me/crazyeights") or
	// its folder ("./crazyeights", from Dir). None: the catalog's games.
	Games []string
	// Dir is the folder the build runs in, inside a Go module that holds
	// or requires the games ("" for the current folder).
	Dir string
	// Out is the folder to build into, emptied first; "" for wasm/dist in
	// this module, or dist in Dir in another.
	Out string
	// Name and Version are the package's; "" for those of this module's
	// package, @cardrules/games, and its version.
	Name, Version string
	// PerGame builds, beside the entry of every game, an entry of each
	// game alone, when the bundle has more than one.
	PerGame bool
	// Brotli measures the WebAssembly files in Brotli too (quality 11:
	// some fifteen seconds a file).
	Brotli bool
	// Names keeps the names of the WebAssembly's functions, which
	// wasm/internal/wasmsize reads to tell what takes a file's room (the
	// files are some 6% larger).
	Names bool
	// Log is told each step of the build; nil for nothing.
	Log io.Writer
}

// A File is a WebAssembly file of the bundle and its size in bytes: raw,
// gzipped (best compression) and, if measured, in Brotli (else 0).
type File struct {
	Name   string   // games.wasm, crown.wasm …
	Games  []string // the short names of its games
	Raw    int
	Gzip   int
	Brotli int
}

// ErrConfig is wrapped by the errors of a Config that names no game or
// package Build can serve.
var ErrConfig = errors.New("bundle")

// reserved are the names a game cannot have: the bundle's own files would
// clash with its entry's.
var reserved = []string{"index", "games", "loader", "api"}

// identifier is what a game's short name must be: a file name and a
// TypeScript identifier.
var identifier = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

// Build builds the bundle c says and returns its WebAssembly files with
// their sizes. It runs the go command (the first on PATH) in c.Dir.
func Build(ctx context.Context, c Config) ([]File, error) {
	b := &builder{Config: c, ctx: ctx}
	if b.Log == nil {
		b.Log = io.Discard
	}
	return b.build()
}

// builder holds what a build has found so far.
type builder struct {
	Config
	ctx    context.Context
	root   string             // the folder of the module the build runs in
	ours   string             // the folder of this module (maybe in the module cache)
	goroot string             // the GOROOT of the go command
	pkgs   []string           // the games' import paths, in order
	desc   bridge.Description // what the games' description told
	gen    string             // the folder of the generated programs, in the overlay
	tmp    string             // a temporary folder for the overlay's files
}

func (b *builder) build() ([]File, error) {
	if err := b.locate(); err != nil {
		return nil, err
	}
	if err := b.resolve(); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "bundle-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	b.tmp = tmp
	overlay, err := b.overlay()
	if err != nil {
		return nil, err
	}
	if err := b.describe(overlay); err != nil {
		return nil, err
	}
	entries := b.entries()
	if err := os.RemoveAll(b.Out); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(b.Out, "types"), 0o755); err != nil {
		return nil, err
	}
	if err := b.compile(overlay, entries); err != nil {
		return nil, err
	}
	files, err := b.measure(entries)
	if err != nil {
		return nil, err
	}
	if err := b.write(entries, files); err != nil {
		return nil, err
	}
	return files, nil
}

// locate finds the module the build runs in, this module's folder, and
// Go's, and the folder to build into.
func (b *builder) locate() error {
	mod, err := b.goOutput(nil, "env", "GOMOD")
	if err != nil {
		return err
	}
	if mod == "" || mod == os.DevNull {
		return fmt.Errorf("%w: run the build inside a Go module (one that requires %s, for a game of your own)", ErrConfig, Module)
	}
	b.root = filepath.Dir(mod)
	if b.ours, err = b.goOutput(nil, "list", "-m", "-f", "{{.Dir}}", Module); err != nil {
		return fmt.Errorf("%w: the module %s is not among the build's: %v", ErrConfig, Module, err)
	}
	if b.goroot, err = b.goOutput(nil, "env", "GOROOT"); err != nil {
		return err
	}
	if b.Out == "" {
		b.Out = filepath.Join(b.Dir, "dist")
		if b.root == b.ours {
			b.Out = filepath.Join(b.ours, "wasm", "dist")
		}
	}
	return nil
}

// resolve finds the games' packages: their import paths, checked to be
// packages that build for WebAssembly.
func (b *builder) resolve() error {
	games := b.Games
	if len(games) == 0 {
		games = catalog.Names()
	}
	var patterns []string
	for i, g := range games {
		g = strings.TrimSpace(g)
		if slices.Contains(games[:i], g) {
			return fmt.Errorf("%w: the game %s is named twice", ErrConfig, g)
		}
		switch {
		case g == "":
			return fmt.Errorf("%w: an empty game's name", ErrConfig)
		case !strings.ContainsAny(g, "./"):
			if !slices.Contains(catalog.Names(), g) {
				return fmt.Errorf("%w: no game of the catalog is named %q (the games are %s; a package of your own is named by its import path, or its folder as ./%s)", ErrConfig, g, strings.Join(catalog.Names(), ", "), g)
			}
			patterns = append(patterns, Module+"/"+g)
		default:
			patterns = append(patterns, g)
		}
	}
	out, err := b.goOutput(wasmEnv, append([]string{"list", "-e", "-f", "{{.ImportPath}}\t{{.Name}}\t{{if .Error}}{{.Error.Err}}{{end}}"}, patterns...)...)
	if err != nil {
		return err
	}
	lines := strings.Split(out, "\n")
	if len(lines) != len(patterns) {
		return fmt.Errorf("%w: go list of %s answered %q", ErrConfig, strings.Join(patterns, " "), out)
	}
	for i, line := range lines {
		path, rest, _ := strings.Cut(line, "\t")
		name, problem, _ := strings.Cut(rest, "\t")
		switch {
		case problem != "":
			return fmt.Errorf("%w: the game %s: %s", ErrConfig, games[i], problem)
		case name == "main":
			return fmt.Errorf("%w: the game %s is a command (package main): a game is a package of its own, with its Rules", ErrConfig, games[i])
		case slices.Contains(b.pkgs, path):
			return fmt.Errorf("%w: the game %s is named twice", ErrConfig, path)
		}
		b.pkgs = append(b.pkgs, path)
	}
	return nil
}

// wasmEnv is the environment's change that builds for WebAssembly.
var wasmEnv = []string{"GOOS=js", "GOARCH=wasm"}

// genFolder is the folder, in the module the build runs in, of the
// programs it writes: they exist only in the overlay.
const genFolder = "_bundle_programs"

// overlay writes the programs the build compiles and returns the name of
// the overlay (go build -overlay) that places them in the module: one
// that describes the games, and one that serves them, all and (if
// PerGame) each alone.
func (b *builder) overlay() (string, error) {
	b.gen = filepath.Join(b.root, genFolder)
	if _, err := os.Stat(b.gen); err == nil {
		return "", fmt.Errorf("%w: %s exists, and the build places its programs there", ErrConfig, b.gen)
	}
	replace := map[string]string{}
	add := func(dir string, src []byte) error {
		f := filepath.Join(b.tmp, strings.ReplaceAll(dir, "/", "_")+".go")
		replace[filepath.Join(b.gen, filepath.FromSlash(dir), "main.go")] = f
		return os.WriteFile(f, src, 0o644)
	}
	if err := add("describe", program(b.pkgs, "describe")); err != nil {
		return "", err
	}
	if err := add("wasm/games", program(b.pkgs, "serve")); err != nil {
		return "", err
	}
	if b.PerGame && len(b.pkgs) > 1 {
		for i, p := range b.pkgs {
			if err := add(fmt.Sprintf("wasm/game%d", i), program([]string{p}, "serve")); err != nil {
				return "", err
			}
		}
	}
	j, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", err
	}
	name := filepath.Join(b.tmp, "overlay.json")
	return name, os.WriteFile(name, j, 0o644)
}

// program returns the source of a program of the games of pkgs: one that
// serves them to JavaScript (what "serve"), or that describes them
// ("describe").
func program(pkgs []string, what string) []byte {
	var s bytes.Buffer
	s.WriteString("// The build's program of the bundle's games (package bundle).\npackage main\n\nimport (\n")
	if what == "describe" {
		s.WriteString("\t\"fmt\"\n\t\"os\"\n\n\t\"" + Module + "/wasm/bridge\"\n")
	} else {
		s.WriteString("\t\"" + Module + "/wasm/exports\"\n")
	}
	s.WriteString("\t\"" + Module + "/cards/anygame\"\n")
	for i, p := range pkgs {
		fmt.Fprintf(&s, "\tgame%d %q\n", i, p)
	}
	s.WriteString(")\n\nfunc main() {\n")
	var games []string
	for i := range pkgs {
		games = append(games, fmt.Sprintf("anygame.Of(game%d.Rules{})", i))
	}
	if what == "describe" {
		fmt.Fprintf(&s, "\tif err := bridge.Describe(os.Stdout, %s); err != nil {\n\t\tfmt.Fprintln(os.Stderr, err)\n\t\tos.Exit(1)\n\t}\n", strings.Join(games, ", "))
	} else {
		fmt.Fprintf(&s, "\texports.Serve(%s)\n", strings.Join(games, ", "))
	}
	s.WriteString("}\n")
	return s.Bytes()
}

// describe runs the program that describes the games and checks their
// names.
func (b *builder) describe(overlay string) error {
	fmt.Fprintln(b.Log, "bundle: describing the games:", strings.Join(b.pkgs, ", "))
	out, err := b.goOutput(nil, "run", "-overlay", overlay, "./"+genFolder+"/describe")
	if err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(out), &b.desc); err != nil {
		return fmt.Errorf("the games' description: %w", err)
	}
	if len(b.desc.Games) != len(b.pkgs) {
		return fmt.Errorf("the games' description tells of %d games, not %d", len(b.desc.Games), len(b.pkgs))
	}
	for i, g := range b.desc.Games {
		switch {
		case !identifier.MatchString(g.Name):
			return fmt.Errorf("%w: the game of %s is named %q: a bundle's game is named in lower-case letters and digits, from a letter", ErrConfig, b.pkgs[i], g.Name)
		case slices.Contains(reserved, g.Name):
			return fmt.Errorf("%w: the game of %s is named %q, a name the bundle's files take (%s)", ErrConfig, b.pkgs[i], g.Name, strings.Join(reserved, ", "))
		case b.Games != nil && !strings.ContainsAny(b.Games[i], "./") && b.Games[i] != g.Name:
			return fmt.Errorf("the catalog's game %s is named %q", b.Games[i], g.Name)
		}
		for _, h := range b.desc.Games[:i] {
			if h.Name == g.Name {
				return fmt.Errorf("%w: two games are named %q", ErrConfig, g.Name)
			}
		}
	}
	return nil
}

// An entry is a module of the package and the WebAssembly it loads.
type entry struct {
	name  string          // its files' name: index (games.wasm), or a game's
	wasm  string          // the name of its WebAssembly file
	pkg   string          // the folder of its program, in the overlay
	games []int           // its games, by their index in the bundle
	lib   json.RawMessage // the library it serves, as the bridge tells it
}

// entries returns the bundle's entries: every game, then (if PerGame)
// each game alone.
func (b *builder) entries() []entry {
	all := entry{name: "index", wasm: "games.wasm", pkg: "wasm/games", lib: b.desc.Library}
	for i := range b.desc.Games {
		all.games = append(all.games, i)
	}
	entries := []entry{all}
	if b.PerGame && len(b.pkgs) > 1 {
		for i, g := range b.desc.Games {
			entries = append(entries, entry{name: g.Name, wasm: g.Name + ".wasm", pkg: fmt.Sprintf("wasm/game%d", i), games: []int{i}, lib: g.Library})
		}
	}
	return entries
}

// compile builds the entries' WebAssembly, in one go build, its data
// segments merged (see mergeSegments).
func (b *builder) compile(overlay string, entries []entry) error {
	bin := filepath.Join(b.tmp, "bin")
	ldflags := "-ldflags=-s -w"
	if b.Names {
		ldflags = "-ldflags=-w"
	}
	// The games' how-to-play texts are in the entries' JavaScript (their
	// description): the tag leaves them out of the WebAssembly, which
	// would carry them a second time, for games that honour it (this
	// module's).
	args := []string{"build", "-trimpath", "-tags", "nohowtoplay", ldflags, "-overlay", overlay, "-o", bin + string(filepath.Separator)}
	var names []string
	for _, e := range entries {
		args = append(args, "./"+genFolder+"/"+e.pkg)
		names = append(names, e.wasm)
	}
	fmt.Fprintln(b.Log, "bundle: compiling", strings.Join(names, ", "), "into", b.Out)
	if _, err := b.goOutput(wasmEnv, args...); err != nil {
		return err
	}
	for _, e := range entries {
		built := filepath.Join(bin, filepath.Base(e.pkg))
		if _, err := os.Stat(built + ".wasm"); err == nil {
			built += ".wasm"
		}
		content, err := os.ReadFile(built)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(b.Out, e.wasm), mergeSegments(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// goOutput runs the go command in b.Dir (with env added to the
// environment) and returns its output, trimmed; an error holds what it
// printed on its standard error.
func (b *builder) goOutput(env []string, args ...string) (string, error) {
	cmd := exec.CommandContext(b.ctx, "go", args...)
	cmd.Dir = b.Dir
	if args[0] == "run" || args[0] == "build" {
		cmd.Dir = b.root // the overlay's programs are in the module's root
	}
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}
