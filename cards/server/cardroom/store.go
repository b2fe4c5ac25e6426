package cardroom

import (
	"context"
	"encoding/json"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// A Game is a game as the room keeps it: the game's rules by name, its
// options, its seats and keys, its state at its version, where it stands
// at its table, and what the room's limits count. Its events and moves
// are kept apart, and grow; a Game's own size is bounded whatever the
// game's length.
type Game struct {
	ID string
	// Rules is the game's name in the catalog ("crown"), and Options the
	// options it was dealt from, its seed included.
	Rules   string
	Options json.RawMessage
	Seats   []Seat
	// Version counts the game's changes: a change is made from a version,
	// and committed only if the game is still at it.
	Version int64
	// State is the game's state, as its rules encode it; Moves and Events
	// count the moves it accepted and the events it made.
	State         json.RawMessage
	Moves, Events int
	// Client is the key of the client that made the game (or proposed it,
	// a rematch), for the quotas of clients.
	Client string
	// Over tells that the game is over, or closed at the limit of moves;
	// BotsDue, that a bot must act; Started, that its seats are full and
	// it plays; Public, that the lobby lists it while it waits; and
	// Spectators, that anyone may watch it.
	Over, BotsDue, Started, Public, Spectators bool
	// Keys are the hashes of the game's keys.
	Keys Keys
	// Table is the id of the table's first game; Previous and Next, the
	// games before and after this one at the table ("" for none).
	Table, Previous, Next string
	// Result is the game's result once it is over (the JSON of a Played,
	// without its id and time), and Tally the table's wins before it (the
	// JSON of a []NameWins), "" for none.
	Result, Tally string
	// Created and Updated are when the game was made and last changed.
	Created, Updated time.Time
	// Kept is what the store keeps with the game, as it loaded it, for
	// its own reads of the game's events and moves; the room hands it
	// back as it is.
	Kept any
}

// Keys are the SHA-256, in hex, of a game's keys: the host's, the
// invitation's and the spectators' ("" for none).
type Keys struct {
	Host, Invite, Watch string
}

// Fields lists the keys' members, as a store keeps them.
func (k *Keys) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "host", Ptr: &k.Host, OmitZero: true}, {Name: "invite", Ptr: &k.Invite, OmitZero: true},
		{Name: "watch", Ptr: &k.Watch, OmitZero: true}}
}

// AppendJSON appends the keys' JSON to b.
func (k *Keys) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, k.Fields()) }

// UnmarshalJSON decodes what AppendJSON appends.
func (k *Keys) UnmarshalJSON(b []byte) error {
	_, err := cardjson.DecodeFields(b, "a game's keys", k.Fields())
	return err
}

// A Seat is one seat of a game as the room keeps it: a bot's spec; or a
// person's name and the SHA-256 of their token in hex; or open for a
// person to claim (and kept for the player of a seat of the game before,
// in a rematch).
type Seat struct {
	Bot   string
	Token string
	Name  string
	Open  bool
	// For is the hash of the token of the seat of the game before that
	// this open seat is kept for, until its player takes or leaves it;
	// on a bot's seat, the player the host gave it away from.
	For string
	// Player identifies a person from game to game of a table, whatever
	// their name: the table's history counts wins by it. A kept seat
	// holds its player's.
	Player string
}

// Fields lists the seat's members, as a store keeps them.
func (s *Seat) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "bot", Ptr: &s.Bot, OmitZero: true}, {Name: "token", Ptr: &s.Token, OmitZero: true},
		{Name: "name", Ptr: &s.Name, OmitZero: true}, {Name: "open", Ptr: &s.Open, OmitZero: true},
		{Name: "for", Ptr: &s.For, OmitZero: true}, {Name: "player", Ptr: &s.Player, OmitZero: true}}
}

// AppendJSON appends the seat's JSON to b.
func (s Seat) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, s.Fields()) }

// UnmarshalJSON decodes what AppendJSON appends.
func (s *Seat) UnmarshalJSON(b []byte) error {
	_, err := cardjson.DecodeFields(b, "a seat", s.Fields())
	return err
}

// A StoredMove is a move a game accepted, its number in the game from 1
// and its JSON.
type StoredMove struct {
	Ply  int
	Move json.RawMessage
}

// A VersionedEvent is an event of a game and the version its commit made.
type VersionedEvent struct {
	cards.Event
	Version int64
}

// A Change is what a commit adds to a game: the moves it accepted and the
// events they made, in order.
type Change struct {
	Moves  []StoredMove
	Events []cards.Event
}

// A Page asks for a page of a list newest first: at most Limit items,
// from the cursor of the page before ("" for the first).
type Page struct {
	Limit  int
	Cursor string
}

// Store keeps a room's games. Its methods are called from many
// goroutines at once. Its errors wrap ErrUnavailable when the store
// failed or did not answer in time, and ErrDamaged when a stored game does
// not match its checksum.
type Store interface {
	// Insert keeps a new game and the events of its deal.
	Insert(ctx context.Context, g *Game, events []cards.Event) error
	// Load returns the game of the given id, or an error wrapping
	// ErrNoGame.
	Load(ctx context.Context, id string) (*Game, error)
	// Commit replaces old by next, at the version after old's, with the
	// moves and events of the change, only where the game is still at
	// old's version: else it returns ErrStale, and changes nothing. An
	// error is never returned for a commit that was made (a store that
	// lost its answer reads the game again to know).
	Commit(ctx context.Context, old, next *Game, c Change) error
	// Events returns the game's events after the n-th, oldest first, at
	// most limit of them (all if limit is negative), each with the
	// version of its commit.
	Events(ctx context.Context, g *Game, n, limit int) ([]VersionedEvent, error)
	// EventsAt returns the number of the last event of game g at version v.
	EventsAt(ctx context.Context, g *Game, v int64) (int, error)
	// Moves returns every move the game accepted, in order.
	Moves(ctx context.Context, g *Game) ([]json.RawMessage, error)
	// Settle clears the mark of a game whose bots were due, if the game is
	// still at g's version.
	Settle(ctx context.Context, g *Game) error
	// Remove deletes a game with its events and moves.
	Remove(ctx context.Context, id string) error
	// Lobby returns a page of the public games that wait for players, of
	// the named game ("" for all), newest first, and the cursor of the
	// next page ("" for none).
	Lobby(ctx context.Context, rules string, p Page) ([]*Game, string, error)
	// Table returns a page of the games of a table, newest first, and the
	// cursor of the next page ("" for none); and its newest game.
	Table(ctx context.Context, table string, p Page) (games []*Game, next string, newest *Game, err error)
	// Count counts the games not over and those waiting for players, in
	// all and of a client.
	Count(ctx context.Context, client string) (Counts, error)
	// Due returns the ids of at most limit games whose bots must act and
	// that nobody changed since before.
	Due(ctx context.Context, before time.Time, limit int) ([]string, error)
	// Expire deletes at most limit games: over since before finished,
	// unchanged since before idle, or made before waiting and still
	// waiting for players (a zero time deletes none of its kind); it
	// returns how many.
	Expire(ctx context.Context, finished, idle, waiting time.Time, limit int) (int, error)
	// IDs returns the ids of at most limit games after the given one, in
	// order.
	IDs(ctx context.Context, after string, limit int) ([]string, error)
	// Ping reports whether the store answers.
	Ping(ctx context.Context) error
}

// Counts are the games a store holds, as the room's quotas count them.
type Counts struct {
	// Open counts the games not over, and Waiting those waiting for
	// players; Mine and MineWaiting, those of them a client made.
	Open, Mine, Waiting, MineWaiting int
	// Due counts the games whose bots must act.
	Due int
}
