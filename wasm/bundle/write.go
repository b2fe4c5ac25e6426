package bundle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// write writes the package's files beside its WebAssembly.
func (b *builder) write(entries []entry, files []File) error {
	js := filepath.Join(b.ours, "wasm", "js")
	copies := map[string]string{
		filepath.Join(b.goroot, "lib", "wasm", "wasm_exec.js"): "wasm_exec.js",
		filepath.Join(js, "loader.mjs"):                        "loader.mjs",
		filepath.Join(js, "api.d.ts"):                          "api.d.ts",
		filepath.Join(js, "types", "common.d.ts"):              filepath.Join("types", "common.d.ts"),
	}
	if b.own() {
		copies[filepath.Join(b.ours, "CHANGELOG.md")] = "CHANGELOG.md"
	}
	var typed []string // the games whose types wasm/js/types declares
	for _, g := range b.desc.Games {
		f := filepath.Join(js, "types", g.Name+".d.ts")
		switch _, err := os.Stat(f); {
		case err == nil:
			copies[f] = filepath.Join("types", g.Name+".d.ts")
			typed = append(typed, g.Name)
		case !errors.Is(err, fs.ErrNotExist):
			return err
		}
	}
	for from, to := range copies {
		if err := copyFile(from, filepath.Join(b.Out, to)); err != nil {
			return err
		}
	}
	for i, e := range entries {
		mod, err := b.module(e, files[i].Raw)
		if err != nil {
			return err
		}
		if err := b.writeFile(e.name+".mjs", mod); err != nil {
			return err
		}
		if err := b.writeFile(e.name+".d.ts", b.declarations(e, typed)); err != nil {
			return err
		}
		// TypeScript looks for the declarations of NAME.mjs, imported by
		// its path, in NAME.d.mts.
		if err := b.writeFile(e.name+".d.mts", fmt.Appendf(nil, "export * from \"./%s.js\";\n", e.name)); err != nil {
			return err
		}
	}
	readme, err := os.ReadFile(filepath.Join(js, "README.md"))
	if err != nil {
		return err
	}
	pkg, err := b.manifest(js, entries)
	if err != nil {
		return err
	}
	if name := b.packageName(pkg); name != "@cardrules/games" {
		readme = bytes.ReplaceAll(readme, []byte(`"@cardrules/games`), []byte(`"`+name))
	}
	lic, err := b.licence()
	if err != nil {
		return err
	}
	for name, content := range map[string][]byte{"package.json": pkg, "README.md": readme, "LICENSE": lic} {
		if err := b.writeFile(name, content); err != nil {
			return err
		}
	}
	for _, g := range b.desc.Games {
		if !slices.Contains(typed, g.Name) {
			fmt.Fprintf(b.Log, "bundle: %s has no types in wasm/js/types/%s.d.ts: its options, states, moves and views are declared as any JSON\n", g.Name, g.Name)
		}
	}
	return nil
}

func (b *builder) writeFile(name string, content []byte) error {
	return os.WriteFile(filepath.Join(b.Out, name), content, 0o644)
}

func copyFile(from, to string) error {
	content, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, content, 0o644)
}

// own reports whether the bundle is this module's package: only games of
// this module, under the package's own name.
func (b *builder) own() bool {
	for _, p := range b.pkgs {
		if !strings.HasPrefix(p, Module+"/") {
			return false
		}
	}
	return b.Name == "" || b.Name == "@cardrules/games"
}

// module returns the JavaScript module of entry e: its WebAssembly named
// as bundlers find it, the library it serves and its size written in.
func (b *builder) module(e entry, size int) ([]byte, error) {
	var names []string
	own := map[string]string{}
	for _, i := range e.games {
		g := b.desc.Games[i]
		names = append(names, g.Name)
		if len(b.desc.Games) > 1 && b.PerGame {
			own[g.Name] = g.Name + ".mjs"
		} else {
			own[g.Name] = "index.mjs"
		}
	}
	entries, err := json.Marshal(own)
	if err != nil {
		return nil, err
	}
	var s bytes.Buffer
	if e.name == "index" {
		fmt.Fprintf(&s, "// Every game of the bundle (%s), in one WebAssembly file, %s.\n", strings.Join(names, ", "), e.wasm)
	} else {
		fmt.Fprintf(&s, "// The game %s alone, in its WebAssembly file, %s: no other game's engine.\n", e.name, e.wasm)
	}
	s.WriteString("// Written by the bundle's build (go run " + Module + "/wasm/build); loader.mjs tells the rest.\n")
	s.WriteString("import { entry, GameError } from \"./loader.mjs\";\n\nexport { GameError };\n\n")
	s.WriteString("// What the WebAssembly serves: the program's answer to \"library\", which\n// the module need not ask at each load.\n")
	fmt.Fprintf(&s, "const described = %s;\n\n", e.lib)
	s.WriteString("// The file's URL relative to the module's, as bundlers know it: they emit\n// the file beside the bundle, and the module finds it there.\n")
	fmt.Fprintf(&s, "export const { load, describe } = entry(new URL(%q, import.meta.url), described, %d, %s);\n", "./"+e.wasm, size, entries)
	return s.Bytes(), nil
}

// keywords are the words of JavaScript that cannot name a game's types.
var keywords = strings.Fields(`break case catch class const continue debugger default delete do else enum export extends
false finally for function if import in instanceof new null return super switch this throw true try typeof var void
while with implements interface let package private protected public static yield await type`)

// declarations returns the TypeScript declarations of entry e: its games
// and their types (those of typed from types/, the others as any JSON),
// and the API over them.
func (b *builder) declarations(e entry, typed []string) []byte {
	var s bytes.Buffer
	var names []string
	for _, i := range e.games {
		names = append(names, b.desc.Games[i].Name)
	}
	fmt.Fprintf(&s, "// The types of %s.mjs: %s (written by the bundle's build).\n\n", e.name, strings.Join(names, ", "))
	s.WriteString("import type * as api from \"./api.js\";\n")
	var spaces, members []string
	for _, n := range names {
		if slices.Contains(typed, n) && !slices.Contains(keywords, n) {
			fmt.Fprintf(&s, "import type * as %s from \"./types/%s.js\";\n", n, n)
			spaces = append(spaces, n)
			members = append(members, fmt.Sprintf("\t%s: { options: %s.Options; state: %s.State; move: %s.Move; view: %s.View; event: %s.EventData };\n", n, n, n, n, n, n))
		} else {
			members = append(members, fmt.Sprintf("\t%s: { options: { [name: string]: unknown }; state: { game: %q; [member: string]: unknown }; move: { player: number; text: string; [member: string]: unknown }; view: { [member: string]: unknown }; event: { kind: string; [member: string]: unknown } };\n", n, n))
		}
	}
	s.WriteString("\nexport type * from \"./types/common.js\";\n")
	if len(spaces) > 0 {
		fmt.Fprintf(&s, "export type { %s };\n", strings.Join(spaces, ", "))
	}
	s.WriteString(`export type { BotInfo, BotOption, BotOptions, Description, ErrorCode, GameDescription, GameMap, GameShape, LoadOptions, Progress, Source } from "./api.js";
export { GameError } from "./api.js";

/** The types of each game's options, states, moves, views and events' data. */
export interface GameTypes {
`)
	for _, m := range members {
		s.WriteString(m)
	}
	s.WriteString(`}

/** The short name of a game of the entry. */
export type GameName = keyof GameTypes & string;
/** The options of game N, every one named. */
export type Options<N extends GameName> = GameTypes[N]["options"];
/** A state of game N: the whole game, secrets included. */
export type State<N extends GameName> = GameTypes[N]["state"];
/** A move of game N, as the game lists it. */
export type Move<N extends GameName> = GameTypes[N]["move"];
/** What a player may know of a state of game N. */
export type View<N extends GameName> = GameTypes[N]["view"];
/** What an event of game N tells as data: a union by kind. */
export type EventData<N extends GameName> = GameTypes[N]["event"];
/** Options as a program gives them: any of them, the seed a bigint too. */
export type OptionsInput<N extends GameName> = api.OptionsInputOf<GameTypes, N>;
/** A state and the events that led to it. */
export type Step<N extends GameName> = api.StepOf<GameTypes, N>;
/** The canonical history of a game: its options and every move in order. */
export type GameRecord<N extends GameName> = api.GameRecordOf<GameTypes, N>;
/** One game of the library. Every function leaves its arguments unchanged. */
export type Game<N extends GameName = GameName> = api.GameOf<GameTypes, N>;
/** The library: every game of the entry. */
export type Library = api.LibraryOf<GameTypes>;

/**
 * Loads the entry's WebAssembly and returns a fresh instance of the
 * library. Node.js reads the file beside the module and a browser fetches
 * it, unless source says where it is; options.onProgress is told the bytes
 * received of the total, then that it compiles. It rejects with a
 * GameError: "bad_input" when source is no bundle.
 */
export declare function load(source?: api.Source, options?: api.LoadOptions): Promise<Library>;

/**
 * The entry's games (their info, default options and bots, and the module
 * of the package that loads each alone) and the bots' options, without
 * loading them: what a form or a lobby shows before a game starts.
 */
export declare function describe(): api.Description<GameTypes>;
`)
	return s.Bytes()
}

// manifest returns the package's package.json: the manifest of this
// module's wasm/js/package.json (its name, version, licence …) with the
// bundle's games in its description and the fields that name its files. In
// "exports", the "types" condition comes first, as TypeScript reads the
// conditions in order; wasm_exec.js has side effects (it defines
// globalThis.Go), which bundlers must keep.
func (b *builder) manifest(js string, entries []entry) ([]byte, error) {
	name := filepath.Join(js, "package.json")
	content, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var pkg manifest
	if err := json.Unmarshal(content, &pkg); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var desc string
	if err := pkg.get("description", &desc); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var games []string
	for _, g := range b.desc.Games {
		games = append(games, g.Name)
	}
	pkg.set("description", desc+" ("+strings.Join(games, ", ")+")")
	if !b.own() {
		// A package of other games: their licences are their authors'.
		pkg.set("license", "SEE LICENSE IN LICENSE")
		pkg.remove("homepage")
		pkg.remove("repository")
	}
	if b.Name != "" {
		pkg.set("name", b.Name)
	}
	if b.Version != "" {
		pkg.set("version", b.Version)
	}
	pkg.set("main", "./index.mjs")
	pkg.set("types", "./index.d.ts")
	var exports manifest
	files := []string{"loader.mjs", "wasm_exec.js", "api.d.ts", "types"}
	for _, e := range entries {
		path := "./" + e.name
		if e.name == "index" {
			path = "."
		}
		exports.set(path, manifest{{"types", mustJSON("./" + e.name + ".d.ts")}, {"default", mustJSON("./" + e.name + ".mjs")}})
		files = append(files, e.name+".mjs", e.name+".d.ts", e.name+".d.mts")
	}
	for _, e := range entries {
		exports.set("./"+e.wasm, "./"+e.wasm)
		files = append(files, e.wasm)
	}
	exports.set("./package.json", "./package.json")
	files = append(files, "README.md", "LICENSE")
	if b.own() {
		files = append(files, "CHANGELOG.md")
	}
	pkg.set("exports", exports)
	pkg.set("files", files)
	pkg.set("sideEffects", []string{"./wasm_exec.js"})
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	err = enc.Encode(pkg)
	return out.Bytes(), err
}

// packageName returns the name in the package.json pkg.
func (b *builder) packageName(pkg []byte) string {
	var p struct{ Name string }
	json.Unmarshal(pkg, &p)
	return p.Name
}

// licence returns the package's LICENSE: this module's, then Go's, whose
// runtime and standard library the WebAssembly holds and whose
// wasm_exec.js the package ships; and for a bundle of other games, a note
// that their licences are their authors'.
func (b *builder) licence() ([]byte, error) {
	ours, err := os.ReadFile(filepath.Join(b.ours, "LICENSE"))
	if err != nil {
		return nil, err
	}
	gos, err := os.ReadFile(filepath.Join(b.goroot, "LICENSE"))
	if err != nil {
		return nil, err
	}
	var s bytes.Buffer
	if !b.own() {
		var others []string
		for _, p := range b.pkgs {
			if !strings.HasPrefix(p, Module+"/") {
				others = append(others, p)
			}
		}
		fmt.Fprintf(&s, "The games of %s are under the licences their authors give them.\nThe rest of this package is %s's, under this licence:\n\n", strings.Join(others, ", "), Module)
	}
	s.Write(ours)
	s.WriteString("\n---\n\nThe WebAssembly files hold the Go runtime and standard library, and\nwasm_exec.js is Go's, under this licence:\n\n")
	s.Write(gos)
	return s.Bytes(), nil
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
	value := mustJSON(v)
	for i, e := range *m {
		if e.key == key {
			(*m)[i].value = value
			return
		}
	}
	*m = append(*m, member{key, value})
}

// remove removes key.
func (m *manifest) remove(key string) {
	*m = slices.DeleteFunc(*m, func(e member) bool { return e.key == key })
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
