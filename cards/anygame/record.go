package anygame

import (
	"encoding/json"
	"fmt"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// MaxRecordInput is the largest record, in bytes, that Replay reads.
const MaxRecordInput = 16 << 20

// A Record is the canonical history of a game: its options and every move
// in order. The game is deterministic, so replaying the record rebuilds
// every state and every event, as a chess game's moves rebuild its
// positions. A server that stores a game's options and the moves it
// accepted can rebuild the game, check it, or show it again.
//
// In JSON a record is an object:
//
//	{"game":"bastards","options":{"players":4,"seed":42},"moves":[{"player":1,"kind":"play","cards":["3C"]}, …]}
//
// Options a record does not name keep their defaults, as in NewGame. Each
// move is a move as the game encodes it (a "text" member, if any, is read
// and ignored).
type Record struct {
	// Game is the short name of the game.
	Game string `json:"game"`
	// Options are the options the game was dealt from.
	Options json.RawMessage `json:"options"`
	// Moves are the moves made, in order.
	Moves []json.RawMessage `json:"moves"`
}

// Fields lists the members of the record's JSON, in order.
func (r *Record) Fields() []cardjson.Field {
	return []cardjson.Field{
		{Name: "game", Ptr: &r.Game}, {Name: "options", Ptr: &r.Options}, {Name: "moves", Ptr: (*cardjson.Slice[json.RawMessage])(&r.Moves)},
	}
}

// AppendJSON appends the record's JSON to b.
func (r Record) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, r.Fields()) }

// MarshalJSON encodes the record as AppendJSON does.
func (r Record) MarshalJSON() ([]byte, error) { return r.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends, strictly.
func (r *Record) UnmarshalJSON(b []byte) error {
	_, err := cardjson.DecodeFields(b, "a game record", r.Fields())
	return err
}

func (a adapter[O, S, M, V]) Replay(record []byte) (_ Position, _ []cards.Event, err error) {
	defer guard(&err)
	var rec Record
	if err := cardjson.UnmarshalLimit(record, &rec, "a game record", MaxRecordInput); err != nil {
		return nil, nil, err
	}
	if rec.Game != a.info.Name {
		return nil, nil, cards.BadInput("this is a record of %q, not of %q", rec.Game, a.info.Name)
	}
	s, err := a.start(rec.Options)
	if err != nil {
		return nil, nil, err
	}
	var p Position = position[O, S, M, V]{a: a, s: s}
	events := s.Log().Since(0)
	for i, m := range rec.Moves {
		next, more, err := p.Apply(m)
		if err != nil {
			return nil, nil, fmt.Errorf("move %d of the record: %w", i+1, err)
		}
		p, events = next, append(events, more...)
	}
	return p, events, nil
}
