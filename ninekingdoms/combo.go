package ninekingdoms

import (
	"fmt"

	"github.com/cardrules/games/cards"
)

// A combo is the combination a pair of cards makes. A pair revealed in
// a turn acts by its combination; any pair other than these four makes
// none, and does nothing.
type combo uint8

const (
	comboNone  combo = iota
	comboBury        // $ $
	comboBribe       // X $
	comboSiege       // X−1 X+1
	comboFlank       // X X+1
)

var comboNames = cards.Enum[combo]{"no combination", "Bury", "Bribe", "Siege", "Flank"}

// String returns the combination's name: "Bury", "Bribe", "Siege",
// "Flank" or "no combination".
func (c combo) String() string { return comboNames.Name(c) }

// article returns the combination's name with its article: "a Bribe",
// "no combination".
func (c combo) article() string {
	if c == comboNone {
		return c.String()
	}
	return "a " + c.String()
}

// classify returns the combination of a pair and its X: the number card of
// a Bribe, the middle value of a Siege, the lower card of a Flank.
func classify(a, b Card) (combo, Card) {
	if a.order() > b.order() {
		a, b = b, a
	}
	switch {
	case a == Money:
		return comboBury, 0
	case b == Money:
		return comboBribe, a
	case b == a+2:
		return comboSiege, a + 1
	case b == a+1:
		return comboFlank, a
	}
	return comboNone, 0
}

// combo returns the combination of the pair revealed this turn.
func (s *State) combo() (combo, Card) { return classify(s.shown[0], s.shown[1]) }

// A valueSet is a set of card values 1 to 9, bit v for value v.
type valueSet uint16

// valuesOf returns the set of the values given that are 1 to 9.
func valuesOf(vs ...int) valueSet {
	var m valueSet
	for _, v := range vs {
		if v >= 1 && v < Values {
			m |= 1 << v
		}
	}
	return m
}

func (m valueSet) has(c Card) bool { return c < 16 && m&(1<<c) != 0 }

// reach returns the values a combination with the given X may take or
// discard from another player's tableau, whatever the kingdoms.
func reach(kind combo, x Card) valueSet {
	v := int(x)
	switch kind {
	case comboBribe:
		return valuesOf(v-1, v, v+1)
	case comboSiege:
		return valuesOf(v)
	case comboFlank:
		return valuesOf(v-1, v+2)
	}
	return 0
}

// attackCards returns the values of the two cards played for the turn's
// Siege or Flank.
func (s *State) attackCards() valueSet {
	kind, x := s.combo()
	v := int(x)
	switch kind {
	case comboSiege:
		return valuesOf(v-1, v+1)
	case comboFlank:
		return valuesOf(v, v+1)
	}
	return 0
}

// othersHold reports whether a player other than t has in their tableau a
// card of one of the values of m.
func (s *State) othersHold(t cards.Player, m valueSet) bool {
	for q := range cards.Player(s.np()) {
		if q == t {
			continue
		}
		for c := Card(1); c < Values; c++ {
			if m.has(c) && s.tableau[q][c] > 0 {
				return true
			}
		}
	}
	return false
}

// moveKind is the kind of move that uses a combination.
var moveKind = [...]Kind{comboBribe: KindBribe, comboSiege: KindSiege, comboFlank: KindFlank, comboBury: 0}

// kindCombo is the combination a kind of move uses.
func kindCombo(k Kind) combo {
	for c, mk := range moveKind {
		if mk == k && k != 0 {
			return combo(c)
		}
	}
	return comboNone
}

// describe lists the values of m, the first with its article: "a 4",
// "a 3 or 6", "an 8 or 9", "a 4, 5 or 6".
func describe(m valueSet) string {
	var vs []string
	for c := Card(1); c < Values; c++ {
		switch {
		case !m.has(c):
		case len(vs) == 0:
			vs = append(vs, c.article())
		default:
			vs = append(vs, c.String())
		}
	}
	if len(vs) == 0 {
		return "nothing"
	}
	return cards.Series(vs, "or")
}

// verb says what a combination does to the values it reaches: "take a
// 4, 5 or 6", "discard a 5".
func verb(kind combo, m valueSet) string {
	switch kind {
	case comboBury:
		return "both go to one's scoring pile"
	case comboBribe:
		return "take " + describe(m)
	case comboSiege, comboFlank:
		return "discard " + describe(m)
	}
	return ""
}

// pairText says what the pair a b makes: "4 $: a Bribe — take a 3, 4
// or 5", "3 5: a Siege — discard a 4", "4 8: no combination".
func pairText(a, b Card) string {
	kind, x := classify(a, b)
	if a.order() > b.order() {
		a, b = b, a
	}
	text := fmt.Sprintf("%v %v: %s", a, b, kind.article())
	if kind != comboNone {
		text += " — " + verb(kind, reach(kind, x))
	}
	return text
}
