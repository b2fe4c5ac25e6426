package packs

import (
	"fmt"
	"math/bits"

	"github.com/cardrules/games/cards"
)

// LegalMoves returns every move legal in s: the moves of the player who
// must act, or none once the game is over.
func LegalMoves(s State) []Move { return AppendLegalMoves(nil, s) }

// AppendLegalMoves appends to dst every move legal in s and returns the
// extended slice. It allocates nothing beyond the growth of dst.
//
// The order: in an action, the purchases (top row, then bottom row, each
// from the deck to the far column), the cards that may be played, then the
// discards, all in card order — or Pass alone when there is none. In
// income, a coin from under each market card that has one, in the same
// order, then the loose coins by column. In a ♠ payment, a coin, then each
// card of the hand. Down to the limit, each card received.
func AppendLegalMoves(dst []Move, s State) []Move {
	if s.sane() != nil {
		return dst
	}
	p := s.actor()
	switch s.phase {
	case PhaseAction:
		return s.appendActions(dst, p)
	case PhaseIncome:
		for r := range Rows {
			for c := range Columns {
				if s.under[r][c] > 0 && s.market[r][c] != cards.NoCard {
					dst = append(dst, Take(p, s.market[r][c]))
				}
			}
		}
		for c := range Columns {
			if s.loose[c] > 0 {
				dst = append(dst, TakeLoose(p, c))
			}
		}
	case PhasePay:
		if s.coins[p] > 0 {
			dst = append(dst, Pay(p))
		}
		for c := range s.hands[p].All() {
			dst = append(dst, Give(p, c))
		}
	case PhaseDiscard:
		for c := range s.received.All() {
			dst = append(dst, Discard(p, c))
		}
	}
	return dst
}

// appendActions appends p's actions, or Pass if there is none.
func (s *State) appendActions(dst []Move, p cards.Player) []Move {
	start := len(dst)
	hand, k := s.hands[p], s.kingdoms[p]
	if hand.Len() < s.handLimit(p) {
		coins := int(s.coins[p])
		for r := range Rows {
			for c := Columns - 1 - min(coins, Columns-1); c < Columns; c++ {
				if card := s.market[r][c]; card != cards.NoCard && !s.coined.Has(card) {
					dst = append(dst, Buy(p, card))
				}
			}
		}
	}
	for i, w := range hand {
		for ; w != 0; w &= w - 1 {
			if c := cards.Card(i*64 + bits.TrailingZeros64(w)); fits(k, c) {
				dst = append(dst, Play(p, c))
			}
		}
	}
	for i, w := range hand {
		for ; w != 0; w &= w - 1 {
			dst = append(dst, Discard(p, cards.Card(i*64+bits.TrailingZeros64(w))))
		}
	}
	if len(dst) == start {
		dst = append(dst, Pass(p))
	}
	return dst
}

// sane returns an error if s is no game a move can be made in: the zero
// State, or one damaged past the point where its fields can be trusted.
// States decoded from JSON are checked whole; this guards hand-made ones.
func (s *State) sane() error {
	switch {
	case s.phase == PhaseOver:
		return cards.ErrGameOver
	case s.n < MinPlayers || s.n > MaxPlayers || s.phase == 0 || s.phase >= numPhases:
		return cards.Illegal("this is no game in progress")
	case !s.valid(s.turn) || s.phase == PhasePay && (!s.valid(s.payer) || s.payer == s.turn):
		return cards.Illegal("this game state is damaged: nobody can move")
	}
	return nil
}

// checkMove returns why m is not legal in s, or nil if it is. It is the
// one legality check Apply makes; a move is legal exactly when it is one
// of AppendLegalMoves.
func (s *State) checkMove(m Move) error {
	if err := s.sane(); err != nil {
		return err
	}
	if p := s.actor(); m.Who != p {
		return fmt.Errorf("%w: %v is to move, not %v", cards.ErrNotYourTurn, p, m.Who)
	}
	if err := s.checkForm(m); err != nil {
		return err
	}
	switch s.phase {
	case PhaseAction:
		return s.checkAction(m)
	case PhaseIncome:
		return s.checkTake(m)
	case PhasePay:
		return s.checkPay(m)
	case PhaseDiscard:
		return s.checkDiscardDown(m)
	}
	return cards.Illegal("this is no game in progress")
}

// checkForm checks that m is a move of a known kind, with only the fields
// its kind uses.
func (s *State) checkForm(m Move) error {
	var want Move
	switch m.Kind {
	case KindBuy, KindPlay, KindDiscard, KindGive:
		if !m.Card.Valid() || m.Card.IsJoker() {
			return cards.Illegal("the move names no card of this game")
		}
		want = Move{Who: m.Who, Kind: m.Kind, Card: m.Card}
	case KindPass:
		want = Pass(m.Who)
	case KindPay:
		want = Pay(m.Who)
	case KindTake:
		want = Take(m.Who, m.Card)
		if m.Card == cards.NoCard {
			want = TakeLoose(m.Who, int(m.Column))
		}
	default:
		return cards.Illegal("a move buys, plays, discards, passes, takes income, pays or gives")
	}
	if m != want {
		return cards.Illegal("%v names a column only to take a loose coin", m.Kind)
	}
	return nil
}

// phaseWork says what the player to act must do, for refusals.
func (s *State) phaseWork() string {
	switch s.phase {
	case PhaseIncome:
		return fmt.Sprintf("first take your ♦ income (%d more coin(s))", s.owed)
	case PhasePay:
		return fmt.Sprintf("first pay %v's ♠ attack (%d more): a coin or a card", s.turn, s.owed)
	case PhaseDiscard:
		return "first discard cards you received down to your hand limit"
	}
	return "take an action: buy, play or discard"
}

// checkAction checks an action (or a pass) of the turn player.
func (s *State) checkAction(m Move) error {
	p := m.Who
	switch m.Kind {
	case KindBuy:
		return s.checkBuy(p, m.Card)
	case KindPlay:
		switch {
		case !s.hands[p].Has(m.Card):
			return cards.Illegal("you do not hold %v", m.Card)
		case !fits(s.kingdoms[p], m.Card):
			return cards.Illegal("%v does not fit your kingdom: %s", m.Card, whyNotFit(s.kingdoms[p], m.Card))
		}
		return nil
	case KindDiscard:
		if !s.hands[p].Has(m.Card) {
			return cards.Illegal("you do not hold %v", m.Card)
		}
		return nil
	case KindPass:
		var buf [32]Move
		if moves := s.appendActions(buf[:0], p); moves[0].Kind != KindPass {
			return cards.Illegal("you may pass only when you can take no action; you may %v", moves[0])
		}
		return nil
	}
	return cards.Illegal("%s, not %v", s.phaseWork(), m.Kind)
}

// checkBuy checks p's purchase of card c.
func (s *State) checkBuy(p cards.Player, c cards.Card) error {
	_, col, ok := s.find(c)
	switch {
	case !ok:
		return cards.Illegal("%v is not in the market", c)
	case s.hands[p].Len() >= s.handLimit(p):
		return cards.Illegal("your hand is full (limit %d): you cannot buy", s.handLimit(p))
	case Price(col) > int(s.coins[p]):
		return cards.Illegal("%v costs %d coins and you have %d", c, Price(col), s.coins[p])
	case s.coined.Has(c):
		return cards.Illegal("not for sale: you put a coin under %v this turn, and may not buy it this turn", c)
	}
	return nil
}

// whyNotFit says why card c does not fit kingdom k.
func whyNotFit(k cards.Set, c cards.Card) string {
	m := suitBits(k, c.Suit())
	switch {
	case count(k, c.Suit()) >= RunLength:
		return fmt.Sprintf("your %v already holds %d cards", c.Suit(), RunLength)
	case m&numberBits != 0 && cardBit(c)&numberBits != 0:
		return fmt.Sprintf("a number card must be one up or one down from your %v, nobles standing for any number", c.Suit())
	}
	return fmt.Sprintf("your %v would not make a run", c.Suit())
}

// checkTake checks a coin of income.
func (s *State) checkTake(m Move) error {
	if m.Kind != KindTake {
		return cards.Illegal("%s, not %v", s.phaseWork(), m.Kind)
	}
	if m.Card == cards.NoCard {
		if m.Column < 0 || int(m.Column) >= Columns || s.loose[m.Column] == 0 {
			return cards.Illegal("no coin lies loose in column %d", m.Column)
		}
		return nil
	}
	r, c, ok := s.find(m.Card)
	if !ok {
		return cards.Illegal("%v is not in the market", m.Card)
	}
	if s.under[r][c] == 0 {
		return cards.Illegal("no coin lies under %v", m.Card)
	}
	return nil
}

// checkPay checks one unit of a ♠ payment.
func (s *State) checkPay(m Move) error {
	p := m.Who
	switch m.Kind {
	case KindPay:
		if s.coins[p] == 0 {
			return cards.Illegal("you have no coin: give a card")
		}
		return nil
	case KindGive:
		if !s.hands[p].Has(m.Card) {
			return cards.Illegal("you do not hold %v", m.Card)
		}
		return nil
	}
	return cards.Illegal("%s, not %v", s.phaseWork(), m.Kind)
}

// checkDiscardDown checks a discard down to the hand limit.
func (s *State) checkDiscardDown(m Move) error {
	switch {
	case m.Kind != KindDiscard:
		return cards.Illegal("%s, not %v", s.phaseWork(), m.Kind)
	case !s.received.Has(m.Card):
		return cards.Illegal("discard one of the cards you received (%v), not %v", s.received, m.Card)
	}
	return nil
}
