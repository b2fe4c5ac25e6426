package cards

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"

	"github.com/cardrules/games/cards/internal/strict"
)

// A Set is a set of cards from up to two decks, held as a bitset: it is a
// small value, copied by assignment, compared with ==, and its operations
// allocate nothing. The zero Set is empty.
//
// Sets iterate in card order: by deck, then suit (♣ ♦ ♥ ♠), then rank from
// Ace to King, then the jokers.
type Set [2]uint64

// SetOf returns the set holding the given cards.
func SetOf(cs ...Card) Set {
	var s Set
	for _, c := range cs {
		s.Add(c)
	}
	return s
}

func (s *Set) word(c Card) (*uint64, uint64) {
	return &s[c>>6&1], 1 << (c & 63)
}

// Add puts c in the set. Adding a value that is not a valid card does
// nothing.
func (s *Set) Add(c Card) {
	if !c.Valid() {
		return
	}
	w, b := s.word(c)
	*w |= b
}

// Remove takes c out of the set.
func (s *Set) Remove(c Card) {
	if !c.Valid() {
		return
	}
	w, b := s.word(c)
	*w &^= b
}

// Has reports whether c is in the set.
func (s Set) Has(c Card) bool {
	if !c.Valid() {
		return false
	}
	w, b := s.word(c)
	return *w&b != 0
}

// Len returns the number of cards in the set.
func (s Set) Len() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// Empty reports whether the set holds no card.
func (s Set) Empty() bool { return s[0]|s[1] == 0 }

// Union returns the cards in s or t.
func (s Set) Union(t Set) Set { return Set{s[0] | t[0], s[1] | t[1]} }

// Intersect returns the cards in both s and t.
func (s Set) Intersect(t Set) Set { return Set{s[0] & t[0], s[1] & t[1]} }

// Minus returns the cards of s that are not in t.
func (s Set) Minus(t Set) Set { return Set{s[0] &^ t[0], s[1] &^ t[1]} }

// Contains reports whether every card of t is in s.
func (s Set) Contains(t Set) bool { return t.Minus(s).Empty() }

// Valid reports whether the set holds only valid cards. A set built with
// Add always does; one decoded or built by hand may not.
func (s Set) Valid() bool { return s.Minus(validCards).Empty() }

// validCards holds every card of both decks: bits 1 to 54 of each word.
var validCards = Set{1<<(faces+1) - 2, 1<<(faces+1) - 2}

// First returns the first card of the set in card order, or NoCard if the
// set is empty.
func (s Set) First() Card {
	switch {
	case s[0] != 0:
		return Card(bits.TrailingZeros64(s[0]))
	case s[1] != 0:
		return Card(64 + bits.TrailingZeros64(s[1]))
	}
	return NoCard
}

// All iterates over the cards of the set in card order.
func (s Set) All() iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for i, w := range s {
			for w != 0 {
				b := bits.TrailingZeros64(w)
				w &= w - 1
				if !yield(Card(i*64 + b)) {
					return
				}
			}
		}
	}
}

// AppendTo appends the cards of the set to dst in card order.
func (s Set) AppendTo(dst []Card) []Card {
	for i, w := range s {
		for w != 0 {
			b := bits.TrailingZeros64(w)
			w &= w - 1
			dst = append(dst, Card(i*64+b))
		}
	}
	return dst
}

// Cards returns the cards of the set in card order.
func (s Set) Cards() []Card { return s.AppendTo(make([]Card, 0, s.Len())) }

// String lists the cards as a person reads them, separated by spaces.
func (s Set) String() string {
	var b strings.Builder
	for c := range s.All() {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// AppendJSON appends the set's JSON to b.
func (s Set) AppendJSON(b []byte) ([]byte, error) {
	if !s.Valid() {
		return b, fmt.Errorf("%w: set holds values that are not cards", ErrBadInput)
	}
	b = append(b, '[')
	first := true
	for c := range s.All() {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(append(append(b, '"'), c.Code()...), '"')
	}
	return append(b, ']'), nil
}

// UnmarshalJSON decodes an array of card codes. A card named twice, or
// anything that is not a card, is an error wrapping ErrBadInput.
func (s *Set) UnmarshalJSON(v []byte) error {
	var t Set
	i := strict.SkipSpace(v, 0)
	if i >= len(v) || v[i] != '[' {
		return BadInput("a card set is an array of card codes, not %s", strict.KindOf(v))
	}
	for i = strict.SkipSpace(v, i+1); i < len(v) && v[i] != ']'; {
		// The fast way: a plain code such as "7D"; anything else goes
		// through the general parser.
		end := i + 1
		for end < len(v) && v[end] != '"' && v[end] != '\\' {
			end++
		}
		if v[i] != '"' || end >= len(v) || v[end] != '"' {
			return s.unmarshalSlowly(v)
		}
		c := cardOfCode(v[i+1 : end])
		switch {
		case c == NoCard:
			return fmt.Errorf("%w: %q is not a card code (such as 7D, 10S, QH, AC, X1)", ErrBadInput, v[i+1:end])
		case t.Has(c):
			return fmt.Errorf("%w: card %s is named twice in a set", ErrBadInput, c.Code())
		}
		t.Add(c)
		if i = strict.SkipSpace(v, end+1); i < len(v) && v[i] == ',' {
			i = strict.SkipSpace(v, i+1)
		}
	}
	*s = t
	return nil
}

// unmarshalSlowly decodes a card set whose codes are not all plain strings.
func (s *Set) unmarshalSlowly(v []byte) error {
	var t Set
	err := parseCodes(v, "a card set", func(c Card) error {
		if t.Has(c) {
			return fmt.Errorf("%w: card %s is named twice in a set", ErrBadInput, c.Code())
		}
		t.Add(c)
		return nil
	})
	if err != nil {
		return err
	}
	*s = t
	return nil
}

// parseCodes parses v, a valid JSON array of strings, calling each with
// every string in turn as a card code; anything else is an error wrapping
// ErrBadInput that names what the array is ("a card set").
func parseCodes(v []byte, what string, each func(Card) error) error {
	return strict.ParseStrings(v, what, func(code []byte) error {
		c := cardOfCode(code)
		if c == NoCard {
			return fmt.Errorf("%w: %q is not a card code (such as 7D, 10S, QH, AC, X1)", ErrBadInput, code)
		}
		return each(c)
	})
}

// MarshalJSON encodes the set as AppendJSON does.
func (s Set) MarshalJSON() ([]byte, error) { return s.AppendJSON(nil) }
