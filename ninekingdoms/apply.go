package ninekingdoms

import (
	"fmt"

	"github.com/cardrules/games/cards"
)

// Apply returns the state after move m. It never changes s. A move that
// LegalMoves would not list is refused with an error wrapping
// cards.ErrIllegalMove (cards.ErrNotYourTurn, cards.ErrGameOver) that says
// why. Everything that follows a move on its own — revealing the next
// player's pair, dealing the next round, scoring — happens within Apply.
func Apply(s State, m Move) (State, error) {
	if err := s.refuse(m); err != nil {
		return s, err
	}
	switch m.Kind {
	case KindChoose:
		s.choose(m.Who, m.Card, m.Second)
	case KindClaim:
		s.claim(m.Who, m.Card)
	case KindBribe:
		s.bribe(m.Who, m.Target, m.Card)
	case KindSiege, KindFlank:
		s.attack(m.Who, m.Target, m.Card)
	case KindDecline:
		s.decline(m.Who)
	case KindStash:
		s.stash(m.Who, m.Card)
	case KindCounter:
		s.counter(m.Who, m.Card)
	case KindEnd:
		if s.log.On() {
			s.say("%v ends their turn", m.Who)
		}
		s.endTurn()
	}
	return s, nil
}

// choose sets p's pair aside and discards the rest of their hand face
// down; once everyone has chosen, the first player's turn begins.
func (s *State) choose(p cards.Player, a, b Card) {
	pair := CountsOf(a, b)
	rest, _ := s.hand[p].Minus(pair)
	s.pair[p], s.hand[p] = pair, Counts{}
	s.hidden[p] = s.hidden[p].Plus(rest)
	if s.log.On() {
		s.log = s.log.Add(cards.Private(p,
			fmt.Sprintf("%v chooses %v %v and discards %v face down", p, a, b, rest),
			fmt.Sprintf("%v chooses two cards and discards %d face down", p, rest.Len())))
	}
	if s.ToAct() == 0 {
		s.turn = s.first
		s.startTurn()
	}
}

// claim gives Kingdom k to p, from the centre or from its holder.
func (s *State) claim(p cards.Player, k Card) {
	from := s.owner[k]
	s.owner[k] = p
	if s.log.On() {
		if from == cards.Spectator {
			s.say("%v claims Kingdom %d from the centre", p, k)
		} else {
			s.say("%v claims Kingdom %d from %v", p, k, from)
		}
	}
}

// bribe puts the $ in the target's scoring pile (one's own with Kingdom 6)
// and takes the target's card c into one's tableau.
func (s *State) bribe(p, target cards.Player, c Card) {
	dest := target
	if s.owner[6] == p {
		dest = p
	}
	s.pair[p].Remove(Money)
	s.pile[dest].Add(Money)
	s.stage = stageNone
	if s.log.On() {
		if dest == p {
			s.say("%v bribes %v: the $ goes to %v's own scoring pile (Kingdom 6), and %v takes %v's %v", p, target, p, p, target, c)
		} else {
			s.say("%v bribes %v: the $ goes to %v's scoring pile, and %v takes %v's %v", p, target, target, p, target, c)
		}
	}
	s.lose(target, c)
	s.tableau[p].Add(c)
}

// attack discards the target's card c by the turn's Siege or Flank. After
// a first Flank discard the Flank goes on to a second if the attacker
// holds Kingdom 3. A Kingdom 7 holder hit for the first time in the
// attack may then answer.
func (s *State) attack(p, target cards.Player, c Card) {
	kind, _ := s.combo()
	held7 := s.owner[7] == target
	if kind == comboFlank && s.stage == stageUse {
		s.stage = stageSecond
	} else {
		s.stage = stageNone
	}
	if s.log.On() {
		s.say("%v's %v discards %v's %v", p, kind, target, c)
	}
	s.seen.Add(c)
	s.lose(target, c)
	if held7 && !s.reacted && s.attackCards()&s.holds(p) != 0 {
		s.phase, s.reactor = phaseReact, target
		if s.log.On() {
			s.say("%v may answer with Kingdom 7", target)
		}
		return
	}
	s.afterAttack()
}

// holds returns the values of which p's tableau holds a card.
func (s *State) holds(p cards.Player) valueSet {
	var m valueSet
	for c := Card(1); c < Values; c++ {
		if s.tableau[p][c] > 0 {
			m |= 1 << c
		}
	}
	return m
}

// afterAttack gives the turn back to its player after a discard and its
// answer, ending the Flank unless its attacker holds Kingdom 3 and another
// tableau still holds a card it could discard.
func (s *State) afterAttack() {
	s.phase, s.reactor = phaseTurn, cards.Spectator
	if s.stage != stageSecond {
		return
	}
	kind, x := s.combo()
	if s.owner[3] != s.turn || !s.othersHold(s.turn, reach(kind, x)) {
		s.stage = stageNone
		return
	}
	if s.log.On() {
		s.say("%v holds Kingdom 3 and may discard a second card", s.turn)
	}
}

// counter is the Kingdom 7 answer: the attacker's card c is discarded.
func (s *State) counter(p cards.Player, c Card) {
	s.reacted = true
	if s.log.On() {
		s.say("%v answers with Kingdom 7 and discards %v's %v", p, s.turn, c)
	}
	s.seen.Add(c)
	s.lose(s.turn, c)
	s.afterAttack()
}

// decline declines what p has left to decide.
func (s *State) decline(p cards.Player) {
	if s.phase == phaseReact {
		s.reacted = true
		if s.log.On() {
			s.say("%v does not answer with Kingdom 7", p)
		}
		s.afterAttack()
		return
	}
	kind, _ := s.combo()
	if s.log.On() {
		if s.stage == stageSecond {
			s.say("%v declines a second Flank discard", p)
		} else {
			s.say("%v declines the %v", p, kind)
		}
	}
	s.stage = stageNone
	if kind == comboBribe {
		s.discardMoney(p)
	}
}

// stash is Kingdom 8: p's tableau card c goes face down to their scoring
// pile.
func (s *State) stash(p cards.Player, c Card) {
	s.stashed = true
	if s.log.On() {
		s.say("%v uses Kingdom 8: %s from their tableau goes face down to their scoring pile", p, c.article())
	}
	s.lose(p, c)
	s.pile[p].Add(c)
}
