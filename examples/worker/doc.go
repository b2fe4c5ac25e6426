// Worker is the games' HTTP server as a Cloudflare Worker: the handler of
// package server, built for WebAssembly with github.com/syumai/workers,
// serving the API at /api/ from a D1 database. Every request starts afresh
// and finds every game in D1, so any number of instances serve the same
// games.
//
// Build it, run it locally with wrangler dev on a local D1, and deploy it,
// from this folder (Node.js and Go are all it needs):
//
//	npm ci                   # wrangler, pinned by package-lock.json
//	npm run build            # build/: app.wasm and its glue (2.7 MB gzipped), which worker.mjs runs
//	npm run migrate          # the schema, on the local D1 (in .wrangler/)
//	npm run dev              # build, migrate, then http://127.0.0.1:8787/api/catalog
//
//	npx wrangler d1 create cardrules-games   # once; put its id in wrangler.toml
//	npm run deploy           # build, the schema on the remote D1, then the worker
//
// Built for the host rather than WebAssembly, the program says so and
// exits: D1 is only reached from a worker.
//
// Each request runs in a fresh Go instance of its own, and the instances
// of an isolate share its memory: worker.mjs, the worker's entry point,
// lets a few requests run at once and queues the others, in order.
//
// Its test builds the worker, starts wrangler dev with a local D1 on
// 127.0.0.1, and plays complete games of every game over HTTP, refusals
// included.
package main
