package bastards

import (
	"github.com/cardrules/games/cards"
)

// The JSON of the game's types is declared with the types, and written by
// jsongen into json_gen.go; the TypeScript of the same declarations is the
// bundle's types/bastards.d.ts.
//go:generate go run ../cards/jsongen -title "Kings & Bastards" -ts ../wasm/js/types/bastards.d.ts

// stateVersion is the version of the state's JSON encoding.
const stateVersion = 2

// AppendJSON appends the play's JSON to b, as a TablePlay's.
func (pl play) AppendJSON(b []byte) ([]byte, error) {
	return TablePlay{Cards: pl.set(), Rank: pl.rank, By: pl.by}.AppendJSON(b)
}

// UnmarshalJSON decodes what AppendJSON appends: one to four cards.
func (pl *play) UnmarshalJSON(b []byte) error {
	var t TablePlay
	if err := t.UnmarshalJSON(b); err != nil {
		return err
	}
	if n := t.Cards.Len(); n < 1 || n > 4 {
		return cards.BadInput("a play of the trick is one to four cards, not %d", n)
	}
	*pl = newPlay(t.Cards, t.Rank, t.By)
	return nil
}
