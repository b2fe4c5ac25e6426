package crown

import (
	"fmt"
	"math/bits"

	"github.com/cardrules/games/cards"
)

// LegalMoves returns every move legal in s: the moves of the player who
// must act, or none once the game is over.
func LegalMoves(s State) []Move { return AppendLegalMoves(nil, s) }

// AppendLegalMoves appends to dst every move legal in s and returns the
// extended slice. It allocates nothing beyond the growth of dst.
//
// The order: plays in card order; in the decree exchange, decline first,
// then the decrees by their Face card and then their other card; a Club
// or Bribe in card order; a Dig from the mover's own pile, then from the
// opponent's; an Inspire by ability (Club, Bribe, Dig, Recruit).
func AppendLegalMoves(dst []Move, s State) []Move {
	if !s.mover.Valid(Players) {
		return dst
	}
	p, q := s.mover, other(s.mover)
	switch s.phase {
	case PhasePlay:
		for w := s.hands[p][0]; w != 0; w &= w - 1 {
			dst = append(dst, Play(p, lowest(w)))
		}
	case PhaseDecree:
		a := s.answerer()
		dst = append(dst, Decline(a))
		hand := s.hands[a][0]
		for f := hand & faceBits; f != 0; f &= f - 1 {
			face := lowest(f)
			for o := hand &^ (1 << face); o != 0; o &= o - 1 {
				dst = append(dst, Decree(a, face, lowest(o)))
			}
		}
	case PhaseAbility:
		switch s.ability {
		case AbilityClub:
			for w := s.courts[q][0]; w != 0; w &= w - 1 {
				dst = append(dst, Club(p, lowest(w)))
			}
		case AbilityBribe:
			for w := s.hands[q][0]; w != 0; w &= w - 1 {
				dst = append(dst, Bribe(p, lowest(w)))
			}
		case AbilityDig:
			for _, from := range [2]cards.Player{p, q} {
				if c := s.piles[from].top(); c != cards.NoCard {
					dst = append(dst, Dig(p, from, c))
				}
			}
		case AbilityInspire:
			as := abilitiesOf(inspirable(s.courts[p], s.played))
			for _, a := range [...]Ability{AbilityClub, AbilityBribe, AbilityDig, AbilityRecruit} {
				if as&(1<<a) != 0 {
					dst = append(dst, Inspire(p, a))
				}
			}
		}
	}
	return dst
}

// lowest returns the card of the lowest bit of w.
func lowest(w uint64) cards.Card { return cards.Card(bits.TrailingZeros64(w)) }

// checkMove returns why m is not legal in s, or nil if it is: the one
// test of legality, which Apply makes before it changes anything.
func (s *State) checkMove(m Move) error {
	switch {
	case s.phase == PhaseOver:
		return cards.ErrGameOver
	case s.phase == 0 || s.phase >= numPhases || !s.mover.Valid(Players):
		return cards.Illegal("this game state is damaged: nobody can move")
	}
	if a := s.actor(); m.Who != a {
		return fmt.Errorf("%w: it is %s's move (%s), not %s's", cards.ErrNotYourTurn, a, s.task(), m.Who)
	}
	if !m.tidy() {
		return cards.Illegal("%q names more than a %s move uses", m.String(), m.Kind)
	}
	switch s.phase {
	case PhasePlay:
		return s.checkPlay(m)
	case PhaseDecree:
		return s.checkAnswer(m)
	}
	return s.checkAbility(m)
}

// tidy reports whether m is of a kind and the fields its kind does not
// use are zero.
func (m Move) tidy() bool {
	switch m.Kind {
	case KindPlay, KindClub, KindBribe:
		return m.Other == 0 && m.From == 0 && m.Ability == 0
	case KindDecree:
		return m.From == 0 && m.Ability == 0
	case KindDecline:
		return m.Card == 0 && m.Other == 0 && m.From == 0 && m.Ability == 0
	case KindDig:
		return m.Other == 0 && m.Ability == 0
	case KindInspire:
		return m.Card == 0 && m.Other == 0 && m.From == 0
	}
	return false
}

// task says in a few words what the player to act must do.
func (s *State) task() string {
	switch s.phase {
	case PhasePlay:
		return "play a card into the court"
	case PhaseDecree:
		if s.decrees == 0 {
			return fmt.Sprintf("decree against %s or decline", s.played)
		}
		return "answer the decree with a decree, or decline"
	case PhaseAbility:
		return "choose what the " + s.ability.String() + " acts on"
	}
	return "nothing"
}

func (s *State) checkPlay(m Move) error {
	switch {
	case m.Kind != KindPlay:
		return cards.Illegal("first play a card from your hand into your court")
	case !s.hands[m.Who].Has(m.Card):
		return cards.Illegal("you do not hold %s", m.Card)
	}
	return nil
}

func (s *State) checkAnswer(m Move) error {
	hand := s.hands[m.Who]
	switch {
	case m.Kind == KindDecline:
		return nil
	case m.Kind != KindDecree:
		return cards.Illegal("%s", s.task())
	case !isFace(m.Card):
		return cards.Illegal("a decree is a Face card (J, Q, K) on top of one other card; %s is no Face card", m.Card)
	case m.Other == m.Card:
		return cards.Illegal("a decree takes two different cards: the Face card and one other")
	case !hand.Has(m.Card):
		return cards.Illegal("you do not hold %s", m.Card)
	case !hand.Has(m.Other):
		return cards.Illegal("you do not hold %s", m.Other)
	}
	return nil
}

func (s *State) checkAbility(m Move) error {
	p, q := s.mover, other(s.mover)
	want := [numAbilities]Kind{AbilityClub: KindClub, AbilityBribe: KindBribe, AbilityDig: KindDig, AbilityInspire: KindInspire}
	if s.ability >= numAbilities || want[s.ability] == 0 {
		return cards.Illegal("this game state is damaged: no ability waits")
	}
	if m.Kind != want[s.ability] {
		return cards.Illegal("%s", s.task())
	}
	switch m.Kind {
	case KindClub:
		if !s.courts[q].Has(m.Card) {
			return cards.Illegal("a Club takes a card of %s's court; %s is not there", q, m.Card)
		}
	case KindBribe:
		if !s.hands[q].Has(m.Card) {
			return cards.Illegal("a Bribe takes a card of %s's hand; %s is not there", q, m.Card)
		}
	case KindDig:
		if !m.From.Valid(Players) {
			return cards.Illegal("dig from your discard pile or %s's", q)
		}
		switch top := s.piles[m.From].top(); {
		case top == cards.NoCard:
			return cards.Illegal("%s's discard pile is empty", m.From)
		case m.Card != top:
			return cards.Illegal("the top card of %s's discard pile is %s, not %s", m.From, top, m.Card)
		}
	case KindInspire:
		if m.Ability >= numAbilities || abilitiesOf(inspirable(s.courts[p], s.played))&(1<<m.Ability) == 0 {
			return cards.Illegal("no other card of your court but a ♥ Number card has %s", m.Ability)
		}
	}
	return nil
}
