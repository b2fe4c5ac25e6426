// Command build builds the library's WebAssembly bundle: an npm package
// in a folder (wasm/dist by default) with the games of the catalog in
// games.wasm, Go's loader wasm_exec.js, the ES module index.mjs, its
// TypeScript declarations and a package.json. The folder installs with
// `npm install ./wasm/dist` and can be served as static files.
//
// Run it from anywhere in the module:
//
//	go run ./wasm/build
//
// -games crown,packs builds a bundle of those games only (a smaller
// games.wasm, whose module, declarations and package describe those
// games); by default the bundle has every game of the catalog. It
// prints the size of games.wasm, raw and gzipped, and with -sizes in
// Brotli too.
//
// It writes games.d.ts, the list of the bundle's games and their types,
// from the catalog: each game's types are declared in wasm/js/types/NAME.d.ts,
// and a game without that file is declared as any JSON (with a warning).
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/andybalholm/brotli"

	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/wasm/internal/bridge"
)

const usage = `usage: go run ./wasm/build [-o dir] [-version v] [-games a,b] [-sizes]

Builds the WebAssembly bundle of every game of the catalog (or of the
games -games names) into an npm package folder: games.wasm, wasm_exec.js, index.mjs, index.d.ts (and
index.d.mts), games.d.ts, types/, package.json and README.md.

Flags:
`

func main() {
	flag.Usage = func() {
		fmt.Fprint(flag.CommandLine.Output(), usage)
		flag.PrintDefaults()
	}
	out := flag.String("o", "", "the folder to build into (default wasm/dist of the module)")
	version := flag.String("version", "", "the package's version (default that of wasm/js/package.json)")
	only := flag.String("games", "", "the games of the bundle, by short name, separated by commas (default every game: "+strings.Join(catalog.Names(), ",")+")")
	sizes := flag.Bool("sizes", false, "print the size of games.wasm in Brotli too (quality 11: some fifteen seconds more)")
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	games, err := chosen(*only)
	if err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(2)
	}
	if err := build(*out, *version, games, *sizes); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}

// chosen returns the games a -games flag names, in the catalog's order;
// every game for "".
func chosen(list string) ([]anygame.Game, error) {
	all := catalog.Games()
	if strings.TrimSpace(list) == "" {
		return all, nil
	}
	want := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if _, err := catalog.Lookup(name); err != nil {
			return nil, fmt.Errorf("-games: no game is named %q (the games are %s)", name, strings.Join(catalog.Names(), ", "))
		}
		want[name] = true
	}
	var games []anygame.Game
	for _, g := range all {
		if want[g.Info().Name] {
			games = append(games, g)
		}
	}
	return games, nil
}

// names returns the short names of games.
func names(games []anygame.Game) []string {
	var ns []string
	for _, g := range games {
		ns = append(ns, g.Info().Name)
	}
	return ns
}

func build(out, version string, games []anygame.Game, sizes bool) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	src := filepath.Join(root, "wasm")
	if out == "" {
		out = filepath.Join(src, "dist")
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(out, "types"), 0o755); err != nil {
		return err
	}

	wasm := filepath.Join(out, "games.wasm")
	fmt.Fprintln(os.Stderr, "build: compiling", wasm)
	args := []string{"build", "-trimpath", "-ldflags=-s -w", "-o", wasm}
	if len(games) < len(catalog.Games()) {
		// The bundle serves the games of catalog.Games: for some of them,
		// the build reads the catalog with the others left out (an
		// overlay, which changes no file of the module).
		overlay, cleanup, err := catalogOverlay(root, games)
		if err != nil {
			return err
		}
		defer cleanup()
		args = append(args, "-overlay", overlay)
	}
	gobuild := exec.Command("go", append(args, "./wasm")...)
	gobuild.Dir, gobuild.Stdout, gobuild.Stderr = root, os.Stderr, os.Stderr
	gobuild.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if err := gobuild.Run(); err != nil {
		return fmt.Errorf("go build: %w", err)
	}

	goroot, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	if err := writeModule(filepath.Join(src, "js", "index.mjs"), filepath.Join(out, "index.mjs"), games); err != nil {
		return err
	}
	copies := map[string]string{
		filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"): "wasm_exec.js",
		filepath.Join(src, "js", "index.d.ts"):               "index.d.ts",
		filepath.Join(src, "js", "README.md"):                "README.md",
		filepath.Join(root, "CHANGELOG.md"):                  "CHANGELOG.md",
	}
	declared, err := filepath.Glob(filepath.Join(src, "js", "types", "*.d.ts"))
	if err != nil {
		return err
	}
	for _, f := range declared {
		copies[f] = filepath.Join("types", filepath.Base(f))
	}
	for from, to := range copies {
		if err := copyFile(from, filepath.Join(out, to)); err != nil {
			return err
		}
	}

	types, err := gameTypes(src, names(games))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "games.d.ts"), types, 0o644); err != nil {
		return err
	}
	// TypeScript looks for the declarations of index.mjs, imported by its
	// path, in index.d.mts.
	if err := os.WriteFile(filepath.Join(out, "index.d.mts"), []byte("export * from \"./index.js\";\n"), 0o644); err != nil {
		return err
	}
	pkg, err := packageJSON(src, version, names(games))
	if err != nil {
		return err
	}
	lic, err := licence(root, goroot)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "LICENSE"), lic, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "package.json"), pkg, 0o644); err != nil {
		return err
	}
	return report(wasm, sizes)
}

// moduleRoot returns the folder of the module's go.mod.
func moduleRoot() (string, error) {
	mod, err := goEnv("GOMOD")
	if err != nil {
		return "", err
	}
	if mod == "" || mod == os.DevNull {
		return "", errors.New("run it inside the module github.com/cardrules/games")
	}
	return filepath.Dir(mod), nil
}

func goEnv(name string) (string, error) {
	b, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(b)), nil
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}

// libraryMarker is where index.mjs takes the library's description.
const libraryMarker = "/* library */ null"

// writeModule writes the module index.mjs with the library's description
// written in: the answer of the bundle's function "library", which the
// module then need not call at every load.
func writeModule(from, to string, games []anygame.Game) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if bytes.Count(b, []byte(libraryMarker)) != 1 {
		return fmt.Errorf("%s holds no place for the library's description (%s)", from, libraryMarker)
	}
	desc, err := bridge.New(games).Library()
	if err != nil {
		return err
	}
	b = bytes.Replace(b, []byte(libraryMarker), desc, 1)
	return os.WriteFile(to, b, 0o644)
}

var identifier = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

// gameTypes returns games.d.ts: every game of the catalog, with the types
// its declaration file in src/js/types declares.
func gameTypes(src string, games []string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// The games of the bundle, as the catalog lists them, and their types\n// (generated by go run ./wasm/build).\n\n")
	var entries, missing []string
	for _, name := range games {
		if !identifier.MatchString(name) {
			return nil, fmt.Errorf("game name %q is no TypeScript identifier", name)
		}
		_, err := os.Stat(filepath.Join(src, "js", "types", name+".d.ts"))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			missing = append(missing, name)
			entries = append(entries, fmt.Sprintf("\t%s: { options: { [name: string]: unknown }; state: { game: %q; [member: string]: unknown }; move: { player: number; text: string; [member: string]: unknown }; view: { [member: string]: unknown } };\n", name, name))
		case err != nil:
			return nil, err
		default:
			fmt.Fprintf(&b, "import type * as %s from \"./types/%s.js\";\nexport type { %s };\n", name, name, name)
			entries = append(entries, fmt.Sprintf("\t%s: { options: %s.Options; state: %s.State; move: %s.Move; view: %s.View };\n", name, name, name, name, name))
		}
	}
	b.WriteString("\n/** The types of each game's options, states, moves and views. */\nexport interface GameTypes {\n")
	for _, e := range entries {
		b.WriteString(e)
	}
	b.WriteString("}\n")
	for _, name := range missing {
		fmt.Fprintf(os.Stderr, "build: warning: wasm/js/types/%s.d.ts is missing: the types of %s are declared as any JSON\n", name, name)
	}
	return b.Bytes(), nil
}

// packageJSON returns the package's package.json: the manifest of
// src/js/package.json (its name, version, licence …) with the bundle's
// games in its description and the fields that name its files. In
// "exports", the "types" condition comes first, as TypeScript reads the
// conditions in order; wasm_exec.js has side effects (it defines
// globalThis.Go), which bundlers must keep.
func packageJSON(src, version string, games []string) ([]byte, error) {
	name := filepath.Join(src, "js", "package.json")
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var pkg manifest
	if err := json.Unmarshal(b, &pkg); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var desc string
	if err := pkg.get("description", &desc); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	pkg.set("description", desc+" ("+strings.Join(games, ", ")+")")
	if version != "" {
		pkg.set("version", version)
	}
	pkg.set("main", "./index.mjs")
	pkg.set("types", "./index.d.ts")
	pkg.set("exports", manifest{
		{".", mustJSON(manifest{{"types", mustJSON("./index.d.ts")}, {"default", mustJSON("./index.mjs")}})},
		{"./games.wasm", mustJSON("./games.wasm")},
		{"./package.json", mustJSON("./package.json")},
	})
	pkg.set("files", []string{"games.wasm", "wasm_exec.js", "index.mjs", "index.d.ts", "index.d.mts", "games.d.ts", "types", "README.md", "LICENSE", "CHANGELOG.md"})
	pkg.set("sideEffects", []string{"./wasm_exec.js"})
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	err = enc.Encode(pkg)
	return out.Bytes(), err
}

// A manifest is a JSON object whose members keep their order.
type manifest []member

type member struct {
	key   string
	value json.RawMessage
}

// get decodes the value of key into v.
func (m manifest) get(key string, v any) error {
	for _, e := range m {
		if e.key == key {
			return json.Unmarshal(e.value, v)
		}
	}
	return fmt.Errorf("no member %q", key)
}

// set sets key's value, in its place or else at the end.
func (m *manifest) set(key string, v any) {
	b := mustJSON(v)
	for i, e := range *m {
		if e.key == key {
			(*m)[i].value = b
			return
		}
	}
	*m = append(*m, member{key, b})
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // the values set are strings, lists of strings and manifests
	}
	return b
}

func (m manifest) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, e := range m {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(append(b, mustJSON(e.key)...), ':')
		b = append(b, e.value...)
	}
	return append(b, '}'), nil
}

func (m *manifest) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return errors.New("a package.json is an object")
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return err
		}
		*m = append(*m, member{t.(string), v})
	}
	return nil
}

// licence returns the package's LICENSE: the module's, then Go's, whose
// runtime and standard library the WebAssembly holds and whose
// wasm_exec.js the package ships.
func licence(root, goroot string) ([]byte, error) {
	ours, err := os.ReadFile(filepath.Join(root, "LICENSE"))
	if err != nil {
		return nil, err
	}
	gos, err := os.ReadFile(filepath.Join(goroot, "LICENSE"))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(ours)
	b.WriteString("\n---\n\nThe WebAssembly files hold the Go runtime and standard library, and\nwasm_exec.js is Go's, under this licence:\n\n")
	b.Write(gos)
	return b.Bytes(), nil
}

// catalogOverlay writes, into a temporary file, an overlay for go build
// -overlay that replaces the catalog's source with one whose Games lists
// the given games only, and returns the overlay's name. The catalog's
// source is read as it is and the other games' lines left out of it: each
// game's import ("github.com/cardrules/games/NAME") and its entry in
// Games (anygame.Of(NAME.Rules{}),); a source without them is an error.
func catalogOverlay(root string, games []anygame.Game) (string, func(), error) {
	src := filepath.Join(root, "cards", "catalog", "catalog.go")
	b, err := os.ReadFile(src)
	if err != nil {
		return "", nil, err
	}
	keep := map[string]bool{}
	for _, n := range names(games) {
		keep[n] = true
	}
	text := string(b)
	for _, name := range catalog.Names() {
		if keep[name] {
			continue
		}
		imp := regexp.MustCompile(`(?m)^\s*"github\.com/cardrules/games/` + regexp.QuoteMeta(name) + `"\n`)
		entry := regexp.MustCompile(`(?m)^\s*anygame\.Of\(` + regexp.QuoteMeta(name) + `\.Rules\{\}\),\n`)
		if !imp.MatchString(text) || !entry.MatchString(text) {
			return "", nil, fmt.Errorf("-games: %s does not import and list %s as the build expects (\"github.com/cardrules/games/%s\", anygame.Of(%s.Rules{}),)", src, name, name, name)
		}
		text = entry.ReplaceAllString(imp.ReplaceAllString(text, ""), "")
	}
	replaced, err := os.CreateTemp("", "catalog-*.go")
	if err != nil {
		return "", nil, err
	}
	defer replaced.Close()
	if _, err := replaced.WriteString(text); err != nil {
		return "", nil, err
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {src: replaced.Name()}})
	if err != nil {
		return "", nil, err
	}
	name := strings.TrimSuffix(replaced.Name(), ".go") + ".json"
	if err := os.WriteFile(name, overlay, 0o644); err != nil {
		return "", nil, err
	}
	return name, func() { os.Remove(name); os.Remove(replaced.Name()) }, nil
}

// report prints the bundle's size, raw and gzipped (best compression),
// and with brotli in Brotli too (quality 11, as a server that compresses
// it once sends it; some fifteen seconds for every game).
func report(wasm string, withBrotli bool) error {
	b, err := os.ReadFile(wasm)
	if err != nil {
		return err
	}
	var z countWriter
	w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	if _, err := w.Write(b); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	if !withBrotli {
		fmt.Fprintf(os.Stderr, "build: %s is %.2f MB, %.2f MB gzipped\n", filepath.Base(wasm), float64(len(b))/1e6, float64(z)/1e6)
		return nil
	}
	var br countWriter
	bw := brotli.NewWriterOptions(&br, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	if _, err := bw.Write(b); err != nil {
		return err
	}
	if err := bw.Close(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "build: %s is %.2f MB, %.2f MB gzipped, %.2f MB in Brotli\n", filepath.Base(wasm), float64(len(b))/1e6, float64(z)/1e6, float64(br)/1e6)
	return nil
}

type countWriter int

func (c *countWriter) Write(p []byte) (int, error) {
	*c += countWriter(len(p))
	return len(p), nil
}
