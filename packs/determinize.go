package packs

import (
	"github.com/cardrules/games/cards"
)

// Determinize deals a full state consistent with view v: everything the
// viewer knows is kept — the table, their own hand, the cards they
// received in an attack — and the cards they cannot see are dealt at
// random from seed: the coins (number cards), the other hands and the
// deck, in their sizes; an attacker's received cards are drawn from their
// hand. The random source is seeded afresh from seed. As the contract of
// cards.Rules asks, the result's log is off: it is a world to search, not
// a game to show, so its views equal v but for the log.
func Determinize(v View, seed uint64) (State, error) {
	s, err := v.publicState()
	if err != nil {
		return State{}, err
	}
	if err := s.dealUnseen(&v, seed); err != nil {
		return State{}, err
	}
	if err := s.Check(); err != nil {
		return State{}, err
	}
	return s, nil
}

// publicState builds what the viewer knows of the state v shows.
func (v *View) publicState() (State, error) {
	n := v.Players
	if n < MinPlayers || n > MaxPlayers {
		return State{}, cards.BadInput("a view of a game of %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	}
	for _, l := range [...]int{len(v.HandSizes), len(v.Coins), len(v.Kingdoms)} {
		if l != n {
			return State{}, cards.BadInput("a view holds one hand size, coin count and kingdom a player")
		}
	}
	switch {
	case v.Viewer != cards.Spectator && (v.Viewer < 0 || int(v.Viewer) >= n):
		return State{}, cards.BadInput("the viewer %v is no player of the game", v.Viewer)
	case v.HeadStart < 0 || v.HeadStart > MaxHeadStart, v.TurnLimit < 1 || v.TurnLimit > MaxTurns,
		v.Turns < 0 || v.Turns > v.TurnLimit*n, v.Actions < 0 || v.Actions > 2, v.Owed < 0 || v.Owed > 255:
		return State{}, cards.BadInput("the view's head start, turns, actions or debt is out of range")
	case v.Phase == 0 || v.Phase >= numPhases:
		return State{}, cards.BadInput("the view is in no known phase")
	}
	s := State{
		n: uint8(n), solo: v.Solo, headStart: uint8(v.HeadStart), limit: uint16(v.TurnLimit),
		phase: v.Phase, turn: v.Turn, actions: uint8(v.Actions), turns: uint16(v.Turns),
		winner: v.Winner, payer: v.Payer, owed: uint8(v.Owed),
		market: v.Market, discards: v.Discards, coined: v.Coined,
		used: v.UsedInstructions, order: v.Instruction, log: cards.OffFrom(v.Events),
	}
	for q := range n {
		if v.Coins[q] < 0 || v.Coins[q] > 255 || v.HandSizes[q] < 0 || v.HandSizes[q] > MaxPlayers*13 {
			return State{}, cards.BadInput("%v's coins or hand size is out of range", cards.Player(q))
		}
		s.coins[q] = uint8(v.Coins[q])
		s.kingdoms[q] = v.Kingdoms[q]
	}
	for r := range Rows {
		for c := range Columns {
			if v.Under[r][c] < 0 || v.Under[r][c] > 255 {
				return State{}, cards.BadInput("the coins under a market card are out of range")
			}
			s.under[r][c] = uint8(v.Under[r][c])
		}
	}
	for c := range Columns {
		if v.Loose[c] < 0 || v.Loose[c] > 255 {
			return State{}, cards.BadInput("the loose coins of a column are out of range")
		}
		s.loose[c] = uint8(v.Loose[c])
	}
	if s.valid(v.Viewer) {
		s.hands[v.Viewer] = v.Hand
		if v.Viewer == s.turn {
			s.received = v.Received
		}
	}
	return s, nil
}

// dealUnseen deals the cards the viewer cannot see — the coins, the other
// hands and the deck — in the sizes the view gives, and seeds the random
// source.
func (s *State) dealUnseen(v *View, seed uint64) error {
	s.rng = cards.NewRand(seed)
	known := s.discards.Union(s.marketCards()).Union(s.orders()).Union(s.used).Union(v.DeckKnown)
	for q := range MaxPlayers {
		known = known.Union(s.hands[q]).Union(s.kingdoms[q])
	}
	all := s.allCards()
	if !all.Contains(known) {
		return cards.BadInput("the view shows cards that are not in this game")
	}
	unseen := all.Minus(known)
	coins := s.marketCoins()
	for q := range s.np() {
		coins += int(s.coins[q])
	}
	numbers := unseen.Minus(nobleCards)
	if coins > numbers.Len() {
		return cards.BadInput("the view counts %d coins but only %d number cards are unseen", coins, numbers.Len())
	}
	for range coins {
		c := drawFrom(&numbers, &s.rng)
		s.coinCards.Add(c)
		unseen.Remove(c)
	}
	for q := range cards.Player(s.np()) {
		if q == v.Viewer {
			continue
		}
		want := v.HandSizes[q]
		if want > unseen.Len() {
			return cards.BadInput("the view's hands hold more cards than are unseen")
		}
		for range want {
			s.hands[q].Add(drawFrom(&unseen, &s.rng))
		}
	}
	if v.Viewer != s.turn && s.valid(s.turn) && v.ReceivedCount > 0 {
		hand := s.hands[s.turn]
		if v.ReceivedCount > hand.Len() {
			return cards.BadInput("the attacker received more cards than they hold")
		}
		for range v.ReceivedCount {
			s.received.Add(drawFrom(&hand, &s.rng))
		}
	}
	if unseen.Len()+v.DeckKnown.Len() != v.Deck {
		return cards.BadInput("the view's deck of %d cards disagrees with the %d cards left unseen and the %d it knows", v.Deck, unseen.Len(), v.DeckKnown.Len())
	}
	s.deck, s.known = unseen.Union(v.DeckKnown), v.DeckKnown
	return nil
}
