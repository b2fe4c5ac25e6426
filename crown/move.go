package crown

import (
	"strconv"

	"github.com/cardrules/games/cards"
)

// A Kind is what a move does.
//
//cards:json enum "a kind of move"
type Kind uint8

// The kinds of moves. The zero Kind is no kind; a move without one is
// never legal.
const (
	_ Kind = iota
	// KindPlay plays Card from hand into one's court.
	KindPlay
	// KindDecree issues a decree against the card or decree before it:
	// Other and then Card (a Face card, on top) go from hand to one's own
	// discard pile.
	KindDecree
	// KindDecline declines to decree, which ends the decree exchange.
	KindDecline
	// KindClub uses a Club on Card, a card of the opponent's court.
	KindClub
	// KindBribe uses a Bribe on Card, a card of the opponent's hand.
	KindBribe
	// KindDig uses a Dig: Card, the top card of From's discard pile, goes
	// into one's hand.
	KindDig
	// KindInspire uses an Inspire to lend the mover's card the ability
	// Ability of another card of their court.
	KindInspire
	numKinds
)

var kindNames = [numKinds]string{"", "play", "decree", "decline", "club", "bribe", "dig", "inspire"}

// String returns the kind's name: "play", "decree" …
func (k Kind) String() string {
	if k == 0 || k >= numKinds {
		return "Kind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindNames[k]
}

// A Move is one player's decision. Moves are small comparable values; make
// them with the functions named after their kinds (Play, Decree …). The
// fields a kind does not use are zero. A move is legal exactly when it is
// == to one of LegalMoves.
//
// Its JSON names its player, its kind and the members its kind uses, and
// ends with its text for people, which decoding skips: {"player":0,
// "kind":"decree","card":"KS","other":"3D","text":"decree with K♠ and 3♦"}.
//
//cards:json move text=appendText seats=Players "a Claim the Crown move"
type Move struct {
	// Who is the player who moves.
	Who cards.Player `cards:"player"`
	// Kind is what the move does.
	Kind Kind
	// Card is the card played, the Face card of a decree, the card
	// clubbed, bribed or dug.
	Card cards.Card `kinds:"play,decree,club,bribe,dig"`
	// Other is the other card of a decree, beneath the Face card.
	Other cards.Card `kinds:"decree"`
	// From is the player whose discard pile a Dig takes from.
	From cards.Player `kinds:"dig"`
	// Ability is the ability an Inspire uses.
	Ability Ability `kinds:"inspire"`
}

// Play returns p's move playing card c into their court.
func Play(p cards.Player, c cards.Card) Move { return Move{Who: p, Kind: KindPlay, Card: c} }

// Decree returns p's decree with Face card face on top of card other.
func Decree(p cards.Player, face, other cards.Card) Move {
	return Move{Who: p, Kind: KindDecree, Card: face, Other: other}
}

// Decline returns p's move declining to decree.
func Decline(p cards.Player) Move { return Move{Who: p, Kind: KindDecline} }

// Club returns p's Club on card c of the opponent's court.
func Club(p cards.Player, c cards.Card) Move { return Move{Who: p, Kind: KindClub, Card: c} }

// Bribe returns p's Bribe on card c of the opponent's hand.
func Bribe(p cards.Player, c cards.Card) Move { return Move{Who: p, Kind: KindBribe, Card: c} }

// Dig returns p's Dig of card c, the top card of from's discard pile.
func Dig(p, from cards.Player, c cards.Card) Move {
	return Move{Who: p, Kind: KindDig, Card: c, From: from}
}

// Inspire returns p's Inspire using ability a of another card of their
// court. Cards of one ability lend the same thing, so an Inspire names
// the ability rather than the card.
func Inspire(p cards.Player, a Ability) Move { return Move{Who: p, Kind: KindInspire, Ability: a} }

// Player returns the player who makes the move.
func (m Move) Player() cards.Player { return m.Who }

// String describes the move without its player: "play 7♦", "decree with
// K♠ and 3♦", "decline", "club 5♥", "bribe 2♣", "dig 9♣ from P2's pile",
// "inspire to club".
func (m Move) String() string {
	switch m.Kind {
	case KindDecline:
		return "decline"
	case KindPlay, KindClub, KindBribe, KindDecree, KindDig, KindInspire:
		return string(m.appendText(make([]byte, 0, 32)))
	}
	return "no move"
}

// appendText appends the text String returns to b.
func (m Move) appendText(b []byte) []byte {
	switch m.Kind {
	case KindPlay, KindClub, KindBribe:
		return append(append(append(b, m.Kind.String()...), ' '), m.Card.String()...)
	case KindDecree:
		return append(append(append(append(b, "decree with "...), m.Card.String()...), " and "...), m.Other.String()...)
	case KindDecline:
		return append(b, "decline"...)
	case KindDig:
		b = append(append(append(b, "dig "...), m.Card.String()...), " from "...)
		return append(append(b, m.From.String()...), "'s pile"...)
	case KindInspire:
		return append(append(b, "inspire to "...), m.Ability.verb()...)
	}
	return append(b, "no move"...)
}
