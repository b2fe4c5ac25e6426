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

	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/wasm/internal/bridge"
)

const usage = `usage: go run ./wasm/build [-o dir] [-version v]

Builds the WebAssembly bundle of every game of the catalog into an npm
package folder: games.wasm, wasm_exec.js, index.mjs, index.d.ts (and
index.d.mts), games.d.ts, types/, package.json and README.md.

Flags:
`

func main() {
	flag.Usage = func() {
		fmt.Fprint(flag.CommandLine.Output(), usage)
		flag.PrintDefaults()
	}
	out := flag.String("o", "", "the folder to build into (default wasm/dist of the module)")
	version := flag.String("version", "0.1.0", "the package's version")
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := build(*out, *version); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}

func build(out, version string) error {
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
	gobuild := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "./wasm")
	gobuild.Dir, gobuild.Stdout, gobuild.Stderr = root, os.Stderr, os.Stderr
	gobuild.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if err := gobuild.Run(); err != nil {
		return fmt.Errorf("go build: %w", err)
	}

	goroot, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	if err := writeModule(filepath.Join(src, "js", "index.mjs"), filepath.Join(out, "index.mjs")); err != nil {
		return err
	}
	copies := map[string]string{
		filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"): "wasm_exec.js",
		filepath.Join(src, "js", "index.d.ts"):               "index.d.ts",
		filepath.Join(src, "js", "README.md"):                "README.md",
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

	games, err := gameTypes(src)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "games.d.ts"), games, 0o644); err != nil {
		return err
	}
	// TypeScript looks for the declarations of index.mjs, imported by its
	// path, in index.d.mts.
	if err := os.WriteFile(filepath.Join(out, "index.d.mts"), []byte("export * from \"./index.js\";\n"), 0o644); err != nil {
		return err
	}
	pkg, err := packageJSON(version)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "package.json"), pkg, 0o644); err != nil {
		return err
	}
	return report(wasm)
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
func writeModule(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if bytes.Count(b, []byte(libraryMarker)) != 1 {
		return fmt.Errorf("%s holds no place for the library's description (%s)", from, libraryMarker)
	}
	desc, err := bridge.New(catalog.Games()).Library()
	if err != nil {
		return err
	}
	b = bytes.Replace(b, []byte(libraryMarker), desc, 1)
	return os.WriteFile(to, b, 0o644)
}

var identifier = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

// gameTypes returns games.d.ts: every game of the catalog, with the types
// its declaration file in src/js/types declares.
func gameTypes(src string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// The games of the bundle, as the catalog lists them, and their types\n// (generated by go run ./wasm/build).\n\n")
	var entries, missing []string
	for _, name := range catalog.Names() {
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

// packageJSON returns the package's package.json. In "exports", the
// "types" condition comes first, as TypeScript reads the conditions in
// order; wasm_exec.js has side effects (it defines globalThis.Go), which
// bundlers must keep.
func packageJSON(version string) ([]byte, error) {
	type entry struct {
		Types   string `json:"types"`
		Default string `json:"default"`
	}
	type exports struct {
		Main        entry  `json:"."`
		Wasm        string `json:"./games.wasm"`
		PackageJSON string `json:"./package.json"`
	}
	pkg := struct {
		Name        string            `json:"name"`
		Version     string            `json:"version"`
		Description string            `json:"description"`
		Keywords    []string          `json:"keywords"`
		Type        string            `json:"type"`
		Main        string            `json:"main"`
		Types       string            `json:"types"`
		Exports     exports           `json:"exports"`
		Files       []string          `json:"files"`
		SideEffects []string          `json:"sideEffects"`
		Engines     map[string]string `json:"engines"`
	}{
		Name:        "@cardrules/games",
		Version:     version,
		Description: "Card games by their exact rules (" + strings.Join(catalog.Names(), ", ") + ") in WebAssembly, for browsers and Node.js",
		Keywords:    []string{"cards", "card-games", "game-engine", "webassembly", "wasm"},
		Type:        "module",
		Main:        "./index.mjs",
		Types:       "./index.d.ts",
		Exports:     exports{Main: entry{Types: "./index.d.ts", Default: "./index.mjs"}, Wasm: "./games.wasm", PackageJSON: "./package.json"},
		Files:       []string{"games.wasm", "wasm_exec.js", "index.mjs", "index.d.ts", "index.d.mts", "games.d.ts", "types", "README.md"},
		SideEffects: []string{"./wasm_exec.js"},
		Engines:     map[string]string{"node": ">=20"},
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	err := enc.Encode(pkg)
	return b.Bytes(), err
}

// report prints the bundle's size, raw and gzipped.
func report(wasm string) error {
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
	fmt.Fprintf(os.Stderr, "build: %s is %.2f MB, %.2f MB gzipped\n", filepath.Base(wasm), float64(len(b))/1e6, float64(z)/1e6)
	return nil
}

type countWriter int

func (c *countWriter) Write(p []byte) (int, error) {
	*c += countWriter(len(p))
	return len(p), nil
}
