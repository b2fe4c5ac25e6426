package packs

import (
	"fmt"

	"github.com/cardrules/games/cards"
)

// Apply returns the state after move m. It never changes s. A move that
// LegalMoves would not list gives an error wrapping cards.ErrIllegalMove
// (cards.ErrNotYourTurn, cards.ErrGameOver) that says why.
//
// Apply carries out everything that follows a move on its own: a suit's
// power as far as it needs no choice, the end of the turn and the market's
// refresh, the calling of the game after the last turn, and in the solo
// game the automaton's whole turn.
func Apply(s State, m Move) (State, error) {
	if err := s.checkMove(m); err != nil {
		return s, err
	}
	switch m.Kind {
	case KindBuy:
		s.buy(m.Who, m.Card)
	case KindPlay:
		s.hands[m.Who].Remove(m.Card)
		s.actions++
		s.place(m.Who, m.Card)
	case KindDiscard:
		if s.phase == PhaseDiscard {
			s.discardDown(m.Card)
		} else {
			s.discard(m.Who, m.Card)
		}
	case KindPass:
		if s.log.On() {
			s.event(EventData{Kind: EventPassed, Player: m.Who}, "%v passed: they could take no action", m.Who)
		}
		s.endTurn()
	case KindTake:
		s.take(m.Card, int(m.Column))
	case KindPay:
		s.payCoin()
	case KindGive:
		s.give(m.Card)
	}
	return s, nil
}

// their returns "its" for the automaton and "their" for a player, for the
// log.
func (s *State) their(p cards.Player) string {
	if s.IsAutomaton(p) {
		return "its"
	}
	return "their"
}

// buy carries out p's purchase of market card c.
func (s *State) buy(p cards.Player, c cards.Card) {
	r, col, _ := s.find(c)
	took := s.purchase(r, col)
	s.hands[p].Add(c)
	if s.log.On() {
		s.event(EventData{Kind: EventBought, Player: p, Card: c, Price: uint8(Price(col)), Took: uint8(took)},
			"%v bought %v%s", p, c, boughtFor(Price(col), took))
	}
	s.actions++
	s.resume()
}

// boughtFor says what a card cost and what it brought: " for 3 coins and
// took 2 coins".
func boughtFor(price, took int) string {
	text := " for " + coinsText(price)
	if price == 0 {
		text = " for nothing"
	}
	if took > 0 {
		text += " and took " + coinsText(took)
	}
	return text
}

// coinsText says "1 coin" or "n coins".
func coinsText(n int) string { return cards.Plural(n, "coin") }

// cardsText says "1 card" or "n cards".
func cardsText(n int) string { return cards.Plural(n, "card") }

// discard carries out p's discard of c as an action.
func (s *State) discard(p cards.Player, c cards.Card) {
	s.hands[p].Remove(c)
	s.discards.Add(c)
	if s.log.On() {
		s.event(EventData{Kind: EventDiscarded, Player: p, Card: c}, "%v discarded %v", p, c)
	}
	s.actions++
	s.resume()
}

// place puts c into p's kingdom and has its power take effect, unless it
// completes p's third run and wins.
func (s *State) place(p cards.Player, c cards.Card) {
	s.kingdoms[p].Add(c)
	if s.log.On() {
		d, run := EventData{Kind: EventPlayed, Player: p, Card: c, Run: count(s.kingdoms[p], c.Suit()) == RunLength}, ""
		if d.Run {
			run = ", completing a run"
		}
		if s.IsAutomaton(p) {
			d.Kind = EventPlaced
			s.event(d, "%v placed %v in its %v kingdom%s", p, c, c.Suit(), run)
		} else {
			s.event(d, "%v played %v to their %v kingdom%s", p, c, c.Suit(), run)
		}
	}
	if runs(s.kingdoms[p]) >= RunsToWin {
		s.win(p)
		return
	}
	switch c.Suit() {
	case cards.Diamonds:
		s.startIncome(p)
	case cards.Spades:
		s.startAttack(p)
	case cards.Hearts:
		if s.IsAutomaton(p) && s.actions == 1 {
			s.extra = true
		}
		s.resume()
	default:
		s.resume()
	}
}

// win ends the game: p completed their third run.
func (s *State) win(p cards.Player) {
	s.winner, s.phase = p, PhaseOver
	s.payer, s.owed, s.extra = cards.Spectator, 0, false
	if s.log.On() {
		s.event(EventData{Kind: EventWon, Player: p}, "%v completed %s third run and won the game", p, s.their(p))
	}
}

// resume goes on with the turn once a move and what it set off are done:
// the turn player's next action, the automaton's next purchase, or the end
// of the turn.
func (s *State) resume() {
	s.phase, s.payer, s.owed = PhaseAction, cards.Spectator, 0
	if s.IsAutomaton(s.turn) {
		if s.extra {
			s.extra = false
			if s.log.On() {
				s.event(EventData{Kind: EventBuysAgain, Player: s.turn}, "%v buys once more for its ♥, on the Queen's question", s.turn)
			}
			s.automatonBuys(queenQuestion, cards.Clubs)
			return
		}
		s.endTurn()
		return
	}
	if s.actions >= 2 {
		s.endTurn()
	}
}

// endTurn refreshes the market and passes the turn to the left; after the
// last turn it calls the game, and before the automaton's it plays it.
func (s *State) endTurn() {
	p := s.turn
	if s.log.On() {
		s.event(EventData{Kind: EventEnded, Player: p}, "%v ended %s turn", p, s.their(p))
	}
	s.refresh()
	s.turns++
	s.actions, s.coined, s.received, s.extra = 0, cards.Set{}, cards.Set{}, false
	s.phase, s.payer, s.owed = PhaseAction, cards.Spectator, 0
	if int(s.turns) >= int(s.limit)*s.np() {
		s.call()
		return
	}
	s.turn = p.Next(s.np())
	if s.IsAutomaton(s.turn) {
		s.automatonTurn()
	}
}

// call ends the game after the last turn: the best standing wins, and a
// tie is a draw.
func (s *State) call() {
	s.phase = PhaseOver
	if !s.log.On() {
		return
	}
	ws := s.leaders()
	st := s.standing(ws.First())
	how := fmt.Sprintf("%s, %s and %s", cards.Plural(st[0], "run"), cards.Plural(st[1], "kingdom card"), coinsText(st[2]))
	d := EventData{Kind: EventCalled, Count: int(s.limit), Players: ws, Runs: uint8(st[0]), KingdomCards: uint8(st[1]), Coins: uint8(st[2])}
	if ws.Len() == 1 {
		s.event(d, "the game was called after %d turns each: %v won with %s", s.limit, ws, how)
		return
	}
	d.Kind = EventCalledDrawn
	s.event(d, "the game was called after %d turns each: %s drew with %s each", s.limit, names(ws), how)
}
