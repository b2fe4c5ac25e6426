//go:build !js

// Web serves the web page that plays every game of this module in the
// browser, on the WebAssembly bundle: choose a game, its options and who
// sits in each seat (you, or a bot and its strength), then play on the
// table; a game in progress survives a reload.
//
// Usage:
//
//	go run ./examples/web [flags]
//
// Run from the module's root, it builds the bundle into wasm/dist (as go
// run ./wasm/build does), then serves the page of examples/web/page at
// http://127.0.0.1:8000/ and the bundle at /bundle/. -addr, -page and
// -bundle change them; -build=false serves the bundle as it is. The
// games' server (go run ./examples/server) serves the same page beside
// its API.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"

	"github.com/cardrules/games/cards/webpage"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

// config is what the flags say.
type config struct {
	addr   string
	page   string
	bundle string
	build  bool
}

func parse(args []string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.addr, "addr", "127.0.0.1:8000", "the address to listen on")
	fs.StringVar(&c.page, "page", "examples/web/page", "the folder of the web page")
	fs.StringVar(&c.bundle, "bundle", "wasm/dist", "the folder of the WebAssembly bundle, served at "+webpage.BundlePath)
	fs.BoolVar(&c.build, "build", true, "build the bundle into the -bundle folder before serving (go run ./wasm/build)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: go run ./examples/web [flags]\n\n")
		fmt.Fprintf(stderr, "Serves the web page that plays the games in the browser, on the WebAssembly bundle.\nRun it from the module's root.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "web: unexpected arguments %q\n", fs.Args())
		fs.Usage()
		return c, errors.New("unexpected arguments")
	}
	return c, nil
}

func run(args []string, stderr io.Writer) int {
	c, err := parse(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if c.build {
		if err := build(ctx, c.bundle, stderr); err != nil {
			fmt.Fprintln(stderr, "web:", err)
			return 1
		}
	}
	if err := serve(ctx, c, stderr, nil); err != nil {
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	return 0
}

// build builds the bundle into dir, showing the builder's progress.
func build(ctx context.Context, dir string, stderr io.Writer) error {
	cmd := exec.CommandContext(ctx, "go", "run", "./wasm/build", "-o", dir)
	cmd.Stdout, cmd.Stderr = stderr, stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building the bundle (go run ./wasm/build -o %s, from the module's root): %w", dir, err)
	}
	return nil
}

// serve serves until ctx is done. If ready is not nil, it receives the
// address listened on.
func serve(ctx context.Context, c config, stderr io.Writer, ready chan<- string) error {
	if err := webpage.Check(c.page, c.bundle); err != nil {
		return fmt.Errorf("%w (run it from the module's root, or name the folders with -page and -bundle)", err)
	}
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           webpage.Handler(c.page, c.bundle, webpage.Site{}),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	fmt.Fprintf(stderr, "web: the page is at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	if ready != nil {
		ready <- ln.Addr().String()
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return srv.Shutdown(shutdown)
}
