package cardstest_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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

// p2First refuses P2's lead of the first trick, which no deal reaches:
// P1 leads the first trick of every dealt duel.
type p2First struct{ Duel }

func (p2First) Apply(s DuelState, m DuelMove) (DuelState, error) {
	if m.By == 1 && s.Led == cards.NoCard && s.Tricks == [2]int{} {
		return s, cards.Illegal("P2 may not lead the first trick")
	}
	return Duel{}.Apply(s, m)
}

// p2Leads is a duel dealt as Duel deals one, with P2 to lead: a start no
// deal reaches.
var p2Leads = rapid.Custom(func(t *rapid.T) DuelState {
	s, _ := Duel{}.NewGame(DuelOptions{Seed: cards.Seed(rapid.Uint64().Draw(t, "seed"))})
	s.Turn = 1
	return s
})

// TestStartsReachWhatDealsMiss checks that the harness explores from a
// game's hand-built starts: a fault that no dealt game reaches passes
// without them, and fails with them, its case printed as the move's text
// and the views as JSON.
func TestStartsReachWhatDealsMiss(t *testing.T) {
	g := duel
	g.Rules = p2First{}
	if os.Getenv("CARDSTEST_STARTS") == "1" {
		g.Starts = p2Leads
		cardstest.Run(t, g)
		return
	}
	cardstest.Run(t, g) // without starts, random play never meets the fault
	cmd := exec.Command(os.Args[0], "-test.run=^TestStartsReachWhatDealsMiss$", "-test.v", "-rapid.nofailfile")
	cmd.Env = append(os.Environ(), "CARDSTEST_STARTS=1")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the harness passes a fault that its hand-built starts reach:\n%s", out)
	}
	for _, want := range []string{
		"a listed move, is refused: illegal move: P2 may not lead the first trick",
		`move: "play `, `P2's view: {"viewer":1,`,
		`[rapid] draw start: {"game":"duel","version":1,`,
		"from hand-built starts",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the failure does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "cardstest_test.Duel") {
		t.Errorf("the failure prints a Go struct:\n%s", out)
	}
}

func TestCoverageLineCountsKindsAndEndings(t *testing.T) {
	if os.Getenv("CARDSTEST_COVERAGE") == "1" {
		cardstest.Run(t, duel)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCoverageLineCountsKindsAndEndings$", "-test.v", "-rapid.nofailfile")
	cmd.Env = append(os.Environ(), "CARDSTEST_COVERAGE=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	line := regexp.MustCompile(`coverage: \d+ random games \(0 from hand-built starts\), \d+ moves; moves played by kind: play \d+; never played: none; endings: one winner \d+`)
	if !line.Match(out) {
		t.Fatalf("no coverage line in the output of Run:\n%s", out)
	}
}

// TestSamplingTakesHandBuiltViews checks a view late in a duel whose
// placements are counted by hand: P1 holds one card, has seen four
// played, and cannot tell which of the seven others P2 holds.
func TestSamplingTakesHandBuiltViews(t *testing.T) {
	states, _, err := cardstest.RandomGame(Duel{}, DuelOptions{Seed: 1}, 1, 4)
	if err != nil {
		t.Fatal(err)
	}
	v := Duel{}.View(states[4], 0)
	if v.Hand.Len() != 1 || v.Played.Len() != 4 {
		t.Fatalf("after two tricks P1 holds %v and has seen %v played", v.Hand, v.Played)
	}
	few := duel
	few.Options = rapid.Just(DuelOptions{Seed: 1})
	cardstest.CheckSampling(t, few, cardstest.Sampling{Cases: 1}, cardstest.SmallCase[DuelView]{View: v, Placements: 7})
	for _, tc := range []struct {
		rules      cards.Rules[DuelOptions, DuelState, DuelMove, DuelView]
		placements int
		says       string
	}{
		{Duel{}, 6, "is said to allow 6 placements of the hidden cards, yet Determinize dealt 7"},
		{biased{}, 7, "allows 7 placements of the hidden cards, yet 448 samples of Determinize dealt only 1"},
	} {
		g := few
		g.Rules = tc.rules
		f := &fatal{TB: t}
		done := make(chan struct{})
		go func() {
			defer close(done)
			cardstest.CheckSampling(f, g, cardstest.Sampling{Cases: 1}, cardstest.SmallCase[DuelView]{View: v, Placements: tc.placements})
		}()
		<-done
		if !strings.Contains(f.msg, tc.says) {
			t.Errorf("%T, %d placements: the check says %q, want %q", tc.rules, tc.placements, f.msg, tc.says)
		}
	}
}
