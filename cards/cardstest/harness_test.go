package cardstest_test

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
	"github.com/cardrules/games/cards/cardstest"
)

var duel = cardstest.Game[DuelOptions, DuelState, DuelMove, DuelView]{
	Rules: Duel{},
	Options: rapid.Custom(func(t *rapid.T) DuelOptions {
		return DuelOptions{Seed: cards.Seed(rapid.Uint64().Draw(t, "seed"))}
	}),
	Moves: rapid.Custom(func(t *rapid.T) DuelMove {
		return DuelMove{
			By:   cards.Player(rapid.IntRange(-1, 2).Draw(t, "player")),
			Card: cards.Card(rapid.IntRange(0, 130).Draw(t, "card")),
		}
	}),
	MaxMoves: 6,
}

func TestDuel(t *testing.T) { cardstest.Run(t, duel) }

func TestDuelGolden(t *testing.T) {
	cardstest.Golden(t, Duel{}, DuelOptions{Seed: 3}, filepath.Join("testdata", "duel-3.txt"))
}

func FuzzState(f *testing.F) { cardstest.FuzzState(f, duel) }
func FuzzMove(f *testing.F)  { cardstest.FuzzMove(f, duel) }
func FuzzApply(f *testing.F) { cardstest.FuzzApply(f, duel) }

// TestDuelTricksAddUp states a property of the duel's own with the
// harness's generator of reachable states: the tricks won and the cards
// still held always account for every card dealt.
func TestDuelTricksAddUp(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := cardstest.States(duel).Draw(t, "state")
		held := s.Hands[0].Len() + s.Hands[1].Len()
		if played := s.Played.Len(); held+played != 6 || played/2 != s.Tricks[0]+s.Tricks[1] {
			t.Fatalf("%d held, %d played, tricks %v", held, played, s.Tricks)
		}
	})
}

func TestDuelSampling(t *testing.T) { cardstest.CheckSampling(t, duel, cardstest.Sampling{}) }

// biased deals the other player the lowest cards the viewer cannot see,
// where Duel deals at random.
type biased struct{ Duel }

func (biased) Determinize(v DuelView, seed uint64) (DuelState, error) {
	d, err := Duel{}.Determinize(v, seed)
	if err != nil || v.Viewer == cards.Spectator {
		return d, err
	}
	other := 1 - v.Viewer
	unseen := d.Hands[other].Union(d.Stock)
	d.Hands[other], d.Stock = cards.Set{}, unseen
	for range v.HandSizes[other] {
		low := cards.NoCard
		for c := range d.Stock.All() {
			if low == cards.NoCard || c.Rank() < low.Rank() {
				low = c
			}
		}
		d.Stock.Remove(low)
		d.Hands[other].Add(low)
	}
	return d, nil
}

// fatal records a fatal failure instead of failing the test.
type fatal struct {
	testing.TB
	msg string
}

func (f *fatal) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func TestSamplingFindsABiasedDeal(t *testing.T) {
	g := duel
	g.Rules = biased{}
	f := &fatal{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		cardstest.CheckSampling(f, g, cardstest.Sampling{})
	}()
	<-done
	if !strings.Contains(f.msg, "never dealt it") {
		t.Fatalf("a deal that never gives the other player the highest unseen card passes the check (%q)", f.msg)
	}
	t.Log(f.msg)
}

func TestDuelBot(t *testing.T) {
	cardstest.CheckBot(t, duel, bot.ISMCTS[DuelOptions, DuelState, DuelMove, DuelView]{Rules: Duel{}, Iterations: 32})
}

// everyDuelMove yields the moves of both players and the spectator with
// every card and the zero card.
func everyDuelMove(yield func(DuelMove) bool) {
	for p := cards.Spectator; p <= 2; p++ {
		for c := range cards.Card(55) {
			if !yield(DuelMove{By: p, Card: c}) {
				return
			}
		}
	}
}

func TestDuelAcceptsExactlyTheListedMoves(t *testing.T) {
	states, _, err := cardstest.RandomGame(Duel{}, DuelOptions{Seed: 5}, 1, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range states {
		cardstest.CheckListedMoves(t, Duel{}, s, everyDuelMove)
	}
}

// twice lists every move of the duel twice.
type twice struct{ Duel }

func (twice) AppendLegalMoves(dst []DuelMove, s DuelState) []DuelMove {
	dst = Duel{}.AppendLegalMoves(dst, s)
	return append(dst, dst...)
}

// firstOnly lists only the first move of the duel, and accepts them all.
type firstOnly struct{ Duel }

func (firstOnly) AppendLegalMoves(dst []DuelMove, s DuelState) []DuelMove {
	all := Duel{}.AppendLegalMoves(nil, s)
	return append(dst, all[:min(1, len(all))]...)
}

// unexplained refuses moves without saying why.
type unexplained struct{ Duel }

func (unexplained) Apply(s DuelState, m DuelMove) (DuelState, error) {
	if _, err := (Duel{}).Apply(s, m); err != nil {
		return s, cards.ErrIllegalMove
	}
	return Duel{}.Apply(s, m)
}

// careless returns a changed state with its refusals.
type careless struct{ Duel }

func (careless) Apply(s DuelState, m DuelMove) (DuelState, error) {
	next, err := Duel{}.Apply(s, m)
	if err != nil {
		next.Played.Add(m.Card)
	}
	return next, err
}

func TestCheckListedMovesFindsFaults(t *testing.T) {
	s, _ := Duel{}.NewGame(DuelOptions{Seed: 5})
	for _, tc := range []struct {
		rules cards.Rules[DuelOptions, DuelState, DuelMove, DuelView]
		says  string
	}{
		{twice{}, "is listed twice"},
		{firstOnly{}, "is not listed, yet Apply accepts it"},
		{unexplained{}, "does not say why"},
		{careless{}, "returned a changed state"},
	} {
		f := &fatal{TB: t}
		done := make(chan struct{})
		go func() {
			defer close(done)
			cardstest.CheckListedMoves(f, tc.rules, s, everyDuelMove)
		}()
		<-done
		if !strings.Contains(f.msg, tc.says) {
			t.Errorf("%T: the check says %q, want it to say %q", tc.rules, f.msg, tc.says)
		}
	}
}
