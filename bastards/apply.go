package bastards

import (
	"fmt"

	"github.com/cardrules/games/cards"
)

// Apply returns the state after move m. It never changes s. A move that
// LegalMoves would not list gives an error wrapping cards.ErrIllegalMove
// (cards.ErrNotYourTurn, cards.ErrGameOver) that says why.
//
// Apply carries out the automatic steps that follow a move: winning a
// trick, going out, ending a round, dealing the next one and the Bastard's
// part of the exchange.
func Apply(s State, m Move) (State, error) {
	if err := s.check(m); err != nil {
		return s, err
	}
	switch m.Action {
	case Give:
		s.exchange(m.Cards)
	case Pass:
		s.pass(m.Seat)
	case Play:
		s.play(m.Seat, m.Cards, m.As)
	}
	return s, nil
}

// check returns why m is not legal in s, or nil if it is.
func (s State) check(m Move) error {
	switch {
	case s.phase == PhaseOver:
		return cards.ErrGameOver
	case !s.toAct.Valid(s.Players()) || (s.phase != PhasePlay && s.phase != PhaseExchange):
		return cards.Illegal("this game state is damaged: nobody can move")
	case m.Seat != s.toAct:
		return fmt.Errorf("%w: %s is to move, not %s", cards.ErrNotYourTurn, s.toAct, m.Seat)
	case !m.Cards.Valid():
		return cards.Illegal("the move names something that is not a card")
	case !s.hands[m.Seat].Contains(m.Cards):
		return cards.Illegal("you do not hold %s", m.Cards.Minus(s.hands[m.Seat]))
	}
	if s.phase == PhaseExchange {
		return s.checkGive(m)
	}
	switch m.Action {
	case Pass:
		return s.checkPass(m)
	case Play:
		return s.checkPlay(m)
	case Give:
		return cards.Illegal("the exchange is over: play or pass")
	}
	return cards.Illegal("a move plays cards, passes, or gives cards in the exchange")
}

func (s State) checkGive(m Move) error {
	switch {
	case m.Action != Give:
		return cards.Illegal("first choose two cards for %s (Bastard)", s.bastard)
	case m.Cards.Len() != 2:
		return cards.Illegal("choose exactly two cards for the Bastard, not %d", m.Cards.Len())
	case m.As != cards.NoRank:
		return cards.Illegal("cards given in the exchange are not declared as a rank")
	}
	return nil
}

func (s State) checkPass(m Move) error {
	switch {
	case !m.Cards.Empty() || m.As != cards.NoRank:
		return cards.Illegal("a pass plays no cards")
	case s.leading():
		return cards.Illegal("you lead this trick: you must play")
	case s.top.rank == cards.Two:
		return cards.Illegal("the trick was trumped and is over")
	}
	return nil
}

func (s State) checkPlay(m Move) error {
	r, why := rankOf(m.Cards, m.As)
	if why != "" {
		return cards.Illegal("%s", why)
	}
	switch {
	case s.opening() && !m.Cards.Has(threeOfClubs):
		return cards.Illegal("the first play of the round must include %s", threeOfClubs)
	case s.leading() || r == cards.Two:
		return nil
	case s.top.rank == cards.Two:
		return cards.Illegal("the trick was trumped and is over")
	case m.Cards.Len() != s.top.cards.Len():
		return cards.Illegal("play a %s to follow %s, or a 2, or pass", sizeName(s.top.cards.Len()), s.top.describe())
	case power(r) <= power(s.top.rank):
		return cards.Illegal("%s does not beat %s: play a higher %s, or a 2, or pass", m.Cards, s.top.describe(), sizeName(s.top.cards.Len()))
	}
	return nil
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
	if pl.cards.Len() == 1 && pl.cards.First().IsJoker() {
		return pl.cards.String() + " as " + pl.rank.String()
	}
	return pl.cards.String()
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
			s.log = s.log.Add(cards.Public("%s is out first and is King", p))
		} else {
			s.log = s.log.Add(cards.Public("%s is out", p))
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
		s.log = s.log.Add(cards.Public("%s won the trick%s; %s leads", w, how, s.toAct))
	}
}
