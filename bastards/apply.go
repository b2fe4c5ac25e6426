package bastards

import "github.com/cardrules/games/cards"

// Apply returns the state after move m. It never changes s. A move that
// LegalMoves would not list gives an error wrapping cards.ErrIllegalMove
// (cards.ErrNotYourTurn, cards.ErrGameOver) that says why.
//
// Apply carries out the automatic steps that follow a move: winning a
// trick, going out, ending a round, dealing the next one and the Bastard's
// part of the exchange.
func Apply(s State, m Move) (State, error) {
	if err := s.checkMove(m); err != nil {
		return s, err
	}
	switch m.Kind {
	case KindGive:
		s.exchange(m.Cards)
	case KindPass:
		s.pass(m.Who)
	case KindPlay:
		s.play(m.Who, m.Cards, m.As)
	}
	return s, nil
}

// play carries out p's play of cs (of declared rank as for a lone joker).
func (s *State) play(p cards.Player, cs cards.Set, as cards.Rank) {
	r, _ := rankOf(cs, as)
	s.hands[p] = s.hands[p].Minus(cs)
	s.trick = s.trick.Union(cs)
	s.top = play{cards: cs, rank: r, by: p}
	s.passed = 0
	if s.log.On() {
		s.log = s.log.Add(cards.Public("%s played %s", p, s.top.describe()))
	}
	if s.hands[p].Empty() {
		s.goOut(p)
		if s.in().Len() <= 1 {
			s.endRound()
			return
		}
	}
	if r == cards.Two {
		s.winTrick(" with a trump")
		return
	}
	s.toAct = s.nextIn(p)
}

// goOut records that p has played their last card.
func (s *State) goOut(p cards.Player) {
	if s.out.Has(p) || int(s.nOut) >= len(s.order) {
		return
	}
	s.out = s.out.With(p)
	s.order[s.nOut] = p
	s.nOut++
	if s.log.On() {
		if s.nOut == 1 {
			s.log = s.log.Add(cards.Public("%s went out first: %s is King", p, p))
		} else {
			s.log = s.log.Add(cards.Public("%s went out", p))
		}
	}
}

// pass carries out p's pass; the trick is won when everyone else still in
// has passed since the last play.
func (s *State) pass(p cards.Player) {
	s.passed = s.passed.With(p)
	if s.log.On() {
		s.log = s.log.Add(cards.Public("%s passed", p))
	}
	if s.in().Without(s.top.by)&^s.passed == 0 {
		s.winTrick("")
		return
	}
	s.toAct = s.nextIn(p)
}

// winTrick gives the trick to the player of its last play, who leads the
// next; if they are out, the next player to their left who holds cards
// leads.
func (s *State) winTrick(how string) {
	w := s.top.by
	s.pile = s.pile.Union(s.trick)
	s.trick, s.top, s.passed = cards.Set{}, play{}, 0
	s.toAct = w
	if s.out.Has(w) {
		s.toAct = s.nextIn(w)
	}
	if s.log.On() {
		s.log = s.log.Add(cards.Public("%s won the trick%s: %s leads", w, how, s.toAct))
	}
}
