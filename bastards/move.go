package bastards

import (
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
	// KindPlay puts cards on the table: a single, pair, triple or quad, a
	// lone 2, or a lone joker with its declared rank.
	KindPlay
	// KindPass skips this turn; the leader of a trick may not pass.
	KindPass
	// KindGive is the King's choice of two cards from the hand as dealt,
	// for the Bastard, before each round after the first.
	KindGive
	numKinds
)

// String returns the kind's name: "play", "pass" or "give".
func (k Kind) String() string { return kindCodes.Name(k) }

// A Move is one player's decision: play cards, pass, or (for the King)
// give two cards to the Bastard. Moves are small comparable values; make
// them with the functions named after their kinds (Play, PlayJoker, Pass,
// Give). A move is legal exactly when it is == to one of LegalMoves.
//
// Its JSON names its player, its kind and the members its kind uses, and
// ends with its text for people, which decoding skips: {"player":0,
// "kind":"play","cards":["7C","7D"],"text":"play 7♣ 7♦"}, with "as" for a
// lone joker's rank; a pass has no "cards".
//
//cards:json move text=appendText seats=MaxPlayers "a Kings & Bastards move"
type Move struct {
	// Who is the player who moves.
	Who cards.Player `cards:"player"`
	// Kind is what the move does.
	Kind Kind
	// Cards are the exact cards played or given; empty for a pass.
	Cards cards.Set `kinds:"play,give"`
	// As is the rank a lone joker stands for (3 … A); NoRank for every
	// other move.
	As cards.Rank `kinds:"play?"`
}

// Play returns the move of p playing cs: a single, pair, triple or quad,
// jokers filling places, or a lone 2 (see PlayJoker for a lone joker).
func Play(p cards.Player, cs ...cards.Card) Move {
	return Move{Who: p, Kind: KindPlay, Cards: cards.SetOf(cs...)}
}

// PlayJoker returns the move of p playing joker j alone as rank r.
func PlayJoker(p cards.Player, j cards.Card, r cards.Rank) Move {
	return Move{Who: p, Kind: KindPlay, Cards: cards.SetOf(j), As: r}
}

// Pass returns the move of p passing.
func Pass(p cards.Player) Move { return Move{Who: p, Kind: KindPass} }

// Give returns the King p's choice of cards a and b for the Bastard.
func Give(p cards.Player, a, b cards.Card) Move {
	return Move{Who: p, Kind: KindGive, Cards: cards.SetOf(a, b)}
}

// Player returns the player who makes the move.
func (m Move) Player() cards.Player { return m.Who }

// String describes the move without its player: "play 7♣ 7♦", "play 🃏 as
// 9", "pass", "give A♥ 2♠".
func (m Move) String() string {
	switch m.Kind {
	case KindPass:
		return "pass"
	case KindPlay, KindGive:
		return string(m.appendText(make([]byte, 0, 16+8*m.Cards.Len())))
	}
	return "no move"
}

// appendText appends the text String returns to b.
func (m Move) appendText(b []byte) []byte {
	switch m.Kind {
	case KindPass:
		return append(b, "pass"...)
	case KindPlay, KindGive:
		b = appendHand(append(append(b, m.Kind.String()...), ' '), m.Cards)
		if m.As != cards.NoRank {
			b = append(append(b, " as "...), m.As.String()...)
		}
		return b
	}
	return append(b, "no move"...)
}
