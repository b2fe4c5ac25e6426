package anygame_test

import (
	"testing"

	"github.com/cardrules/games/cards/cardjson"
	"github.com/cardrules/games/cards/catalog"
)

// TestStateObjectIsTheState plays a game of every game, encoding each
// state member by member from the last: its JSON is the state's, and its
// patch of the last, applied, gives it.
func TestStateObjectIsTheState(t *testing.T) {
	for _, g := range catalog.Games() {
		t.Run(g.Info().Name, func(t *testing.T) {
			table := g.NewMoveTable()
			pos, _, err := g.Deal([]byte(`{"seed":8,"players":3}`))
			if err != nil {
				pos, _, err = g.Deal([]byte(`{"seed":8}`))
			}
			if err != nil {
				t.Fatal(err)
			}
			var last *cardjson.Object
			var lastJSON []byte
			for n := 0; n < 400; n++ {
				obj, err := pos.StateObject(last, nil)
				if err != nil || obj == nil {
					t.Fatalf("StateObject: %v, %v", obj, err)
				}
				want, _ := pos.State()
				got, _ := obj.AppendJSON(nil)
				if string(got) != string(want) {
					t.Fatalf("move %d: the object encodes as\n%s\nthe state as\n%s", n, got, want)
				}
				if last != nil {
					codes, values, ok := obj.AppendPatch(nil, nil, last)
					if !ok {
						t.Fatalf("move %d: no patch of\n%s\nto\n%s", n, lastJSON, want)
					}
					patched, err := cardjson.ApplyPatch(lastJSON, codes, append(append([]byte{'['}, values...), ']'))
					if err != nil || string(patched) != string(want) {
						t.Fatalf("move %d: the patch %s gives\n%s (%v)\nwant\n%s", n, codes, patched, err, want)
					}
				}
				ids, _ := pos.LegalMoveIDs(table, nil)
				if len(ids) == 0 {
					break
				}
				last, lastJSON = obj, want
				if pos, _, err = pos.ApplyMoveID(table, ids[n%len(ids)]); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
