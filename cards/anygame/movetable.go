package anygame

import (
	"fmt"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// A MoveTable numbers the moves of one game from 0, in the order it first
// meets them. A program that meets the same moves again and again, as a
// JavaScript module listing the legal moves after every move does, names
// each move by its number, and encodes and decodes it only once: see
// Position's LegalMoveIDs and ApplyMoveID. Game.NewMoveTable returns an
// empty table.
//
// A table grows by every move it has not met; Reset empties it. A
// MoveTable is not safe for concurrent use.
type MoveTable struct {
	t moveNumbers
}

// moveNumbers is a game's own table, of its type of moves.
type moveNumbers interface {
	len() int
	reset()
	appendMove(b []byte, id int32) ([]byte, error)
}

// Len returns the number of moves the table holds.
func (t *MoveTable) Len() int { return t.t.len() }

// Reset empties the table, which then numbers moves from 0 again.
func (t *MoveTable) Reset() { t.t.reset() }

// AppendMove appends the JSON of the move numbered id to b, as LegalMoves
// encodes it.
func (t *MoveTable) AppendMove(b []byte, id int32) ([]byte, error) {
	return t.t.appendMove(b, id)
}

// moveTable is the table of a game whose moves are Ms.
type moveTable[M cards.Move] struct {
	ids   map[M]int32
	moves []M
	legal []M // the list the last LegalMoveIDs made, for the next
}

func newMoveTable[M cards.Move]() *moveTable[M] {
	return &moveTable[M]{ids: make(map[M]int32)}
}

func (t *moveTable[M]) len() int { return len(t.moves) }

func (t *moveTable[M]) reset() {
	clear(t.ids)
	t.moves = t.moves[:0]
}

// id returns m's number, numbering it if the table has not met it.
func (t *moveTable[M]) id(m M) int32 {
	id, ok := t.ids[m]
	if !ok {
		id = int32(len(t.moves))
		t.ids[m] = id
		t.moves = append(t.moves, m)
	}
	return id
}

// move returns the move numbered id.
func (t *moveTable[M]) move(id int32) (M, error) {
	if id < 0 || int(id) >= len(t.moves) {
		var zero M
		return zero, cards.BadInput("no move has number %d: the table holds %d", id, len(t.moves))
	}
	return t.moves[id], nil
}

func (t *moveTable[M]) appendMove(b []byte, id int32) (_ []byte, err error) {
	defer guard(&err)
	m, err := t.move(id)
	if err != nil {
		return b, err
	}
	n := len(b)
	if b, err = cardjson.AppendJSON(b, m); err != nil {
		return b[:n], fmt.Errorf("%w: encoding a move: %v", ErrInternal, err)
	}
	return b, nil
}

// tableOf returns t's own table, if t is a table of a's game: a game's
// moves are of a type of its own.
func tableOf[O any, S State, M cards.Move, V cards.View[M]](a adapter[O, S, M, V], t *MoveTable) (*moveTable[M], error) {
	if t != nil {
		if own, ok := t.t.(*moveTable[M]); ok {
			return own, nil
		}
	}
	return nil, cards.BadInput("the move table is not one of %s", a.Info().Name)
}
