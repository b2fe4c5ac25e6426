package packs

import "github.com/cardrules/games/cards"

var _ cards.Explainer[Move, View] = Rules{}

// AppendCandidates appends to dst the moves v's viewer might try now (see
// cards.Explainer): buying each card of the market; playing, discarding
// and giving each card of the hand; passing and paying a coin; taking a
// coin from under each card of the market and from each column's loose
// coins.
func (Rules) AppendCandidates(dst []Move, v View) []Move {
	p := v.Viewer
	if !p.Valid(v.Players) {
		return dst
	}
	for _, row := range v.Market {
		for _, c := range row {
			if c != cards.NoCard {
				dst = append(dst, Buy(p, c))
			}
		}
	}
	for c := range v.Hand.All() {
		dst = append(dst, Play(p, c), Discard(p, c), Give(p, c))
	}
	dst = append(dst, Pass(p), Pay(p))
	for _, row := range v.Market {
		for _, c := range row {
			if c != cards.NoCard {
				dst = append(dst, Take(p, c))
			}
		}
	}
	for col := range Columns {
		dst = append(dst, TakeLoose(p, col))
	}
	return dst
}
