package bastards

import (
	"fmt"
	"math/bits"

	"github.com/cardrules/games/cards"
)

// LegalMoves returns every move legal in s: the moves of the player to act,
// or none once the game is over.
func LegalMoves(s State) []Move { return AppendLegalMoves(nil, s) }

// AppendLegalMoves appends to dst every move legal in s and returns the
// extended slice. It allocates nothing beyond the growth of dst.
//
// The order: a pass first where allowed, then sets by rank and size, then
// each 2, then a joker alone as each rank it may stand for. Choices of
// alike cards are listed once (see canonical): a play or a gift names the
// first deck's card of two twins and the first jokers held.
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
		dst = append(dst, Pass(p))
		top := s.top()
		if top.rank == cards.Two {
			return dst
		}
		dst = appendSets(dst, p, hand, top.size(), top.rank, false)
		dst = appendTwos(dst, p, hand)
		if top.size() == 1 {
			dst = appendJokers(dst, p, hand, power(top.rank))
		}
	}
	return dst
}

// appendGives appends the King's choices: every two cards of the hand,
// alike choices once.
func appendGives(dst []Move, p cards.Player, hand cards.Set) []Move {
	var buf [64]cards.Card
	cs := hand.AppendTo(buf[:0])
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			if m := Give(p, cs[i], cs[j]); canonical(hand, m.Cards) == m.Cards {
				dst = append(dst, m)
			}
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
			dst = appendCombos(dst, p, hand, cs, nat, size, opening)
		}
	}
	return dst
}

// appendCombos appends every choice of size cards of cs, from hand, that
// holds at least one of the first nat cards (the natural ones), and 3♣ if
// opening; alike choices once.
func appendCombos(dst []Move, p cards.Player, hand cards.Set, cs []cards.Card, nat, size int, opening bool) []Move {
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
		if opening && !set.Has(threeOfClubs) || canonical(hand, set) != set {
			continue
		}
		dst = append(dst, Move{Who: p, Kind: KindPlay, Cards: set})
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

// appendTwos appends each 2 of the hand, played alone; of two twins, the
// first deck's.
func appendTwos(dst []Move, p cards.Player, hand cards.Set) []Move {
	for c := range hand.Intersect(rankSets[cards.Two]).All() {
		if m := Play(p, c); canonical(hand, m.Cards) == m.Cards {
			dst = append(dst, m)
		}
	}
	return dst
}

// appendJokers appends the first joker of the hand alone, as each rank of
// power above floor.
func appendJokers(dst []Move, p cards.Player, hand cards.Set, floor int) []Move {
	j := hand.Intersect(allJokers).First()
	if j == cards.NoCard {
		return dst
	}
	for _, r := range playRanks {
		if power(r) > floor {
			dst = append(dst, PlayJoker(p, j, r))
		}
	}
	return dst
}

// checkMove returns why m is not legal in s, or nil if it is: the one
// function that says why a move is refused. Apply calls it; every move
// AppendLegalMoves lists passes it, and no other.
func (s State) checkMove(m Move) error {
	switch {
	case s.phase == PhaseOver:
		return cards.ErrGameOver
	case !s.toAct.Valid(s.Players()) || (s.phase != PhasePlay && s.phase != PhaseExchange):
		return cards.Illegal("this game state is damaged: nobody can move")
	case m.Who != s.toAct:
		return fmt.Errorf("%w: %s is to move, not %s", cards.ErrNotYourTurn, s.toAct, m.Who)
	case !m.Cards.Valid():
		return cards.Illegal("the move names something that is not a card")
	case !s.hands[m.Who].Contains(m.Cards):
		return cards.Illegal("you do not hold %s", handString(m.Cards.Minus(s.hands[m.Who])))
	}
	if s.phase == PhaseExchange {
		return s.checkGive(m)
	}
	switch m.Kind {
	case KindPass:
		return s.checkPass(m)
	case KindPlay:
		return s.checkPlay(m)
	case KindGive:
		return cards.Illegal("the exchange is over: play or pass")
	}
	return cards.Illegal("a move plays cards, passes, or gives cards in the exchange")
}

func (s State) checkGive(m Move) error {
	switch {
	case m.Kind != KindGive:
		return cards.Illegal("first choose two cards for %s (Bastard)", s.bastard)
	case m.Cards.Len() != 2:
		return cards.Illegal("choose exactly two cards for the Bastard, not %d", m.Cards.Len())
	case m.As != cards.NoRank:
		return cards.Illegal("cards given in the exchange are not declared as a rank")
	}
	return s.checkAlike(m)
}

func (s State) checkPass(m Move) error {
	switch {
	case !m.Cards.Empty() || m.As != cards.NoRank:
		return cards.Illegal("a pass plays no cards")
	case s.leading():
		return cards.Illegal("you lead this trick: you must play")
	case s.top().rank == cards.Two:
		return cards.Illegal("the trick was trumped and is over")
	}
	return nil
}

func (s State) checkPlay(m Move) error {
	r, why := rankOf(m.Cards, m.As)
	if why != "" {
		return cards.Illegal("%s", why)
	}
	top := s.top()
	switch {
	case s.opening() && !m.Cards.Has(threeOfClubs):
		return cards.Illegal("the first play of the round must include %s", threeOfClubs)
	case s.leading() || r == cards.Two:
		return s.checkAlike(m)
	case top.rank == cards.Two:
		return cards.Illegal("the trick was trumped and is over")
	case m.Cards.Len() != top.size():
		return cards.Illegal("play a %s to follow %s's %s, or a 2, or pass%s", sizeName(top.size()), top.by, top.describe(), tooFew(s.hands[m.Who], r, top.size()))
	case power(r) <= power(top.rank):
		return cards.Illegal("%s does not beat %s: play a higher %s, or a 2, or pass", handString(m.Cards), top.describe(), sizeName(top.size()))
	}
	return s.checkAlike(m)
}

// checkAlike refuses a play or a gift of alike cards other than the one
// listed, and names the listed move.
func (s State) checkAlike(m Move) error {
	canon := canonical(s.hands[m.Who], m.Cards)
	if canon == m.Cards {
		return nil
	}
	listed := m
	listed.Cards = canon
	return cards.Illegal("%s (%s) for this: %s", listed, codes(canon), whyAlike(m.Cards, canon))
}

// codes lists the codes of the cards of cs, which tell apart the cards
// that print alike: "7D 7D' X1".
func codes(cs cards.Set) string {
	var b []byte
	for c := range cs.All() {
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = append(b, c.Code()...)
	}
	return string(b)
}

// sizeName names a play of n cards: single, pair, triple, quad.
func sizeName(n int) string {
	if n >= 1 && n <= 4 {
		return [...]string{"single", "pair", "triple", "quad"}[n-1]
	}
	return fmt.Sprintf("set of %d", n)
}

// describe names a play for people: "9♠ 9♥", or "🃏 as 9" for a lone
// joker.
func (pl play) describe() string {
	if pl.size() == 1 && pl.cards[0].IsJoker() {
		return pl.cards[0].String() + " as " + pl.rank.String()
	}
	return handString(pl.set())
}
