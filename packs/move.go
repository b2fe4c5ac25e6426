package packs

import (
	"strconv"

	"github.com/cardrules/games/cards"
)

// A Kind is what a move does.
//
//cards:json enum "a move kind"
type Kind uint8

// The kinds of moves. The zero Kind is no kind; a move without one is
// never legal.
const (
	_ Kind = iota
	// KindBuy buys market card Card: an action.
	KindBuy
	// KindPlay plays Card from one's hand into one's kingdom: an action.
	KindPlay
	// KindDiscard discards Card from one's hand face up: an action, or,
	// after a ♠ attack, one of the cards received, down to the hand limit.
	KindDiscard
	// KindPass ends the turn of a player who can take no action.
	KindPass
	// KindTake takes one coin of ♦ income: from under market card Card,
	// or, with Card NoCard, one of the coins lying loose in Column.
	KindTake
	// KindPay pays one coin of a ♠ attack.
	KindPay
	// KindGive gives Card from one's hand for one unit of a ♠ attack.
	KindGive
	numKinds
)

// String returns the kind's name: "buy", "play", "discard", "pass",
// "take", "pay" or "give".
func (k Kind) String() string { return kindCodes.Name(k) }

// A Move is one player's decision. Moves are small comparable values; a
// move is legal exactly when it is == to one of LegalMoves. Make them with
// Buy, Play, Discard, Pass, Take, TakeLoose, Pay and Give.
//
// Its JSON names its player, its kind and the members its kind uses, and
// ends with its text for people, which decoding skips: {"player":0,
// "kind":"buy","card":"7D","text":"buy 7♦"}; a loose coin taken names its
// column, {"player":0,"kind":"take","column":3,…}.
//
//cards:json move text=appendText seats=MaxPlayers "a Packs Kingdoms move"
type Move struct {
	// Who makes the move.
	Who cards.Player `cards:"player"`
	// Kind is what the move does.
	Kind Kind
	// Card is the card bought, played, discarded or given, or the market
	// card a coin of income is taken from under.
	Card cards.Card `kinds:"buy,play,discard,give,take" when:"x.Kind != KindTake || x.Card != cards.NoCard"`
	// Column is the market column whose loose coin a Take takes (Card is
	// then NoCard); 0 for every other move.
	Column int8 `kinds:"take" when:"x.Card == cards.NoCard"`
}

// Buy returns p's move buying market card c.
func Buy(p cards.Player, c cards.Card) Move { return Move{Who: p, Kind: KindBuy, Card: c} }

// Play returns p's move playing c from their hand into their kingdom.
func Play(p cards.Player, c cards.Card) Move { return Move{Who: p, Kind: KindPlay, Card: c} }

// Discard returns p's move discarding c from their hand.
func Discard(p cards.Player, c cards.Card) Move { return Move{Who: p, Kind: KindDiscard, Card: c} }

// Pass returns p's move passing a turn in which they can take no action.
func Pass(p cards.Player) Move { return Move{Who: p, Kind: KindPass} }

// Take returns p's move taking a coin of income from under market card c.
func Take(p cards.Player, c cards.Card) Move { return Move{Who: p, Kind: KindTake, Card: c} }

// TakeLoose returns p's move taking a coin of income lying loose in market
// column col.
func TakeLoose(p cards.Player, col int) Move {
	return Move{Who: p, Kind: KindTake, Column: int8(col)}
}

// Pay returns p's move paying a coin of a ♠ attack.
func Pay(p cards.Player) Move { return Move{Who: p, Kind: KindPay} }

// Give returns p's move giving card c of their hand for a ♠ attack.
func Give(p cards.Player, c cards.Card) Move { return Move{Who: p, Kind: KindGive, Card: c} }

// Player returns the player who makes the move.
func (m Move) Player() cards.Player { return m.Who }

// String describes the move without its player: "buy 7♦", "play K♦",
// "discard 9♣", "pass", "take a coin from under 6♠", "take a loose coin
// from column 4", "pay a coin", "give 8♥".
func (m Move) String() string {
	switch m.Kind {
	case KindPass:
		return "pass"
	case KindPay:
		return "pay a coin"
	case KindBuy, KindPlay, KindDiscard, KindGive, KindTake:
		return string(m.appendText(make([]byte, 0, 40)))
	}
	return "no move"
}

// appendText appends the text String returns to b.
func (m Move) appendText(b []byte) []byte {
	switch m.Kind {
	case KindBuy, KindPlay, KindDiscard, KindGive:
		return append(append(append(b, m.Kind.String()...), ' '), m.Card.String()...)
	case KindPass:
		return append(b, "pass"...)
	case KindPay:
		return append(b, "pay a coin"...)
	case KindTake:
		if m.Card == cards.NoCard {
			return strconv.AppendInt(append(b, "take a loose coin from column "...), int64(m.Column), 10)
		}
		return append(append(b, "take a coin from under "...), m.Card.String()...)
	}
	return append(b, "no move"...)
}

// decoded checks what a move's JSON gives beyond its form: a column of
// the market.
func (m *Move) decoded() error {
	if m.Column < 0 || m.Column >= Columns {
		return cards.BadInput("column %d is no column of the market (0 to %d)", m.Column, Columns-1)
	}
	return nil
}
