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
	pl := newPlay(cs, r, p)
	s.hands[p] = s.hands[p].Minus(cs)
	s.passed = 0
	if s.log.On() {
		d := EventData{Kind: EventPlayed, Player: p, Cards: cs}
		if cs.Len() == 1 && pl.cards[0].IsJoker() {
			d.As = r
		}
		s.event(d, "%s played %s", p, pl.describe())
	}
	if r == cards.Two {
		s.pile = s.pile.Union(cs) // a 2 wins the trick at once
	} else if int(s.nPlays) < maxPlays {
		s.plays[s.nPlays] = pl
		s.nPlays++
	}
	if s.hands[p].Empty() {
		s.goOut(p)
		if s.in().Len() <= 1 {
			s.endRound()
			return
		}
	}
	if r == cards.Two {
		s.winTrick(p, " with a trump")
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
			s.event(EventData{Kind: EventWentOutFirst, Player: p}, "%s went out first: %s is King", p, p)
		} else {
			s.event(EventData{Kind: EventWentOut, Player: p}, "%s went out", p)
		}
	}
}

// pass carries out p's pass; the trick is won when everyone else still in
// has passed since the last play.
func (s *State) pass(p cards.Player) {
	s.passed = s.passed.With(p)
	if s.log.On() {
		s.event(EventData{Kind: EventPassed, Player: p}, "%s passed", p)
	}
	if w := s.top().by; s.in().Without(w)&^s.passed == 0 {
		s.winTrick(w, "")
		return
	}
	s.toAct = s.nextIn(p)
}

// winTrick gives the trick to w, who made its last play and leads the
// next; if they are out, the next player to their left who holds cards
// leads.
func (s *State) winTrick(w cards.Player, how string) {
	s.pile = s.pile.Union(s.trickCards())
	s.plays, s.nPlays, s.passed = [maxPlays]play{}, 0, 0
	s.toAct = w
	if s.out.Has(w) {
		s.toAct = s.nextIn(w)
	}
	if s.log.On() {
		s.event(EventData{Kind: EventWonTrick, Player: w, Leader: s.toAct, Trump: how != ""}, "%s won the trick%s: %s leads", w, how, s.toAct)
	}
}
