// Package bridge is what the WebAssembly bundle's JavaScript module calls:
// any games, through their JSON face (package anygame), with JSON text in
// and out, and the positions it handed out last kept decoded. Package
// exports exports a bridge's methods to the module as WebAssembly
// functions; the bundle's builder (package bundle, go run ./wasm/build)
// writes a program that serves a bridge of the games it is given, a
// designer's own as well as this module's. A program of its own may serve a
// bridge some other way: its methods take and return bytes only.
//
// A game's state crosses from JavaScript as JSON text, and decoding it is
// the costliest part of most calls. So every state the bridge returns, and
// every state it decodes, is kept as a position under a handle, a number
// that the module passes back instead of the state when it is given that
// same state again (the module keeps a map from state text to handle). The
// bridge keeps the last Capacity positions; handles are numbered from 1 in
// the order they are handed out, so the module knows which are still kept:
// those above the last handle less Capacity.
//
// A state a move reaches may cross as a patch of the state it was reached
// from, when the module holds that one parsed (see cardjson.Object): the
// bridge keeps the states of its Steps encoded member by member, encodes
// only the members of the next state that changed, and sends only those.
//
// Moves cross as numbers too. The bridge numbers every game's moves in a
// table (anygame.MoveTable) as LegalMoves first meets them, and answers
// with the JSON of the moves it numbered in that call only, the numbers
// of the legal moves being in memory (LegalIDs): the module keeps every
// move it was sent, and names it by its number when it applies it. A
// table holds at most MaxMoves moves; it is then emptied, and its
// generation, which every answer of LegalMoves gives, goes up by one, so
// that the module forgets the moves of the last.
//
// Calls that take a state answer with the handle of its position on the
// first line of their text; calls that return a state return a Step: the
// handle, the state (or a patch of it, on two lines) and the events, each
// on a line (JSON holds no raw newline).
//
// A move's events are sent only when asked for. Apply and ApplyMove answer
// with an empty line for them (unless there are none: then with []), and
// the bridge keeps them with the position the move reached: Events returns
// them, while that position is kept. A program that plays on without
// reading events (a search, a simulation) spares encoding them and parsing
// them; one that reads them late, once the position is no longer kept,
// applies the same move to the same state again (states are values).
package bridge

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/cardjson"
)

// Capacity is the number of positions a bridge keeps.
const Capacity = 128

// span is the number of events after which a position reached by moves is
// decoded afresh from its state. A position reached by a move holds the
// events of every move before it since its game was last decoded (states
// share their history in memory); decoding now and then keeps that
// bounded in a game without end.
const span = 4096

// MaxMoves is the number of moves a game's table holds before the bridge
// empties it.
const MaxMoves = 1 << 16

// A Bridge serves games to the JavaScript module. It is not safe for
// concurrent use; WebAssembly runs one call at a time.
type Bridge struct {
	games  []anygame.Game
	tables []table
	kept   [Capacity]kept
	last   int // the last handle handed out
	buf    []byte
	values []byte
	ids    []int32
	// maxMoves is the number of moves a table holds before it is
	// emptied: MaxMoves but in tests.
	maxMoves int
}

// table is a game's move table and its generation.
type table struct {
	*anygame.MoveTable
	generation int
}

// next empties the table for its next generation.
func (t *table) next() {
	t.Reset()
	t.generation++
}

// kept is a position the bridge keeps, under its handle. A position it
// returned in a Step keeps its state encoded member by member, for the
// encoding of the next state and a patch of it.
type kept struct {
	handle int
	game   int
	pos    anygame.Position
	obj    *cardjson.Object
	// events are the events of the move that reached the position, if
	// its Step left them out.
	events []cards.Event
}

// New returns a bridge that serves games, each by its index in games.
func New(games []anygame.Game) *Bridge {
	b := &Bridge{games: games, maxMoves: MaxMoves}
	for _, g := range games {
		b.tables = append(b.tables, table{MoveTable: g.NewMoveTable()})
	}
	return b
}

// Library describes what the bridge serves, as JSON: every game's info,
// default options and bots, the bots and their options, the bridge's
// Capacity and the limits on inputs.
func (b *Bridge) Library() ([]byte, error) {
	games := make([]libraryGame, len(b.games))
	for i, g := range b.games {
		games[i] = libraryGame{info: g.Info(), defaultOptions: g.DefaultOptions(), bots: g.Bots()}
	}
	bots := anygame.BotInfos()
	capacity, maxInput, maxRecord := Capacity, cardjson.MaxInput, anygame.MaxRecordInput
	return cardjson.AppendFields(nil, []cardjson.Field{
		{Name: "games", Ptr: (*cardjson.Slice[libraryGame])(&games)},
		{Name: "bots", Ptr: (*cardjson.Slice[anygame.BotInfo])(&bots)},
		{Name: "capacity", Ptr: &capacity},
		{Name: "maxInput", Ptr: &maxInput},
		{Name: "maxRecordInput", Ptr: &maxRecord},
	})
}

// libraryGame is a game as Library describes it.
type libraryGame struct {
	info           cards.GameInfo
	defaultOptions json.RawMessage
	bots           []string
}

func (g *libraryGame) AppendJSON(b []byte) ([]byte, error) {
	return cardjson.AppendFields(b, []cardjson.Field{{Name: "info", Ptr: &g.info}, {Name: "defaultOptions", Ptr: &g.defaultOptions}, {Name: "bots", Ptr: &g.bots}})
}

// game returns the game of index i.
func (b *Bridge) game(i int) (anygame.Game, error) {
	if i < 0 || i >= len(b.games) {
		return nil, cards.BadInput("no game has index %d", i)
	}
	return b.games[i], nil
}

// keep keeps p, a position of game i, and returns its handle.
func (b *Bridge) keep(i int, p anygame.Position) int {
	b.last++
	b.kept[b.last%Capacity] = kept{handle: b.last, game: i, pos: p}
	return b.last
}

// position returns the position of game i under handle, with its state
// encoded member by member if the bridge keeps that, or, for handle 0,
// decodes state. A handle the bridge no longer keeps, or of another game,
// is an internal error: the module knows which it keeps.
func (b *Bridge) position(i, handle int, state []byte) (anygame.Position, *cardjson.Object, error) {
	g, err := b.game(i)
	if err != nil {
		return nil, nil, err
	}
	if handle == 0 {
		p, err := g.Load(state)
		return p, nil, err
	}
	if handle > 0 {
		if k := b.kept[handle%Capacity]; k.handle == handle && k.game == i {
			return k.pos, k.obj, nil
		}
	}
	return nil, nil, fmt.Errorf("%w: handle %d of game %d is not kept (the last is %d)", anygame.ErrInternal, handle, i, b.last)
}

// about answers about a state of game i, named by its handle, or for
// handle 0 by its text: the handle (a new one for handle 0) and, on the
// next line, the JSON that f appends of its position. The result is valid
// until the next call. Only answers hand out handles, so that the module
// learns of each.
func (b *Bridge) about(i, handle int, state []byte, f func(anygame.Position, []byte) ([]byte, error)) ([]byte, error) {
	p, _, err := b.position(i, handle, state)
	if err != nil {
		return nil, err
	}
	h := handle
	if h == 0 {
		h = b.last + 1 // the handle keep hands out
	}
	buf, err := f(p, append(strconv.AppendInt(b.buf[:0], int64(h), 10), '\n'))
	b.buf = buf[:0]
	if err != nil {
		return nil, err
	}
	if handle == 0 {
		b.keep(i, p)
	}
	return buf, nil
}

// appendJSON returns a function for about that appends the JSON f returns.
func appendJSON(f func(anygame.Position) ([]byte, error)) func(anygame.Position, []byte) ([]byte, error) {
	return func(p anygame.Position, buf []byte) ([]byte, error) {
		json, err := f(p)
		return append(buf, json...), err
	}
}

// NewGame deals a game of game i from options and returns its Step.
func (b *Bridge) NewGame(i int, options []byte) ([]byte, error) {
	g, err := b.game(i)
	if err != nil {
		return nil, err
	}
	p, events, err := g.Deal(options)
	if err != nil {
		return nil, err
	}
	return b.step(i, p, events, nil, false, true)
}

// LegalMoves returns the legal moves of a state by their numbers in the
// game's table. Its answer's lines, after the handle's, are JSON arrays:
// the table's generation, the number of the first move this call
// numbered and the number of legal moves; and the moves this call
// numbered, in their order. The legal moves' numbers, in the order
// anygame lists them, are LegalIDs, which the module reads from memory.
func (b *Bridge) LegalMoves(i, handle int, state []byte) ([]byte, error) {
	return b.about(i, handle, state, func(p anygame.Position, buf []byte) ([]byte, error) {
		t := &b.tables[i]
		if t.Len() >= b.maxMoves {
			t.next()
		}
		buf, err := b.appendLegal(buf, p, t)
		if err != nil {
			t.next() // the table may hold moves the module was not sent
		}
		return buf, err
	})
}

// LegalIDs returns the numbers of the legal moves of the last answer of
// LegalMoves, valid until the next call.
func (b *Bridge) LegalIDs() []int32 { return b.ids }

// appendLegal appends the lines of LegalMoves' answer about p to buf.
func (b *Bridge) appendLegal(buf []byte, p anygame.Position, t *table) ([]byte, error) {
	first := t.Len()
	ids, err := p.LegalMoveIDs(t.MoveTable, b.ids[:0])
	b.ids = ids
	if err != nil {
		return buf, err
	}
	buf = append(strconv.AppendInt(append(buf, '['), int64(t.generation), 10), ',')
	buf = append(strconv.AppendInt(buf, int64(first), 10), ',')
	buf = append(strconv.AppendInt(buf, int64(len(ids)), 10), "]\n["...)
	for id := first; id < t.Len(); id++ {
		if id > first {
			buf = append(buf, ',')
		}
		if buf, err = t.AppendMove(buf, int32(id)); err != nil {
			return buf, err
		}
	}
	return append(buf, ']'), nil
}

// Apply applies move to a state and returns the Step of the result, its
// events left for Events to tell. When patch is set and the state is named
// by its handle, the Step may tell the new state as a patch of that one.
func (b *Bridge) Apply(i, handle int, patch bool, state, move []byte) ([]byte, error) {
	p, base, err := b.position(i, handle, state)
	if err != nil {
		return nil, err
	}
	next, events, err := p.Apply(move)
	return b.applied(i, next, events, err, base, patch)
}

// ApplyMove applies the move numbered id in the game's table of the given
// generation to a state, and returns the Step of the result, as Apply
// does: the module names a move it was sent by its number, which spares
// encoding and decoding it. A move of another generation is bad input.
func (b *Bridge) ApplyMove(i, handle int, patch bool, generation, id int, state []byte) ([]byte, error) {
	p, base, err := b.position(i, handle, state)
	if err != nil {
		return nil, err
	}
	t := b.tables[i]
	if generation != t.generation {
		return nil, cards.BadInput("move %d is of the move table's generation %d, not of its generation now, %d", id, generation, t.generation)
	}
	next, events, err := p.ApplyMoveID(t.MoveTable, int32(id))
	return b.applied(i, next, events, err, base, patch)
}

// applied returns the Step of the position a move reached, with the
// events it produced, or the move's error. The state is encoded from
// base, the state it was reached from encoded member by member, if the
// bridge keeps that, and told as a patch of it if patch is set.
func (b *Bridge) applied(i int, next anygame.Position, events []cards.Event, err error, base *cardjson.Object, patch bool) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	if n := len(events); n > 0 && events[n-1].Seq/span != (events[n-1].Seq-n)/span {
		s, err := next.State()
		if err != nil {
			return nil, err
		}
		if next, err = b.games[i].Load(s); err != nil {
			return nil, err
		}
	}
	return b.step(i, next, events, base, patch, false)
}

// View returns what a player (as JSON: 0 for P1, -1 for the spectator)
// may know of a state, as JSON.
func (b *Bridge) View(i, handle int, state, player []byte) ([]byte, error) {
	viewer, err := decodePlayer(player)
	if err != nil {
		return nil, err
	}
	return b.about(i, handle, state, appendJSON(func(p anygame.Position) ([]byte, error) { return p.View(viewer) }))
}

// Status tells who must act in a state, whether it is over and the result,
// as JSON.
func (b *Bridge) Status(i, handle int, state []byte) ([]byte, error) {
	return b.about(i, handle, state, func(p anygame.Position, buf []byte) ([]byte, error) { return cardjson.AppendJSON(buf, p.Status()) })
}

// Replay plays a game's record and returns the Step of its final state
// with every event of the game.
func (b *Bridge) Replay(i int, record []byte) ([]byte, error) {
	g, err := b.game(i)
	if err != nil {
		return nil, err
	}
	p, events, err := g.Replay(record)
	if err != nil {
		return nil, err
	}
	return b.step(i, p, events, nil, false, true)
}

// Events returns the events of the move whose Step handed out handle, a
// position of game i, as JSON. A handle the bridge no longer keeps, or
// that no move's Step handed out, is an internal error: the module knows
// which it keeps.
func (b *Bridge) Events(i, handle int) ([]byte, error) {
	if _, err := b.game(i); err != nil {
		return nil, err
	}
	k := b.kept[handle%Capacity]
	if handle <= 0 || k.handle != handle || k.game != i || len(k.events) == 0 {
		return nil, fmt.Errorf("%w: handle %d of game %d is not kept with a move's events (the last is %d)", anygame.ErrInternal, handle, i, b.last)
	}
	buf, err := appendEvents(b.buf[:0], k.events)
	if err != nil {
		return nil, err
	}
	b.buf = buf
	return buf, nil
}

// appendEvents appends the JSON of events to buf.
func appendEvents(buf []byte, events []cards.Event) ([]byte, error) {
	buf, err := cardjson.AppendList(buf, events)
	if err != nil {
		return nil, fmt.Errorf("%w: encoding events: %v", anygame.ErrInternal, err)
	}
	return buf, nil
}

// BotMove returns the move the bot of spec chooses from view, drawing its
// randomness from seed (a seed's JSON: a number, or a string of decimal
// digits).
func (b *Bridge) BotMove(i int, view, spec, seed []byte) ([]byte, error) {
	g, err := b.game(i)
	if err != nil {
		return nil, err
	}
	var s cards.Seed
	if err := cardjson.Unmarshal(seed, &s, "a bot's seed"); err != nil {
		return nil, err
	}
	return g.BotMove(view, string(spec), uint64(s))
}

// ViewText renders a view as text for a person.
func (b *Bridge) ViewText(i int, view []byte) ([]byte, error) {
	g, err := b.game(i)
	if err != nil {
		return nil, err
	}
	text, err := g.ViewText(view)
	return []byte(text), err
}

// Move decodes a move and tells whose it is and how it reads, as JSON.
func (b *Bridge) Move(i int, move []byte) ([]byte, error) {
	g, err := b.game(i)
	if err != nil {
		return nil, err
	}
	info, err := g.Move(move)
	if err != nil {
		return nil, err
	}
	return cardjson.Marshal(info)
}

// EventsFor returns what a player (as JSON) may read of events, as JSON.
func (b *Bridge) EventsFor(events, player []byte) ([]byte, error) {
	viewer, err := decodePlayer(player)
	if err != nil {
		return nil, err
	}
	var list []cards.Event
	if err := cardjson.UnmarshalLimit(events, &list, "a list of events", anygame.MaxRecordInput); err != nil {
		return nil, err
	}
	return cardjson.Marshal(cards.EventsFor(list, viewer))
}

// decodePlayer decodes a player's number: a whole number from -1 (the
// spectator) to cards.MaxPlayers-1.
func decodePlayer(b []byte) (cards.Player, error) {
	var p cards.Player
	err := cardjson.Unmarshal(b, &p, "a player")
	return p, err
}

// step keeps p and returns a Step: its handle, its state and its events,
// each on a line; or, if patch is set, the state as a patch of base's on
// two lines, when it can be. base is the encoding of an earlier state of
// the game, or nil. The events line is empty unless send is set or there
// are none: the bridge keeps them for Events. The result is valid until
// the next call.
func (b *Bridge) step(i int, p anygame.Position, events []cards.Event, base *cardjson.Object, patch, send bool) ([]byte, error) {
	h := b.last + 1
	// The position h replaces is the oldest kept; the new state's Object
	// takes its Object's memory, which that position no longer holds.
	spare := b.kept[h%Capacity].obj
	b.kept[h%Capacity].obj = nil
	obj, err := p.StateObject(base, spare)
	if err != nil {
		return nil, err
	}
	buf := append(strconv.AppendInt(b.buf[:0], int64(h), 10), '\n')
	patched := false
	if patch && base != nil {
		var values []byte
		if buf, values, patched = obj.AppendPatch(buf, b.values[:0], base); patched {
			buf = append(append(append(buf, "\n["...), values...), ']')
		}
		b.values = values[:0]
	}
	if !patched {
		if buf, err = obj.AppendJSON(buf); err != nil {
			return nil, err
		}
	}
	k := kept{handle: h, game: i, pos: p, obj: obj}
	if buf = append(buf, '\n'); send || len(events) == 0 {
		if buf, err = appendEvents(buf, events); err != nil {
			return nil, err
		}
	} else {
		k.events = events
	}
	b.kept[h%Capacity] = k
	b.last = h
	b.buf = buf
	return buf, nil
}
