// Command jsongen writes a game package's JSON codec and TypeScript
// declarations from the declarations of its types, so that each member of
// a state, a view, a move, the options and the events' data is declared
// once, in Go.
//
// Run it in the game's package with go generate:
//
//	//go:generate go run github.com/cardrules/games/cards/jsongen -ts ../wasm/js/types/crown.d.ts
//
// It reads the package's Go files (not its tests, nor the file it writes)
// and writes json_gen.go beside them: the codec of every type whose doc
// comment has a directive,
//
//	//cards:json ROLE [ARGUMENTS]
//
// and, with -ts, the TypeScript of the same types. A designer's game in
// another module runs it the same way, by its import path, at the version
// its go.mod requires; its .d.ts imports the shared types (Card, Player,
// ViewBase …) from the library's common.d.ts, at -common.
//
// # Roles
//
//   - options: the game's Options. Its members are its exported fields.
//     Its decoder starts from DefaultOptions() (or defaults=F's): a member
//     left out keeps its default, so that {} is the game of the rules.
//   - view: the game's View, which embeds cards.ViewBase[Move]: the base's
//     members, then its exported fields.
//   - object: a struct of a view or a state (a decree, a play): its
//     exported fields.
//   - state GAME VERSION: the game's State, its fields unexported. GAME and
//     VERSION are Go expressions of the game's name and of its encoding's
//     version. Its members are its fields with a json tag; its field of
//     type cards.Log gives the header. A state's JSON form, and the
//     conversions between it and the state, are generated: integers
//     narrower than int are numbers whose range decoding checks; an array
//     is a JSON array of its full length, of one element a player
//     (json:",seats": as many as Players() says), or of the length its
//     count field holds (json:",len=count"); json:",inline" splices the
//     members of a struct field. After its members, decoding calls the
//     state's decoded() error method, if it has one, to set what its
//     members do not say, and the state's Check.
//   - move text=METHOD seats=N: the game's Move, a union by its kind: a member
//     whose field has no kinds tag is in every move; kinds:"a,b" puts it
//     in the moves of kinds a and b only; kinds:"a?" in moves of kind a
//     whose member is not zero; when:"EXPR" (of the move x) in the moves
//     of its kinds for which EXPR holds. Its JSON ends with its text for
//     people, which METHOD appends, and which decoding skips. With
//     seats=N (a Go expression), decoding refuses a member of type
//     cards.Player that is no seat from 0 to N-1.
//   - event [seats=N]: the data of the game's events, a union by kind as a move is,
//     without text. It gains the method EventKind, for cards.Data.
//   - enum "a phase": an enumeration (uint8) named in JSON after its
//     constants: PhasePlay is "play", RoyalCouncil "royalCouncil" (the
//     type's name left out, the first letter in lower case).
//
// A member is named after its field, its first letter in lower case
// (HandSizes is "handSizes"), unless its json tag names it; json:"-"
// leaves an exported field out. A field's type is one the codec knows
// (numbers, bools, strings, package cards' cards, sets, players, random
// sources, seeds, ranks and results, slices of these), a type of the
// package with a directive, or one of its own encoding, whose doc comment
// gives its TypeScript: //cards:ts Card[]. A member's tag ts:"…" gives
// its TypeScript where its Go type says too little.
//
// Usage:
//
//	jsongen [-o json_gen.go] [-ts FILE.d.ts] [-common ./common.js] [-title TITLE] [DIR]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"strings"
)

const usage = `usage: jsongen [-o json_gen.go] [-ts FILE.d.ts] [-common ./common.js] [-title TITLE] [DIR]

Writes the JSON codec (json_gen.go) and, with -ts, the TypeScript
declarations of the game package in DIR (the current directory by
default) from its types' //cards:json directives. See go doc
github.com/cardrules/games/cards/jsongen.

`

func main() {
	flag.Usage = func() {
		fmt.Fprint(os.Stderr, usage)
		flag.PrintDefaults()
	}
	out := flag.String("o", "json_gen.go", "the Go file to write, in the package's folder")
	ts := flag.String("ts", "", "the TypeScript declarations to write (none if empty)")
	common := flag.String("common", "./common.js", "the module the TypeScript takes the shared types from")
	title := flag.String("title", "", "the game's title, for the TypeScript's first line (the package's name if empty)")
	flag.Parse()
	dir := "."
	switch flag.NArg() {
	case 0:
	case 1:
		dir = flag.Arg(0)
	default:
		flag.Usage()
		os.Exit(2)
	}
	if err := run(dir, *out, *ts, *common, *title); err != nil {
		fmt.Fprintf(os.Stderr, "jsongen: %v\n", err)
		os.Exit(1)
	}
}

func run(dir, out, tsOut, common, title string) error {
	p, err := load(dir, out)
	if err != nil {
		return err
	}
	g := &gen{p: p, common: map[string]bool{}, uses: map[string]bool{}}
	declared := 0
	for _, t := range p.order {
		var err error
		switch t.role {
		case "enum":
			if err = g.genEnum(t); err == nil {
				err = g.tsEnum(t)
			}
		case "options", "view", "object":
			if err = g.genObject(t); err == nil {
				err = g.tsObject(t)
			}
		case "state":
			if err = g.genState(t); err == nil {
				err = g.tsState(t)
			}
		case "move", "event":
			if t.role == "event" {
				if g.events {
					return fmt.Errorf("package %s declares two types of events' data", p.name)
				}
				g.events = true
			}
			if err = g.genUnion(t); err == nil {
				err = g.tsUnion(t)
			}
			if err == nil && t.role == "event" && t.name != "EventData" {
				g.tsf("/** The data of the game's events, by the name the bundle's types use. */\nexport type EventData = %s;\n\n", t.name)
			}
		case "":
			if exportedOwn(t) {
				g.tsOwn(t)
			}
			continue
		}
		if err != nil {
			return err
		}
		declared++
	}
	if declared == 0 {
		return fmt.Errorf("package %s declares no type with a //cards:json directive", p.name)
	}
	if !g.events {
		g.tsf("/** The game tells its events in words alone: they carry no data. */\nexport type EventData = never;\n")
	}
	g.genArrays()
	src, err := g.goFile()
	if err != nil {
		return err
	}
	if err := writeIfChanged(filepath.Join(dir, out), src); err != nil {
		return err
	}
	if tsOut == "" {
		return nil
	}
	if title == "" {
		title = p.name
	}
	return writeIfChanged(tsOut, g.tsFile(title, common))
}

// goFile returns the Go file, formatted.
func (g *gen) goFile() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by jsongen from the //cards:json directives of package %s; DO NOT EDIT.\n\n", g.p.name)
	fmt.Fprintf(&b, "package %s\n\nimport (\n", g.p.name)
	if g.uses["strconv"] {
		b.WriteString("\t\"strconv\"\n\n")
	}
	if g.uses["cards"] {
		b.WriteString("\t\"github.com/cardrules/games/cards\"\n")
	}
	b.WriteString("\t\"github.com/cardrules/games/cards/cardjson\"\n)\n\n")
	b.Write(g.b.Bytes())
	src, err := format.Source(b.Bytes())
	if err != nil {
		return b.Bytes(), fmt.Errorf("the generated code does not parse: %v", err)
	}
	return src, nil
}

// tsFile returns the TypeScript declarations.
func (g *gen) tsFile(title, common string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// %s: its options, states, moves, views and events' data.\n", title)
	fmt.Fprintf(&b, "// Generated by jsongen from the //cards:json directives of package %s; do not edit.\n\n", g.p.name)
	if len(g.common) > 0 {
		fmt.Fprintf(&b, "import type { %s } from %q;\n\n", strings.Join(sortedKeys(g.common), ", "), common)
	}
	b.Write(bytes.TrimRight(g.ts.Bytes(), "\n"))
	b.WriteString("\n")
	return b.Bytes()
}

// writeIfChanged writes data to name unless it holds it already, so that
// a generation that changes nothing leaves the file's time as it was.
func writeIfChanged(name string, data []byte) error {
	if old, err := os.ReadFile(name); err == nil && bytes.Equal(old, data) {
		return nil
	}
	return os.WriteFile(name, data, 0o644)
}
