package ninekingdoms

import (
	"github.com/cardrules/games/cards"

	"fmt"
	"strings"
)

// A Card is an Influence card: Money ($) or a number card valued 1 to 9.
// The zero Card is Money. Cards print and encode in JSON alike: "$" and
// "1" to "9".
//
//cards:ts "$" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9"
type Card uint8

// Money is the $ card.
const Money Card = 0

// Values is the number of distinct cards: $ and the values 1 to 9.
const Values = 10

// Valid reports whether c is a card: $ or a value from 1 to 9.
func (c Card) Valid() bool { return c < Values }

// IsMoney reports whether c is the $ card.
func (c Card) IsMoney() bool { return c == Money }

// String returns "$" or the card's value.
func (c Card) String() string {
	switch {
	case c == Money:
		return "$"
	case c.Valid():
		return "0123456789"[c : c+1]
	}
	return fmt.Sprintf("Card(%d)", uint8(c))
}

// article returns the card with its indefinite article: "a 5", "an 8".
func (c Card) article() string {
	if c == 8 {
		return "an 8"
	}
	return "a " + c.String()
}

// order is the card's place when cards are listed: 1 to 9, then $.
func (c Card) order() int {
	if c == Money {
		return Values
	}
	return int(c)
}

// ParseCard reads a card: "$" or a value from "1" to "9".
func ParseCard(s string) (Card, error) {
	switch t := strings.TrimSpace(s); {
	case t == "$":
		return Money, nil
	case len(t) == 1 && t[0] >= '1' && t[0] <= '9':
		return Card(t[0] - '0'), nil
	}
	return 0, cards.BadInput("%q is not a Nine Kingdoms card (write $ or a value from 1 to 9)", s)
}

// MarshalText encodes the card as "$" or its value.
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, cards.BadInput("card value %d is not a card", uint8(c))
	}
	return []byte(c.String()), nil
}

// AppendText appends the card's code to b, as MarshalText encodes it.
func (c Card) AppendText(b []byte) ([]byte, error) {
	if !c.Valid() {
		return b, cards.BadInput("card value %d is not a card", uint8(c))
	}
	return append(b, "$123456789"[c]), nil
}

// UnmarshalText decodes what MarshalText encodes.
func (c *Card) UnmarshalText(b []byte) error {
	v, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}
