package ninekingdoms

import (
	"fmt"

	"github.com/cardrules/games/cards"
)

// LegalMoves returns every move legal in s, for every player who must act.
func LegalMoves(s State) []Move { return AppendLegalMoves(nil, s) }

// AppendLegalMoves appends every move legal in s to dst and returns the
// extended slice. In the choice of a round it lists the choices of every
// player who has not chosen, in player order; in a turn, the claims, the
// uses of the turn's combination, Decline, Kingdom 8's stashes and End, in
// that order. It returns dst unchanged once the game is over.
func AppendLegalMoves(dst []Move, s State) []Move {
	if !s.playable() {
		return dst
	}
	switch s.phase {
	case PhaseChoose:
		for p := range cards.Player(s.np()) {
			if s.pair[p].Len() == 0 {
				dst = appendChoices(dst, p, s.hand[p])
			}
		}
	case PhaseTurn:
		dst = s.appendTurnMoves(dst)
	case PhaseReact:
		t, r := s.turn, s.reactor
		atk := s.attackCards()
		for c := Card(1); c < Values; c++ {
			if atk.has(c) && s.tableau[t][c] > 0 {
				dst = append(dst, Counter(r, c))
			}
		}
		dst = append(dst, Decline(r))
	}
	return dst
}

// playable reports whether s is a game in progress whose fields can be
// trusted to index the state's arrays.
func (s *State) playable() bool {
	return s.n >= MinPlayers && s.n <= MaxPlayers && s.phase >= PhaseChoose && s.phase < PhaseOver &&
		s.valid(s.turn) && s.valid(s.first) && (s.phase != PhaseReact || s.valid(s.reactor))
}

// appendChoices appends p's choices of two cards of hand.
func appendChoices(dst []Move, p cards.Player, hand Counts) []Move {
	for a := 1; a <= Values; a++ {
		ca := Card(a % Values)
		if hand[ca] == 0 {
			continue
		}
		for b := a; b <= Values; b++ {
			cb := Card(b % Values)
			if hand[cb] > 0 && (a != b || hand[ca] > 1) {
				dst = append(dst, Move{Who: p, Kind: KindChoose, Pair: [2]Card{ca, cb}})
			}
		}
	}
	return dst
}

// appendTurnMoves appends the turn player's moves.
func (s *State) appendTurnMoves(dst []Move) []Move {
	t := s.turn
	for k := 1; k < Values; k++ {
		if s.canClaim(t, Card(k)) {
			dst = append(dst, Claim(t, k))
		}
	}
	if s.stage != StageNone {
		kind, _ := s.combo()
		for q := range cards.Player(s.np()) {
			if q == t {
				continue
			}
			m := s.usable(q)
			for c := Card(1); c < Values; c++ {
				if m.has(c) && s.tableau[q][c] > 0 {
					dst = append(dst, Move{Who: t, Kind: moveKind[kind], Target: q, Card: c})
				}
			}
		}
		dst = append(dst, Decline(t))
	}
	if s.owner[8] == t && !s.stashed {
		for c := Card(1); c < Values; c++ {
			if s.tableau[t][c] > 0 {
				dst = append(dst, Stash(t, c))
			}
		}
	}
	if s.stage == StageNone {
		dst = append(dst, End(t))
	}
	return dst
}

// usable returns the values the turn's combination may take or discard
// from q's tableau now, given the kingdoms: only X from a Kingdom 4 holder
// by a Bribe, nothing from a Kingdom 5 holder by a Flank, nothing by a
// second Flank discard if the attacker no longer holds Kingdom 3.
func (s *State) usable(q cards.Player) valueSet {
	kind, x := s.combo()
	switch {
	case s.stage == StageSecond && s.owner[3] != s.turn:
		return 0
	case kind == comboBribe && s.owner[4] == q:
		return valuesOf(int(x))
	case kind == comboFlank && s.owner[5] == q:
		return 0
	}
	return reach(kind, x)
}

// checkMove returns why m is not legal in s, or nil if it is: the one
// function that judges a move. Exactly the moves AppendLegalMoves lists
// are legal.
func (s *State) checkMove(m Move) error {
	switch {
	case s.phase == PhaseOver:
		return cards.ErrGameOver
	case !s.playable():
		return cards.Illegal("there is no game in progress here: make one with NewGame")
	case !s.valid(m.Who):
		return cards.Illegal("%v is not a player of this %d-player game", m.Who, s.n)
	case m.Kind == 0 || m.Kind >= numKinds:
		return cards.Illegal("%v is not a kind of move", m.Kind)
	case !s.ToAct().Has(m.Who):
		return s.notYourTurn(m.Who)
	}
	if err := m.checkFields(); err != nil {
		return err
	}
	switch s.phase {
	case PhaseChoose:
		return s.checkChoose(m)
	case PhaseReact:
		return s.checkAnswer(m)
	}
	return s.checkTurnMove(m)
}

// notYourTurn explains why p may not move now.
func (s *State) notYourTurn(p cards.Player) error {
	var why string
	switch s.phase {
	case PhaseChoose:
		why = fmt.Sprintf("%v has already chosen this round; waiting for %v", p, s.ToAct())
	case PhaseTurn:
		why = fmt.Sprintf("it is %v's turn", s.turn)
	default:
		why = fmt.Sprintf("%v is deciding whether to answer the attack with Kingdom 7", s.reactor)
	}
	return fmt.Errorf("%w: %s", cards.ErrNotYourTurn, why)
}

// checkFields checks that the move uses only the fields of its kind.
func (m Move) checkFields() error {
	switch {
	case !m.Kind.targeted() && m.Target != 0:
		return cards.Illegal("a %v move names no player to target", m.Kind)
	case !m.Kind.carded() && m.Card != 0:
		return cards.Illegal("a %v move names no card", m.Kind)
	case m.Kind != KindChoose && m.Pair != [2]Card{}:
		return cards.Illegal("a %v move names no pair of cards", m.Kind)
	case m.Kind != KindClaim && m.Kingdom != 0:
		return cards.Illegal("a %v move names no kingdom", m.Kind)
	case m.Kind.carded() && (m.Card == Money || !m.Card.Valid()):
		return cards.Illegal("a %v move names a number card from 1 to 9", m.Kind)
	}
	return nil
}

// checkChoose checks a move in the choice of a round.
func (s *State) checkChoose(m Move) error {
	switch {
	case m.Kind != KindChoose:
		return cards.Illegal("every player first chooses two cards to play this round")
	case !m.Pair[0].Valid() || !m.Pair[1].Valid():
		return cards.Illegal("a choice names two cards, each $ or a value from 1 to 9")
	case m.Pair[0].order() > m.Pair[1].order():
		return cards.Illegal("name the two cards in order, numbers from low to high and then $: choose %v %v", m.Pair[1], m.Pair[0])
	case !s.hand[m.Who].Contains(CountsOf(m.Pair[0], m.Pair[1])):
		return cards.Illegal("your hand %v does not hold %v %v", s.hand[m.Who], m.Pair[0], m.Pair[1])
	}
	return nil
}

// checkAnswer checks the Kingdom 7 holder's answer to an attack.
func (s *State) checkAnswer(m Move) error {
	switch m.Kind {
	case KindDecline:
		return nil
	case KindCounter:
		if !s.attackCards().has(m.Card) {
			return cards.Illegal("Kingdom 7 discards one of the two cards %v played for the attack, not a %v", s.turn, m.Card)
		}
		if s.tableau[s.turn][m.Card] == 0 {
			return cards.Illegal("%v's tableau holds no %v any more", s.turn, m.Card)
		}
		return nil
	}
	return cards.Illegal("you must first decide whether to answer the attack with Kingdom 7 (counter or decline)")
}

// checkTurnMove checks a move of the turn player.
func (s *State) checkTurnMove(m Move) error {
	t := s.turn
	switch m.Kind {
	case KindChoose:
		return cards.Illegal("cards are chosen at the start of the round; it is now %v's turn", t)
	case KindCounter:
		return cards.Illegal("only the holder of Kingdom 7 counters an attack, right after it")
	case KindClaim:
		return s.claimBlocker(t, Card(m.Kingdom))
	case KindStash:
		switch {
		case s.owner[8] != t:
			return cards.Illegal("only the holder of Kingdom 8 may move a tableau card to their scoring pile")
		case s.stashed:
			return cards.Illegal("Kingdom 8 may be used once a turn, and you have used it")
		case s.tableau[t][m.Card] == 0:
			return cards.Illegal("your tableau holds no %v", m.Card)
		}
		return nil
	case KindDecline:
		if s.stage == StageNone {
			return cards.Illegal("there is nothing left to decline this turn")
		}
		return nil
	case KindEnd:
		if s.stage != StageNone {
			kind, _ := s.combo()
			return cards.Illegal("first use or decline your %v", kind)
		}
		return nil
	}
	return s.checkUse(m)
}

// checkUse checks a Bribe, Siege or Flank.
func (s *State) checkUse(m Move) error {
	kind, x := s.combo()
	switch {
	case s.stage == StageNone || moveKind[kind] != m.Kind:
		return cards.Illegal("you have no %v to use now", comboNames[kindCombo(m.Kind)])
	case !s.valid(m.Target) || m.Target == m.Who:
		return cards.Illegal("a %v targets another player of the game", kind)
	case !reach(kind, x).has(m.Card):
		return cards.Illegal("your %v reaches only %v", kind, describe(reach(kind, x)))
	case kind == comboBribe && s.owner[4] == m.Target && m.Card != x:
		return cards.Illegal("%v holds Kingdom 4: a Bribe may take only %s from them", m.Target, x.article())
	case s.stage == StageSecond && s.owner[3] != m.Who:
		return cards.Illegal("a second Flank discard needs Kingdom 3, which you no longer hold")
	case kind == comboFlank && s.owner[5] == m.Target:
		return cards.Illegal("%v holds Kingdom 5 and cannot be targeted by a Flank", m.Target)
	case s.tableau[m.Target][m.Card] == 0:
		return cards.Illegal("%v's tableau holds no %v", m.Target, m.Card)
	}
	return nil
}
