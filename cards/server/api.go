package server

import (
	"encoding/json"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// The documents of the API, as the handler answers them and as Client
// sends and reads them.

// Catalog lists the games a server serves, and the limits it keeps to:
// GET /catalog.
type Catalog struct {
	Games  []GameInfo `json:"games"`
	Limits Limits     `json:"limits"`
}

// Health is the answer of GET /health while the database answers.
type Health struct {
	Status string `json:"status"` // "ok"
}

// GameInfo describes one game of the catalog: its metadata (names,
// players, options), its default options and its bots with their options.
type GameInfo struct {
	cards.GameInfo
	DefaultOptions json.RawMessage   `json:"defaultOptions"`
	Bots           []anygame.BotInfo `json:"bots"`
}

// Fields lists the members of the game's JSON, in order: those of its
// metadata, then defaultOptions and bots.
func (g *GameInfo) Fields() []cards.Field {
	return append(g.GameInfo.Fields(),
		cards.Field{Name: "defaultOptions", Ptr: &g.DefaultOptions},
		cards.Field{Name: "bots", Ptr: (*cards.List[anygame.BotInfo])(&g.Bots)})
}

// AppendJSON appends the game's JSON to b, an object of its Fields (and
// not of its metadata alone, whose method it would otherwise take).
func (g GameInfo) AppendJSON(b []byte) ([]byte, error) { return cards.AppendFields(b, g.Fields()) }

// MarshalJSON encodes the game as AppendJSON does.
func (g GameInfo) MarshalJSON() ([]byte, error) { return g.AppendJSON(nil) }

// UnmarshalJSON decodes what MarshalJSON encodes.
func (g *GameInfo) UnmarshalJSON(b []byte) error {
	_, err := cards.DecodeFields(b, "a game of the catalog", g.Fields())
	return err
}

// Human names a human seat in CreateRequest.Seats.
const Human = "human"

// CreateRequest creates a game: POST /games.
type CreateRequest struct {
	// Game is the game's short name, as in the catalog.
	Game string `json:"game"`
	// Options are the game's options, over its defaults. The server deals
	// from a secret seed of its own: a request names no seed. A game with
	// a "players" option left out gets one player a seat.
	Options json.RawMessage `json:"options,omitzero"`
	// Seats tells, for each seat in order, who plays it: Human, or a bot
	// spec, the name of one of the catalog's bots with its options
	// ("random", "ismcts:strength=4"). At least one seat is human.
	Seats []string `json:"seats"`
}

// UnmarshalJSON decodes a request strictly: unknown or repeated members
// are errors.
func (c *CreateRequest) UnmarshalJSON(b []byte) error {
	_, err := cards.DecodeFields(b, "a request to create a game", []cards.Field{
		{Name: "game", Ptr: &c.Game}, {Name: "options", Ptr: &c.Options}, {Name: "seats", Ptr: &c.Seats},
	})
	return err
}

// Created answers CreateRequest: the new game and a token for each human
// seat.
type Created struct {
	ID      string      `json:"id"`
	Game    string      `json:"game"`
	Version int64       `json:"version"`
	Seats   []SeatToken `json:"seats"`

	due bool // a bot must act first
}

// SeatToken is one seat of a new game. A human seat has its secret token,
// which reads the seat's view and acts for it, and a link for the web page
// that joins the game as that seat.
type SeatToken struct {
	Seat  int    `json:"seat"`
	Bot   string `json:"bot,omitzero"`
	Token string `json:"token,omitzero"`
	Join  string `json:"join,omitzero"`
}

// SeatView is a game as one seat may know it: GET /games/{id}, and the
// answer to a move.
type SeatView struct {
	ID   string `json:"id"`
	Game string `json:"game"`
	// Seat is the reader's seat, 0 for P1.
	Seat int `json:"seat"`
	// Version changes with every change of the game; a move names the
	// version it was chosen on.
	Version int64 `json:"version"`
	// Moves is the number of moves the game has accepted.
	Moves int `json:"moves"`
	// Seats tells who plays each seat: Human or a bot's name.
	Seats []string `json:"seats"`
	// View is the seat's view, as the game encodes it: its hand, the
	// table, who must act, its legal moves, the result.
	View json.RawMessage `json:"view"`
	// Events are the events after the one the request named, as the seat
	// reads them, at most as many as the server's limit of events an
	// answer (its catalog's limits).
	Events []cards.Entry `json:"events"`
	// More tells that more events follow the last one given: read them
	// with ?since= its number.
	More bool `json:"more,omitzero"`
	// Closed, if the game reached the server's limit of moves before its
	// end, says so: the game takes no more moves.
	Closed string `json:"closed,omitzero"`
}

// MoveRequest makes a move: POST /games/{id}/moves.
type MoveRequest struct {
	// Version is the version of the game the move was chosen on.
	Version int64 `json:"version"`
	// Move is the move, as the game encodes it (one of the view's moves).
	Move json.RawMessage `json:"move"`
}

// UnmarshalJSON decodes a request strictly: unknown or repeated members
// are errors.
func (m *MoveRequest) UnmarshalJSON(b []byte) error {
	_, err := cards.DecodeFields(b, "a move request", []cards.Field{{Name: "version", Ptr: &m.Version}, {Name: "move", Ptr: &m.Move}})
	return err
}
