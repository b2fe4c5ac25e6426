package crazyeights

import (
	"fmt"

	"github.com/cardrules/games/cards"
)

// playable reports whether c may go on the discard pile of s: an eight,
// or a card of the top card's rank or of the suit to follow.
func (s State) playable(c cards.Card) bool {
	return c.Rank() == cards.Eight || c.Rank() == s.top.Rank() || SuitOf(c) == s.suit
}

// canPlay reports whether p holds a card that may be played.
func (s State) canPlay(p cards.Player) bool {
	for c := range s.hands[p].All() {
		if s.playable(c) {
			return true
		}
	}
	return false
}

// LegalMoves returns the moves legal in s.
func LegalMoves(s State) []Move { return AppendLegalMoves(nil, s) }

// AppendLegalMoves appends the moves legal in s to dst: each card the
// player to act can play (an eight once for each suit it may name), or
// else a draw, or else a pass.
func AppendLegalMoves(dst []Move, s State) []Move {
	if s.Over() {
		return dst
	}
	p, n := s.turn, len(dst)
	for c := range s.hands[p].All() {
		switch {
		case c.Rank() == cards.Eight:
			for _, suit := range Suits {
				dst = append(dst, PlayEight(p, c, suit))
			}
		case s.playable(c):
			dst = append(dst, Play(p, c))
		}
	}
	switch {
	case len(dst) > n:
	case s.stock.Empty() && s.pile.Empty():
		dst = append(dst, Pass(p))
	default:
		dst = append(dst, Draw(p))
	}
	return dst
}

// checkMove says why m is not legal in s, or returns nil: the one place
// that knows the reasons, in words a player reads.
func checkMove(s State, m Move) error {
	switch {
	case s.Over():
		return fmt.Errorf("%w", cards.ErrGameOver)
	case m.Who != s.turn:
		return fmt.Errorf("%w: it is %v's turn", cards.ErrNotYourTurn, s.turn)
	}
	hand := s.hands[m.Who]
	switch m.Kind {
	case KindPlay:
		switch {
		case !hand.Has(m.Card):
			return cards.Illegal("you hold no %v", m.Card)
		case m.Card.Rank() == cards.Eight && (m.Suit < SuitClubs || m.Suit > SuitSpades):
			return cards.Illegal("an eight names one of the four suits")
		case m.Card.Rank() != cards.Eight && m.Suit != 0:
			return cards.Illegal("only an eight names a suit")
		case !s.playable(m.Card):
			return cards.Illegal("%v is not a %v, nor of %s, nor an eight", m.Card, s.top.Rank(), s.suit.Name())
		}
	case KindDraw:
		switch {
		case s.canPlay(m.Who):
			return cards.Illegal("you can play a card: a player draws only when they cannot")
		case s.stock.Empty() && s.pile.Empty():
			return cards.Illegal("the stock is empty and so is the discard pile beneath %v: pass", s.top)
		}
	case KindPass:
		switch {
		case s.canPlay(m.Who):
			return cards.Illegal("you can play a card")
		case !s.stock.Empty() || !s.pile.Empty():
			return cards.Illegal("there are cards to draw: draw")
		}
	default:
		return cards.Illegal("a move plays, draws or passes")
	}
	if m.Kind != KindPlay && (m.Card != cards.NoCard || m.Suit != 0) {
		return cards.Illegal("a %v names no card", m)
	}
	return nil
}

// Apply returns the state after m; an illegal move is an error wrapping
// cards.ErrIllegalMove that says why, and s is left as it was.
func Apply(s State, m Move) (State, error) {
	if err := checkMove(s, m); err != nil {
		return s, err
	}
	p := m.Who
	switch m.Kind {
	case KindPlay:
		s.hands[p].Remove(m.Card)
		s.pile.Add(s.top)
		s.top, s.suit = m.Card, SuitOf(m.Card)
		if m.Card.Rank() == cards.Eight {
			s.suit = m.Suit
		}
		if s.log.On() {
			s.event(EventData{Kind: EventPlayed, Player: p, Card: m.Card, Suit: m.Suit}, "%v played %s", p, m.String()[len("play "):])
		}
		if s.hands[p].Empty() {
			if s.log.On() {
				points := s.Result().Scores[p]
				s.event(EventData{Kind: EventWentOut, Player: p, Points: points}, "%v went out and scored %s", p, cards.Plural(points, "point"))
			}
			return s, nil
		}
	case KindDraw:
		if s.stock.Empty() {
			s.stock, s.pile = s.pile, cards.Set{}
			if s.log.On() {
				n := s.stock.Len()
				s.event(EventData{Kind: EventReshuffled, Card: s.top, Count: n}, "the discard pile beneath %v was shuffled into a new stock of %s", s.top, cards.Plural(n, "card"))
			}
		}
		c := s.draw()
		s.hands[p].Add(c)
		if s.log.On() {
			s.secret(p, EventData{Kind: EventDrew, Player: p, Card: c}, fmt.Sprintf("%v drew %v", p, c), fmt.Sprintf("%v drew a card", p))
		}
		return s, nil // the player plays on: they draw until they can play
	case KindPass:
		if s.log.On() {
			s.event(EventData{Kind: EventPassed, Player: p}, "%v passed", p)
		}
	}
	s.turn = p.Next(s.players)
	return s, nil
}
