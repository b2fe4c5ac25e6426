//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprint(os.Stderr, `This program runs as a Cloudflare Worker, built for WebAssembly; from examples/worker:

	npm ci && npm run build && npm run migrate && npm run dev

serves it locally with wrangler dev on http://127.0.0.1:8787/api/. go run ./examples/server
serves the same API natively.
`)
	os.Exit(2)
}
