package crown

import (
	"github.com/cardrules/games/cards"
)

// Apply returns the state after move m. It never changes s. A move that
// LegalMoves would not list is refused with an error wrapping
// cards.ErrIllegalMove (cards.ErrNotYourTurn, cards.ErrGameOver) that says
// why, and s is returned as it was.
//
// Apply carries out what follows a move on its own: canceling a card,
// Recruit, checking the mover's court for a win, and the draw that opens
// the next turn (with its reshuffle).
func Apply(s State, m Move) (State, error) {
	if err := s.checkMove(m); err != nil {
		return s, err
	}
	switch m.Kind {
	case KindPlay:
		s.play(m.Card)
	case KindDecree:
		s.decree(m.Who, m.Card, m.Other)
	case KindDecline:
		s.decline(m.Who)
	case KindClub:
		s.club(m.Card)
	case KindBribe:
		s.bribe(m.Card)
	case KindDig:
		s.dig(m.From, m.Card)
	case KindInspire:
		if s.log.On() {
			s.event(EventData{Kind: EventInspired, Player: s.mover, Ability: m.Ability}, "%s used Inspire to %s", s.mover, m.Ability.verb())
		}
		s.use(m.Ability)
	}
	return s, nil
}

// play puts the mover's card c into their court; the decree exchange
// over it begins.
func (s *State) play(c cards.Card) {
	p := s.mover
	s.hands[p].Remove(c)
	s.courts[p].Add(c)
	s.played, s.decrees, s.phase = c, 0, PhaseDecree
	if s.log.On() {
		s.event(EventData{Kind: EventPlayed, Player: p, Card: c}, "%s played %s to their court", p, c)
	}
}

// decree is q's decree: the other card and then the Face card on top go
// to q's discard pile, and the other side may answer.
func (s *State) decree(q cards.Player, face, o cards.Card) {
	s.hands[q].Remove(face)
	s.hands[q].Remove(o)
	s.piles[q].push(o)
	s.piles[q].push(face)
	s.decrees++
	if s.log.On() {
		s.event(EventData{Kind: EventDecreed, Player: q, Card: face, Other: o}, "%s decreed with %s and %s", q, face, o)
	}
}

// decline ends the decree exchange: after an odd number of decrees the
// played card is canceled and goes to its owner's discard pile; otherwise
// its ability acts.
func (s *State) decline(q cards.Player) {
	p, c := s.mover, s.played
	if s.log.On() {
		s.event(EventData{Kind: EventDeclined, Player: q}, "%s declined", q)
	}
	if s.decrees%2 == 1 {
		s.courts[p].Remove(c)
		s.piles[p].push(c)
		if s.log.On() {
			s.event(EventData{Kind: EventCanceled, Player: p, Card: c}, "%s's %s was canceled and went to their discard pile", p, c)
		}
		s.endTurn()
		return
	}
	s.decrees = 0
	s.use(AbilityOf(c))
}

// use carries out ability a of the mover's card: at once when it asks no
// choice, else by waiting for the mover's choice. An ability with nothing
// to act on does nothing.
func (s *State) use(a Ability) {
	switch {
	case a == AbilityRecruit:
		s.recruit()
	case a == 0 || a >= numAbilities:
	case !s.canUse(a):
		if s.log.On() {
			d := EventData{Kind: EventIdle, Player: s.mover, Ability: a}
			if a == AbilityClub || a == AbilityBribe {
				d.Target = other(s.mover)
			}
			s.event(d, "%s's %s had nothing to act on: %s", s.mover, a, s.nothingFor(a))
		}
	default:
		s.phase, s.ability = PhaseAbility, a
		return
	}
	s.finishTurn()
}

// canUse reports whether ability a (Club, Bribe, Dig or Inspire) of the
// mover's card has something to act on.
func (s *State) canUse(a Ability) bool {
	q := other(s.mover)
	switch a {
	case AbilityClub:
		return !s.courts[q].Empty()
	case AbilityBribe:
		return !s.hands[q].Empty()
	case AbilityDig:
		return s.piles[0].n > 0 || s.piles[1].n > 0
	case AbilityInspire:
		return abilitiesOf(inspirable(s.courts[s.mover], s.played)) != 0
	}
	return false
}

// nothingFor says why ability a has nothing to act on.
func (s *State) nothingFor(a Ability) string {
	q := other(s.mover)
	switch a {
	case AbilityClub:
		return q.String() + "'s court is empty"
	case AbilityBribe:
		return q.String() + "'s hand is empty"
	case AbilityDig:
		return "both discard piles are empty"
	}
	return "their court holds no other card but ♥ Number cards"
}

// club sends card c of the opponent's court to their discard pile.
func (s *State) club(c cards.Card) {
	q := other(s.mover)
	s.courts[q].Remove(c)
	s.piles[q].push(c)
	if s.log.On() {
		s.event(EventData{Kind: EventClubbed, Player: s.mover, Target: q, Card: c}, "%s clubbed %s's %s", s.mover, q, c)
	}
	s.finishTurn()
}

// bribe sends card c of the opponent's hand to their discard pile.
func (s *State) bribe(c cards.Card) {
	q := other(s.mover)
	s.hands[q].Remove(c)
	s.piles[q].push(c)
	if s.log.On() {
		s.event(EventData{Kind: EventBribed, Player: s.mover, Target: q, Card: c}, "%s bribed %s from %s's hand", s.mover, c, q)
	}
	s.finishTurn()
}

// dig takes card c, the top of from's discard pile, into the mover's hand.
func (s *State) dig(from cards.Player, c cards.Card) {
	s.piles[from].pop()
	s.hands[s.mover].Add(c)
	if s.log.On() {
		s.event(EventData{Kind: EventDug, Player: s.mover, From: from, Card: c}, "%s dug %s from %s's discard pile", s.mover, c, from)
	}
	s.finishTurn()
}

// finishTurn checks the mover's court once their card's ability is done:
// a court that completes a win condition wins at once; otherwise the turn
// ends.
func (s *State) finishTurn() {
	p := s.mover
	c := s.cfg.conds().Met(s.courts[p])
	if c == 0 {
		s.endTurn()
		return
	}
	s.phase, s.winner, s.won = PhaseOver, p, c
	s.played, s.decrees, s.ability = cards.NoCard, 0, 0
	if s.log.On() {
		s.event(EventData{Kind: EventWon, Player: p, Condition: c}, "%s completed %s and won the game", p, c)
	}
}
