package bastards

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/google/go-cmp/cmp"
)

func TestViewShowsOwnHandAndEveryonesHandSize(t *testing.T) {
	s := parse(t, fourHands+" | turn=P4 passed=P2,P3 | top P1 6D")
	v := ViewOf(s, 1)
	if v.Hand != s.hands[1] {
		t.Errorf("P2's view shows hand %v", v.Hand)
	}
	if diff := cmp.Diff([]int{7, 7, 4, 4}, v.HandSizes); diff != "" {
		t.Errorf("hand sizes (-want +got):\n%s", diff)
	}
	want := TablePlay{Cards: set(t, "6D"), Rank: cards.Six, By: 0}
	if v.Top != want || v.Passed != cards.PlayersOf(1, 2) {
		t.Errorf("table %+v, passed %v", v.Top, v.Passed)
	}
	if sp := ViewOf(s, cards.Spectator); !sp.Hand.Empty() || len(sp.Moves) != 0 {
		t.Errorf("the spectator sees hand %v and moves %v", sp.Hand, sp.Moves)
	}
}

func TestViewShowsTheDeclaredRankOfAJoker(t *testing.T) {
	s := parse(t, fourHands+" | turn=P2 | top P1 X1 as 9")
	if v := ViewOf(s, 2); v.Top.Rank != cards.Nine || v.Top.By != 0 {
		t.Errorf("table %+v", v.Top)
	}
	if !strings.Contains(ViewOf(s, 2).String(), "🃏 as 9") {
		t.Errorf("the view does not print the joker's rank:\n%s", ViewOf(s, 2))
	}
}

func TestViewMovesAreTheViewersOnly(t *testing.T) {
	s := parse(t, fourHands+" | top P1 6D")
	if v := ViewOf(s, 1); !cmp.Equal(v.Moves, LegalMoves(s)) {
		t.Error("the player to act does not see their moves")
	}
	if v := ViewOf(s, 2); len(v.Moves) != 0 {
		t.Errorf("P3 sees moves %v", v.Moves)
	}
}

func TestViewExchangeKnowledge(t *testing.T) {
	s := mustApply(t, parse(t, exchangeState), Give(1, card(t, "5H"), card(t, "6H")))
	king, bastard, other := ViewOf(s, 1), ViewOf(s, 3), ViewOf(s, 0)
	if king.Gave != set(t, "5H 6H") || king.Received != set(t, "X2 2S") {
		t.Errorf("the King sees gave %v, received %v", king.Gave, king.Received)
	}
	if bastard.Gave != set(t, "X2 2S") || bastard.Received != set(t, "5H 6H") {
		t.Errorf("the Bastard sees gave %v, received %v", bastard.Gave, bastard.Received)
	}
	if !other.Gave.Empty() || !other.Received.Empty() {
		t.Errorf("P1 sees the exchange: %v, %v", other.Gave, other.Received)
	}
	log := strings.Join(texts(other.Log), "\n")
	if strings.Contains(log, "5♥") || !strings.Contains(log, "P2 (King) chose two cards for P4 (Bastard)") {
		t.Errorf("P1's log:\n%s", log)
	}
	if log := strings.Join(texts(king.Log), "\n"); !strings.Contains(log, "P4 (Bastard) gave 2♠ 🃏 to P2 (King)") {
		t.Errorf("the King's log:\n%s", log)
	}
}

func TestViewHidesWhatTheViewerCannotSee(t *testing.T) {
	a := parse(t, fourHands+" | top P1 6D")
	b := a
	b.hands[2], b.hands[3] = set(t, "6C 9C 8D 10C"), set(t, "8C 9D AS QH")
	b.rng = cards.NewRand(99)
	for _, p := range []cards.Player{cards.Spectator, 0, 1} {
		va, _ := json.Marshal(ViewOf(a, p))
		vb, _ := json.Marshal(ViewOf(b, p))
		if string(va) != string(vb) {
			t.Errorf("%v's view depends on P3's and P4's cards:\n%s\n%s", p, va, vb)
		}
	}
}

func TestViewStringShowsTheTable(t *testing.T) {
	s := parse(t, fourHands+" | king=P2 bastard=P4 r2 kings=0,1,0,0 bastards=0,0,0,1 | top P1 6D | kinggave 8C 8D | bastardgave KS 2H")
	got := ViewOf(s, 1).String()
	for _, want := range []string{"round 2", "last round: King P2, Bastard P4", "to beat: 6♦, a single of 6, by P1", "your hand: 4♣ 4♦ 7♣ K♣ K♦ K♠ 2♥", "exchange: you gave 8♣ 8♦ and received K♠ 2♥"} {
		if !strings.Contains(got, want) {
			t.Errorf("the view lacks %q:\n%s", want, got)
		}
	}
}

func TestViewShowsTheTrickInPlayOrder(t *testing.T) {
	s := parse(t, fourHands+" | turn=P4 | pile 3C | trick P1 5C, P2 7C, P3 X1 as 9")
	v := ViewOf(s, 3)
	want := []TablePlay{
		{Cards: set(t, "5C"), Rank: cards.Five, By: 0},
		{Cards: set(t, "7C"), Rank: cards.Seven, By: 1},
		{Cards: set(t, "X1"), Rank: cards.Nine, By: 2},
	}
	if diff := cmp.Diff(want, v.Plays); diff != "" || v.Top != want[2] {
		t.Errorf("plays (-want +got):\n%s\ntop %+v", diff, v.Top)
	}
	if got := v.String(); !strings.Contains(got, "\ntrick: P1 5♣, P2 7♣, P3 🃏 as 9\n") {
		t.Errorf("the view does not show the trick in order:\n%s", got)
	}
}

func TestDeterminizeRedealsWhatTheViewerCannotSee(t *testing.T) {
	s, _ := NewGame(Options{Players: 5, Seed: 11, Jokers: 2})
	v := ViewOf(s, 0)
	a, err := Determinize(v, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Determinize(v, 2)
	if a.hands[0] != s.hands[0] {
		t.Error("the viewer's hand changed")
	}
	if a.hands[1] == b.hands[1] && a.hands[2] == b.hands[2] {
		t.Error("two seeds deal the same hidden cards")
	}
	if a.rng == s.rng || a.log.On() {
		t.Error("the re-dealt state keeps the random source or a log")
	}
}

func TestDeterminizeKeepsTheExchangeKnowledge(t *testing.T) {
	s := mustApply(t, parse(t, exchangeState), Give(1, card(t, "5H"), card(t, "6H")))
	for seed := range uint64(30) {
		king, err := Determinize(ViewOf(s, 1), seed)
		if err != nil {
			t.Fatal(err)
		}
		if !king.hands[3].Contains(set(t, "5H 6H")) {
			t.Fatalf("the King's cards are not with the Bastard: %v", king.hands[3])
		}
		if kept := king.hands[3].Minus(set(t, "5H 6H")); below(kept, card(t, "2S")) != kept {
			t.Fatalf("the Bastard kept %v, above the 2♠ given", kept)
		}
		bastard, err := Determinize(ViewOf(s, 3), seed)
		if err != nil {
			t.Fatal(err)
		}
		if !bastard.hands[1].Contains(set(t, "X2 2S")) {
			t.Fatalf("the Bastard's cards are not with the King: %v", bastard.hands[1])
		}
		for _, p := range []cards.Player{cards.Spectator, 0, 2} {
			if _, err := Determinize(ViewOf(s, p), seed); err != nil {
				t.Fatalf("%v: %v", p, err)
			}
		}
	}
}

func TestDeterminizeRefusesAnImpossibleView(t *testing.T) {
	s, _ := NewGame(Options{Players: 4, Seed: 5, Jokers: 2})
	v := ViewOf(s, 0)
	v.HandSizes[1]++
	if _, err := Determinize(v, 1); !errors.Is(err, cards.ErrBadInput) {
		t.Errorf("too many cards: %v", err)
	}
	v = ViewOf(s, 0)
	v.Players = 20
	if _, err := Determinize(v, 1); !errors.Is(err, cards.ErrBadInput) {
		t.Errorf("20 players: %v", err)
	}
	if _, err := Determinize(View{}, 1); !errors.Is(err, cards.ErrBadInput) {
		t.Errorf("the zero view: %v", err)
	}
	v = ViewOf(parse(t, fourHands+" | turn=P3 | pile 3C | trick P1 5C, P2 7C"), 2)
	v.Top = v.Plays[0]
	if _, err := Determinize(v, 1); !errors.Is(err, cards.ErrBadInput) {
		t.Errorf("a play to beat that is not the trick's last: %v", err)
	}
}
