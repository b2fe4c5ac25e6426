package ninekingdoms

import (
	"github.com/cardrules/games/cards"
)

// Check reports whether the state keeps the rules' invariants, with an
// error wrapping cards.ErrBadInput that says what is wrong: the 60 cards
// are all somewhere (deck, hands, chosen pairs, tableaus, scoring piles,
// discard pile), once each; hands and pairs hold what the moment of the
// round calls for; kingdoms are held by players with a card of their
// value; and the cards out of play are no more than the pairs revealed
// could have put there, so that every deal finds its cards.
func (s State) Check() error {
	if s.n < MinPlayers || s.n > MaxPlayers {
		return cards.BadInput("a game has %d to %d players, not %d", MinPlayers, MaxPlayers, s.n)
	}
	if s.phase < PhaseChoose || s.phase > PhaseOver {
		return cards.BadInput("the state is in no known phase of the game")
	}
	if s.round < 1 || s.round > Rounds || !s.valid(s.first) || !s.valid(s.turn) {
		return cards.BadInput("round %d, first player %v, turn of %v: out of range", s.round, s.first, s.turn)
	}
	for _, check := range [...]func() error{s.checkCards, s.checkSeats, s.checkKingdoms, s.checkPhase, s.checkOutOfPlay} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// zones returns every group of cards of the state, the deck excepted.
func (s *State) zones() [1 + 5*MaxPlayers]Counts {
	zs := [1 + 5*MaxPlayers]Counts{s.seen}
	for p := range MaxPlayers {
		copy(zs[1+5*p:], []Counts{s.hand[p], s.pair[p], s.tableau[p], s.pile[p], s.hidden[p]})
	}
	return zs
}

// checkCards checks that the cards are the 60 cards of the deck, once each.
func (s *State) checkCards() error {
	if s.deckLen > DeckSize {
		return cards.BadInput("the deck holds %d cards, more than %d", s.deckLen, DeckSize)
	}
	var total [Values]int
	for _, c := range s.deck[:s.deckLen] {
		if !c.Valid() {
			return cards.BadInput("the deck holds %v, which is not a card", c)
		}
		total[c]++
	}
	for _, z := range s.zones() {
		for c, k := range z {
			total[c] += int(k)
		}
	}
	for c, k := range total {
		if k != int(fullDeck[c]) {
			return cards.BadInput("the game holds %s %v; the deck has %d", cards.Plural(k, "card"), Card(c), fullDeck[c])
		}
	}
	return nil
}

// checkSeats checks that seats beyond the players are empty and totals in
// bounds.
func (s *State) checkSeats() error {
	for p := range MaxPlayers {
		if p >= s.np() && (s.hand[p] != Counts{} || s.pair[p] != Counts{} || s.tableau[p] != Counts{} ||
			s.pile[p] != Counts{} || s.hidden[p] != Counts{} || s.totals[p] != 0) {
			return cards.BadInput("seat %v holds cards or points in a %d-player game", cards.Player(p), s.n)
		}
		if s.totals[p] < 0 || s.totals[p] > maxTotal || !s.match && s.totals[p] != 0 {
			return cards.BadInput("%v's match total %d is out of range", cards.Player(p), s.totals[p])
		}
	}
	switch {
	case s.game < 1:
		return cards.BadInput("games are numbered from 1, not %d", s.game)
	case !s.match && s.game != 1:
		return cards.BadInput("a single game is no game %d of a match", s.game)
	}
	return nil
}

// checkKingdoms checks that each kingdom lies in the centre or is held by
// a player with a card of its value.
func (s *State) checkKingdoms() error {
	if s.owner[0] != cards.Spectator {
		return cards.BadInput("there is no Kingdom 0")
	}
	for k := 1; k < Values; k++ {
		p := s.owner[k]
		switch {
		case p == cards.Spectator:
		case !s.valid(p):
			return cards.BadInput("Kingdom %d is held by %v, who is not a player", k, p)
		case s.tableau[p][k] == 0:
			return cards.BadInput("%v holds Kingdom %d without a %d in their tableau", p, k, k)
		}
	}
	return nil
}

// checkPhase checks hands, pairs and the turn's bookkeeping against the
// moment of the round.
func (s *State) checkPhase() error {
	if s.phase == PhaseChoose || s.phase == PhaseOver {
		if s.stage != StageNone || s.shown != [2]Card{} || s.reactor != cards.Spectator || s.stashed || s.reacted {
			return cards.BadInput("outside a turn, no combination, reaction or Kingdom 8 use is under way")
		}
	}
	switch s.phase {
	case PhaseChoose:
		return s.checkChoice()
	case PhaseOver:
		for p := range s.np() {
			if s.hand[p].Len() != 0 || s.pair[p].Len() != 0 {
				return cards.BadInput("the game is over, yet %v holds cards in hand", cards.Player(p))
			}
		}
		return nil
	}
	return s.checkTurn()
}

// checkChoice checks the choice of a round: each player holds five cards,
// or none and the two they chose; someone has yet to choose.
func (s *State) checkChoice() error {
	if s.turn != s.first {
		return cards.BadInput("before the turns of a round, the turn is the first player's")
	}
	for p := range cards.Player(s.np()) {
		h, c := s.hand[p].Len(), s.pair[p].Len()
		if !(h == HandSize && c == 0 || h == 0 && c == 2) {
			return cards.BadInput("%v holds %s and has chosen %d; a player holds 5 or has chosen 2", p, cards.Plural(h, "card"), c)
		}
	}
	if s.ToAct() == 0 {
		return cards.BadInput("everyone has chosen, yet the turns have not begun")
	}
	return nil
}

// checkTurn checks a turn: hands are empty, players after the turn player
// have their pairs, the turn player's Bribe $ waits while the Bribe does,
// and the combination's stage and any reaction agree with the pair shown.
func (s *State) checkTurn() error {
	t := s.turn
	kind, _ := s.combo()
	if !s.shown[0].Valid() || !s.shown[1].Valid() || s.shown[0].order() > s.shown[1].order() {
		return cards.BadInput("the pair revealed this turn is not two cards in order")
	}
	for p := range cards.Player(s.np()) {
		want := 0
		switch {
		case s.seat(p) > s.seat(t):
			want = 2
		case p == t && s.stage == StageUse && kind == comboBribe:
			if s.pair[p] != CountsOf(Money) {
				return cards.BadInput("%v's Bribe waits, but its $ is not set aside", p)
			}
			want = 1
		}
		if s.hand[p].Len() != 0 || s.pair[p].Len() != want {
			return cards.BadInput("in %v's turn, %v holds %s in hand and %d in a pair; want 0 and %d", t, p, cards.Plural(s.hand[p].Len(), "card"), s.pair[p].Len(), want)
		}
	}
	switch {
	case s.stage > StageSecond:
		return cards.BadInput("unknown stage of the turn's combination")
	case s.stage == StageUse && kind != comboBribe && kind != comboSiege && kind != comboFlank,
		s.stage == StageSecond && kind != comboFlank:
		return cards.BadInput("a %v has nothing to use", kind)
	}
	if s.phase == PhaseReact {
		if !s.valid(s.reactor) || s.reactor == t || s.reacted || (kind != comboSiege && kind != comboFlank) || s.stage == StageUse {
			return cards.BadInput("a Kingdom 7 answer follows a Siege or Flank discard from another player")
		}
	} else if s.reactor != cards.Spectator {
		return cards.BadInput("no one is answering an attack, yet a player is named to")
	}
	return nil
}

// checkOutOfPlay checks that tableaus and scoring piles hold no more cards
// than the pairs revealed in this game could have put there (two each):
// so the deck and discard pile always hold the next round's hands.
func (s *State) checkOutOfPlay() error {
	if s.phase == PhaseOver {
		return nil
	}
	out := 0
	for p := range s.np() {
		out += s.tableau[p].Len() + s.pile[p].Len()
	}
	revealed := s.np() * (int(s.round) - 1)
	if s.phase != PhaseChoose {
		revealed += s.seat(s.turn) + 1
	}
	if out > 2*revealed {
		return cards.BadInput("tableaus and scoring piles hold %s, more than the %s revealed this game could have put there", cards.Plural(out, "card"), cards.Plural(revealed, "pair"))
	}
	return nil
}
