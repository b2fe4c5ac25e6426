package ninekingdoms

import (
	"github.com/cardrules/games/cards"
)

// AppendJSON appends the move's JSON to b: an object: {"player":0,"kind":"bribe",
// "target":1,"card":"5","text":"bribe P2: take 5"}, with the members its
// kind uses: a choice names its cards as "cards":["6","$"], a claim its
// kingdom as "kingdom":6, a Bribe, Siege or Flank its "target" and "card",
// a stash or counter its "card". The text is for people; decoding skips
// it.
func (m Move) AppendJSON(b []byte) ([]byte, error) {
	text := m.String()
	kingdom := int(m.Card)
	pair := []Card{m.Card, m.Second}
	fields := append(make([]cards.Field, 0, 6), cards.Field{Name: "player", Ptr: &m.Who}, cards.Field{Name: "kind", Ptr: &m.Kind})
	if m.Kind.targeted() || m.Target != 0 {
		fields = append(fields, cards.Field{Name: "target", Ptr: &m.Target})
	}
	switch {
	case m.Kind == KindChoose:
		fields = append(fields, cards.Field{Name: "cards", Ptr: (*cardList)(&pair)})
	case m.Kind == KindClaim:
		fields = append(fields, cards.Field{Name: "kingdom", Ptr: &kingdom})
	case m.Kind.carded() || m.Card != 0:
		fields = append(fields, cards.Field{Name: "card", Ptr: &m.Card})
	}
	if m.Kind != KindChoose && m.Second != 0 {
		fields = append(fields, cards.Field{Name: "second", Ptr: &m.Second})
	}
	return cards.AppendFields(b, append(fields, cards.Field{Name: "text", Ptr: &text}))
}

// MarshalJSON encodes the move as AppendJSON does.
func (m Move) MarshalJSON() ([]byte, error) { return cards.Marshal(m) }

// The members of a move's JSON, as bits of what DecodeFields reports.
const (
	hasPlayer = 1 << iota
	hasKind
	hasTarget
	hasKingdom
	hasCard
	hasCards
	hasSecond
)

// UnmarshalJSON decodes what AppendJSON appends. It checks the form
// of the move, not whether it is legal: Apply does that.
func (m *Move) UnmarshalJSON(b []byte) error {
	var v Move
	var kingdom int
	var pair []Card
	has, err := cards.DecodeFields(b, "a Nine Kingdoms move", []cards.Field{
		{Name: "player", Ptr: &v.Who}, {Name: "kind", Ptr: &v.Kind}, {Name: "target", Ptr: &v.Target},
		{Name: "kingdom", Ptr: &kingdom}, {Name: "card", Ptr: &v.Card}, {Name: "cards", Ptr: (*cardList)(&pair)},
		{Name: "second", Ptr: &v.Second}, {Name: "text", Ptr: new(cards.Skip)},
	})
	switch {
	case err != nil:
		return err
	case has&hasPlayer == 0 || v.Kind == 0:
		return cards.BadInput("a move names its player and its kind")
	case v.Kind == KindChoose:
		if len(pair) != 2 || !allValid(pair) || has&(hasCard|hasKingdom|hasSecond) != 0 {
			return cards.BadInput("a choice names exactly two cards, as \"cards\"")
		}
		v.Card, v.Second = pair[0], pair[1]
	case v.Kind == KindClaim:
		if has&hasKingdom == 0 || kingdom < 0 || kingdom > 255 || has&(hasCard|hasCards) != 0 {
			return cards.BadInput("a claim names a kingdom from 1 to 9, as \"kingdom\"")
		}
		v.Card = Card(kingdom)
	case has&(hasKingdom|hasCards) != 0:
		return cards.BadInput("a %v move names no kingdom and no pair of cards", v.Kind)
	}
	*m = v
	return nil
}
