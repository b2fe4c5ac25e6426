// Command build builds a WebAssembly bundle of games for JavaScript: an
// npm package folder (wasm/dist by default) that browsers, their bundlers
// and Node.js load, with the entry of every game (index.mjs, games.wasm),
// an entry of each game alone (crown.mjs, crown.wasm …), their loader,
// TypeScript declarations and package.json. Package bundle does the work;
// its documentation tells the folder's files.
//
// In this module, it builds the catalog's games:
//
//	go run ./wasm/build
//
// In a module of your own, which requires this one, it builds any games,
// yours beside ours, named by their Go packages:
//
//	go run github.com/cardrules/games/wasm/build -games ./crazyeights,crown -o web/games
//
// It prints the size of each WebAssembly file, raw and gzipped, and with
// -sizes in Brotli too.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"text/tabwriter"

	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/wasm/bundle"
)

const usage = `usage: go run github.com/cardrules/games/wasm/build [flags]

Builds the WebAssembly bundle of the catalog's games (or of the games
-games names, a designer's own included) into an npm package folder: the
entry of every game (index.mjs, games.wasm), an entry of each game alone
(NAME.mjs, NAME.wasm), loader.mjs, wasm_exec.js, TypeScript declarations,
package.json, README.md and LICENSE. Run it inside a Go module that holds
or requires the games.

Flags:
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	var c bundle.Config
	games := fs.String("games", "", "the bundle's games, separated by commas: a game of the catalog by its name ("+strings.Join(catalog.Names(), ", ")+"), or a Go package by its import path or folder (./mygame); default the catalog's")
	fs.StringVar(&c.Out, "o", "", "the folder to build into, emptied first (default wasm/dist in this module, dist in another)")
	fs.StringVar(&c.Name, "name", "", "the package's name (default @cardrules/games)")
	fs.StringVar(&c.Version, "version", "", "the package's version (default that of wasm/js/package.json)")
	fs.BoolVar(&c.PerGame, "per-game", true, "build an entry of each game alone too, when there are several")
	fs.BoolVar(&c.Brotli, "sizes", false, "measure the WebAssembly in Brotli too (quality 11: some fifteen seconds a file)")
	fs.BoolVar(&c.Names, "names", false, "keep the functions' names in the WebAssembly, for go run ./wasm/internal/wasmsize")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "build: unexpected arguments %q\n", fs.Args())
		fs.Usage()
		return 2
	}
	if *games != "" {
		c.Games = strings.Split(*games, ",")
	}
	c.Log = stderr
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	files, err := bundle.Build(ctx, c)
	if err != nil {
		fmt.Fprintln(stderr, "build:", err)
		if errors.Is(err, bundle.ErrConfig) {
			return 2
		}
		return 1
	}
	report(stdout, files)
	return 0
}

// report prints the WebAssembly files' sizes.
func report(w io.Writer, files []bundle.File) {
	t := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(t, "file\tgames\traw\tgzipped\tBrotli\t")
	for _, f := range files {
		br := "-"
		if f.Brotli > 0 {
			br = mb(f.Brotli)
		}
		fmt.Fprintf(t, "%s\t%s\t%s\t%s\t%s\t\n", f.Name, strings.Join(f.Games, ","), mb(f.Raw), mb(f.Gzip), br)
	}
	t.Flush()
}

func mb(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }
