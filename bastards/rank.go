package bastards

import (
	"math/bits"

	"github.com/cardrules/games/cards"
)

// power orders ranks for play: 3 is the lowest (1), then 4 … K, A (12), and
// the trump 2 (13). A joker or NoRank has power 0.
func power(r cards.Rank) int {
	switch {
	case r == cards.Ace:
		return 12
	case r == cards.Two:
		return 13
	case r >= cards.Three && r <= cards.King:
		return int(r - cards.Two)
	}
	return 0
}

// playRanks lists the ranks a set or a declared joker can have, from low
// to high: 3 … K, A (never 2).
var playRanks = [12]cards.Rank{
	cards.Three, cards.Four, cards.Five, cards.Six, cards.Seven, cards.Eight,
	cards.Nine, cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace,
}

// declarable reports whether a lone joker may stand for rank r.
func declarable(r cards.Rank) bool { return r != cards.Two && power(r) > 0 }

// rankSets holds, for each rank, its cards in both decks.
var rankSets = func() (t [cards.King + 1]cards.Set) {
	for r := cards.Ace; r <= cards.King; r++ {
		s := cards.OfRanks(r)
		t[r] = s.Union(s.Twins())
	}
	return t
}()

// allJokers holds the jokers of both decks.
var allJokers = func() cards.Set {
	j := cards.Jokers(2)
	return j.Union(j.Twins())
}()

// threeOfClubs is the first deck's 3♣, whose holder leads every round.
var threeOfClubs = cards.New(cards.Three, cards.Clubs)

// canonical returns the choice of cards alike to cs, from hand, that
// LegalMoves lists. Alike cards leave the same game but for which of them
// moved, so each choice of them is one move: of twin cards of two decks
// the first deck's is listed, and of the jokers the first held in card
// order (X1, X2, X1', X2'). The first deck's 3♣ and its twin are not
// alike, for whoever holds 3♣ leads the round. cs is a subset of hand.
func canonical(hand, cs cards.Set) cards.Set {
	both := hand[0] & hand[1] &^ notAlike
	if both == 0 && hand.Intersect(allJokers).Len() < 2 {
		return cs // nothing alike in hand: the common case of one deck
	}
	second := cs[1] &^ cs[0] & both // twins chosen from the second deck alone
	cs[0] |= second
	cs[1] &^= second
	k := cs.Intersect(allJokers).Len()
	cs = cs.Minus(allJokers)
	for held := hand.Intersect(allJokers); k > 0; k-- {
		j := held.First()
		held.Remove(j)
		cs.Add(j)
	}
	return cs
}

// notAlike holds the bits of a deck's word whose card is not alike its
// twin: the jokers, made alike apart, and 3♣.
var notAlike = cards.Jokers(2)[0] | cards.SetOf(threeOfClubs)[0]

// whyAlike tells why cs is not the listed choice of cards, canon: which
// cards are alike.
func whyAlike(cs, canon cards.Set) string {
	jokers := cs.Intersect(allJokers) != canon.Intersect(allJokers)
	twins := cs.Minus(allJokers) != canon.Minus(allJokers)
	switch {
	case jokers && twins:
		return "the jokers are alike, and so are twin cards of the two decks"
	case jokers:
		return "the jokers are alike"
	}
	return "twin cards of the two decks are alike"
}

// giveKey orders cards for the Bastard's gift, highest first: jokers, then
// 2s, then A, K … 3; among cards of equal rank a second-deck card is
// higher than a first-deck one, and within a deck the suit order ♣ ♦ ♥ ♠
// (X1, X2 for jokers) decides: the card value.
func giveKey(c cards.Card) int {
	p := 14
	if !c.IsJoker() {
		p = power(c.Rank())
	}
	return p<<8 | int(c)
}

// highest returns the card of s with the greatest giveKey, or NoCard.
func highest(s cards.Set) cards.Card {
	best, key := cards.NoCard, -1
	for w := 0; w < 2; w++ {
		for b := s[w]; b != 0; b &= b - 1 {
			c := cards.Card(w*64 + bits.TrailingZeros64(b))
			if k := giveKey(c); k > key {
				best, key = c, k
			}
		}
	}
	return best
}

// highestTwo returns the two cards of s that the Bastard gives.
func highestTwo(s cards.Set) cards.Set {
	a := highest(s)
	s.Remove(a)
	b := highest(s)
	return cards.SetOf(a, b)
}

// below returns the cards of s whose giveKey is lower than c's.
func below(s cards.Set, c cards.Card) cards.Set {
	var t cards.Set
	k := giveKey(c)
	for w := 0; w < 2; w++ {
		for b := s[w]; b != 0; b &= b - 1 {
			d := cards.Card(w*64 + bits.TrailingZeros64(b))
			if giveKey(d) < k {
				t.Add(d)
			}
		}
	}
	return t
}

// lowest returns the card of s with the lowest giveKey, or NoCard.
func lowest(s cards.Set) cards.Card {
	best, key := cards.NoCard, 1<<30
	for w := 0; w < 2; w++ {
		for b := s[w]; b != 0; b &= b - 1 {
			c := cards.Card(w*64 + bits.TrailingZeros64(b))
			if k := giveKey(c); k < key {
				best, key = c, k
			}
		}
	}
	return best
}

// rankOf returns the rank of a play of cards s with declared rank as (for
// a lone joker), and why it is no play if it is not one. A play is a lone 2,
// a lone joker with a declared rank, or one to four cards of one rank other
// than 2, jokers filling places beside at least one natural card.
func rankOf(s cards.Set, as cards.Rank) (cards.Rank, string) {
	n := s.Len()
	switch {
	case n == 0:
		return cards.NoRank, "a play needs at least one card"
	case !s.Valid():
		return cards.NoRank, "that is not a set of cards"
	case n > 4:
		return cards.NoRank, "a play is at most four cards: a single, a pair, a triple or a quad"
	}
	naturals := s.Minus(allJokers)
	if naturals.Empty() {
		if n > 1 {
			return cards.NoRank, "jokers cannot make a set alone: a set holds at least one natural card"
		}
		if !declarable(as) {
			return cards.NoRank, "a lone joker must be declared as a rank from 3 to A (never 2)"
		}
		return as, ""
	}
	if as != cards.NoRank {
		return cards.NoRank, "only a lone joker is declared as a rank"
	}
	r := naturals.First().Rank()
	if !rankSets[r].Contains(naturals) {
		return cards.NoRank, "the cards of a set must all have the same rank"
	}
	if r == cards.Two && n > 1 {
		return cards.NoRank, "a 2 is a trump and is always played alone"
	}
	return r, ""
}

// handString lists the cards of s as a player sorts a hand: from 3 up to
// A, then 2s, then jokers; cards of one rank in the suit order ♣ ♦ ♥ ♠,
// twins side by side.
func handString(s cards.Set) string {
	return string(appendHand(make([]byte, 0, 8*s.Len()), s))
}

// appendHand appends the cards of s to b as handString lists them.
func appendHand(b []byte, s cards.Set) []byte {
	start := len(b)
	write := func(c cards.Card) {
		if s.Has(c) {
			if len(b) > start {
				b = append(b, ' ')
			}
			b = append(b, c.String()...)
		}
	}
	for _, r := range rankOrder {
		if s.Intersect(rankSets[r]).Empty() {
			continue
		}
		for suit := cards.Clubs; suit <= cards.Spades; suit++ {
			c := cards.New(r, suit)
			write(c)
			write(c.InDeck(1))
		}
	}
	for j := range s.Intersect(allJokers).All() {
		write(j)
	}
	return b
}
