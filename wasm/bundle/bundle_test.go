//go:build !js

package bundle

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/games/wasm/bridge"
)

// TestProgram checks the programs the build writes: they import the
// games' packages and serve, or describe, their Rules.
func TestProgram(t *testing.T) {
	serve := string(program([]string{Module + "/crown", "example.com/me/crazyeights"}, "serve"))
	for _, want := range []string{`game0 "github.com/cardrules/games/crown"`, `game1 "example.com/me/crazyeights"`, "exports.Serve(anygame.Of(game0.Rules{}), anygame.Of(game1.Rules{}))"} {
		if !strings.Contains(serve, want) {
			t.Errorf("the serving program lacks %s:\n%s", want, serve)
		}
	}
	describe := string(program([]string{Module + "/packs"}, "describe"))
	if !strings.Contains(describe, "bridge.Describe(os.Stdout, anygame.Of(game0.Rules{}))") || strings.Contains(describe, "exports") {
		t.Errorf("the describing program:\n%s", describe)
	}
}

// TestRefusals checks the games a build refuses, before it compiles.
func TestRefusals(t *testing.T) {
	for _, c := range []struct {
		games []string
		want  string
	}{
		{[]string{"poker"}, `no game of the catalog is named "poker"`},
		{[]string{"crown", "crown"}, "named twice"},
		{[]string{"./nosuchfolder"}, "nosuchfolder"},
		{[]string{"../build"}, "is a command (package main)"},
	} {
		_, err := Build(t.Context(), Config{Games: c.games, Out: t.TempDir()})
		if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want an error of the config saying %q", c.games, err, c.want)
		}
	}
}

// TestDeclarations checks an entry's TypeScript: a game with declared
// types takes them, another is any JSON.
func TestDeclarations(t *testing.T) {
	b := &builder{desc: bridge.Description{Games: []bridge.GameLibrary{{Name: "crown"}, {Name: "crazyeights"}}}}
	d := string(b.declarations(entry{name: "index", games: []int{0, 1}}, []string{"crown"}))
	for _, want := range []string{
		`import type * as crown from "./types/crown.js";`,
		"crown: { options: crown.Options; state: crown.State; move: crown.Move; view: crown.View; event: crown.EventData };",
		`crazyeights: { options: { [name: string]: unknown }; state: { game: "crazyeights"`,
		"export declare function load(source?: api.Source, options?: api.LoadOptions): Promise<Library>;",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("the declarations lack %s:\n%s", want, d)
		}
	}
}

// TestOutsideGame builds a bundle in a designer's module, outside this
// one, of a game of theirs beside one of ours, and loads it in Node.js.
func TestOutsideGame(t *testing.T) {
	if testing.Short() {
		t.Skip("a build of two WebAssembly programs is long for -short")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(mod, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(mod, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/designer\n\ngo 1.26.0\n\nrequire "+Module+" v0.0.0\n\nreplace "+Module+" => "+root+"\n")
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write("go.sum", string(sum))
	// The designer's game: Claim the Crown under a name of their own.
	write("mycrown/mycrown.go", `// Package mycrown is a game of the designer's: Claim the Crown renamed.
package mycrown

import "github.com/cardrules/games/crown"

type Rules = crown.Rules
`)
	out := filepath.Join(mod, "web")
	var log bytes.Buffer
	files, err := Build(t.Context(), Config{Games: []string{"./mycrown"}, Dir: mod, Out: out, Name: "@designer/games", Version: "1.2.3", PerGame: true, Log: &log})
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if len(files) != 1 || files[0].Name != "games.wasm" || !slices.Equal(files[0].Games, []string{"crown"}) {
		t.Errorf("files %+v: one game, no entry of each", files)
	}
	if _, err := os.Stat(filepath.Join(mod, genFolder)); err == nil {
		t.Errorf("the build left %s in the module", genFolder)
	}
	var pkg struct {
		Name, Version, License string
		Exports                map[string]any
	}
	content, _ := os.ReadFile(filepath.Join(out, "package.json"))
	if err := json.Unmarshal(content, &pkg); err != nil {
		t.Fatal(err)
	}
	if pkg.Name != "@designer/games" || pkg.Version != "1.2.3" || pkg.License != "SEE LICENSE IN LICENSE" {
		t.Errorf("package.json: %s", content)
	}
	lic, _ := os.ReadFile(filepath.Join(out, "LICENSE"))
	if !strings.HasPrefix(string(lic), "The games of example.com/designer/mycrown are under the licences their authors give them.") {
		t.Errorf("LICENSE: %.200s", lic)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: the bundle is built, not loaded")
	}
	node := exec.CommandContext(t.Context(), "node", "--input-type=module", "-e", `
const { load, describe } = await import(process.argv[1]);
const lib = await load();
const g = lib.game("crown");
let { state } = g.start({ seed: 1 });
while (!g.status(state).over) state = g.apply(state, g.legalMoves(state)[0]).state;
console.log(lib.games.join(), describe().games[0].entry, g.status(state).over);
`, filepath.Join(out, "index.mjs"))
	got, err := node.CombinedOutput()
	if err != nil || strings.TrimSpace(string(got)) != "crown index.mjs true" {
		t.Errorf("node: %v\n%s", err, got)
	}
}

// TestAGamesFileIsSmall checks what keeps a game's WebAssembly small.
// It leaves out time.Time's formatting and parsing, some 40 KB in
// Brotli, which a context.Context or a time.Time in a bot's or a game's
// types would keep in it (see bot.Context): Go keeps every function's
// name, ended by a zero byte, for its stack traces. And its data is in a
// few segments, not the tens of thousands Go's linker writes (see
// mergeSegments).
func TestAGamesFileIsSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("a build of a WebAssembly program is long for -short")
	}
	out := t.TempDir()
	if _, err := Build(t.Context(), Config{Games: []string{"crown"}, Out: out}); err != nil {
		t.Fatal(err)
	}
	content, err := os.ReadFile(filepath.Join(out, "games.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"time.Time.Format", "time.Time.String", "time.Time.MarshalJSON"} {
		if bytes.Contains(content, []byte(f+"\x00")) {
			t.Errorf("the WebAssembly keeps %s", f)
		}
	}
	sections, err := splitSections(content)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sections {
		if s.id != dataSection {
			continue
		}
		if segments, err := readSegments(s.body); err != nil || len(segments) > 100 {
			t.Errorf("the data is in %d segments (%v), want a few", len(segments), err)
		}
	}
}
