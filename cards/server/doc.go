// Package server serves the games of this module to players over HTTP:
// one http.Handler, written once over the JSON face of package anygame,
// serves every game of package catalog from a database reached through
// database/sql. It runs natively on an embedded SQLite file
// (examples/server) and as a Cloudflare Worker on D1 (examples/worker).
//
// # The API
//
// JSON over HTTP, from the handler's root (the examples mount it at /api):
//
//	GET  /catalog                  the games, with their metadata, default options and bots
//	POST /games                    create a game: {"game":"bastards","options":{…},"seats":["human","human","random"]}
//	GET  /games/{id}?since=N       your seat's view, and the events after the N-th
//	POST /games/{id}/moves         your move: {"version":7,"move":{…}}
//
// Creating a game answers its id and, for each human seat, a secret token
// and a join link for the web page; bot seats name their bot. Requests
// for a game carry the seat's token as a bearer token (Authorization:
// Bearer TOKEN): a token reads its own seat's view and acts for its own
// seat, never another's. A view answer (SeatView) holds the game's
// version; sent back in If-None-Match (the answer's ETag), an unchanged
// version answers 304 Not Modified, so a client polls cheaply. A move
// names the version it was chosen on; after it, the bots play their seats
// on the server until a human must act or the game is over, and the
// answer is the mover's view after them, with the events since.
//
// Refusals answer a JSON Error with a status and a code: 400 malformed
// JSON or input, 401 without a valid token, 403 acting for or reading
// another seat, or acting out of turn, 404 an unknown game, 409 a stale
// version, 413 a body over MaxBody, 422 an illegal move (with the
// engine's reason) or options that make no game.
//
// # Secrets
//
// A state never leaves the server; each seat reads its own view, and of
// each event what cards.EventsFor gives it. The server deals every game
// from a seed of its own (crypto/rand), which a request cannot set, and
// draws the bots' seeds the same way. Tokens are 256 random bits, stored
// as their SHA-256 and compared in constant time.
//
// # Storage
//
// Migrate sets up the schema (migrations/), on SQLite; wrangler applies
// the same files on D1. A game's row holds its options, seats, version
// and state (at most 2 KB, whatever the game's length); its events, each
// with its readers, and its moves are stored apart, append-only: with the
// options, the moves are the game's record (anygame.Record), which
// Handler.Snapshot returns. A change is committed by one UPDATE made only
// where the version is the one the change was computed from, so that of
// two concurrent moves exactly one applies and no accepted move is lost;
// the store needs no transactions, which D1 does not offer through
// database/sql.
package server
