package bastards

import (
	"strings"

	"github.com/cardrules/games/cards"
)

var _ cards.Explainer[Move, View] = Rules{}

// AppendCandidates appends to dst the moves v's viewer might try now (see
// cards.Explainer): a pass, every play of the hand — each set of one rank
// of one to four cards, jokers filling places, each 2 alone, a joker alone
// as each rank — and in the exchange every gift of two cards. Alike
// choices are listed once, as LegalMoves lists them.
func (Rules) AppendCandidates(dst []Move, v View) []Move {
	p := v.Viewer
	if !p.Valid(v.Players) {
		return dst
	}
	if v.Phase == PhaseExchange {
		dst = appendGives(dst, p, v.Hand)
	}
	dst = append(dst, Pass(p))
	dst = appendSets(dst, p, v.Hand, 0, cards.NoRank, false)
	dst = appendTwos(dst, p, v.Hand)
	return appendJokers(dst, p, v.Hand, 0)
}

// tooFew tells that hand has too few cards of rank r, jokers included, for
// a set of size cards: "; you hold one 7", "; you hold one 7 and one
// joker". It returns "" when the hand has enough.
func tooFew(hand cards.Set, r cards.Rank, size int) string {
	naturals, jokers := hand.Intersect(rankSets[r]).Len(), hand.Intersect(allJokers).Len()
	if r == cards.Two || naturals+jokers >= size {
		return ""
	}
	var b strings.Builder
	b.WriteString("; you hold ")
	b.WriteString(count(naturals, r.String()))
	if jokers > 0 {
		b.WriteString(" and ")
		b.WriteString(count(jokers, "joker"))
	}
	return b.String()
}

// count writes n things in words, n from 0 to 3: "no joker", "one 7",
// "two 7s"; beyond, in figures.
func count(n int, thing string) string {
	switch n {
	case 0:
		return "no " + thing
	case 1:
		return "one " + thing
	case 2, 3:
		return [...]string{"two ", "three "}[n-2] + thing + "s"
	}
	return cards.Plural(n, thing)
}
