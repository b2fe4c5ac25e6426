package crazyeights

import (
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
)

// situation builds a state from a line that says where the cards are:
//
//	"P1: 7D 8S | P2: 9C KH | top: 7C | pile: 2C 3C | stock: *"
//
// a part for each hand, the top card of the discard pile, the pile
// beneath it, and the stock; "*" stands for every card no other part
// names, so that the deck is whole. The suit to follow is the top card's
// and P1 is to play; a test changes the rest by hand.
func situation(t *testing.T, line string) State {
	t.Helper()
	s := State{rng: cards.NewRand(1)}
	var rest *cards.Set
	var named cards.Set
	for _, part := range strings.Split(line, "|") {
		key, list, ok := strings.Cut(part, ":")
		if !ok {
			t.Fatalf("part %q has no colon", part)
		}
		var at *cards.Set
		switch key = strings.TrimSpace(key); {
		case key == "top":
			c, err := cards.ParseCard(strings.TrimSpace(list))
			if err != nil {
				t.Fatal(err)
			}
			s.top, s.suit = c, SuitOf(c)
			named.Add(c)
			continue
		case key == "pile":
			at = &s.pile
		case key == "stock":
			at = &s.stock
		case strings.HasPrefix(key, "P"):
			at = &s.hands[s.players]
			s.players++
		default:
			t.Fatalf("unknown part %q", key)
		}
		if strings.TrimSpace(list) == "*" {
			rest = at
			continue
		}
		for _, code := range strings.Fields(list) {
			c, err := cards.ParseCard(code)
			if err != nil {
				t.Fatal(err)
			}
			at.Add(c)
			named.Add(c)
		}
	}
	if rest != nil {
		*rest = cards.Standard().Minus(named)
	}
	if err := s.Check(); err != nil {
		t.Fatalf("situation %q: %v", line, err)
	}
	return s
}

// set returns the cards of a list of codes.
func set(t *testing.T, codes string) cards.Set {
	t.Helper()
	var s cards.Set
	for _, code := range strings.Fields(codes) {
		c, err := cards.ParseCard(code)
		if err != nil {
			t.Fatal(err)
		}
		s.Add(c)
	}
	return s
}

// card returns the card of a code.
func card(t *testing.T, code string) cards.Card {
	t.Helper()
	c, err := cards.ParseCard(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
