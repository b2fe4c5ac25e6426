package ninekingdoms

import (
	"github.com/cardrules/games/cards"
	"github.com/go-json-experiment/json/jsontext"
)

// moveJSON is a move as JSON: the player, the kind and the fields the kind
// uses ("cards" for a choice, "kingdom" for a claim, "target" and "card"
// for the rest), plus its text, which decoding ignores.
type moveJSON struct {
	Player  *cards.Player `json:"player"`
	Kind    Kind          `json:"kind"`
	Target  *cards.Player `json:"target,omitempty"`
	Kingdom *int          `json:"kingdom,omitempty"`
	Card    *Card         `json:"card,omitempty"`
	Cards   []Card        `json:"cards,omitempty"`
	Second  *Card         `json:"second,omitempty"`
	Text    string        `json:"text"`
}

// MarshalJSON encodes the move as an object: {"player":0,"kind":"bribe",
// "target":1,"card":"5","text":"bribe P2: take 5"}. A choice names its
// cards as "cards":["6","$"] and a claim its kingdom as "kingdom":6.
func (m Move) MarshalJSONTo(enc *jsontext.Encoder) error {
	j := moveJSON{Player: &m.Who, Kind: m.Kind, Text: m.String()}
	if m.Kind.targeted() || m.Target != 0 {
		j.Target = &m.Target
	}
	switch {
	case m.Kind == KindChoose:
		j.Cards = []Card{m.Card, m.Second}
	case m.Kind == KindClaim:
		k := int(m.Card)
		j.Kingdom = &k
	case m.Kind.carded() || m.Card != 0:
		j.Card = &m.Card
	}
	if m.Kind != KindChoose && m.Second != 0 {
		j.Second = &m.Second
	}
	return cards.Encode(enc, j)
}

// MarshalJSON encodes as MarshalJSONTo does, for encoding/json.
func (m Move) MarshalJSON() ([]byte, error) { return cards.Marshal(m) }

// UnmarshalJSON decodes what MarshalJSON encodes. It checks the form of
// the move, not whether it is legal: Apply does that.
func (m *Move) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	var j moveJSON
	if err := cards.UnmarshalDecode(dec, &j, "a Nine Kingdoms move"); err != nil {
		return err
	}
	if j.Player == nil || j.Kind == 0 {
		return cards.BadInput("a move names its player and its kind")
	}
	v := Move{Who: *j.Player, Kind: j.Kind}
	if j.Target != nil {
		v.Target = *j.Target
	}
	if j.Second != nil {
		if j.Kind == KindChoose {
			return cards.BadInput("a choice names its two cards as \"cards\"")
		}
		v.Second = *j.Second
	}
	switch {
	case j.Kind == KindChoose:
		if len(j.Cards) != 2 || !allValid(j.Cards) || j.Card != nil || j.Kingdom != nil {
			return cards.BadInput("a choice names exactly two cards, as \"cards\"")
		}
		v.Card, v.Second = j.Cards[0], j.Cards[1]
	case j.Kind == KindClaim:
		if j.Kingdom == nil || *j.Kingdom < 0 || *j.Kingdom > 255 || j.Card != nil || j.Cards != nil {
			return cards.BadInput("a claim names a kingdom from 1 to 9, as \"kingdom\"")
		}
		v.Card = Card(*j.Kingdom)
	default:
		if j.Kingdom != nil || j.Cards != nil {
			return cards.BadInput("a %v move names no kingdom and no pair of cards", j.Kind)
		}
		if j.Card != nil {
			v.Card = *j.Card
		}
	}
	*m = v
	return nil
}

// UnmarshalJSON decodes as UnmarshalJSONFrom does, for encoding/json.
func (m *Move) UnmarshalJSON(b []byte) error { return cards.Unmarshal(b, m, "a Nine Kingdoms move") }
