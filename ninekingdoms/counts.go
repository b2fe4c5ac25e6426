package ninekingdoms

import (
	"github.com/cardrules/games/cards"

	"encoding/json"
	"strings"
)

// Counts is a group of cards — a hand, a tableau, a scoring pile — held as
// the number of cards of each kind: Counts[0] is the number of $ cards and
// Counts[v] the number of cards valued v. Cards of one value are
// interchangeable, so this is all there is to know about a group.
//
// In JSON a group is an array of card codes, numbers first in order and
// then the $ cards: ["3","5","5","$"].
type Counts [Values]uint8

// fullDeck is the Influence deck: 15 $, one 1, two 2s … nine 9s.
var fullDeck = Counts{15, 1, 2, 3, 4, 5, 6, 7, 8, 9}

// DeckSize is the number of Influence cards.
const DeckSize = 60

// CountsOf returns the group holding the given cards.
func CountsOf(cs ...Card) Counts {
	var g Counts
	for _, c := range cs {
		g.Add(c)
	}
	return g
}

// Len returns the number of cards in the group.
func (g Counts) Len() int {
	n := 0
	for _, k := range g {
		n += int(k)
	}
	return n
}

// Has reports whether the group holds a card c.
func (g Counts) Has(c Card) bool { return c.Valid() && g[c] > 0 }

// Add puts a card c in the group. It does nothing if c is not a card.
func (g *Counts) Add(c Card) {
	if c.Valid() {
		g[c]++
	}
}

// Remove takes a card c out of the group, if it holds one.
func (g *Counts) Remove(c Card) {
	if g.Has(c) {
		g[c]--
	}
}

// Plus returns the cards of g and h together.
func (g Counts) Plus(h Counts) Counts {
	for i := range g {
		g[i] += h[i]
	}
	return g
}

// Minus returns the cards of g less those of h; it reports false, and
// returns g unchanged, if g does not hold every card of h.
func (g Counts) Minus(h Counts) (Counts, bool) {
	if !g.Contains(h) {
		return g, false
	}
	for i := range g {
		g[i] -= h[i]
	}
	return g, true
}

// Contains reports whether g holds every card of h, counted with
// repetition.
func (g Counts) Contains(h Counts) bool {
	for i := range g {
		if g[i] < h[i] {
			return false
		}
	}
	return true
}

// AppendTo appends the cards of the group to dst, numbers first in order
// and then the $ cards, and returns the extended slice.
func (g Counts) AppendTo(dst []Card) []Card {
	for v := 1; v <= Values; v++ {
		c := Card(v % Values)
		for range g[c] {
			dst = append(dst, c)
		}
	}
	return dst
}

// Cards returns the cards of the group in order: numbers, then $.
func (g Counts) Cards() []Card { return g.AppendTo(make([]Card, 0, g.Len())) }

// String lists the cards in order, separated by spaces: "3 5 5 $". An empty
// group prints as "–".
func (g Counts) String() string {
	if g.Len() == 0 {
		return "–"
	}
	var b strings.Builder
	var buf [DeckSize]Card
	for i, c := range g.AppendTo(buf[:0]) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// MarshalJSON encodes the group as an array of card codes in order.
func (g Counts) MarshalJSON() ([]byte, error) {
	b := []byte{'['}
	var buf [DeckSize]Card
	for i, c := range g.AppendTo(buf[:0]) {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, c.String()...)
		b = append(b, '"')
	}
	return append(b, ']'), nil
}

// allValid reports whether every value of cs is a card. (encoding/json
// decodes a base64 string into a slice of a byte type such as []Card
// without asking Card.)
func allValid(cs []Card) bool {
	for _, c := range cs {
		if !c.Valid() {
			return false
		}
	}
	return true
}

// UnmarshalJSON decodes an array of card codes, in any order.
func (g *Counts) UnmarshalJSON(b []byte) error {
	var cs []Card
	if err := json.Unmarshal(b, &cs); err != nil {
		return cards.BadInput("a group of cards is an array of card codes ($, 1 … 9): %v", err)
	}
	var h Counts
	for _, c := range cs {
		if !c.Valid() {
			return cards.BadInput("%v is not a Nine Kingdoms card", c)
		}
		if h[c] == fullDeck[c] {
			return cards.BadInput("a group holds more cards %v than the deck", c)
		}
		h[c]++
	}
	*g = h
	return nil
}
