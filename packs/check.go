package packs

import (
	"github.com/cardrules/games/cards"
)

// Check reports whether the state keeps the rules' invariants, with an
// error wrapping cards.ErrBadInput that says what is wrong: every card of
// the game is in exactly one place (deck, discard pile, market, hands,
// kingdoms, coins, the automaton's instructions); the coins counted where
// they lie are the coin cards dealt; kingdoms hold legal suits; hands keep
// their limits; the market's coins lie under cards or in empty columns;
// and the phase agrees with who acts and what is owed.
func (s State) Check() error {
	for _, check := range [...]func() error{s.checkTable, s.checkCards, s.checkCoins, s.checkMarket, s.checkSeats, s.checkPhase} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// checkTable checks the options the state keeps and where the game stands.
func (s *State) checkTable() error {
	n := int(s.n)
	switch {
	case n < MinPlayers || n > MaxPlayers:
		return cards.BadInput("a game has %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	case s.solo && n != 2:
		return cards.BadInput("the solo game has 2 seats, not %d", n)
	case s.headStart > MaxHeadStart || s.headStart > 0 && !s.solo:
		return cards.BadInput("a head start of %d cards is out of range", s.headStart)
	case s.limit < 1 || s.limit > MaxTurns:
		return cards.BadInput("the game is called after 1 to %d turns each, not %d", MaxTurns, s.limit)
	case s.phase == 0 || s.phase >= numPhases:
		return cards.BadInput("the state is in no known phase")
	case !s.valid(s.turn):
		return cards.BadInput("the turn of %v, no player of the game", s.turn)
	case int(s.turns) > int(s.limit)*n || s.phase != PhaseOver && int(s.turns) == int(s.limit)*n:
		return cards.BadInput("%d turns played of %d", s.turns, int(s.limit)*n)
	case int(s.turn) != int(s.turns)%n && s.phase != PhaseOver:
		return cards.BadInput("after %d turns it is not %v's turn", s.turns, s.turn)
	case s.actions > 2:
		return cards.BadInput("%d actions in a turn", s.actions)
	case s.extra:
		return cards.BadInput("the automaton's second purchase is never left waiting")
	}
	return nil
}

// allCards returns every card of the game.
func (s *State) allCards() cards.Set {
	all := gameCards(int(s.n))
	if s.solo {
		all = all.Union(instructionCards)
	}
	return all
}

// checkCards checks that every card of the game is in one place, once.
func (s *State) checkCards() error {
	if !s.deck.Contains(s.known) {
		return cards.BadInput("the deck's known cards %v are not all in the deck", s.known)
	}
	var seen cards.Set
	zones := [...]cards.Set{s.deck, s.discards, s.coinCards, s.orders(), s.used}
	count := 0
	add := func(z cards.Set) {
		seen = seen.Union(z)
		count += z.Len()
	}
	for _, z := range zones {
		add(z)
	}
	for p := range MaxPlayers {
		add(s.hands[p])
		add(s.kingdoms[p])
	}
	for r := range Rows {
		for c := range Columns {
			if card := s.market[r][c]; card != cards.NoCard {
				if !card.Valid() {
					return cards.BadInput("the market holds a value that is no card")
				}
				add(cards.SetOf(card))
			}
		}
	}
	all := s.allCards()
	switch {
	case count != seen.Len():
		return cards.BadInput("a card is in two places at once")
	case seen != all:
		if extra := seen.Minus(all); !extra.Empty() {
			return cards.BadInput("%v is no card of this game", extra.First())
		}
		return cards.BadInput("%v is missing from the game", all.Minus(seen).First())
	case !s.coinCards.Intersect(nobleCards).Empty():
		return cards.BadInput("a coin is a number card, never a noble")
	case !s.used.Minus(instructionCards).Empty() || !s.solo && !s.used.Empty():
		return cards.BadInput("only the automaton's instructions are instructions")
	case s.order != cards.NoCard && !s.used.Has(s.order):
		return cards.BadInput("the automaton's last instruction %v is not among those turned over", s.order)
	case !s.solo && s.order != cards.NoCard:
		return cards.BadInput("only the solo game has instructions")
	}
	return nil
}

// checkCoins checks that the coins counted where they lie are the coin
// cards.
func (s *State) checkCoins() error {
	total := s.marketCoins()
	for p := range MaxPlayers {
		total += int(s.coins[p])
	}
	if total != s.coinCards.Len() {
		return cards.BadInput("%d coins lie on the table but %d cards were dealt as coins", total, s.coinCards.Len())
	}
	if deal := dealt(int(s.n)); total != deal {
		return cards.BadInput("a game of %d players has %d coins, not %d", s.n, deal, total)
	}
	return nil
}

// checkMarket checks that coins lie under cards or in empty columns and
// that the cards put a coin under this turn are in the market.
func (s *State) checkMarket() error {
	for c := range Columns {
		for r := range Rows {
			if s.under[r][c] > 0 && s.market[r][c] == cards.NoCard {
				return cards.BadInput("coins lie under an empty position of the market")
			}
		}
		if s.loose[c] > 0 && (s.market[0][c] != cards.NoCard || s.market[1][c] != cards.NoCard) {
			return cards.BadInput("loose coins lie in column %d, which holds a card", c)
		}
	}
	if !s.marketCards().Contains(s.coined) {
		return cards.BadInput("a card put a coin under this turn has left the market")
	}
	if s.phase == PhaseAction && s.actions == 0 && !s.coined.Empty() {
		return cards.BadInput("no coin has been paid at the start of a turn")
	}
	return nil
}

// checkSeats checks kingdoms, hands and seats beyond the players.
func (s *State) checkSeats() error {
	attacker := s.phase == PhasePay || s.phase == PhaseDiscard
	for p := range cards.Player(MaxPlayers) {
		k := s.kingdoms[p]
		switch {
		case !s.valid(p) && (!s.hands[p].Empty() || !k.Empty() || s.coins[p] != 0):
			return cards.BadInput("seat %v holds cards or coins in a %d-player game", p, s.n)
		case !legalKingdom(k):
			return cards.BadInput("%v's kingdom %v is no row of runs in the making", p, k)
		case runs(k) >= RunsToWin && s.winner != p:
			return cards.BadInput("%v has three runs but has not won", p)
		case s.IsAutomaton(p) && !s.hands[p].Empty():
			return cards.BadInput("the automaton has no hand")
		case s.hands[p].Len() > s.handLimit(p) && !(attacker && p == s.turn):
			return cards.BadInput("%v holds %d cards, over their limit of %d", p, s.hands[p].Len(), s.handLimit(p))
		}
	}
	if s.winner != cards.Spectator && (!s.valid(s.winner) || s.phase != PhaseOver || runs(s.kingdoms[s.winner]) < RunsToWin) {
		return cards.BadInput("%v won without three runs, or the game goes on", s.winner)
	}
	if s.phase == PhaseOver && s.winner == cards.Spectator && int(s.turns) != int(s.limit)*int(s.n) {
		return cards.BadInput("the game ended with neither a winner nor its turns played")
	}
	if s.solo && s.IsAutomaton(s.turn) && s.phase != PhasePay && s.phase != PhaseOver {
		return cards.BadInput("the automaton's turn waits only for a ♠ payment")
	}
	return nil
}

// checkPhase checks who acts and what is owed in the phase.
func (s *State) checkPhase() error {
	p := s.turn
	if s.phase != PhasePay && s.payer != cards.Spectator {
		return cards.BadInput("%v pays an attack outside a payment", s.payer)
	}
	if !s.received.Empty() && (s.phase != PhasePay && s.phase != PhaseDiscard || !s.hands[p].Contains(s.received)) {
		return cards.BadInput("the cards received in an attack are not in the attacker's hand")
	}
	switch s.phase {
	case PhaseAction, PhaseOver:
		if s.owed != 0 {
			return cards.BadInput("something is owed outside income and payments")
		}
		if s.phase == PhaseAction && s.actions > 1 {
			return cards.BadInput("a turn of two actions is over")
		}
	case PhaseIncome:
		return s.checkIncome()
	case PhasePay:
		return s.checkPayer()
	case PhaseDiscard:
		over := s.hands[p].Len() - s.handLimit(p)
		if s.owed != 0 || over < 1 || over >= s.received.Len() {
			return cards.BadInput("%v discards down to the limit without a choice to make", p)
		}
	}
	return nil
}

// checkIncome checks a wait for the turn player's choice of income.
func (s *State) checkIncome() error {
	p := s.turn
	spots := 0
	for i := range spot(looseSpots + Columns) {
		if *s.coinsAt(i) > 0 {
			spots++
		}
	}
	switch {
	case s.actions < 1:
		return cards.BadInput("income before any action")
	case s.owed < 1 || int(s.owed) > 2*count(s.kingdoms[p], cards.Diamonds):
		return cards.BadInput("%d coins of income for %d ♦", s.owed, count(s.kingdoms[p], cards.Diamonds))
	case int(s.owed) >= s.marketCoins() || spots < 2:
		return cards.BadInput("%v takes income without a choice to make", p)
	}
	return nil
}

// checkPayer checks a wait for a payer's choice.
func (s *State) checkPayer() error {
	q, a := s.payer, s.turn
	switch {
	case !s.valid(q) || q == a || s.IsAutomaton(q):
		return cards.BadInput("%v cannot pay %v's attack", q, a)
	case s.actions < 1:
		return cards.BadInput("an attack before any action")
	case s.owed < 1 || int(s.owed) > count(s.kingdoms[a], cards.Spades)-count(s.kingdoms[q], cards.Clubs):
		return cards.BadInput("%v owes %d, more than the attack asks", q, s.owed)
	case s.hands[q].Empty() || int(s.coins[q])+s.hands[q].Len() <= int(s.owed):
		return cards.BadInput("%v pays without a choice to make", q)
	}
	return nil
}
