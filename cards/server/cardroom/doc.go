// Package cardroom keeps the games of a server and the people around
// their tables, over typed values and with no HTTP: it makes games, seats
// people by name, applies their moves, plays the bots' seats, starts
// rematches, lists the lobby and a table's history, and tells each game's
// followers of every change. Package server serves a Room over HTTP; the
// API's documents (CreateRequest, SeatView…) are the Room's values.
//
// A Room keeps its games in a Store (package sqlstore keeps them in
// SQLite, Cloudflare D1 or PostgreSQL); several rooms may share one, each
// commit made from a version and refused if the game moved on. Every
// change of a game goes through one pipeline: load the game (its position
// kept from the room's last commit, or decoded from its state), change it
// (a move decoded once, a bot's move chosen on the typed position, a
// seat's), settle who must act and whether it is over, admit the bots
// within their limits, commit it, then hand its game, position and events
// to its followers here and tell the other rooms (Config.Published).
//
// A Room refuses what it does not do with a Refusal: a code a program
// reads, words a person reads, and when to try again. The engines' errors
// become refusals of their codes (anygame.ErrorCode); the store's faults
// are errors wrapping ErrUnavailable or ErrDamaged.
//
// The tables, the keys and the limits are told in package server's
// documentation, which serves them.
package cardroom
