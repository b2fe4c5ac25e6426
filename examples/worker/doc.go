// Worker is the games' HTTP server as a Cloudflare Worker: the handler of
// package server, built for WebAssembly, serving the API at /api/ from a
// D1 database (through the driver of github.com/syumai/workers). It keeps
// every game in D1, so any number of instances serve the same games.
//
// Build it, run it locally with wrangler dev on a local D1, and deploy it,
// from this folder (Node.js and Go are all it needs):
//
//	npm ci                   # wrangler, pinned by package-lock.json
//	npm run build            # build/: app.wasm and Go's wasm_exec.js (2.8 MB gzipped), which worker.mjs runs
//	npm run migrate          # the schema, on the local D1 (in .wrangler/)
//	npm run dev              # build, migrate, then http://127.0.0.1:8787/api/catalog
//
//	npx wrangler d1 create cardrules-games   # once; put its id in wrangler.toml
//	npm run deploy           # build, the schema on the remote D1, then the worker
//
// Built for the host rather than WebAssembly, the program says so and
// exits: D1 is only reached from a worker.
//
// worker.mjs, the worker's entry point, keeps a few Go instances in each
// isolate, and each serves request after request, one at a time, for
// starting Go costs more than a request. It hands the request to Go as
// plain values and builds the Response from Go's answer (binding_js.go).
// The work the handler does after its answer, the bots' moves
// (server.Config.Spawn), runs in the request's instance, and the request
// lasts until it is done (ctx.waitUntil); only then does the instance
// serve another request. The other requests wait for an instance, in
// order. An instance that exits, or outgrows its memory, is dropped, and
// another started in its place.
//
// The bots of a game play a turn at most in a request's instance (1 s,
// and the move under way): a game whose bots have more to do
// stays due, and its next read, once they are late, or the cron trigger's
// sweep (every minute, wrangler.toml) lets them play on.
//
// An answer goes out whole once the handler returns, for it must not hold
// an instance: live updates go through a Durable Object for each game
// (GameHub, in worker.mjs), which holds its followers' streams of
// Server-Sent Events (GET /api/games/{id}/stream). The handler tells the
// game's hub of each commit (server.Config.Published); the hub then reads
// each follower's news in a Go instance of its own isolate, as the handler
// sends them natively (every version once, with its events, from the
// follower's Last-Event-ID: the handler answers ?once=1 with what a stream
// has to send, and ends), and writes them on, with heartbeats. The read
// that opens a stream counts against its client's request rate; the reads
// of news do not (server.Handler.Relay, at /internal/relay/, which no
// request from outside reaches). A hub serves at most 256 followers, 16
// of one client (LIMITS's streamsPerClient), each stream for 15 minutes,
// after which its client opens it again from its Last-Event-ID. Natively
// a client's streams are counted over all games, here over each game's;
// and the count of a game's watchers in its views is 0 here, for the
// handler does not see the hub's followers.
//
// The server's limits are its defaults, but that a refusal does not wait
// (it would hold an instance); the variable LIMITS, a JSON object of
// limits by their names in the limits' JSON, changes them:
//
//	npx wrangler dev --var 'LIMITS:{"requestRate":20}'
//
// The limits that the handler keeps in memory (the clients' rates, the
// bots' queue) are those of one instance: each instance has its own.
//
// Its test builds the worker, starts wrangler dev with a local D1 on
// 127.0.0.1, plays complete games of every game over HTTP, refusals
// included, then runs a short load test and logs the CPU that workerd
// spent a request, and the moves a second (-load.clients and
// -load.duration set it; 50 clients for 30 s is the full run). Under
// wrangler dev that CPU counts wrangler's proxy and the local D1 too,
// which Cloudflare does not bill a worker.
package main
