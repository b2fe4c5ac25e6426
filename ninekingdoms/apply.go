package ninekingdoms

import (
	"strings"

	"github.com/cardrules/games/cards"
)

// Apply returns the state after move m. It never changes s. A move that
// LegalMoves would not list is refused with an error wrapping
// cards.ErrIllegalMove (cards.ErrNotYourTurn, cards.ErrGameOver) that says
// why. Everything that follows a move on its own — revealing the next
// player's pair, dealing the next round, scoring — happens within Apply.
func Apply(s State, m Move) (State, error) {
	if err := s.checkMove(m); err != nil {
		return s, err
	}
	switch m.Kind {
	case KindChoose:
		s.choose(m.Who, m.Pair[0], m.Pair[1])
	case KindClaim:
		s.claim(m.Who, Card(m.Kingdom))
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
			s.event(EventData{Kind: EventEnded, Player: m.Who}, "%v ended their turn", m.Who)
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
		s.secret(p, EventData{Kind: EventChose, Player: p, Chosen: pair, Discarded: rest, Count: rest.Len()},
			p.String()+" chose "+a.String()+" "+b.String()+" and discarded "+rest.String()+" face down",
			p.String()+" chose two cards and discarded "+cards.Plural(rest.Len(), "card")+" face down")
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
			s.event(EventData{Kind: EventClaimed, Player: p, Kingdom: uint8(k)}, "%v claimed Kingdom %d from the centre", p, int(k))
		} else {
			s.event(EventData{Kind: EventClaimedFrom, Player: p, Kingdom: uint8(k), Target: from}, "%v claimed Kingdom %d from %v", p, int(k), from)
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
	s.stage = StageNone
	if s.log.On() {
		d := EventData{Kind: EventBribed, Player: p, Target: target, Card: c}
		if dest == p {
			d.Kind = EventBribedOwn
			s.event(d, "%v bribed %v: the $ went to %v's own scoring pile (Kingdom 6), and %v took %v's %v", p, target, p, p, target, c)
		} else {
			s.event(d, "%v bribed %v: the $ went to %v's scoring pile, and %v took %v's %v", p, target, target, p, target, c)
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
	if kind == comboFlank && s.stage == StageUse {
		s.stage = StageSecond
	} else {
		s.stage = StageNone
	}
	if s.log.On() {
		s.event(EventData{Kind: EventAttacked, Player: p, Combination: kind.String(), Target: target, Card: c}, "%v's %v discarded %v's %v", p, kind, target, c)
	}
	s.seen.Add(c)
	s.lose(target, c)
	if held7 && !s.reacted && s.attackCards()&s.holds(p) != 0 {
		s.phase, s.reactor = PhaseReact, target
		if s.log.On() {
			s.event(EventData{Kind: EventCanAnswer, Player: target}, "%v could answer the attack with Kingdom 7", target)
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
	s.phase, s.reactor = PhaseTurn, cards.Spectator
	if s.stage != StageSecond {
		return
	}
	kind, x := s.combo()
	if s.owner[3] != s.turn || !s.othersHold(s.turn, reach(kind, x)) {
		s.stage = StageNone
		return
	}
	if s.log.On() {
		s.event(EventData{Kind: EventSecondDiscard, Player: s.turn}, "%v held Kingdom 3 and could discard a second card", s.turn)
	}
}

// counter is the Kingdom 7 answer: the attacker's card c is discarded.
func (s *State) counter(p cards.Player, c Card) {
	s.reacted = true
	if s.log.On() {
		s.event(EventData{Kind: EventCountered, Player: p, Target: s.turn, Card: c}, "%v answered with Kingdom 7 and discarded %v's %v", p, s.turn, c)
	}
	s.seen.Add(c)
	s.lose(s.turn, c)
	s.afterAttack()
}

// decline declines what p has left to decide.
func (s *State) decline(p cards.Player) {
	if s.phase == PhaseReact {
		s.reacted = true
		if s.log.On() {
			s.event(EventData{Kind: EventNotAnswered, Player: p}, "%v did not answer with Kingdom 7", p)
		}
		s.afterAttack()
		return
	}
	kind, _ := s.combo()
	if s.log.On() {
		if s.stage == StageSecond {
			s.event(EventData{Kind: EventDeclinedSecond, Player: p}, "%v declined a second Flank discard", p)
		} else {
			s.event(EventData{Kind: EventDeclined, Player: p, Combination: kind.String()}, "%v declined the %v", p, kind)
		}
	}
	s.stage = StageNone
	if kind == comboBribe {
		s.discardMoney(p)
	}
}

// stash is Kingdom 8: p's tableau card c goes face down to their scoring
// pile.
func (s *State) stash(p cards.Player, c Card) {
	s.stashed = true
	if s.log.On() {
		s.event(EventData{Kind: EventStashed, Player: p, Card: c}, "%v used Kingdom 8: %s from their tableau went face down to their scoring pile", p, c.article())
	}
	s.lose(p, c)
	s.pile[p].Add(c)
}

// startTurn reveals the turn player's pair: number cards go to their
// tableau, a Bury goes to their scoring pile, and a Bribe, Siege or Flank
// waits to be used or declined — unless no other player's tableau holds a
// card it could take or discard, in which case it has no effect (a Bribe's
// $ is discarded).
func (s *State) startTurn() {
	t := s.turn
	s.phase, s.stage, s.reactor, s.stashed, s.reacted = PhaseTurn, StageNone, cards.Spectator, false, false
	var buf [DeckSize]Card
	if cs := s.pair[t].AppendTo(buf[:0]); len(cs) == 2 {
		s.shown = [2]Card{cs[0], cs[1]}
	}
	for c := Card(1); c < Values; c++ {
		s.tableau[t][c] += s.pair[t][c]
		s.pair[t][c] = 0
	}
	kind, x := s.combo()
	if s.log.On() {
		s.event(EventData{Kind: EventRevealed, Player: t, Pair: s.shown, Combination: kind.String()}, "%v revealed %v %v: %s", t, s.shown[0], s.shown[1], kind.article())
	}
	switch kind {
	case comboBury:
		s.pile[t] = s.pile[t].Plus(s.pair[t])
		s.pair[t] = Counts{}
		if s.log.On() {
			s.event(EventData{Kind: EventBuried, Player: t}, "%v buried $ $ in their scoring pile", t)
		}
	case comboBribe, comboSiege, comboFlank:
		if s.othersHold(t, reach(kind, x)) {
			s.stage = StageUse
			return
		}
		if s.log.On() {
			s.event(EventData{Kind: EventNoEffect, Player: t, Combination: kind.String()}, "%v's %v had no effect: no other tableau held a card it could reach", t, kind)
		}
		if kind == comboBribe {
			s.discardMoney(t)
		}
	}
}

// discardMoney discards the $ of the turn player's Bribe, in sight of all.
func (s *State) discardMoney(t cards.Player) {
	if s.pair[t].Has(Money) {
		s.pair[t].Remove(Money)
		s.seen.Add(Money)
		if s.log.On() {
			s.event(EventData{Kind: EventDiscardedBribe, Player: t}, "%v discarded the Bribe's $", t)
		}
	}
}

// lose takes a card c from p's tableau; if it was their last and they hold
// Kingdom c, the kingdom returns to the centre.
func (s *State) lose(p cards.Player, c Card) {
	s.tableau[p].Remove(c)
	if c >= 1 && c < Values && s.tableau[p][c] == 0 && s.owner[c] == p {
		s.owner[c] = cards.Spectator
		if s.log.On() {
			s.event(EventData{Kind: EventLostKingdom, Player: p, Kingdom: uint8(c)}, "%v lost their last %v, and Kingdom %d returned to the centre", p, c, int(c))
		}
	}
}

// endTurn passes the turn on, ending the round after the last player.
func (s *State) endTurn() {
	next := s.turn.Next(s.np())
	if next == s.first {
		s.endRound()
		return
	}
	s.turn = next
	s.startTurn()
}

// endRound passes the first player token to the left and starts the next
// round, or ends the game after the sixth.
func (s *State) endRound() {
	if s.log.On() {
		s.event(EventData{Kind: EventRoundEnded, Round: s.round}, "Round %d ended", s.round)
	}
	if s.round >= Rounds {
		s.endGame()
		return
	}
	s.round++
	s.first = s.first.Next(s.np())
	s.startRound()
}

// endGame scores the game. In a match it adds the points to the totals and
// either ends the match or starts the next game.
func (s *State) endGame() {
	s.phase, s.stage, s.shown, s.reactor = PhaseOver, StageNone, [2]Card{}, cards.Spectator
	s.stashed, s.reacted = false, false
	var pts [MaxPlayers]int
	for p := range cards.Player(s.np()) {
		pts[p] = s.Points(p)
	}
	if !s.match {
		if s.log.On() {
			s.event(EventData{Kind: EventGameEnded, Points: cards.PerPlayerOf(pts[:s.np()]...), Players: leaders(pts[:s.np()])},
				"The game ended: %s", standing(pts[:s.np()], "won"))
		}
		return
	}
	var tot [MaxPlayers]int
	best, top := 0, 0
	for p := range s.np() {
		s.totals[p] = int32(min(int(s.totals[p])+pts[p], maxTotal))
		switch tot[p] = int(s.totals[p]); {
		case tot[p] > best:
			best, top = tot[p], 1
		case tot[p] == best:
			top++
		}
	}
	over := best >= MatchTarget && top == 1
	if s.log.On() {
		s.event(EventData{Kind: EventMatchGameEnded, Game: s.game, Points: cards.PerPlayerOf(pts[:s.np()]...)}, "Game %d ended: %s", s.game, standing(pts[:s.np()], ""))
		verdict, d := "", EventData{Kind: EventMatchTotals, Game: s.game, Points: cards.PerPlayerOf(tot[:s.np()]...)}
		if over {
			verdict, d.Players = "won the match", leaders(tot[:s.np()])
		}
		s.event(d, "After game %d the match totals were %s", s.game, standing(tot[:s.np()], verdict))
	}
	if over {
		return
	}
	if s.game < 1<<16-1 {
		s.game++
	}
	s.startGame()
}

// standing describes scores — "P1 12 points, P2 20 points" — followed,
// unless verdict is empty, by the leaders and the verdict: "; P2 won".
// Tied leaders share the win: "; P1 and P2 shared the win".
func standing(scores []int, verdict string) string {
	var b strings.Builder
	for p, sc := range scores {
		if p > 0 {
			b.WriteString(", ")
		}
		b.WriteString(cards.Player(p).String())
		b.WriteByte(' ')
		b.WriteString(cards.Plural(sc, "point"))
	}
	if verdict == "" {
		return b.String()
	}
	w := leaders(scores)
	if w.Len() > 1 {
		verdict = "shared the win"
	}
	b.WriteString("; ")
	b.WriteString(w.Names())
	b.WriteByte(' ')
	b.WriteString(verdict)
	return b.String()
}
