package packs

import (
	"fmt"

	"github.com/cardrules/games/cards"
)

// A question is what an instruction asks the automaton to buy.
type question uint8

const (
	// queenQuestion: a card that fits its kingdom, failing that one that
	// fits yours.
	queenQuestion question = iota
	// jackQuestion: a card that fits your kingdom, failing that one that
	// fits its own.
	jackQuestion
	// suitQuestion (a 2, 3 or 4): a card of that suit that fits its
	// kingdom, failing that the Queen's question.
	suitQuestion
)

// questionOf returns the question instruction c asks.
func questionOf(c cards.Card) question {
	switch c.Rank() {
	case cards.Queen:
		return queenQuestion
	case cards.Jack:
		return jackQuestion
	}
	return suitQuestion
}

// asks says what instruction c asks for, for the log.
func asks(c cards.Card) string {
	switch questionOf(c) {
	case queenQuestion:
		return "a card that fits its kingdom, failing that one that fits yours"
	case jackQuestion:
		return "a card that fits your kingdom, failing that one that fits its own"
	}
	return fmt.Sprintf("a %v that fits its kingdom, failing that the Queen's question", c.Suit())
}

// A test is one of the tests that pick the automaton's purchase.
type test uint8

const (
	winsOwn   test = iota // completes its third run
	winsYours             // would complete your third run
	fitsOwn               // fits its kingdom
	fitsYours             // fits your kingdom
	fitsSuit              // is of the instruction's suit and fits its kingdom
	richest               // has the most coins under it
)

// tests lists, for each question, the tests tried after the two winning
// ones, in order.
var tests = [...][3]test{
	queenQuestion: {fitsOwn, fitsYours, fitsYours},
	jackQuestion:  {fitsYours, fitsOwn, fitsOwn},
	suitQuestion:  {fitsSuit, fitsOwn, fitsYours},
}

// A candidate is a market card the automaton can buy, with what decides
// between candidates.
type candidate struct {
	r, c             int
	coins            uint8
	own, yours       bool // fits its kingdom, fits yours
	winsOwn, winsYou bool
	suit             cards.Suit
}

// passes reports whether x passes test t for an instruction of suit su,
// when the most coins under a candidate are most.
func (x *candidate) passes(t test, su cards.Suit, most uint8) bool {
	switch t {
	case richest:
		return x.coins == most
	case winsOwn:
		return x.winsOwn
	case winsYours:
		return x.winsYou
	case fitsOwn:
		return x.own
	case fitsYours:
		return x.yours
	}
	return x.own && x.suit == su
}

// before reports whether x is preferred to y among cards that qualify
// alike: the cheaper, then one that fits its kingdom, then one that fits
// yours, then the one with more coins under it, then the top row.
func (x *candidate) before(y *candidate) bool {
	switch {
	case x.c != y.c:
		return x.c > y.c
	case x.own != y.own:
		return x.own
	case x.yours != y.yours:
		return x.yours
	case x.coins != y.coins:
		return x.coins > y.coins
	}
	return x.r < y.r
}

// automatonTurn plays the automaton's turn: it turns over an instruction
// and buys on it.
func (s *State) automatonTurn() {
	a := s.turn
	orders := s.orders()
	if orders.Empty() {
		orders, s.used = s.used, cards.Set{}
		if s.log.On() {
			s.event(EventData{Kind: EventInstructionsShuffled, Player: a, Count: orders.Len()},
				"%v shuffled its %d used instructions into a new instruction deck", a, orders.Len())
		}
	}
	c := drawFrom(&orders, &s.rng)
	s.order = c
	s.used.Add(c)
	if s.log.On() {
		s.event(EventData{Kind: EventInstruction, Player: a, Card: c}, "%v turned over the instruction %v: %s", a, c, asks(c))
	}
	s.automatonBuys(questionOf(c), c.Suit())
}

// automatonBuys has the automaton buy a card on question q (su is the
// instruction's suit) and place it if it fits, or discard it.
func (s *State) automatonBuys(q question, su cards.Suit) {
	a := s.turn
	x, ok := s.automatonChoice(q, su)
	if !ok {
		if s.log.On() {
			s.event(EventData{Kind: EventBoughtNothing, Player: a}, "%v could afford no card and bought nothing", a)
		}
		s.resume()
		return
	}
	c := s.market[x.r][x.c]
	took := s.purchase(x.r, x.c)
	s.actions++
	if s.log.On() {
		s.event(EventData{Kind: EventBought, Player: a, Card: c, Price: uint8(Price(x.c)), Took: uint8(took)},
			"%v bought %v%s", a, c, boughtFor(Price(x.c), took))
	}
	if x.own {
		s.place(a, c)
		return
	}
	s.discards.Add(c)
	if s.log.On() {
		s.event(EventData{Kind: EventMisfit, Player: a, Card: c}, "%v discarded %v: it does not fit its kingdom", a, c)
	}
	s.resume()
}

// automatonChoice returns the card the automaton buys on question q: of
// the cards it can afford (and has not put a coin under this turn), one
// that completes its third run; else one that would complete your third
// run; else one the question asks for; else the one with the most coins
// under it — each time the first by the tie-breaks (candidate.before).
// It returns false if it can afford none.
func (s *State) automatonChoice(q question, su cards.Suit) (candidate, bool) {
	var buf [Rows * Columns]candidate
	xs := s.candidates(buf[:0])
	if len(xs) == 0 {
		return candidate{}, false
	}
	var most uint8
	for i := range xs {
		most = max(most, xs[i].coins)
	}
	order := [...]test{winsOwn, winsYours, tests[q][0], tests[q][1], tests[q][2], richest}
	for _, t := range order {
		if x, ok := best(xs, t, su, most); ok {
			return x, true
		}
	}
	return candidate{}, false
}

// candidates appends the market cards the automaton can buy.
func (s *State) candidates(xs []candidate) []candidate {
	a, you := s.turn, s.turn.Next(s.np())
	own, yours := s.kingdoms[a], s.kingdoms[you]
	for r := range Rows {
		for c := range Columns {
			card := s.market[r][c]
			if card == cards.NoCard || Price(c) > int(s.coins[a]) || s.coined.Has(card) {
				continue
			}
			x := candidate{r: r, c: c, coins: s.under[r][c], suit: card.Suit(), own: fits(own, card), yours: fits(yours, card)}
			x.winsOwn = x.own && completes(own, card)
			x.winsYou = x.yours && completes(yours, card)
			xs = append(xs, x)
		}
	}
	return xs
}

// best returns the first candidate by the tie-breaks of those that pass
// test t, and false if none does.
func best(xs []candidate, t test, su cards.Suit, most uint8) (candidate, bool) {
	var b *candidate
	for i := range xs {
		if x := &xs[i]; x.passes(t, su, most) && (b == nil || x.before(b)) {
			b = x
		}
	}
	if b == nil {
		return candidate{}, false
	}
	return *b, true
}

// completes reports whether card c would complete the third run of
// kingdom k.
func completes(k cards.Set, c cards.Card) bool {
	k.Add(c)
	return runs(k) >= RunsToWin
}
