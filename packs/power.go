package packs

import (
	"fmt"

	"github.com/cardrules/games/cards"
)

// A spot is a place coins lie in the market: under the card of a row and
// column (0 to 11, row by row), or loose in a column (12 to 17).
type spot int

const looseSpots = Rows * Columns

// coinsAt returns the coins of spot i.
func (s *State) coinsAt(i spot) *uint8 {
	if i >= looseSpots {
		return &s.loose[i-looseSpots]
	}
	return &s.under[i/Columns][i%Columns]
}

// spotName names spot i for people: "from under 7♦", "loose from column
// 3".
func (s *State) spotName(i spot) string {
	if i >= looseSpots {
		return fmt.Sprintf("loose from column %d", i-looseSpots)
	}
	return "from under " + s.market[i/Columns][i%Columns].String()
}

// startIncome begins p's ♦ income: 2 coins for each ♦ in their kingdom,
// or every coin of the market if it holds fewer.
func (s *State) startIncome(p cards.Player) {
	s.owed = uint8(min(2*count(s.kingdoms[p], cards.Diamonds), s.marketCoins()))
	if s.owed == 0 {
		if s.log.On() {
			s.event(EventData{Kind: EventNoIncome, Player: p}, "%v took no income: the market holds no coins", p)
		}
		s.resume()
		return
	}
	s.phase = PhaseIncome
	s.incomeWithoutChoice()
}

// incomeWithoutChoice takes what is left of the income when there is no
// choice to make — every coin of the market, or coins of the only spot
// that has any — and for the automaton, which takes from the spots with
// the most coins first; then goes on with the turn. If the player has a
// choice, it leaves it to them.
func (s *State) incomeWithoutChoice() {
	spots, total := 0, 0
	for i := range spot(looseSpots + Columns) {
		if k := *s.coinsAt(i); k > 0 {
			spots, total = spots+1, total+int(k)
		}
	}
	if spots > 1 && int(s.owed) < total && !s.IsAutomaton(s.turn) {
		return
	}
	p := s.turn
	var took [looseSpots + Columns]uint8
	n := int(s.owed)
	for n > 0 {
		i, ok := s.richestSpot()
		if !ok {
			break
		}
		k := min(n, int(*s.coinsAt(i)))
		*s.coinsAt(i) -= uint8(k)
		took[i] += uint8(k)
		s.coins[p] += uint8(k)
		n -= k
	}
	if s.log.On() {
		s.logIncome(p, &took)
	}
	s.owed = 0
	s.resume()
}

// richestSpot returns the spot with the most coins, ties going to the
// cheaper column, then the top row; loose coins come last, from the
// cheaper column. It returns false if the market holds no coin.
func (s *State) richestSpot() (spot, bool) {
	best, most := spot(-1), uint8(0)
	for c := Columns - 1; c >= 0; c-- {
		for r := range Rows {
			if k := s.under[r][c]; k > most {
				best, most = spot(r*Columns+c), k
			}
		}
	}
	if most > 0 {
		return best, true
	}
	for c := Columns - 1; c >= 0; c-- {
		if s.loose[c] > 0 {
			return spot(looseSpots + c), true
		}
	}
	return 0, false
}

// logIncome tells the coins p took, spot by spot.
func (s *State) logIncome(p cards.Player, took *[looseSpots + Columns]uint8) {
	text, total := "", 0
	for i, k := range took {
		if k == 0 {
			continue
		}
		if text != "" {
			text += ", "
		}
		text += fmt.Sprintf("%d %s", k, s.spotName(spot(i)))
		total += int(k)
	}
	s.event(EventData{Kind: EventIncome, Player: p, Count: total}, "%v took %s of income: %s", p, coinsText(total), text)
}

// take carries out the turn player's choice of one coin of income.
func (s *State) take(c cards.Card, col int) {
	i := spot(looseSpots + col)
	if c != cards.NoCard {
		r, cc, _ := s.find(c)
		i = spot(r*Columns + cc)
	}
	*s.coinsAt(i)--
	s.coins[s.turn]++
	s.owed--
	if s.log.On() {
		d := EventData{Kind: EventTookCoin, Player: s.turn, Card: c, Column: int8(col)}
		if c != cards.NoCard {
			d.Column = 0
		}
		s.event(d, "%v took a coin of income %s", s.turn, s.spotName(i))
	}
	if s.owed == 0 {
		s.resume()
		return
	}
	s.incomeWithoutChoice()
}

// startAttack begins a's ♠ attack: every other player, in turn order from
// a's left, pays.
func (s *State) startAttack(a cards.Player) {
	s.received = cards.Set{}
	s.collect(a.Next(s.np()))
}

// collect has the players from q on, in turn order up to the attacker,
// pay the attack: each owes the attacker's ♠ less their own ♣. It stops
// at the first who has a choice to make, and ends the attack when all have
// paid.
func (s *State) collect(q cards.Player) {
	a := s.turn
	spades := count(s.kingdoms[a], cards.Spades)
	for ; q != a; q = q.Next(s.np()) {
		clubs := count(s.kingdoms[q], cards.Clubs)
		owe := spades - clubs
		if owe <= 0 {
			if s.log.On() {
				s.event(EventData{Kind: EventOwedNothing, Player: q, Target: a, Clubs: uint8(clubs), Spades: uint8(spades)},
					"%v owed %v nothing: %d ♣ against %d ♠", q, a, clubs, spades)
			}
			continue
		}
		if s.payWithoutChoice(q, owe) {
			continue
		}
		s.phase, s.payer, s.owed = PhasePay, q, uint8(owe)
		if s.log.On() {
			s.event(EventData{Kind: EventOwed, Player: q, Target: a, Count: owe}, "%v owed %v %d for the ♠ attack", q, a, owe)
		}
		return
	}
	s.endAttack()
}

// payWithoutChoice pays q's debt of owe to the attacker when q has no
// choice — q gives everything they have when it is no more than owe, and
// pays coins when their hand is empty — and reports whether it did.
func (s *State) payWithoutChoice(q cards.Player, owe int) bool {
	a, hand, coins := s.turn, s.hands[q], int(s.coins[q])
	switch {
	case coins+hand.Len() <= owe:
		s.coins[q], s.hands[q] = 0, cards.Set{}
		s.coins[a] += uint8(coins)
		for c := range hand.All() {
			s.receive(c)
		}
		if s.log.On() {
			s.logEverything(q, coins, hand)
		}
	case hand.Empty():
		s.coins[q] -= uint8(owe)
		s.coins[a] += uint8(owe)
		if s.log.On() {
			s.event(EventData{Kind: EventPaid, Player: q, Target: a, Count: owe}, "%v paid %v %s", q, a, coinsText(owe))
		}
	default:
		return false
	}
	return true
}

// logEverything tells that q gave the attacker all they had.
func (s *State) logEverything(q cards.Player, coins int, hand cards.Set) {
	a := s.turn
	if coins == 0 && hand.Empty() {
		s.event(EventData{Kind: EventHadNothing, Player: q, Target: a}, "%v had nothing to give %v", q, a)
		return
	}
	d := EventData{Kind: EventGaveAll, Player: q, Target: a, Count: coins, CardCount: uint8(hand.Len()), Cards: hand}
	text, others := fmt.Sprintf("%v gave %v everything they had: ", q, a), ""
	if coins > 0 {
		text += coinsText(coins)
		if !hand.Empty() {
			text += " and "
		}
	}
	others = text + cardsText(hand.Len())
	text += hand.String()
	switch {
	case hand.Empty():
		s.event(d, "%s", text)
	case s.IsAutomaton(a):
		d.Kind = EventGaveAllDiscarded
		s.event(d, "%s, which went to the discard pile", text)
	default:
		s.secret(q, d, text, others)
	}
}

// receive gives card c to the attacker, or to the discard pile if the
// attacker is the automaton, which has no hand.
func (s *State) receive(c cards.Card) {
	if s.IsAutomaton(s.turn) {
		s.discards.Add(c)
		return
	}
	s.hands[s.turn].Add(c)
	s.received.Add(c)
}

// payCoin carries out the payer's choice to pay a coin.
func (s *State) payCoin() {
	q := s.payer
	s.coins[q]--
	s.coins[s.turn]++
	s.owed--
	if s.log.On() {
		s.event(EventData{Kind: EventPaidCoin, Player: q, Target: s.turn}, "%v paid %v a coin", q, s.turn)
	}
	s.afterUnit()
}

// give carries out the payer's choice to give card c.
func (s *State) give(c cards.Card) {
	q, a := s.payer, s.turn
	s.hands[q].Remove(c)
	s.receive(c)
	s.owed--
	if s.log.On() {
		if s.IsAutomaton(a) {
			s.event(EventData{Kind: EventGaveDiscarded, Player: q, Target: a, Card: c}, "%v gave %v %v, which went to the discard pile", q, a, c)
		} else {
			s.secret(q, EventData{Kind: EventGave, Player: q, Target: a, Card: c},
				q.String()+" gave "+a.String()+" "+c.String(), q.String()+" gave "+a.String()+" a card")
		}
	}
	s.afterUnit()
}

// afterUnit goes on with the attack after the payer paid one unit.
func (s *State) afterUnit() {
	q := s.payer
	if s.owed > 0 && !s.payWithoutChoice(q, int(s.owed)) {
		return
	}
	s.payer, s.owed = cards.Spectator, 0
	s.collect(q.Next(s.np()))
}

// endAttack ends the attack: if the cards received put the attacker's hand
// over its limit, they discard from those cards down to it — at once when
// all of them must go, by their choice otherwise.
func (s *State) endAttack() {
	s.phase, s.payer, s.owed = PhaseAction, cards.Spectator, 0
	a := s.turn
	if s.log.On() && !s.received.Empty() {
		s.secret(a, EventData{Kind: EventReceived, Player: a, Cards: s.received, CardCount: uint8(s.received.Len())},
			a.String()+" received "+s.received.String()+" in the attack",
			a.String()+" received "+cardsText(s.received.Len())+" in the attack")
	}
	over := s.hands[a].Len() - s.handLimit(a)
	switch {
	case over <= 0 || s.received.Empty():
	case over >= s.received.Len():
		s.discardReceived()
	default:
		s.phase = PhaseDiscard
		return
	}
	s.received = cards.Set{}
	s.resume()
}

// discardReceived discards every card the attacker received.
func (s *State) discardReceived() {
	a := s.turn
	s.hands[a] = s.hands[a].Minus(s.received)
	s.discards = s.discards.Union(s.received)
	if s.log.On() {
		s.event(EventData{Kind: EventDiscardedDown, Player: a, Cards: s.received}, "%v discarded %v down to their hand limit", a, s.received)
	}
	s.received = cards.Set{}
}

// discardDown carries out the attacker's discard of received card c.
func (s *State) discardDown(c cards.Card) {
	a := s.turn
	s.hands[a].Remove(c)
	s.received.Remove(c)
	s.discards.Add(c)
	if s.log.On() {
		s.event(EventData{Kind: EventDiscardedDown, Player: a, Cards: cards.SetOf(c)}, "%v discarded %v down to their hand limit", a, c)
	}
	over := s.hands[a].Len() - s.handLimit(a)
	switch {
	case over <= 0:
		s.received = cards.Set{}
	case over >= s.received.Len():
		s.discardReceived()
	default:
		return
	}
	s.resume()
}
