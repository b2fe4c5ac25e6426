package ninekingdoms

import (
	"fmt"
	"strings"

	"github.com/cardrules/games/cards"
)

// NewGame deals a new game (or the first game of a match) for the options:
// Player 1 (player 0) is first player, and every player is dealt five
// cards to choose from.
func NewGame(opts Options) (State, error) {
	n, err := opts.players()
	if err != nil {
		return State{}, err
	}
	s := State{n: uint8(n), match: opts.Match, rng: cards.NewRand(uint64(opts.Seed))}
	if opts.NoLog {
		s.log = cards.Off()
	}
	s.startGame()
	return s, nil
}

// maxTotal bounds match totals; a total that reaches it stays there.
const maxTotal = 1 << 30

// startGame clears the table, shuffles the whole deck and starts round 1.
// In a match, game g (from 0) has player g as first player (modulo the
// number of players).
func (s *State) startGame() {
	s.hand, s.pair, s.tableau, s.pile, s.hidden = [MaxPlayers]Counts{}, [MaxPlayers]Counts{}, [MaxPlayers]Counts{}, [MaxPlayers]Counts{}, [MaxPlayers]Counts{}
	s.seen = Counts{}
	for k := range s.owner {
		s.owner[k] = cards.Spectator
	}
	s.deckLen = 0
	s.fillDeck(fullDeck)
	s.round = 1
	s.first = cards.Player(int(s.game) % s.np())
	if s.log.On() && s.match {
		s.say("Game %d of the match begins", s.game+1)
	}
	s.startRound()
}

// startRound deals the round's hands and waits for every player's choice.
func (s *State) startRound() {
	s.phase, s.stage, s.shown = phaseChoose, stageNone, [2]Card{}
	s.turn, s.reactor, s.stashed, s.reacted = s.first, cards.Spectator, false, false
	if s.log.On() {
		s.say("Round %d: %v is first player", s.round, s.first)
	}
	s.deal()
}

// deal deals five cards to each player, one at a time from the first
// player, making a new deck of the discards if the deck runs out.
func (s *State) deal() {
	n := s.np()
	for range HandSize {
		for i := range n {
			c, ok := s.draw()
			if !ok {
				break
			}
			s.hand[(int(s.first)+i)%n].Add(c)
		}
	}
	if s.log.On() {
		s.say("Five cards dealt to each player; the deck has %d cards left", s.deckLen)
		for p := range cards.Player(n) {
			s.log = s.log.Add(cards.Private(p, fmt.Sprintf("%v was dealt %v", p, s.hand[p]), fmt.Sprintf("%v was dealt %d cards", p, s.hand[p].Len())))
		}
	}
}

// draw takes the top card of the deck, first shuffling the discards into a
// new deck if it is empty. It reports false if there is no card left.
func (s *State) draw() (Card, bool) {
	if s.deckLen == 0 {
		s.reshuffle()
	}
	if s.deckLen == 0 || s.deckLen > DeckSize {
		return 0, false
	}
	s.deckLen--
	return s.deck[s.deckLen], true
}

// reshuffle makes a new deck of the discard pile.
func (s *State) reshuffle() {
	discards := s.discards()
	s.seen, s.hidden = Counts{}, [MaxPlayers]Counts{}
	s.fillDeck(discards)
	if s.log.On() {
		s.say("The deck ran out: the %d discards are shuffled into a new deck", discards.Len())
	}
}

// discards returns the cards of the discard pile.
func (s *State) discards() Counts {
	g := s.seen
	for _, h := range s.hidden {
		g = g.Plus(h)
	}
	return g
}

// fillDeck puts the cards of g on the deck and shuffles it.
func (s *State) fillDeck(g Counts) {
	for c := range Card(Values) {
		for range g[c] {
			if int(s.deckLen) < DeckSize {
				s.deck[s.deckLen] = c
				s.deckLen++
			}
		}
	}
	for i := int(s.deckLen) - 1; i > 0; i-- {
		j := s.rng.IntN(i + 1)
		s.deck[i], s.deck[j] = s.deck[j], s.deck[i]
	}
}

// say adds a public event to the log. Callers test s.log.On() first, so
// that nothing is formatted when the log is off.
func (s *State) say(format string, args ...any) {
	s.log = s.log.Add(cards.Public(format, args...))
}

// startTurn reveals the turn player's pair: number cards go to their
// tableau, a Bury goes to their scoring pile, and a Bribe, Siege or Flank
// waits to be used or declined — unless no other player's tableau holds a
// card it could take or discard, in which case it has no effect (a Bribe's
// $ is discarded).
func (s *State) startTurn() {
	t := s.turn
	s.phase, s.stage, s.reactor, s.stashed, s.reacted = phaseTurn, stageNone, cards.Spectator, false, false
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
		s.say("%v reveals %v %v: %v", t, s.shown[0], s.shown[1], kind)
	}
	switch kind {
	case comboBury:
		s.pile[t] = s.pile[t].Plus(s.pair[t])
		s.pair[t] = Counts{}
		if s.log.On() {
			s.say("%v buries $ $ in their scoring pile", t)
		}
	case comboBribe, comboSiege, comboFlank:
		if s.othersHold(t, reach(kind, x)) {
			s.stage = stageUse
			return
		}
		if s.log.On() {
			s.say("No other tableau holds a card the %v could reach: it has no effect", kind)
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
			s.say("%v discards the Bribe's $", t)
		}
	}
}

// A valueSet is a set of card values 1 to 9, bit v for value v.
type valueSet uint16

// valuesOf returns the set of the values given that are 1 to 9.
func valuesOf(vs ...int) valueSet {
	var m valueSet
	for _, v := range vs {
		if v >= 1 && v < Values {
			m |= 1 << v
		}
	}
	return m
}

func (m valueSet) has(c Card) bool { return c < 16 && m&(1<<c) != 0 }

// reach returns the values a combination with the given X may take or
// discard from another player's tableau, whatever the kingdoms.
func reach(kind combo, x Card) valueSet {
	v := int(x)
	switch kind {
	case comboBribe:
		return valuesOf(v-1, v, v+1)
	case comboSiege:
		return valuesOf(v)
	case comboFlank:
		return valuesOf(v-1, v+2)
	}
	return 0
}

// attackCards returns the values of the two cards played for the turn's
// Siege or Flank.
func (s *State) attackCards() valueSet {
	kind, x := s.combo()
	v := int(x)
	switch kind {
	case comboSiege:
		return valuesOf(v-1, v+1)
	case comboFlank:
		return valuesOf(v, v+1)
	}
	return 0
}

// othersHold reports whether a player other than t has in their tableau a
// card of one of the values of m.
func (s *State) othersHold(t cards.Player, m valueSet) bool {
	for q := range cards.Player(s.np()) {
		if q == t {
			continue
		}
		for c := Card(1); c < Values; c++ {
			if m.has(c) && s.tableau[q][c] > 0 {
				return true
			}
		}
	}
	return false
}

// lose takes a card c from p's tableau; if it was their last and they hold
// Kingdom c, the kingdom returns to the centre.
func (s *State) lose(p cards.Player, c Card) {
	s.tableau[p].Remove(c)
	if c >= 1 && c < Values && s.tableau[p][c] == 0 && s.owner[c] == p {
		s.owner[c] = cards.Spectator
		if s.log.On() {
			s.say("Kingdom %d returns to the centre: %v has no %v left", c, p, c)
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
		s.say("Round %d is over", s.round)
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
	s.phase, s.stage, s.shown, s.reactor = phaseOver, stageNone, [2]Card{}, cards.Spectator
	s.stashed, s.reacted = false, false
	var pts [MaxPlayers]int
	for p := range cards.Player(s.np()) {
		pts[p] = s.Points(p)
	}
	if !s.match {
		if s.log.On() {
			s.say("Game over: %s", standing(pts[:s.np()], "points", "wins"))
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
		s.say("Game %d over: %s", s.game+1, standing(pts[:s.np()], "points", ""))
		verdict := ""
		if over {
			verdict = "wins the match"
		}
		s.say("Match totals: %s", standing(tot[:s.np()], "in all", verdict))
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
// unless verdict is empty, by the leaders and the verdict: ": P2 wins".
func standing(scores []int, unit, verdict string) string {
	var b strings.Builder
	for p, sc := range scores {
		if p > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%v %d %s", cards.Player(p), sc, unit)
	}
	if verdict != "" {
		w := leaders(scores)
		if w.Len() > 1 {
			verdict = "share the win"
		}
		fmt.Fprintf(&b, ": %v %s", w, verdict)
	}
	return b.String()
}
