package crown

import (
	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// The JSON of the game's types is declared with the types, and written by
// jsongen into json_gen.go; the TypeScript of the same declarations is the
// bundle's types/crown.d.ts.
//go:generate go run ../cards/jsongen -title "Claim the Crown" -ts ../wasm/js/types/crown.d.ts

// stateVersion is the version of the state's JSON encoding.
const stateVersion = 1

// AppendJSON appends the pile's JSON to b: its cards' codes from the
// bottom up.
func (p pile) AppendJSON(b []byte) ([]byte, error) {
	return cardjson.AppendCards(b, p.cards[:min(int(p.n), pileCap)]), nil
}

// UnmarshalJSON decodes what AppendJSON appends.
func (p *pile) UnmarshalJSON(b []byte) error {
	var cs []cards.Card
	if err := cardjson.DecodeValue(b, &cs); err != nil {
		return err
	}
	if len(cs) > pileCap {
		return cards.BadInput("a discard pile of %d cards holds more than the deck", len(cs))
	}
	var q pile
	q.n = uint8(copy(q.cards[:], cs))
	*p = q
	return nil
}
