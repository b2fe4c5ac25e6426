package crazyeights

import (
	"fmt"
	"strings"

	"github.com/cardrules/games/cards"
)

// View is what one player, or the spectator, may know: their own hand,
// the size of every hand and of the stock, the discard pile (every card
// in it was seen when played) with its top card and the suit to follow,
// and once the game is over every hand, counted for the score.
//
//cards:json view "a Crazy Eights view"
type View struct {
	cards.ViewBase[Move]
	Hand      cards.Set   // the viewer's hand; empty for the spectator
	HandSizes []int       // the number of cards in each hand
	Stock     int         // the number of cards in the stock
	Pile      cards.Set   // the discard pile beneath its top card
	Top       cards.Card  // the top card of the discard pile
	Suit      Suit        // the suit to follow
	Shown     []cards.Set // every hand once the game is over; else empty
}

// ViewOf returns what player p, or cards.Spectator, may know of s.
func ViewOf(s State, p cards.Player) View {
	v := View{
		ViewBase:  cards.BaseOf(s, p, AppendLegalMoves, s.log),
		HandSizes: make([]int, s.players),
		Stock:     s.stock.Len(), Pile: s.pile, Top: s.top, Suit: s.suit,
	}
	for q := range s.players {
		v.HandSizes[q] = s.hands[q].Len()
	}
	if p.Valid(s.players) {
		v.Hand = s.hands[p]
	}
	if s.Over() {
		v.Shown = append([]cards.Set{}, s.hands[:s.players]...)
	}
	return v
}

// Determinize deals a state consistent with v: the cards v's viewer cannot
// see — the other hands and the stock — are dealt at random. Its log is
// off, at the view's count of events.
func Determinize(v View, seed uint64) (State, error) {
	if err := v.Base().Check(Rules{}.Info()); err != nil {
		return State{}, err
	}
	if len(v.HandSizes) != v.Players {
		return State{}, cards.BadInput("a view holds the size of each of its %d hands", v.Players)
	}
	s := State{
		players: v.Players, pile: v.Pile, top: v.Top, suit: v.Suit,
		rng: cards.NewRand(seed), log: cards.OffFrom(v.Events),
	}
	if !v.Over {
		s.turn = v.ToAct.First()
	}
	if v.Over != (len(v.Shown) == v.Players) || v.Over && v.Viewer != cards.Spectator && v.Shown[v.Viewer] != v.Hand {
		return State{}, cards.BadInput("a view shows every hand once the game is over, and none before")
	}
	s.stock = cards.Standard().Minus(v.Hand).Minus(v.Pile).Minus(cards.SetOf(v.Top))
	for p := range cards.Player(v.Players) {
		if v.Over {
			s.hands[p] = v.Shown[p]
			s.stock = s.stock.Minus(v.Shown[p])
			continue
		}
		if p == v.Viewer {
			if v.Hand.Len() != v.HandSizes[p] {
				return State{}, cards.BadInput("the viewer's hand holds %d cards, not %d", v.Hand.Len(), v.HandSizes[p])
			}
			s.hands[p] = v.Hand
			continue
		}
		if v.HandSizes[p] < 0 || v.HandSizes[p] > s.stock.Len() {
			return State{}, cards.BadInput("a hand of %d cards", v.HandSizes[p])
		}
		for range v.HandSizes[p] {
			s.hands[p].Add(s.draw())
		}
	}
	if s.stock.Len() != v.Stock {
		return State{}, cards.BadInput("the stock holds %d cards, not %d", s.stock.Len(), v.Stock)
	}
	return s, s.Check()
}

// String renders the table for a person.
func (v View) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "discard pile: %v on top", v.Top)
	if v.Suit != SuitOf(v.Top) {
		fmt.Fprintf(&b, ", %s named", v.Suit.Name())
	}
	fmt.Fprintf(&b, " (%s beneath)   stock: %s\n", cards.Plural(v.Pile.Len(), "card"), cards.Plural(v.Stock, "card"))
	for p, n := range v.HandSizes {
		if p > 0 {
			b.WriteString("   ")
		}
		fmt.Fprintf(&b, "%v: %s", cards.Player(p), cards.Plural(n, "card"))
	}
	b.WriteByte('\n')
	for p, hand := range v.Shown {
		if hand.Empty() {
			fmt.Fprintf(&b, "%v went out\n", cards.Player(p))
			continue
		}
		fmt.Fprintf(&b, "%v's hand: %v (%s)\n", cards.Player(p), hand, cards.Plural(Points(hand), "point"))
	}
	if v.Viewer != cards.Spectator && len(v.Shown) == 0 {
		fmt.Fprintf(&b, "your hand: %v\n", v.Hand)
	}
	return b.String()
}
