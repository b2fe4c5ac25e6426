package ninekingdoms

import (
	"strings"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// Counts is a group of cards — a hand, a tableau, a scoring pile — held as
// the number of cards of each kind: Counts[0] is the number of $ cards and
// Counts[v] the number of cards valued v. Cards of one value are
// interchangeable, so this is all there is to know about a group.
//
// In JSON a group is an array of card codes, numbers first in order and
// then the $ cards: ["3","5","5","$"].
//
//cards:ts Card[]
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

// AppendJSON appends the group as an array of card codes in order.
func (g Counts) AppendJSON(b []byte) ([]byte, error) {
	var buf [DeckSize]Card
	return appendCards(b, g.AppendTo(buf[:0]))
}

// UnmarshalJSON decodes an array of card codes, in any order.
func (g *Counts) UnmarshalJSON(b []byte) error {
	var h Counts
	err := decodeCards(b, "a group of cards", func(c Card) error {
		if h[c] == fullDeck[c] {
			return cards.BadInput("a group holds more cards %v than the deck", c)
		}
		h[c]++
		return nil
	})
	if err != nil {
		return err
	}
	*g = h
	return nil
}

// appendCards appends cs as a JSON array of card codes.
func appendCards(b []byte, cs []Card) ([]byte, error) {
	b = append(b, '[')
	var err error
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = appendCard(b, c); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

// appendCard appends c's code to b as a JSON string, as its MarshalText
// encodes it.
func appendCard(b []byte, c Card) ([]byte, error) {
	if !c.Valid() {
		return b, cards.BadInput("card value %d is not a card", uint8(c))
	}
	return append(b, '"', "$123456789"[c], '"'), nil
}

// decodeCards decodes v, a valid JSON array of card codes, calling each
// with every card.
func decodeCards(v []byte, what string, each func(Card) error) error {
	return cardjson.ParseStrings(v, what, func(code []byte) error {
		if len(code) != 1 || (code[0] != '$' && (code[0] < '1' || code[0] > '9')) {
			return cards.BadInput("%q is not a Nine Kingdoms card (write \"$\" or a value from \"1\" to \"9\")", code)
		}
		c := Money
		if code[0] != '$' {
			c = Card(code[0] - '0')
		}
		return each(c)
	})
}

// MarshalJSON encodes the group as AppendJSON does.
func (g Counts) MarshalJSON() ([]byte, error) { return g.AppendJSON(nil) }

// allValid reports whether every value of cs is a card.
func allValid(cs []Card) bool {
	for _, c := range cs {
		if !c.Valid() {
			return false
		}
	}
	return true
}
