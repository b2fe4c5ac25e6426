package bastards

import (
	"math/bits"

	"github.com/cardrules/games/cards"
)

// LegalMoves returns every move legal in s: the moves of the player to act,
// or none once the game is over.
func LegalMoves(s State) []Move { return AppendLegalMoves(nil, s) }

// AppendLegalMoves appends to dst every move legal in s and returns the
// extended slice. It allocates nothing beyond the growth of dst.
//
// The order: a pass first where allowed, then sets by size and rank (each
// distinct choice of cards is its own move: twin cards and the two jokers
// give distinct moves), then each 2, then each joker alone as each rank it
// may stand for.
func AppendLegalMoves(dst []Move, s State) []Move {
	p := s.toAct
	if !p.Valid(s.Players()) {
		return dst
	}
	hand := s.hands[p]
	switch s.phase {
	case PhaseExchange:
		return appendGives(dst, p, hand)
	case PhasePlay:
		if s.opening() {
			return appendSets(dst, p, hand, 0, cards.Three, true)
		}
		if s.leading() {
			dst = appendSets(dst, p, hand, 0, cards.NoRank, false)
			dst = appendTwos(dst, p, hand)
			return appendJokers(dst, p, hand, 0)
		}
		dst = append(dst, PassMove(p))
		if s.top.rank == cards.Two {
			return dst
		}
		dst = appendSets(dst, p, hand, s.top.cards.Len(), s.top.rank, false)
		dst = appendTwos(dst, p, hand)
		if s.top.cards.Len() == 1 {
			dst = appendJokers(dst, p, hand, power(s.top.rank))
		}
	}
	return dst
}

// appendGives appends the King's choices: every two cards of the hand.
func appendGives(dst []Move, p cards.Player, hand cards.Set) []Move {
	var buf [64]cards.Card
	cs := hand.AppendTo(buf[:0])
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			dst = append(dst, GiveMove(p, cs[i], cs[j]))
		}
	}
	return dst
}

// appendSets appends the plays of one rank (not 2) with natural cards and
// jokers: of size n (all sizes 1 to 4 if n is 0) and of a rank above
// above (any rank if NoRank). With opening, only sets of 3s holding 3♣.
func appendSets(dst []Move, p cards.Player, hand cards.Set, n int, above cards.Rank, opening bool) []Move {
	jokers := hand.Intersect(allJokers)
	for _, r := range playRanks {
		if opening && r != cards.Three {
			continue
		}
		if !opening && above != cards.NoRank && power(r) <= power(above) {
			continue
		}
		naturals := hand.Intersect(rankSets[r])
		if naturals.Empty() {
			continue
		}
		var buf [16]cards.Card
		cs := naturals.AppendTo(buf[:0])
		nat := len(cs)
		cs = jokers.AppendTo(cs)
		lo, hi := 1, 4
		if n > 0 {
			lo, hi = n, n
		}
		for size := lo; size <= min(hi, len(cs)); size++ {
			dst = appendCombos(dst, p, cs, nat, size, opening)
		}
	}
	return dst
}

// appendCombos appends every choice of size cards of cs that holds at least
// one of the first nat cards (the natural ones), and 3♣ if opening.
func appendCombos(dst []Move, p cards.Player, cs []cards.Card, nat, size int, opening bool) []Move {
	natMask := uint32(1)<<nat - 1
	end := uint32(1) << len(cs)
	for m := uint32(1)<<size - 1; m < end; m = nextCombo(m) {
		if m&natMask == 0 {
			continue
		}
		var set cards.Set
		for b := m; b != 0; b &= b - 1 {
			set.Add(cs[bits.TrailingZeros32(b)])
		}
		if opening && !set.Has(threeOfClubs) {
			continue
		}
		dst = append(dst, Move{Seat: p, Action: Play, Cards: set})
	}
	return dst
}

// nextCombo returns the next larger number with as many set bits as m
// (Gosper's hack).
func nextCombo(m uint32) uint32 {
	low := m & -m
	r := m + low
	return r | (m^r)>>2/low
}

// appendTwos appends each 2 of the hand, played alone.
func appendTwos(dst []Move, p cards.Player, hand cards.Set) []Move {
	for c := range hand.Intersect(rankSets[cards.Two]).All() {
		dst = append(dst, PlayMove(p, c))
	}
	return dst
}

// appendJokers appends each joker of the hand alone, as each rank of power
// above floor.
func appendJokers(dst []Move, p cards.Player, hand cards.Set, floor int) []Move {
	for j := range hand.Intersect(allJokers).All() {
		for _, r := range playRanks {
			if power(r) > floor {
				dst = append(dst, JokerMove(p, j, r))
			}
		}
	}
	return dst
}
