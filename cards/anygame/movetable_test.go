package anygame_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
)

// TestMoveTableNumbersTheLegalMoves plays a game of every game by the
// numbers of its moves in a table: LegalMoveIDs lists the moves LegalMoves
// lists, a move keeps its number all along, ApplyMoveID is Apply of the
// move, and a number the table does not hold is bad input.
func TestMoveTableNumbersTheLegalMoves(t *testing.T) {
	for _, g := range catalog.Games() {
		t.Run(g.Info().Name, func(t *testing.T) {
			table := g.NewMoveTable()
			pos, _, err := g.Deal([]byte(`{"seed":6}`))
			if err != nil {
				t.Fatal(err)
			}
			numbered := map[string]int32{} // the JSON of each move met, and its number
			for n := 0; n < 300 && !pos.Status().Over; n++ {
				ids, err := pos.LegalMoveIDs(table, nil)
				if err != nil {
					t.Fatal(err)
				}
				list, _ := pos.LegalMoves()
				var moves []json.RawMessage
				json.Unmarshal(list, &moves)
				if len(ids) != len(moves) {
					t.Fatalf("%d numbers for %d moves", len(ids), len(moves))
				}
				for i, id := range ids {
					b, err := table.AppendMove(nil, id)
					if err != nil || string(b) != string(moves[i]) {
						t.Fatalf("move %d is %s (%v), want %s", id, b, err, moves[i])
					}
					if was, ok := numbered[string(b)]; ok && was != id {
						t.Fatalf("%s was numbered %d, now %d", b, was, id)
					}
					numbered[string(b)] = id
				}
				if table.Len() != len(numbered) {
					t.Fatalf("the table holds %d moves; %d were met", table.Len(), len(numbered))
				}
				k := n % len(ids)
				want, wantEvents, _ := pos.Apply(moves[k])
				got, events, err := pos.ApplyMoveID(table, ids[k])
				if err != nil {
					t.Fatal(err)
				}
				ws, _ := want.State()
				gs, _ := got.State()
				if string(gs) != string(ws) {
					t.Fatalf("ApplyMoveID(%d) reaches\n%s\nApply(%s)\n%s", ids[k], gs, moves[k], ws)
				}
				if diff := cmp.Diff(wantEvents, events); diff != "" {
					t.Fatalf("ApplyMoveID's events (-Apply +ApplyMoveID):\n%s", diff)
				}
				for _, id := range []int32{-1, int32(table.Len())} {
					if _, _, err := pos.ApplyMoveID(table, id); code(err) != anygame.CodeBadInput {
						t.Fatalf("ApplyMoveID(%d) of %d moves gives %v, want bad_input", id, table.Len(), err)
					}
					if _, err := table.AppendMove(nil, id); code(err) != anygame.CodeBadInput {
						t.Fatalf("AppendMove(%d) of %d moves gives %v, want bad_input", id, table.Len(), err)
					}
				}
				pos = got
			}
			table.Reset()
			if table.Len() != 0 {
				t.Errorf("a table reset holds %d moves", table.Len())
			}
		})
	}
}

// TestMoveTableChecksMoves applies moves of the table that are not legal
// in the position: they are refused as Apply refuses them, and a table of
// another game is bad input.
func TestMoveTableChecksMoves(t *testing.T) {
	games := catalog.Games()
	for i, g := range games {
		t.Run(g.Info().Name, func(t *testing.T) {
			table := g.NewMoveTable()
			pos, _, _ := g.Deal([]byte(`{"seed":7}`))
			ids, _ := pos.LegalMoveIDs(table, nil)
			next, _, err := pos.ApplyMoveID(table, ids[0])
			if err != nil {
				t.Fatal(err)
			}
			// The same move again, in the position it led to: Apply and
			// ApplyMoveID agree on its code.
			b, _ := table.AppendMove(nil, ids[0])
			_, _, want := next.Apply(b)
			if _, _, err := next.ApplyMoveID(table, ids[0]); code(err) != code(want) {
				t.Errorf("%s again: ApplyMoveID gives %v, Apply %v", b, err, want)
			}
			other := games[(i+1)%len(games)].NewMoveTable()
			if _, err := pos.LegalMoveIDs(other, nil); code(err) != anygame.CodeBadInput {
				t.Errorf("LegalMoveIDs with another game's table: %v", err)
			}
			if _, _, err := pos.ApplyMoveID(nil, 0); code(err) != anygame.CodeBadInput {
				t.Errorf("ApplyMoveID with no table: %v", err)
			}
		})
	}
}
