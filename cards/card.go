package cards

import (
	"fmt"
	"strings"
)

// A Suit is one of the four French suits.
type Suit uint8

// The suits, in the order used to index cards.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// Suits lists the four suits in order.
var Suits = [4]Suit{Clubs, Diamonds, Hearts, Spades}

// String returns the suit's symbol: ♣, ♦, ♥ or ♠.
func (s Suit) String() string {
	switch s {
	case Clubs:
		return "♣"
	case Diamonds:
		return "♦"
	case Hearts:
		return "♥"
	case Spades:
		return "♠"
	}
	return fmt.Sprintf("Suit(%d)", uint8(s))
}

// Code returns the suit's ASCII letter: C, D, H or S.
func (s Suit) Code() string {
	if s > Spades {
		return "?"
	}
	return "CDHS"[s : s+1]
}

// Name returns the suit's English name in the plural, such as "spades".
func (s Suit) Name() string {
	if s > Spades {
		return s.String()
	}
	return [...]string{"clubs", "diamonds", "hearts", "spades"}[s]
}

// A Rank is the face value of a standard card: Ace is 1, numbers are
// themselves, Jack, Queen and King are 11, 12 and 13. How ranks compare is
// up to each game.
type Rank uint8

// The ranks. NoRank is the rank of a joker.
const (
	NoRank Rank = iota
	Ace
	Two
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
)

// String returns the rank as printed on the card: A, 2 … 10, J, Q, K.
func (r Rank) String() string {
	switch {
	case r == Ace:
		return "A"
	case r >= Two && r <= Ten:
		return [...]string{"2", "3", "4", "5", "6", "7", "8", "9", "10"}[r-Two]
	case r == Jack:
		return "J"
	case r == Queen:
		return "Q"
	case r == King:
		return "K"
	}
	return fmt.Sprintf("Rank(%d)", uint8(r))
}

// A Card is one playing card: a rank of a suit, or a joker, from the first
// or the second deck of a game played with two. The zero Card is NoCard,
// which is not a card.
//
// Cards print with suit symbols (7♦, 10♠, Q♥, 🃏) and encode in JSON as
// short ASCII codes (7D, 10S, QH, X1 and X2 for the jokers); a card of the
// second deck has the code of its twin followed by an apostrophe (7D').
type Card uint8

// NoCard is the zero Card, standing for no card at all.
const NoCard Card = 0

// The two jokers of the first deck.
const (
	Joker1 Card = 53
	Joker2 Card = 54
)

const (
	faces    = 54 // distinct faces: 52 standard cards and 2 jokers
	copyBit  = 64 // added to a card of the second deck
	faceMask = copyBit - 1
)

// New returns the card of rank r and suit s from the first deck. It returns
// NoCard if r or s is out of range.
func New(r Rank, s Suit) Card {
	if r < Ace || r > King || s > Spades {
		return NoCard
	}
	return Card(1 + int(s)*13 + int(r-Ace))
}

// Valid reports whether c is a card (standard or joker, of either deck).
func (c Card) Valid() bool {
	f := c & faceMask
	return f >= 1 && f <= faces && c&^(copyBit|faceMask) == 0
}

// Rank returns the card's rank, or NoRank for a joker or NoCard.
func (c Card) Rank() Rank {
	f := c & faceMask
	if f < 1 || f > 52 {
		return NoRank
	}
	return Rank(1 + (f-1)%13)
}

// Suit returns the card's suit. The result is meaningless for a joker or
// NoCard; check IsJoker first.
func (c Card) Suit() Suit {
	f := c & faceMask
	if f < 1 || f > 52 {
		return Suit(4)
	}
	return Suit((f - 1) / 13)
}

// IsJoker reports whether c is a joker of either deck.
func (c Card) IsJoker() bool {
	f := c & faceMask
	return f == Joker1 || f == Joker2
}

// Deck returns 0 for a card of the first deck and 1 for the second.
func (c Card) Deck() int {
	if c&copyBit != 0 {
		return 1
	}
	return 0
}

// InDeck returns the twin of c in deck d (0 or 1).
func (c Card) InDeck(d int) Card {
	if d == 1 {
		return c | copyBit
	}
	return c &^ copyBit
}

// String returns the card as a person reads it: 7♦, 10♠, Q♥, or 🃏 for a
// joker, and "—" for NoCard. Twins from two decks print alike.
func (c Card) String() string {
	if s := cardNames[c]; s != "" {
		return s
	}
	return fmt.Sprintf("Card(%d)", uint8(c))
}

// cardNames holds the printed form of every card value, "" for values
// that are no card. It is computed once and never changed.
var cardNames = func() (names [256]string) {
	names[NoCard] = "—"
	for i := range names {
		switch c := Card(i); {
		case !c.Valid():
		case c.IsJoker():
			names[i] = "🃏"
		default:
			names[i] = c.Rank().String() + c.Suit().String()
		}
	}
	return names
}()

// Code returns the card's ASCII code, as used in JSON: 7D, 10S, QH, AC, X1
// or X2 for the jokers, and a trailing apostrophe for the second deck.
func (c Card) Code() string { return cardCodes[c] }

// cardCodes holds the code of every card value, "??" for values that are no
// card. It is computed once and never changed.
var cardCodes = func() (codes [256]string) {
	for i := range codes {
		codes[i] = code(Card(i))
	}
	return codes
}()

func code(c Card) string {
	if !c.Valid() {
		return "??"
	}
	var s string
	switch c & faceMask {
	case Joker1:
		s = "X1"
	case Joker2:
		s = "X2"
	default:
		s = c.Rank().String() + c.Suit().Code()
	}
	if c.Deck() == 1 {
		s += "'"
	}
	return s
}

// ParseCard reads a card from its code or its printed form, in any case:
// "7D", "7d", "7♦", "10S", "TS", "QH", "X1", "x2", "🃏" (the first joker),
// "7D'" (the second deck's 7D). Anything else is an error wrapping
// ErrBadInput.
func ParseCard(s string) (Card, error) {
	t := strings.TrimSpace(s)
	deck := 0
	if strings.HasSuffix(t, "'") {
		deck = 1
		t = t[:len(t)-1]
	}
	c := parseFace(strings.ToUpper(t))
	if c == NoCard {
		return NoCard, fmt.Errorf("%w: %q is not a card (write it like 7D, 10S, QH, AC, X1)", ErrBadInput, s)
	}
	return c.InDeck(deck), nil
}

func parseFace(t string) Card {
	switch t {
	case "X1", "🃏", "JOKER", "JK":
		return Joker1
	case "X2":
		return Joker2
	}
	for _, sym := range [...]struct {
		text string
		suit Suit
	}{
		{"C", Clubs}, {"D", Diamonds}, {"H", Hearts}, {"S", Spades},
		{"♣", Clubs}, {"♦", Diamonds}, {"♥", Hearts}, {"♠", Spades},
		{"♧", Clubs}, {"♢", Diamonds}, {"♡", Hearts}, {"♤", Spades},
	} {
		if r, ok := strings.CutSuffix(t, sym.text); ok {
			if rank := parseRank(r); rank != NoRank {
				return New(rank, sym.suit)
			}
		}
	}
	return NoCard
}

func parseRank(s string) Rank {
	switch s {
	case "A":
		return Ace
	case "T", "10":
		return Ten
	case "J":
		return Jack
	case "Q":
		return Queen
	case "K":
		return King
	}
	if len(s) == 1 && s[0] >= '2' && s[0] <= '9' {
		return Rank(s[0] - '0')
	}
	return NoRank
}

// ParseRank reads a rank as printed (A, 2 … 10, T, J, Q, K), in any case.
func ParseRank(s string) (Rank, error) {
	r := parseRank(strings.ToUpper(strings.TrimSpace(s)))
	if r == NoRank {
		return NoRank, fmt.Errorf("%w: %q is not a rank (A, 2 … 10, J, Q, K)", ErrBadInput, s)
	}
	return r, nil
}

// MarshalText encodes the card as its code, and NoCard as the empty string.
func (c Card) MarshalText() ([]byte, error) { return c.AppendText([]byte{}) }

// AppendText appends the card's code to b, as MarshalText encodes it.
func (c Card) AppendText(b []byte) ([]byte, error) {
	if c == NoCard {
		return b, nil
	}
	if !c.Valid() {
		return b, fmt.Errorf("%w: card value %d is not a card", ErrBadInput, uint8(c))
	}
	return append(b, c.Code()...), nil
}

// UnmarshalText decodes a card from its code exactly as Code writes it
// ("7D", "10S", "X1", "7D'"), and NoCard from the empty string. (ParseCard
// reads the looser forms people type.)
func (c *Card) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = NoCard
		return nil
	}
	v := cardOfCode(b)
	if v == NoCard {
		return fmt.Errorf("%w: %q is not a card code (such as 7D, 10S, QH, AC, X1)", ErrBadInput, b)
	}
	*c = v
	return nil
}

// cardOfCode returns the card whose code is b, or NoCard. It allocates
// nothing.
func cardOfCode(b []byte) Card {
	deck := 0
	if n := len(b); n > 0 && b[n-1] == '\'' {
		deck, b = 1, b[:n-1]
	}
	var r Rank
	switch len(b) {
	case 2:
		switch {
		case b[0] == 'X' && b[1] == '1':
			return Joker1.InDeck(deck)
		case b[0] == 'X' && b[1] == '2':
			return Joker2.InDeck(deck)
		case b[0] >= '2' && b[0] <= '9':
			r = Rank(b[0] - '0')
		case b[0] == 'A':
			r = Ace
		case b[0] == 'J':
			r = Jack
		case b[0] == 'Q':
			r = Queen
		case b[0] == 'K':
			r = King
		default:
			return NoCard
		}
	case 3:
		if b[0] != '1' || b[1] != '0' {
			return NoCard
		}
		r = Ten
	default:
		return NoCard
	}
	var suit Suit
	switch b[len(b)-1] {
	case 'C':
		suit = Clubs
	case 'D':
		suit = Diamonds
	case 'H':
		suit = Hearts
	case 'S':
		suit = Spades
	default:
		return NoCard
	}
	return New(r, suit).InDeck(deck)
}

// MarshalText encodes the rank as printed, and NoRank as the empty string.
func (r Rank) MarshalText() ([]byte, error) { return r.AppendText([]byte{}) }

// AppendText appends the rank's text, as MarshalText gives it, to b.
func (r Rank) AppendText(b []byte) ([]byte, error) {
	if r == NoRank {
		return b, nil
	}
	if r < Ace || r > King {
		return b, fmt.Errorf("%w: rank value %d is not a rank", ErrBadInput, uint8(r))
	}
	return append(b, r.String()...), nil
}

// UnmarshalText decodes a rank as printed, and NoRank from the empty string.
func (r *Rank) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*r = NoRank
		return nil
	}
	v, err := ParseRank(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}
