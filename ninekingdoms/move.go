package ninekingdoms

import (
	"fmt"
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
	// KindChoose chooses the two cards of one's hand to play this round
	// (Pair, in order: numbers by value, then $); the other three are
	// discarded face down.
	KindChoose
	// KindClaim claims Kingdom Kingdom (a value from 1 to 9).
	KindClaim
	// KindBribe uses a Bribe: the $ goes to Target's scoring pile (to
	// one's own with Kingdom 6) and one takes Target's card Card.
	KindBribe
	// KindSiege uses a Siege: discard Target's card Card (the value
	// between the two played).
	KindSiege
	// KindFlank uses a Flank: discard Target's card Card (one below or two
	// above the lower card played).
	KindFlank
	// KindDecline declines what is left to decide: the turn's Bribe (its
	// $ is discarded), Siege or Flank, a second Flank discard, or a
	// Kingdom 7 answer.
	KindDecline
	// KindStash uses Kingdom 8: one's tableau card Card goes face down to
	// one's scoring pile.
	KindStash
	// KindCounter uses Kingdom 7 against an attack: discard the attacker's
	// card Card, one of the two they played for it.
	KindCounter
	// KindEnd ends one's turn.
	KindEnd
	numKinds
)

// String returns the kind's name as used in JSON: "choose", "claim",
// "bribe", "siege", "flank", "decline", "stash", "counter" or "end".
func (k Kind) String() string { return kindCodes.Name(k) }

// A Move is one player's move. Moves are small comparable values; make
// them with the functions named after their kinds (Choose, Claim …). The
// fields a kind does not use are zero.
//
// Its JSON names its player, its kind and the members its kind uses, and
// ends with its text for people, which decoding skips: {"player":0,
// "kind":"bribe","target":1,"card":"5","text":"bribe P2: take 5"}.
//
//cards:json move text=appendText seats=MaxPlayers "a Nine Kingdoms move"
type Move struct {
	// Who is the player who moves.
	Who cards.Player `cards:"player"`
	// Kind is what the move does.
	Kind Kind
	// Target is the player a Bribe, Siege or Flank aims at.
	Target cards.Player `kinds:"bribe,siege,flank"`
	// Kingdom is the number of the kingdom a claim claims.
	Kingdom uint8 `kinds:"claim"`
	// Card is the card the move takes, discards or stashes.
	Card Card `kinds:"bribe,siege,flank,stash,counter"`
	// Pair is the two cards of a choice.
	Pair [2]Card `cards:"cards" kinds:"choose"`
}

// targeted reports whether moves of the kind name a Target.
func (k Kind) targeted() bool { return k == KindBribe || k == KindSiege || k == KindFlank }

// carded reports whether moves of the kind name a Card.
func (k Kind) carded() bool { return k.targeted() || k == KindStash || k == KindCounter }

// Choose returns p's move choosing cards a and b to play this round.
func Choose(p cards.Player, a, b Card) Move {
	if a.order() > b.order() {
		a, b = b, a
	}
	return Move{Who: p, Kind: KindChoose, Pair: [2]Card{a, b}}
}

// Claim returns p's move claiming Kingdom k.
func Claim(p cards.Player, k int) Move {
	return Move{Who: p, Kind: KindClaim, Kingdom: uint8(min(max(k, 0), 255))}
}

// Bribe returns p's move using their Bribe on target, taking their card c.
func Bribe(p, target cards.Player, c Card) Move {
	return Move{Who: p, Kind: KindBribe, Target: target, Card: c}
}

// Siege returns p's move using their Siege on target, discarding their
// card c.
func Siege(p, target cards.Player, c Card) Move {
	return Move{Who: p, Kind: KindSiege, Target: target, Card: c}
}

// Flank returns p's move using their Flank on target, discarding their
// card c.
func Flank(p, target cards.Player, c Card) Move {
	return Move{Who: p, Kind: KindFlank, Target: target, Card: c}
}

// Decline returns p's move declining what is left to decide.
func Decline(p cards.Player) Move { return Move{Who: p, Kind: KindDecline} }

// Stash returns p's move using Kingdom 8 on their tableau card c.
func Stash(p cards.Player, c Card) Move { return Move{Who: p, Kind: KindStash, Card: c} }

// Counter returns p's move using Kingdom 7 to discard the attacker's card c.
func Counter(p cards.Player, c Card) Move { return Move{Who: p, Kind: KindCounter, Card: c} }

// End returns p's move ending their turn.
func End(p cards.Player) Move { return Move{Who: p, Kind: KindEnd} }

// Player returns the player who makes the move.
func (m Move) Player() cards.Player { return m.Who }

// String describes the move without its player: "choose 6 $", "claim
// Kingdom 6", "bribe P2: take 5", "siege P3: discard 4", "flank P2:
// discard 7", "decline", "stash 8", "counter: discard 3", "end turn".
func (m Move) String() string {
	switch m.Kind {
	case KindDecline:
		return "decline"
	case KindEnd:
		return "end turn"
	}
	return string(m.appendText(make([]byte, 0, 32)))
}

// appendText appends the text String returns to b.
func (m Move) appendText(b []byte) []byte {
	switch m.Kind {
	case KindChoose:
		return append(append(append(append(b, "choose "...), m.Pair[0].String()...), ' '), m.Pair[1].String()...)
	case KindClaim:
		return strconv.AppendInt(append(b, "claim Kingdom "...), int64(m.Kingdom), 10)
	case KindBribe:
		return append(append(append(append(b, "bribe "...), m.Target.String()...), ": take "...), m.Card.String()...)
	case KindSiege, KindFlank:
		b = append(append(append(b, m.Kind.String()...), ' '), m.Target.String()...)
		return append(append(b, ": discard "...), m.Card.String()...)
	case KindDecline:
		return append(b, "decline"...)
	case KindStash:
		return append(append(b, "stash "...), m.Card.String()...)
	case KindCounter:
		return append(append(b, "counter: discard "...), m.Card.String()...)
	case KindEnd:
		return append(b, "end turn"...)
	}
	return fmt.Appendf(b, "%v %v %v %v %v", m.Kind, m.Target, m.Kingdom, m.Card, m.Pair)
}
