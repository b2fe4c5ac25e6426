// Package server serves card games to players over HTTP: one
// http.Handler, written once over the JSON face of package anygame,
// serves any games (Config.Games; those of package catalog by default)
// from a database reached through database/sql. It runs natively on an
// embedded SQLite file or on PostgreSQL, which several processes may
// share (package gameserver, examples/server), and as a Cloudflare Worker
// on D1 (examples/worker).
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
//	POST   /games/{id}/seats         claim an open seat with a name: {"name":"Bob"}, by the invitation (a public game's by none)
//	DELETE /games/{id}/seats/{seat}  leave your seat before the game starts; the host sends its player away
//	POST   /games/{id}/seats/{seat}/bot  the host gives a seat that keeps the game waiting to a bot: {"bot":"random"}
//	POST   /games/{id}/start         the host gives the open seats to a bot and starts: {"bot":"random"}
//	POST   /games/{id}/rematch       propose, accept or leave ({"leave":true}) the rematch of a game over
//	GET    /games/{id}/history?before=C&limit=N  the table's games, newest first, in pages, and each player's wins
//	GET    /lobby?game=G&after=C&limit=N  the public games waiting for players, newest first, in pages
//	GET    /health                   200 {"status":"ok"} while the database answers, else 503
//
// # Tables
//
// A game's seats are a person's (Human: the creator receives its token,
// to play it or pass it on), open (Open: a person claims it with a name)
// or a bot's. A game with open seats waits for people: they claim seats
// with the game's invitation key (Created.Invite), or, if the game is
// public, from the lobby with no key at all; a player may leave before the
// start, and the host (Created.Host) may send a seat's player away then;
// the host may give the open seats to a bot and start. It starts once
// every seat is taken, and until then has no view and no events. A person
// who keeps the others waiting — their seat to act and nothing moved for
// Limits.TurnTime — may see the host give their seat to a bot
// (POST /games/{id}/seats/{seat}/bot), and so may a seat kept for a
// rematch's player who has not answered within that time. Games that wait
// for players are bounded apart (Limits.WaitingGames,
// WaitingGamesPerClient) and expire Limits.KeepWaiting after they were
// made, whatever happens to their seats; a client's claims of seats and
// proposals of rematches count as its creates (Limits.CreateRate). Names are strangers' input: prepared as RFC 8266 nicknames (one
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
// history lists them newest first, a page at a time, and counts each
// player's wins over all of them: a person by who they are from game to
// game (a stranger who takes a seat its player left is another player,
// whatever the name), a bot by its spec.
//
// # Keys
//
// Each key reads and does its own. A seat's token reads that seat's view
// and its events and acts for it, for as long as the seat is its: a
// stream opened with it asks again at every message, and ends when the
// seat's player leaves or is replaced. The host's key starts the game,
// sends a seat's player away before the start, gives a seat that keeps
// the game waiting to a bot, and reads the game as a spectator. The
// invitation claims a private game's open seats, and reads as a
// spectator. The spectators' key reads as a spectator, as no key does
// where the creator let anyone watch. Every key of a game is kept by its
// rematches.
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
// does all of this); a write that waits 30 s, its client reading nothing,
// ends it too. A stream's opening or closing costs the game's other
// streams nothing: they learn the count of the game's watchers with their
// next version, or at their next heartbeat if it changed (a message of
// the event "watchers", its data {"watchers":N}). A stream that catches
// up from far behind sends a batch of versions at a time, each batch
// after the first within its client's rate of requests. Polling with
// If-None-Match stays, for clients that cannot stream. The streams a
// handler serves, those of one client and those of one game, are bounded
// (Limits.Streams, StreamsPerClient, StreamsPerGame). A handler's streams
// hear of its own commits; where several handlers serve one database
// (processes, a worker's instances), Config.Published tells the others of
// each commit, and Handler.Publish passes the news they hear to the
// streams. A service that holds the streams itself (a Durable Object of
// the game, on Cloudflare Workers) reads a follower's news when it learns
// of a commit with ?once=1, which answers the next batch of versions a
// stream would send (at most Limits.EventsPerAnswer events) and ends, to
// be asked again until it answers nothing, through Handler.Relay, whose
// reads count against no client's rate.
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
// # Inside
//
// The handler is HTTP only: it decodes a request (strictly, with
// cardjson), asks a card room (package cardroom), which keeps the games
// and the people at their tables over typed values and knows no HTTP,
// and writes its answer with cardjson, or maps its refusal's code to a
// status, in one place. Every change of a game goes through the room's
// one pipeline: load (the game's position kept from its last commit, or
// decoded from its state), change (a move decoded once, a bot's move
// chosen on the typed position, a seat's), settle, admit the bots,
// commit, then hand the game, its position and the events Apply made to
// its streams from memory, each reader's message built once, and tell
// the other handlers (Config.Published). A stream reads the database only
// to catch up: when it opens, when it fell behind, and for another
// handler's commit, of which one read serves all of the handler's streams
// of the game.
//
// # Storage
//
// The games are kept by package sqlstore, which Migrate sets up on SQLite
// (migrations/); wrangler applies the same files on D1; PostgreSQL.Migrate
// applies PostgreSQL's (migrations/postgres/), which give the tables the
// same columns. The store's statements are written once, the dialect
// (Config.Dialect) rewriting what differs. A game's row holds its
// options, seats, version and state (at most 2 KB, whatever the game's
// length), whether it is over and whether its bots are due, the client
// that created it, and a checksum of its content; its events, each with
// its readers, and its moves are stored apart, append-only: with the
// options, the moves are the game's record (anygame.Record), which
// Handler.Snapshot returns and Handler.Verify replays against the stored
// game. A change is committed by one UPDATE made only where the version
// is the one the change was computed from, so that of two concurrent moves
// exactly one applies and no accepted move is lost, whichever process of
// those that share a PostgreSQL database makes them; a commit is one
// statement, as D1, which offers no transactions through database/sql,
// needs. On SQLite (Config.MaxWrites 1), the commits waiting are made
// together, in one transaction and one sync of the disk (should one
// fail, again each in a savepoint of its own, so that it leaves the
// others of its batch committed).
package server
