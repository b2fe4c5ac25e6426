package cardroom

import (
	"encoding/json"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/cardjson"
)

// The documents of the API: what a room is asked and answers, as package
// server's handler reads and writes them and its Client sends and reads
// them.

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
func (g *GameInfo) Fields() []cardjson.Field {
	return append(cardjson.InfoFields(&g.GameInfo),
		cardjson.Field{Name: "defaultOptions", Ptr: &g.DefaultOptions},
		cardjson.Field{Name: "bots", Ptr: (*cardjson.Slice[anygame.BotInfo])(&g.Bots)})
}

// AppendJSON appends the game's JSON to b, an object of its Fields (and
// not of its metadata alone, whose method it would otherwise take).
func (g GameInfo) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, g.Fields()) }

// MarshalJSON encodes the game as AppendJSON does.
func (g GameInfo) MarshalJSON() ([]byte, error) { return g.AppendJSON(nil) }

// UnmarshalJSON decodes what MarshalJSON encodes.
func (g *GameInfo) UnmarshalJSON(b []byte) error {
	_, err := cardjson.DecodeFields(b, "a game of the catalog", g.Fields())
	return err
}

// The kinds of seat of CreateRequest.Seats, beside bot specs.
const (
	// Human is a person's seat whose token the creator receives, to
	// play it or to pass it on.
	Human = "human"
	// Open is a seat that a person claims with a name, by the game's
	// invitation (or from the lobby, for a public game).
	Open = "open"
)

// CreateRequest creates a game: POST /games.
type CreateRequest struct {
	// Game is the game's short name, as in the catalog.
	Game string `json:"game"`
	// Options are the game's options, over its defaults. The server deals
	// from a secret seed of its own: a request names no seed. A game with
	// a "players" option left out gets one player a seat.
	Options json.RawMessage `json:"options,omitzero"`
	// Seats tells, for each seat in order, who plays it: Human, Open, or
	// a bot spec, the name of one of the catalog's bots with its options
	// ("random", "ismcts:strength=4"). At least one seat is a person's.
	// A game with open seats waits for them to fill before it starts.
	Seats []string `json:"seats"`
	// Name is the creator's name, given to the first Human seat.
	Name string `json:"name,omitzero"`
	// Public lists the game in the lobby while it waits for players, for
	// anyone to join; a private game is reached by its invitation only.
	Public bool `json:"public,omitzero"`
	// Spectators lets anyone watch the game, without its spectators'
	// link.
	Spectators bool `json:"spectators,omitzero"`
}

// UnmarshalJSON decodes a request strictly: unknown or repeated members
// are errors.
func (c *CreateRequest) UnmarshalJSON(b []byte) error {
	_, err := cardjson.DecodeFields(b, "a request to create a game", []cardjson.Field{
		{Name: "game", Ptr: &c.Game}, {Name: "options", Ptr: &c.Options}, {Name: "seats", Ptr: &c.Seats},
		{Name: "name", Ptr: &c.Name}, {Name: "public", Ptr: &c.Public}, {Name: "spectators", Ptr: &c.Spectators},
	})
	return err
}

// Created answers CreateRequest: the new game, a token for each human
// seat, and the game's keys. Keys and tokens are shown once: the server
// keeps only their hashes.
type Created struct {
	ID      string      `json:"id"`
	Game    string      `json:"game"`
	Version int64       `json:"version"`
	Seats   []SeatToken `json:"seats"`
	// Started tells that the game plays: it has no open seat.
	Started bool `json:"started"`
	// Host is the host's key, which fills the open seats with bots and
	// starts the game (POST /games/{id}/start).
	Host string `json:"host"`
	// Invite claims the game's open seats (POST /games/{id}/seats);
	// none without open seats.
	Invite *Key `json:"invite,omitzero"`
	// Watch reads the game as a spectator.
	Watch Key `json:"watch"`
}

// Key is a secret key of a game, its bearer token, and a link for the web
// page that opens the game with it.
type Key struct {
	Key  string `json:"key"`
	Join string `json:"join"`
}

// SeatToken is a person's seat of a game. It holds its secret token,
// which reads the seat's view and acts for it, and a link for the web page
// that joins the game as that seat; a bot's seat names its bot, an open
// one says so.
type SeatToken struct {
	Seat  int    `json:"seat"`
	Bot   string `json:"bot,omitzero"`
	Name  string `json:"name,omitzero"`
	Open  bool   `json:"open,omitzero"`
	Token string `json:"token,omitzero"`
	Join  string `json:"join,omitzero"`
}

// ClaimRequest claims an open seat of a game with a name: POST
// /games/{id}/seats, with the game's invitation key as bearer token (none
// for a public game). The answer is the seat's SeatToken.
type ClaimRequest struct {
	// Name is the player's name, as the others read it.
	Name string `json:"name"`
	// Seat is the seat claimed; left out, the first open one.
	Seat *int `json:"seat,omitzero"`
}

// UnmarshalJSON decodes a request strictly.
func (c *ClaimRequest) UnmarshalJSON(b []byte) error {
	var seat int
	n, err := cardjson.DecodeFields(b, "a claim of a seat", []cardjson.Field{{Name: "name", Ptr: &c.Name}, {Name: "seat", Ptr: &seat}})
	if err == nil && n&(1<<1) != 0 {
		c.Seat = &seat
	}
	return err
}

// StartRequest starts a game that waits for players: POST
// /games/{id}/start, with the host's key as bearer token.
type StartRequest struct {
	// Bot, if set, is the bot spec that takes every open seat first.
	Bot string `json:"bot,omitzero"`
}

// UnmarshalJSON decodes a request strictly.
func (s *StartRequest) UnmarshalJSON(b []byte) error {
	_, err := cardjson.DecodeFields(b, "a request to start a game", []cardjson.Field{{Name: "bot", Ptr: &s.Bot}})
	return err
}

// RematchRequest answers a finished game's rematch: POST
// /games/{id}/rematch, with a seat's token as bearer token. The first
// seat to ask proposes it; each other seat's player accepts it (the same
// request) or leaves it.
type RematchRequest struct {
	// Leave declines the rematch: the seat kept for the player opens to
	// anyone with the invitation.
	Leave bool `json:"leave,omitzero"`
}

// UnmarshalJSON decodes a request strictly.
func (m *RematchRequest) UnmarshalJSON(b []byte) error {
	_, err := cardjson.DecodeFields(b, "a rematch request", []cardjson.Field{{Name: "leave", Ptr: &m.Leave}})
	return err
}

// Rematch answers RematchRequest: the rematch's id and the player's seat
// in it (none after leaving).
type Rematch struct {
	ID   string     `json:"id"`
	Seat *SeatToken `json:"seat,omitzero"`
}

// Lobby lists the public games that wait for players: GET /lobby, newest
// first.
type Lobby struct {
	Games []LobbyGame `json:"games"`
	// Next, if set, is the cursor of the next page (?after=Next).
	Next string `json:"next,omitzero"`
}

// LobbyGame is a game of the lobby.
type LobbyGame struct {
	ID   string `json:"id"`
	Game string `json:"game"`
	// Options are the options it is dealt from, without its seed.
	Options json.RawMessage `json:"options"`
	// Seats and Names tell each seat as a SeatView does.
	Seats []string `json:"seats"`
	Names []string `json:"names"`
	// Spectators tells that anyone may watch it.
	Spectators bool `json:"spectators"`
	// Created is when it was created, and Age how long ago, in seconds.
	Created time.Time `json:"created"`
	Age     int       `json:"age"`
}

// History is a table's games, newest first, a page at a time: GET
// /games/{id}/history?before=CURSOR&limit=N.
type History struct {
	Table string   `json:"table"`
	Games []Played `json:"games"`
	// Next, if set, is the cursor of the next page, of older games
	// (?before=Next).
	Next string `json:"next,omitzero"`
	// Wins counts the games each player won at the table, in all its
	// games (a draw is nobody's win), most first: a person by who they
	// are from game to game, whatever their name, a bot by its spec.
	Wins []NameWins `json:"wins"`
}

// Played is a game of a table's history.
type Played struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
	// Names are the seats' names: a person's, or a bot's spec; and
	// Players tell who each person is ("" for a bot), as NameWins does.
	Names   []string `json:"names"`
	Players []string `json:"players,omitzero"`
	Over    bool     `json:"over"`
	// Winners are the names of the winners once the game is over, and
	// Scores the seats' scores.
	Winners []string `json:"winners"`
	Scores  []int    `json:"scores"`
	Drawn   bool     `json:"drawn,omitzero"`
}

// NameWins is how many games a player won at a table: a person, whom
// Player tells apart from others of the same name (a stranger who took
// their seat, a bot's spec), shown by the name of their last win; or a
// bot, by its spec (Bot).
type NameWins struct {
	Name   string `json:"name"`
	Player string `json:"player,omitzero"`
	Bot    bool   `json:"bot,omitzero"`
	Wins   int    `json:"wins"`
}

// SeatView is a game as one seat may know it: GET /games/{id}, and the
// answer to a move.
type SeatView struct {
	ID   string `json:"id"`
	Game string `json:"game"`
	// Seat is the reader's seat, 0 for P1, or -1 for a spectator.
	Seat int `json:"seat"`
	// Version changes with every change of the game; a move names the
	// version it was chosen on.
	Version int64 `json:"version"`
	// Moves is the number of moves the game has accepted.
	Moves int `json:"moves"`
	// Seats tells who plays each seat: Human, Open or a bot's spec; and
	// Names each person's name ("" for none; an open seat kept for a
	// player of the game before holds their name).
	Seats []string `json:"seats"`
	Names []string `json:"names"`
	// Started tells that the game plays: before, it waits for its open
	// seats to fill, and has no view.
	Started bool `json:"started"`
	// Options are the options the game is dealt from, without its seed;
	// Public tells that the lobby lists it while it waits, and Spectators
	// that anyone may watch it.
	Options    json.RawMessage `json:"options"`
	Public     bool            `json:"public"`
	Spectators bool            `json:"spectators"`
	// Watchers counts the spectators who follow the game live.
	Watchers int `json:"watchers"`
	// Table is the id of the table's first game; Previous and Next the
	// games before and after this one at the table (its rematch), if any.
	Table    string `json:"table"`
	Previous string `json:"previous,omitzero"`
	Next     string `json:"next,omitzero"`
	// View is the seat's view, as the game encodes it: its hand, the
	// table, who must act, its legal moves, the result; null before the
	// game starts (and in a stream's message of a version that is not the
	// last).
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
	_, err := cardjson.DecodeFields(b, "a move request", []cardjson.Field{{Name: "version", Ptr: &m.Version}, {Name: "move", Ptr: &m.Move}})
	return err
}

// The answers' encodings: each document lists its members once, for
// cardjson, which writes every answer of the API; api_test.go checks
// that each list names every member of its type.

// Fields lists the catalog's members.
func (c *Catalog) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "games", Ptr: (*cardjson.Slice[GameInfo])(&c.Games)}, {Name: "limits", Ptr: &c.Limits}}
}

// AppendJSON appends the catalog's JSON to b.
func (c Catalog) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, c.Fields()) }

// Fields lists the health's members.
func (h *Health) Fields() []cardjson.Field { return []cardjson.Field{{Name: "status", Ptr: &h.Status}} }

// AppendJSON appends the health's JSON to b.
func (h Health) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, h.Fields()) }

// AppendJSON appends the new game's JSON to b.
func (c Created) AppendJSON(b []byte) ([]byte, error) {
	fields := []cardjson.Field{{Name: "id", Ptr: &c.ID}, {Name: "game", Ptr: &c.Game}, {Name: "version", Ptr: &c.Version},
		{Name: "seats", Ptr: (*cardjson.Slice[SeatToken])(&c.Seats)}, {Name: "started", Ptr: &c.Started}, {Name: "host", Ptr: &c.Host}}
	if c.Invite != nil {
		fields = append(fields, cardjson.Field{Name: "invite", Ptr: c.Invite})
	}
	return cardjson.AppendFields(b, append(fields, cardjson.Field{Name: "watch", Ptr: &c.Watch}))
}

// Fields lists the key's members.
func (k *Key) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "key", Ptr: &k.Key}, {Name: "join", Ptr: &k.Join}}
}

// AppendJSON appends the key's JSON to b.
func (k *Key) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, k.Fields()) }

// Fields lists the seat's members.
func (s *SeatToken) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "seat", Ptr: &s.Seat}, {Name: "bot", Ptr: &s.Bot, OmitZero: true}, {Name: "name", Ptr: &s.Name, OmitZero: true},
		{Name: "open", Ptr: &s.Open, OmitZero: true}, {Name: "token", Ptr: &s.Token, OmitZero: true}, {Name: "join", Ptr: &s.Join, OmitZero: true}}
}

// AppendJSON appends the seat's JSON to b.
func (s SeatToken) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, s.Fields()) }

// AppendJSON appends the rematch's JSON to b.
func (m Rematch) AppendJSON(b []byte) ([]byte, error) {
	fields := []cardjson.Field{{Name: "id", Ptr: &m.ID}}
	if m.Seat != nil {
		fields = append(fields, cardjson.Field{Name: "seat", Ptr: m.Seat})
	}
	return cardjson.AppendFields(b, fields)
}

// Fields lists the lobby's members.
func (l *Lobby) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "games", Ptr: (*cardjson.Slice[LobbyGame])(&l.Games)}, {Name: "next", Ptr: &l.Next, OmitZero: true}}
}

// AppendJSON appends the lobby's JSON to b.
func (l Lobby) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, l.Fields()) }

// Fields lists the game's members.
func (g *LobbyGame) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "id", Ptr: &g.ID}, {Name: "game", Ptr: &g.Game}, {Name: "options", Ptr: &g.Options},
		{Name: "seats", Ptr: &g.Seats}, {Name: "names", Ptr: &g.Names}, {Name: "spectators", Ptr: &g.Spectators},
		{Name: "created", Ptr: &g.Created}, {Name: "age", Ptr: &g.Age}}
}

// AppendJSON appends the game's JSON to b.
func (g LobbyGame) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, g.Fields()) }

// Fields lists the history's members.
func (h *History) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "table", Ptr: &h.Table}, {Name: "games", Ptr: (*cardjson.Slice[Played])(&h.Games)},
		{Name: "next", Ptr: &h.Next, OmitZero: true}, {Name: "wins", Ptr: (*cardjson.Slice[NameWins])(&h.Wins)}}
}

// AppendJSON appends the history's JSON to b.
func (h History) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, h.Fields()) }

// Fields lists the game's members.
func (p *Played) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "id", Ptr: &p.ID}, {Name: "created", Ptr: &p.Created}, {Name: "names", Ptr: &p.Names},
		{Name: "players", Ptr: &p.Players, OmitZero: true}, {Name: "over", Ptr: &p.Over}, {Name: "winners", Ptr: &p.Winners},
		{Name: "scores", Ptr: &p.Scores}, {Name: "drawn", Ptr: &p.Drawn, OmitZero: true}}
}

// AppendJSON appends the game's JSON to b.
func (p Played) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, p.Fields()) }

// Fields lists the wins' members.
func (w *NameWins) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "name", Ptr: &w.Name}, {Name: "player", Ptr: &w.Player, OmitZero: true},
		{Name: "bot", Ptr: &w.Bot, OmitZero: true}, {Name: "wins", Ptr: &w.Wins}}
}

// AppendJSON appends the wins' JSON to b.
func (w NameWins) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, w.Fields()) }

// Fields lists the view's members.
func (v *SeatView) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "id", Ptr: &v.ID}, {Name: "game", Ptr: &v.Game}, {Name: "seat", Ptr: &v.Seat},
		{Name: "version", Ptr: &v.Version}, {Name: "moves", Ptr: &v.Moves}, {Name: "seats", Ptr: &v.Seats}, {Name: "names", Ptr: &v.Names},
		{Name: "started", Ptr: &v.Started}, {Name: "options", Ptr: &v.Options}, {Name: "public", Ptr: &v.Public},
		{Name: "spectators", Ptr: &v.Spectators}, {Name: "watchers", Ptr: &v.Watchers}, {Name: "table", Ptr: &v.Table},
		{Name: "previous", Ptr: &v.Previous, OmitZero: true}, {Name: "next", Ptr: &v.Next, OmitZero: true}, {Name: "view", Ptr: &v.View},
		{Name: "events", Ptr: (*cardjson.Slice[cards.Entry])(&v.Events)}, {Name: "more", Ptr: &v.More, OmitZero: true},
		{Name: "closed", Ptr: &v.Closed, OmitZero: true}}
}

// AppendJSON appends the view's JSON to b.
func (v SeatView) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, v.Fields()) }
