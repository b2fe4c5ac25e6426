package ninekingdoms

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
)

// Tests of views.

func TestViewListsOnlyTheViewersMoves(t *testing.T) {
	s := table{players: 3, choosing: true, hands: []string{"2 5 6 $ $", "1 3 3 9 9", "4 4 4 7 8"}}.state(t)
	for p := range cards.Player(3) {
		v := ViewOf(s, p)
		if len(v.Moves) == 0 {
			t.Fatalf("%v has no move", p)
		}
		for _, m := range v.Moves {
			if m.Who != p {
				t.Fatalf("%v's view lists %v's move %v", p, m.Who, m)
			}
		}
	}
	if v := ViewOf(s, cards.Spectator); len(v.Moves) != 0 || v.Moves == nil {
		t.Fatalf("the spectator's moves: %#v", v.Moves)
	}
}

func TestViewShowsWhoHasChosenNotWhat(t *testing.T) {
	s := table{players: 3, choosing: true, hands: []string{"2 5 6 $ $", "1 3 3 9 9", "4 4 4 7 8"}}.state(t)
	s = play(t, s, Choose(1, 3, 9))
	v := ViewOf(s, 0)
	if v.HasChosen != cards.PlayersOf(1) || !cmp.Equal(v.HandSizes, []int{5, 0, 5}) || v.Chosen.Len() != 0 {
		t.Fatalf("has chosen %v, hand sizes %v, own pair %v", v.HasChosen, v.HandSizes, v.Chosen)
	}
	if own := ViewOf(s, 1); own.Chosen != group(t, "3 9") || own.Hand.Len() != 0 {
		t.Fatalf("P2 sees their pair %v and hand %v", own.Chosen, own.Hand)
	}
	if !strings.Contains(v.Decision, "P1 P3: choose two cards") {
		t.Fatalf("decision %q", v.Decision)
	}
}

func TestViewShowsThePairUntilItIsRevealed(t *testing.T) {
	s := table{players: 2, turn: 0, pairs: []string{"4 6", "7 8"}, tableaus: []string{"", "5"}}.state(t)
	if v := ViewOf(s, 1); v.Chosen != group(t, "7 8") {
		t.Fatalf("P2's pair before their turn: %v", v.Chosen)
	}
	if v := ViewOf(s, 0); v.Chosen.Len() != 0 || !cmp.Equal(v.Revealed, []Card{4, 6}) || v.Combination != "Siege" || v.Stage != StageUse {
		t.Fatalf("P1's view in their turn: pair %v, revealed %v, %s, %s", v.Chosen, v.Revealed, v.Combination, v.Stage)
	}
}

func TestViewSaysWhoseDecisionItIs(t *testing.T) {
	s := table{players: 2, turn: 0, pairs: []string{"4 6", "7 8"}, tableaus: []string{"", "5 7"}, kingdoms: "7:P2"}.state(t)
	for _, want := range []string{
		"P1: use the Siege (discard a 5 from another tableau) or decline; claims may come first",
		"P2: answer P1's Siege with Kingdom 7 (discard a 4 or a 6 from P1's tableau) or decline",
		"P1: claim kingdoms, use Kingdom 8 if held, or end the turn",
	} {
		if got := ViewOf(s, cards.Spectator).Decision; got != want {
			t.Fatalf("decision %q, want %q", got, want)
		}
		s = play(t, s, LegalMoves(s)[len(LegalMoves(s))-2])
	}
}

func TestViewString(t *testing.T) {
	s := table{players: 2, turn: 0, pairs: []string{"4 6", "7 8"}, tableaus: []string{"9", "5"}, piles: []string{"$", ""}, kingdoms: "9:P1"}.state(t)
	got := ViewOf(s, 0).String()
	for _, want := range []string{
		"Nine Kingdoms, round",
		"Kingdoms: 1:centre 2:centre 3:centre 4:centre 5:centre 6:centre 7:centre 8:centre 9:P1",
		"P1 (you): tableau 4 6 9; scoring pile 1; 10 points",
		"P2: tableau 5; scoring pile 0; 0 points",
		"Your hand: –; your pair: –; your scoring pile: $; your face-down discards: –",
		"P1 revealed 4 6: Siege",
		"Decision: P1: use the Siege",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the view lacks %q:\n%s", want, got)
		}
	}
}
