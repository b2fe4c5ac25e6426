// Package server serves the games of this module to players over HTTP:
// one http.Handler, written once over the JSON face of package anygame,
// serves every game of package catalog from a database reached through
// database/sql. It runs natively on an embedded SQLite file or on
// PostgreSQL, which several processes may share (examples/server), and
// as a Cloudflare Worker on D1 (examples/worker).
//
// # The API
//
// JSON over HTTP, from the handler's root (the examples mount it at /api):
//
//	GET    /catalog                  the games, their metadata, default options and bots, and the server's limits
//	POST   /games                    create a game: {"game":"bastards","options":{…},"seats":["human","open","random"],"name":"Ann"}
//	GET    /games/{id}?since=N       your seat's view (or the spectators'), and the events after the N-th
//	GET    /games/{id}/stream        the same, live: a message a version (Server-Sent Events)
//	POST   /games/{id}/moves         your move: {"version":7,"move":{…}}
//	POST   /games/{id}/seats         claim an open seat with a name: {"name":"Bob"}, by the invitation
//	DELETE /games/{id}/seats/{seat}  leave your seat before the game starts
//	POST   /games/{id}/start         the host gives the open seats to a bot and starts: {"bot":"random"}
//	POST   /games/{id}/rematch       propose, accept or leave ({"leave":true}) the rematch of a game over
//	GET    /games/{id}/history       the table's games, and each name's wins
//	GET    /lobby?game=G&after=C     the public games waiting for players, newest first, in pages
//	GET    /health                   200 {"status":"ok"} while the database answers, else 503
//
// # Tables
//
// A game's seats are a person's (Human: the creator receives its token,
// to play it or pass it on), open (Open: a person claims it with a name)
// or a bot's. A game with open seats waits for people: they claim seats
// with the game's invitation key (Created.Invite), or from the lobby
// without one if the game is public; a player may leave before the start;
// the host (Created.Host) may give the open seats to a bot and start. It
// starts once every seat is taken, and until then has no view and no
// events. Names are strangers' input: prepared as RFC 8266 nicknames (one
// space between words, compatibility forms mapped, NFKC, no control or
// invisible characters, at most MaxName characters), refused with the
// reason otherwise, and unique in a game whatever their case; look-alike
// letters of other scripts are kept distinct. Spectators read the
// spectator's view and the public events, with the spectators' key
// (Created.Watch) or, if the creator let anyone watch, without one; they
// never act, and the seats see how many follow the game live. Once a game
// is over, the first player to ask proposes a rematch: a new game at the
// same table, its seats those of the game before turned by one (the first
// player changes), its bots kept, its people's seats kept for them by
// name; each accepts (the same request) or leaves, the seat then opening
// to the invitation. The games of a table link to each other, and its
// history counts each name's wins.
//
// # Live updates
//
// GET /games/{id}/stream, with the same keys as a read, answers a stream
// of Server-Sent Events: each message is a version (its id), its data a
// SeatView with that version's events as the reader reads them and, in
// the last message of a batch, the view. Opened with Last-Event-ID (the
// last version read), it goes on from there: every version after it,
// none twice, each with its events; opened anew, it begins with the game
// as it stands and the events after ?since=N. A comment every 15 s keeps
// it open, and it ends after 15 minutes, to be opened again (Client.Follow
// does all of this). Polling with If-None-Match stays, for clients that
// cannot stream. The streams a handler serves, and those of one client,
// are bounded (Limits.Streams, StreamsPerClient). A handler's streams
// hear of its own commits; where several handlers serve one database
// (processes, a worker's instances), Config.Published tells the others of
// each commit, and Handler.Publish passes the news they hear to the
// streams. A service that holds the streams itself (a Durable Object of
// the game, on Cloudflare Workers) reads a follower's news when it learns
// of a commit with ?once=1, which answers the versions a stream would
// send and ends, through Handler.Relay, whose reads count against no
// client's rate.
//
// Creating a game answers its id and, for each human seat, a secret token
// and a join link for the web page; bot seats name their bot. Requests
// for a game carry the seat's token as a bearer token (Authorization:
// Bearer TOKEN): a token reads its own seat's view and acts for its own
// seat, never another's. A view answer (SeatView) holds the game's
// version; sent back in If-None-Match (the answer's ETag), an unchanged
// version answers 304 Not Modified, so a client polls cheaply. An answer
// holds at most Limits.EventsPerAnswer events; its "more" says that more
// follow, to read with ?since= the last one's number. A move names the
// version it was chosen on, and its answer is the mover's view after it.
//
// The bots play after the commit that leaves them to act, apart from the
// request that made it: a client learns of their moves as of anyone's,
// by reading the view again. A handler plays the bots of a few games at
// once (Limits.BotsAtOnce), the others waiting their turn; each bot
// thinks at most Limits.BotTime a move, and a search stopped there plays
// the best move it found. Reads change nothing; a game whose bots were
// left to act (a handler stopped, a full queue) is marked due, and Sweep,
// or a read once it is stale, lets them play.
//
// Request bodies are JSON, declared Content-Type: application/json.
// Refusals answer a JSON Error with a status and a code: 400 malformed
// JSON or input, 401 without a valid token, 403 acting for or reading
// another seat, or acting out of turn, 404 an unknown game, 409 a stale
// version, 413 a body over MaxBody, 415 a body that is not JSON, 422 an
// illegal move (with the engine's reason), options that make no game, a
// bot asking for more work than the limits allow (bot_over_limit) or a
// game closed at the limit of moves (game_closed), 429 a client over its
// rate or its quota of games, 500 a fault (damaged_game: a stored game
// that does not match its checksum), 503 a database that failed, is slow
// or is full, the bots all busy, or the server holding all the games it
// may. A 429 or 503 says in Retry-After when to try again. An error is
// never answered for a move that was committed: a commit whose answer the
// database lost is read back, and a committed move whose events could not
// be read answers its view with no events and "more".
//
// # Limits
//
// The server faces strangers, so what a request can cause is bounded by
// Config.Limits (DefaultLimits fits a public server on two cores; the
// catalog tells them): the work of the bots (time, iterations, worlds and
// playout moves a move, games played at once and waiting), the moves of a
// game and the events of an answer, each client's requests and creates
// (a token bucket each, golang.org/x/time/rate; a refusal over the rate
// waits RefusalDelay) and games going, the games in all, and how long
// finished and idle games are kept (Sweep deletes them, with their events
// and moves). A client is the connection's address, or the header a
// trusted proxy sets (Config.ClientHeader: CF-Connecting-IP on
// Cloudflare); IPv6 addresses count by their /64. Bodies are at most
// MaxBody; connections and header sizes are the http.Server's, or a
// proxy's, to bound (examples/server does).
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
// the same files on D1; PostgreSQL.Migrate applies PostgreSQL's
// (migrations/postgres/), which give the tables the same columns. The
// store's statements are written once, the dialect (Config.Dialect)
// rewriting what differs. A game's row holds its options, seats, version
// and state (at most 2 KB, whatever the game's length), whether it is
// over and whether its bots are due, the client that created it, and a
// checksum of its content; its events, each with its readers, and its
// moves are stored apart, append-only: with the options, the moves are
// the game's record (anygame.Record), which Handler.Snapshot returns and
// Handler.Verify replays against the stored game. A change is committed
// by one UPDATE made only where the version is the one the change was
// computed from, so that of two concurrent moves exactly one applies and
// no accepted move is lost, whichever process of those that share a
// PostgreSQL database makes them; the store needs no transactions, which
// D1 does not offer through database/sql.
package server
