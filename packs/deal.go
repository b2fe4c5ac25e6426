package packs

import (
	"fmt"
	"strings"

	"github.com/cardrules/games/cards"
)

// coinDeal holds the coins each player is dealt, by the number of players.
var coinDeal = [MaxPlayers + 1][MaxPlayers]uint8{
	2: {2, 3},
	3: {2, 3, 3},
	4: {1, 2, 3, 4},
}

// dealt returns the number of coins in a game of n players.
func dealt(n int) int {
	total := 0
	if n >= 0 && n <= MaxPlayers {
		for _, k := range coinDeal[n] {
			total += int(k)
		}
	}
	return total
}

// NewGame deals a game from opts: the coins, face down, and the market
// from the number cards; the deck from the rest of them and the nobles;
// in the solo game the automaton's instruction deck and its head start.
// Options that describe no playable game give an error wrapping
// cards.ErrBadOptions.
func NewGame(opts Options) (State, error) {
	if err := opts.validate(); err != nil {
		return State{}, err
	}
	n := opts.Players
	s := State{
		n: uint8(n), solo: opts.Solo, headStart: uint8(opts.HeadStart), limit: uint16(opts.Turns),
		phase: PhaseAction, winner: cards.Spectator, payer: cards.Spectator,
		rng: cards.NewRand(uint64(opts.Seed)),
	}
	if opts.NoLog {
		s.log = cards.Off()
	}
	all := gameCards(n)
	numbers := all.Minus(nobleCards)
	for p := range n {
		s.coins[p] = coinDeal[n][p]
		for range s.coins[p] {
			s.coinCards.Add(drawFrom(&numbers, &s.rng))
		}
	}
	for r := range Rows {
		for c := range Columns {
			s.market[r][c] = drawFrom(&numbers, &s.rng)
		}
	}
	s.deck = numbers.Union(all.Intersect(nobleCards))
	if s.log.On() {
		s.logDeal()
	}
	if s.solo {
		s.giveHeadStart()
	}
	return s, nil
}

// logDeal tells the coins each player was dealt and the market.
func (s *State) logDeal() {
	parts, coins := make([]string, s.np()), make([]int, s.np())
	for p := range parts {
		parts[p], coins[p] = fmt.Sprintf("%v %s", cards.Player(p), coinsText(int(s.coins[p]))), int(s.coins[p])
	}
	s.event(EventData{Kind: EventCoinsDealt, Dealt: cards.PerPlayerOf(coins...)}, "the coins were dealt face down: %s", strings.Join(parts, ", "))
	s.event(EventData{Kind: EventMarketDealt, Cards: s.marketCards()}, "the market was dealt: %v", s.marketCards())
}

// giveHeadStart deals the automaton's head start from the deck straight
// into its kingdom, each card of a suit it does not hold yet; a card of a
// suit it holds goes to the discard pile and another is dealt. Their
// powers do not take effect.
func (s *State) giveHeadStart() {
	k := &s.kingdoms[Automaton]
	for placed := 0; placed < int(s.headStart); {
		c := drawFrom(&s.deck, &s.rng)
		if c == cards.NoCard {
			return
		}
		if count(*k, c.Suit()) > 0 {
			s.discards.Add(c)
			if s.log.On() {
				s.event(EventData{Kind: EventHeadStartDiscarded, Player: Automaton, Card: c},
					"%v was dealt %v for its head start, which went to the discard pile: it holds a %v", Automaton, c, c.Suit())
			}
			continue
		}
		k.Add(c)
		placed++
		if s.log.On() {
			s.event(EventData{Kind: EventHeadStart, Player: Automaton, Card: c}, "%v was dealt %v into its kingdom as a head start", Automaton, c)
		}
	}
}
