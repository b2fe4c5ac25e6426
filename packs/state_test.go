package packs

import (
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
)

func TestDefaultOptionsAreTheRules(t *testing.T) {
	if o := DefaultOptions(); o != (Options{Players: 2, Turns: 40}) {
		t.Errorf("DefaultOptions() = %+v", o)
	}
	if _, err := NewGame(DefaultOptions()); err != nil {
		t.Error(err)
	}
}

func TestOptionsThatDescribeNoGameAreRefused(t *testing.T) {
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{}, "for 2 to 4 players, not 0"},
		{Options{Players: 5, Turns: 40}, "not 5"},
		{Options{Players: 1, Turns: 40, Solo: true}, "the solo game has 2 seats"},
		{Options{Players: 3, Turns: 40, Solo: true}, "the solo game has 2 seats"},
		{Options{Players: 2, Turns: 40, Solo: true, HeadStart: 4}, "0 to 3 cards, not 4"},
		{Options{Players: 2, Turns: 40, HeadStart: 1}, "only the solo game"},
		{Options{Players: 2}, "1 to 1000 turns each, not 0"},
		{Options{Players: 2, Turns: 1001}, "not 1001"},
	} {
		_, err := NewGame(c.o)
		if !errors.Is(err, cards.ErrBadOptions) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error saying %q", c.o, err, c.want)
		}
	}
}

func TestTheTurnsOptionCallsTheGameSooner(t *testing.T) {
	s := newGame(t, Options{Players: 3, Turns: 1, Seed: 2})
	r := cards.NewRand(1)
	for !s.Over() {
		ms := LegalMoves(s)
		s = play(t, s, ms[r.IntN(len(ms))])
	}
	if !s.Called() && s.Winner() == cards.Spectator || s.turns > 3 {
		t.Errorf("after %d turns: called %v", s.turns, s.Called())
	}
}

func TestTheZeroStateIsNoGameAndNeverPanics(t *testing.T) {
	var s State
	if len(LegalMoves(s)) != 0 || s.Over() || s.ToAct() != 0 {
		t.Error("the zero state has moves or is over")
	}
	if _, err := Apply(s, Pass(0)); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("Apply on the zero state: %v", err)
	}
	if err := s.Check(); !errors.Is(err, cards.ErrBadInput) {
		t.Errorf("Check of the zero state: %v", err)
	}
	_ = ViewOf(s, 0).String()
	_ = s.Result()
	if _, err := Determinize(ViewOf(s, 0), 1); !errors.Is(err, cards.ErrBadInput) {
		t.Errorf("Determinize of the zero state's view: %v", err)
	}
}

func TestMovesAreRefusedWithReasons(t *testing.T) {
	s := build(t, "P1 hand 5C coins 1 | P2 coins 4 | "+market2)
	refused(t, s, Discard(1, card(t, "5C")), "P1 is to move, not P2")
	refused(t, s, Play(0, card(t, "9C")), "you do not hold 9♣")
	refused(t, s, Buy(0, card(t, "5C")), "5♣ is not in the market")
	refused(t, s, Move{Who: 0, Kind: KindBuy, Card: card(t, "10H"), Column: 2}, "names a column only to take a loose coin")
	refused(t, s, Move{Who: 0, Kind: KindDiscard}, "names no card")
	refused(t, s, Move{Who: 0}, "a move buys, plays, discards")
	refused(t, s, Pay(0), "take an action: buy, play or discard, not pay")
	refused(t, s, TakeLoose(0, 3), "take an action")
	_, err := Apply(s, Discard(1, card(t, "5C")))
	errIs(t, err, cards.ErrNotYourTurn)
	p := play(t, build(t, incomeTable), Play(0, card(t, "6D")))
	refused(t, p, Take(0, card(t, "5H")), "no coin lies under 5♥")
	refused(t, p, TakeLoose(0, 2), "no coin lies loose in column 2")
	refused(t, p, TakeLoose(0, 9), "no coin lies loose in column 9")
	refused(t, p, Pass(0), "first take your ♦ income")
	a := play(t, build(t, attack4), Play(0, card(t, "6S")))
	refused(t, a, Give(1, card(t, "7H")), "you do not hold 7♥")
	refused(t, a, Discard(1, card(t, "9H")), "first pay P1's ♠ attack")
}

func TestCheckFindsDamage(t *testing.T) {
	good := "P1 hand 5C coins 2 kingdom 6D | P2 coins 3 | " + market2
	for _, c := range []struct {
		damage func(*State)
		want   string
	}{
		{func(s *State) { s.n = 5 }, "2 to 4 players"},
		{func(s *State) { s.deck.Add(card(t, "5C")) }, "two places"},
		{func(s *State) { s.deck.Remove(s.deck.First()) }, "missing"},
		{func(s *State) { s.deck.Add(card(t, "2C")) }, "no card of this game"},
		{func(s *State) { s.coins[0]++ }, "coins lie on the table"},
		{func(s *State) {
			c := s.deck.Minus(nobleCards).First()
			s.deck.Remove(c)
			s.coinCards.Add(c)
			s.coins[0]++
		}, "has 5 coins, not 6"},
		{func(s *State) { s.kingdoms[0].Add(card(t, "8D")); s.deck.Remove(card(t, "8D")) }, "no row of runs"},
		{func(s *State) { s.hands[0].Add(card(t, "8D")); s.deck.Remove(card(t, "8D")) }, "over their limit"},
		{func(s *State) {
			s.under[0][0], s.market[0][0] = 1, cards.NoCard
			s.deck.Add(card(t, "5H"))
			s.coins[0]--
		}, "under an empty position"},
		{func(s *State) { s.loose[2] = 1; s.coins[0]-- }, "loose coins lie in column 2"},
		{func(s *State) { s.phase = PhasePay; s.payer = 1; s.owed = 1; s.actions = 1 }, "more than the attack asks"},
		{func(s *State) { s.phase = PhaseIncome; s.owed = 1 }, "income before any action"},
		{func(s *State) { s.phase = PhaseOver }, "neither a winner nor its turns played"},
		{func(s *State) { s.winner = 0 }, "won without three runs"},
		{func(s *State) { s.turn = 1 }, "not P2's turn"},
		{func(s *State) { s.coined.Add(card(t, "5H")) }, "no coin has been paid"},
		{func(s *State) { s.used.Add(card(t, "QS")) }, "no card of this game"},
		{func(s *State) { s.market[0][0] = 70 }, "no card"},
		{func(s *State) { s.extra = true }, "never left waiting"},
		{func(s *State) { s.limit = 0 }, "called after 1 to 1000"},
	} {
		s := build(t, good)
		c.damage(&s)
		err := s.Check()
		if !errors.Is(err, cards.ErrBadInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("damage: %v, want an error saying %q", err, c.want)
		}
	}
}

func TestDeterminizeRefusesViewsOfNoGame(t *testing.T) {
	s := build(t, "P1 hand 5C coins 2 kingdom 6D | P2 hand 7C coins 3 | "+market2)
	for _, c := range []struct {
		damage func(*View)
		want   string
	}{
		{func(v *View) { v.Players = 9 }, "2 to 4 players"},
		{func(v *View) { v.Coins = v.Coins[:1] }, "one hand size, coin count and kingdom a player"},
		{func(v *View) { v.Viewer = 3 }, "no player of the game"},
		{func(v *View) { v.Phase = 17 }, "no known phase"},
		{func(v *View) { v.HandSizes[1] = 40 }, "more cards than are unseen"},
		{func(v *View) { v.Deck++ }, "disagrees"},
		{func(v *View) { v.Coins[1] = 300 }, "out of range"},
		{func(v *View) { v.Under[0][0] = -1 }, "out of range"},
		{func(v *View) { v.Hand.Add(card(t, "2C")) }, "not in this game"},
		{func(v *View) { v.Coins[1] = 30 }, "only"},
	} {
		v := ViewOf(s, 0)
		c.damage(&v)
		_, err := Determinize(v, 1)
		if !errors.Is(err, cards.ErrBadInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v, want an error saying %q", err, c.want)
		}
	}
}

// TestEndingNamesAThirdRunOrTheTurnLimit: a game ends by a third run, or
// is called at the turn limit, which ended it; the automaton's win says
// so.
func TestEndingNamesAThirdRunOrTheTurnLimit(t *testing.T) {
	seen := map[cards.Ending]bool{}
	for seed := range uint64(40) {
		o := quiet(int(seed%3)+1, seed)
		o.Turns = []int{3, DefaultTurns}[seed%2]
		states, moves := randomGame(t, o, seed)
		s, err := Apply(states[len(states)-1], moves[len(moves)-1])
		if err != nil {
			t.Fatal(err)
		}
		e := cards.EndingOf(s)
		if e.Limit != s.Called() || strings.Contains(e.Name, "automaton") != s.Result().Automata.Has(s.Result().Winners.First()) {
			t.Errorf("seed %d: ending %+v of a game called %v, won by %v", seed, e, s.Called(), s.Result().Winners)
		}
		seen[e] = true
	}
	for _, e := range []cards.Ending{{Name: "called at the turn limit", Limit: true}, {Name: "a third run, the automaton's win"}} {
		if !seen[e] {
			t.Errorf("no game ended by %+v: %v", e, seen)
		}
	}
}
