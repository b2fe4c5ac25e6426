package crown

import "github.com/cardrules/games/cards"

var _ cards.Explainer[Move, View] = Rules{}

// AppendCandidates appends to dst the moves v's viewer might try now (see
// cards.Explainer): playing each card of the hand; declining, and every
// decree of two cards of the hand, the first on top; a Club on each card
// of either court; a Bribe on each card of the hand and of the opponent's
// hand while it is shown; a Dig of each card of either discard pile; and
// an Inspire of each ability another card can lend.
func (Rules) AppendCandidates(dst []Move, v View) []Move {
	p := v.Viewer
	if !p.Valid(Players) {
		return dst
	}
	hand := v.Hand.Cards()
	for _, c := range hand {
		dst = append(dst, Play(p, c))
	}
	dst = append(dst, Decline(p))
	for _, face := range hand {
		for _, o := range hand {
			if o != face {
				dst = append(dst, Decree(p, face, o))
			}
		}
	}
	for _, court := range v.Courts {
		for c := range court.All() {
			dst = append(dst, Club(p, c))
		}
	}
	for c := range v.Hand.Union(v.Revealed).All() {
		dst = append(dst, Bribe(p, c))
	}
	for from, pile := range v.Piles {
		for _, c := range pile {
			dst = append(dst, Dig(p, cards.Player(from), c))
		}
	}
	for _, a := range [...]Ability{AbilityClub, AbilityBribe, AbilityDig, AbilityRecruit} {
		dst = append(dst, Inspire(p, a))
	}
	return dst
}
