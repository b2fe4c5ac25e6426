package packs

import (
	"math/bits"

	"github.com/cardrules/games/cards"
)

// A kingdom, a hand or a pile is a cards.Set of the first deck. A suit's
// cards in a set are read as a 13-bit mask: bit 0 is the Ace, bits 1 to 9
// the 2 to 10, bits 10 to 12 the Jack, Queen and King.
const (
	numberBits uint16 = 0x3FE  // 2 … 10
	nobleBits  uint16 = 0x1C01 // A, J, Q, K
)

// suitBits returns the mask of the cards of suit su in set k.
func suitBits(k cards.Set, su cards.Suit) uint16 {
	return uint16(k[0]>>(1+13*uint(su&3))) & 0x1FFF
}

// cardBit returns the bit of card c in its suit's mask.
func cardBit(c cards.Card) uint16 { return 1 << (c.Rank() - cards.Ace) }

// count returns the number of cards of suit su in k.
func count(k cards.Set, su cards.Suit) int { return bits.OnesCount16(suitBits(k, su)) }

// legalSuit reports whether the cards of one suit (as a mask) may stand in
// a kingdom: at most three, and able to take distinct consecutive numbers
// from 2 to 10 with the nobles wild.
func legalSuit(m uint16) bool {
	n := bits.OnesCount16(m)
	if n > RunLength {
		return false
	}
	nums := m & numberBits
	if nums == 0 {
		return true
	}
	lo, hi := bits.TrailingZeros16(nums), 15-bits.LeadingZeros16(nums)
	return hi-lo <= n-1
}

// fits reports whether card c may be played into kingdom k: its suit holds
// fewer than three cards and stays a run in the making.
func fits(k cards.Set, c cards.Card) bool {
	if !c.Valid() || c.IsJoker() || k.Has(c) {
		return false
	}
	return legalSuit(suitBits(k, c.Suit()) | cardBit(c))
}

// runs returns the number of runs of kingdom k: suits with three cards.
func runs(k cards.Set) int {
	n := 0
	for _, su := range cards.Suits {
		if count(k, su) == RunLength {
			n++
		}
	}
	return n
}

// legalKingdom reports whether every suit of k may stand in a kingdom.
func legalKingdom(k cards.Set) bool {
	for _, su := range cards.Suits {
		if !legalSuit(suitBits(k, su)) {
			return false
		}
	}
	return true
}

// The cards of the game by the number of players, and the automaton's
// instructions.
var (
	twoPlayerCards   = cards.OfRanks(cards.Five, cards.Six, cards.Seven, cards.Eight, cards.Nine, cards.Ten, cards.King, cards.Ace)
	threePlayerCards = twoPlayerCards.Union(cards.OfRanks(cards.Three, cards.Four, cards.Queen))
	fourPlayerCards  = cards.Standard()
	instructionCards = cards.OfRanks(cards.Two, cards.Three, cards.Four, cards.Jack, cards.Queen)
	nobleCards       = cards.OfRanks(cards.Ace, cards.Jack, cards.Queen, cards.King)
)

// gameCards returns the cards a game of n players plays with, the solo
// game's instructions aside.
func gameCards(n int) cards.Set {
	switch n {
	case 3:
		return threePlayerCards
	case 4:
		return fourPlayerCards
	}
	return twoPlayerCards
}

// nth returns the i-th card of s in card order (from 0), or NoCard.
func nth(s cards.Set, i int) cards.Card {
	for w, word := range s {
		if n := bits.OnesCount64(word); i >= n {
			i -= n
			continue
		}
		return cards.Card(w*64 + selectBit(word, i))
	}
	return cards.NoCard
}

// selectBit returns the position of the i-th set bit of w (from 0), which
// has more than i set bits.
func selectBit(w uint64, i int) int {
	pos := 0
	if n := bits.OnesCount32(uint32(w)); i >= n {
		i, w, pos = i-n, w>>32, pos+32
	}
	if n := bits.OnesCount16(uint16(w)); i >= n {
		i, w, pos = i-n, w>>16, pos+16
	}
	if n := bits.OnesCount8(uint8(w)); i >= n {
		i, w, pos = i-n, w>>8, pos+8
	}
	for ; i > 0; i-- {
		w &= w - 1
	}
	return pos + bits.TrailingZeros64(w)
}

// drawFrom takes a card of s at random, or NoCard if s is empty. A set
// drawn from at random is a shuffled pile whose order nobody sees.
func drawFrom(s *cards.Set, r *cards.Rand) cards.Card {
	n := s.Len()
	if n == 0 {
		return cards.NoCard
	}
	c := nth(*s, r.IntN(n))
	s.Remove(c)
	return c
}
