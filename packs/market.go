package packs

import (
	"github.com/cardrules/games/cards"
)

// purchase pays for the market card at row r, column col with the turn
// player's coins, gives them the coins that were under it, and takes it
// out of the market. It returns the coins taken.
//
// The price is one coin for each column to the right: each goes under
// the card in that column of the same row, or failing that of the other
// row, or failing both lies loose in the column.
func (s *State) purchase(r, col int) int {
	p := s.turn
	for c := col + 1; c < Columns; c++ {
		s.coins[p]--
		switch {
		case s.market[r][c] != cards.NoCard:
			s.under[r][c]++
			s.coined.Add(s.market[r][c])
		case s.market[1-r][c] != cards.NoCard:
			s.under[1-r][c]++
			s.coined.Add(s.market[1-r][c])
		default:
			s.loose[c]++
		}
	}
	took := s.under[r][col]
	s.coins[p] += took
	s.under[r][col] = 0
	s.market[r][col] = cards.NoCard
	return int(took)
}

// refresh slides each row's cards toward the far column, keeping their
// coins, and fills the empty positions from the deck, remade from the
// discard pile when it runs out. The first card to arrive in a column,
// sliding (the top row first) or dealt, collects its loose coins. Filling
// goes row by row, the top row first, each from the far column toward the
// deck.
func (s *State) refresh() {
	full := true
	for r := range Rows {
		to := Columns - 1
		for c := Columns - 1; c >= 0; c-- {
			card := s.market[r][c]
			if card == cards.NoCard {
				continue
			}
			if to != c {
				s.market[r][to], s.under[r][to] = card, s.under[r][c]
				s.market[r][c], s.under[r][c] = cards.NoCard, 0
				s.collectLoose(r, to)
			}
			to--
		}
		full = full && to < 0
	}
	if full {
		return
	}
	var dealt cards.Set
	short := 0
	for r := range Rows {
		for c := Columns - 1; c >= 0; c-- {
			if s.market[r][c] != cards.NoCard {
				continue
			}
			card := s.draw()
			if card == cards.NoCard {
				short++
				continue
			}
			s.market[r][c] = card
			s.collectLoose(r, c)
			dealt.Add(card)
		}
	}
	if s.log.On() {
		if !dealt.Empty() {
			s.event(EventData{Kind: EventRefilled, Cards: dealt}, "the market was refilled with %v", dealt)
		}
		if short > 0 {
			s.event(EventData{Kind: EventMarketShort, Count: short}, "the market stays %s short: the deck and the discard pile are empty", cardsText(short))
		}
	}
}

// collectLoose puts the loose coins of column c under the card that has
// just arrived at row r of it.
func (s *State) collectLoose(r, c int) {
	s.under[r][c] += s.loose[c]
	s.loose[c] = 0
}

// draw deals the top card of the deck, shuffling the discard pile into a
// new deck when it has run out. It returns NoCard if both are empty.
func (s *State) draw() cards.Card {
	if s.deck.Empty() && !s.discards.Empty() {
		s.deck, s.discards = s.discards, cards.Set{}
		s.known = s.deck
		if s.log.On() {
			s.event(EventData{Kind: EventReshuffled, Count: s.deck.Len()}, "the discard pile was shuffled into a new deck of %s", cardsText(s.deck.Len()))
		}
	}
	c := drawFrom(&s.deck, &s.rng)
	s.known.Remove(c)
	return c
}
