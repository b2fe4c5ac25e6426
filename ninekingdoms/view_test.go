package ninekingdoms

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
)

// Tests of views.

func TestViewListsOnlyTheViewersMoves(t *testing.T) {
	s := build(t, "P1 hand 2 5 6 $ $; P2 hand 1 3 3 9 9; P3 hand 4 4 4 7 8")
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
	s := build(t, "P1 hand 2 5 6 $ $; P2 hand 1 3 3 9 9; P3 hand 4 4 4 7 8")
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
	s := build(t, "P1 pair 4 6; P2 pair 7 8 | tableau 5; turn P1")
	if v := ViewOf(s, 1); v.Chosen != group(t, "7 8") {
		t.Fatalf("P2's pair before their turn: %v", v.Chosen)
	}
	if v := ViewOf(s, 0); v.Chosen.Len() != 0 || !cmp.Equal(v.Revealed, []Card{4, 6}) || v.Combination != "Siege" || v.Stage != StageUse {
		t.Fatalf("P1's view in their turn: pair %v, revealed %v, %s, %s", v.Chosen, v.Revealed, v.Combination, v.Stage)
	}
}

func TestViewSaysWhoseDecisionItIs(t *testing.T) {
	s := build(t, "P1 pair 4 6; P2 pair 7 8 | tableau 5 7 | kingdoms 7; turn P1")
	for _, want := range []string{
		"P1: use the Siege (discard a 5 from another tableau) or decline; claims may come first",
		"P2: answer P1's Siege with Kingdom 7 (discard a 4 or 6 from P1's tableau) or decline",
		"P1: claim kingdoms, use Kingdom 8 if held, or end the turn",
	} {
		if got := ViewOf(s, cards.Spectator).Decision; got != want {
			t.Fatalf("decision %q, want %q", got, want)
		}
		s = play(t, s, LegalMoves(s)[len(LegalMoves(s))-2])
	}
}

func TestViewString(t *testing.T) {
	s := build(t, "P1 pair 4 6 | tableau 9 | pile $ | kingdoms 9; P2 pair 7 8 | tableau 5; turn P1")
	got := ViewOf(s, 0).String()
	wantText(t, "the view", got,
		"Nine Kingdoms, round",
		"Kingdoms, each scoring its number to its holder:\n  Kingdom 1 (centre): the holder may claim",
		"  Kingdom 9 (P1): no power\n",
		"P1 (you): tableau 4 6 9; scoring pile of 1 card; 10 points\n",
		"P2: tableau 5; scoring pile of 0 cards; 0 points\n",
		"Your hand: –; your scoring pile: $; your face-down discards: –\n",
		"P1 revealed 4 6: a Siege — discard a 5 (to use or decline)\n",
		"Decision: P1: use the Siege",
	)
	wantText(t, "P2's view", ViewOf(s, 1).String(), "Your pair: 7 8: a Flank — discard a 6 or 9\n")
	s = play(t, s, Decline(0))
	wantText(t, "P2's view after the Siege was declined", ViewOf(s, 1).String(), "P1 revealed 4 6: a Siege — discard a 5 (spent)\n")
}

func TestViewStringTellsTheKingdomsHoldersAndPowers(t *testing.T) {
	s := build(t, "P1 pair 4 6 | tableau 3 | kingdoms 3; P2 pair 7 8 | tableau 5 | kingdoms 5; P3 pair 9 9 | tableau 8 | kingdoms 8; turn P1")
	got := ViewOf(s, cards.Spectator).String()
	wantText(t, "the view", got,
		"  Kingdom 1 (centre): the holder may claim a kingdom with as many of its cards as another player, not more\n",
		"  Kingdom 2 (centre): each card of the scoring pile scores 2 points, not 1\n",
		"  Kingdom 3 (P1): a Flank discards a second card, from the same or another player\n",
		"  Kingdom 4 (centre): a Bribe takes only its own value from the holder (a 5 $ only a 5)\n",
		"  Kingdom 5 (P2): the holder cannot be the target of a Flank\n",
		"  Kingdom 6 (centre): the holder's Bribe puts its $ in their own scoring pile\n",
		"  Kingdom 7 (centre): when a Siege or Flank discards the holder's card, they may discard one of the two cards played for it\n",
		"  Kingdom 8 (P3): once a turn, one of the holder's tableau cards goes face down to their scoring pile\n",
		"  Kingdom 9 (centre): no power\n",
	)
}

func TestViewStringTellsWhatEachPairMakes(t *testing.T) {
	s := build(t, "P1 hand 3 4 5 $ $; P2 hand 1 2 8 9 $")
	wantText(t, "P1's view", ViewOf(s, 0).String(), `Your pairs:
  3 4: a Flank — discard a 2 or 5
  3 5: a Siege — discard a 4
  3 $: a Bribe — take a 2, 3 or 4
  4 5: a Flank — discard a 3 or 6
  4 $: a Bribe — take a 3, 4 or 5
  5 $: a Bribe — take a 4, 5 or 6
  $ $: a Bury — both go to one's scoring pile
Decision:`)
	// The edges of the values: a Flank of 1 2 or 8 9, a Bribe of 1 or 9.
	wantText(t, "P2's view", ViewOf(s, 1).String(),
		"  1 2: a Flank — discard a 3\n",
		"  1 $: a Bribe — take a 1 or 2\n",
		"  8 9: a Flank — discard a 7\n",
		"  9 $: a Bribe — take an 8 or 9\n",
		"  2 8: no combination\n",
	)
	if spectator := ViewOf(s, cards.Spectator).String(); strings.Contains(spectator, "pair") {
		t.Errorf("the spectator's view tells of pairs:\n%s", spectator)
	}
}
