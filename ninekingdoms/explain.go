package ninekingdoms

import "github.com/cardrules/games/cards"

var _ cards.Explainer[Move, View] = Rules{}

// AppendCandidates appends to dst the moves v's viewer might try now (see
// cards.Explainer): every pair of the cards of the hand, two alike even
// when the hand holds one; a claim of each kingdom; a Bribe, Siege and
// Flank on every other player for each value; declining, a stash and a
// counter of each value, and the end of the turn.
func (Rules) AppendCandidates(dst []Move, v View) []Move {
	p := v.Viewer
	if !p.Valid(v.Players) {
		return dst
	}
	for a := 1; a <= Values; a++ {
		for b := a; b <= Values && v.Hand[a%Values] > 0; b++ {
			if v.Hand[b%Values] > 0 {
				dst = append(dst, Choose(p, Card(a%Values), Card(b%Values)))
			}
		}
	}
	for k := 1; k < Values; k++ {
		dst = append(dst, Claim(p, k))
	}
	for _, kind := range [...]Kind{KindBribe, KindSiege, KindFlank} {
		for q := range cards.Player(v.Players) {
			for c := Card(1); c < Values && q != p; c++ {
				dst = append(dst, Move{Who: p, Kind: kind, Target: q, Card: c})
			}
		}
	}
	dst = append(dst, Decline(p))
	for c := Card(1); c < Values; c++ {
		dst = append(dst, Stash(p, c), Counter(p, c))
	}
	return append(dst, End(p))
}
