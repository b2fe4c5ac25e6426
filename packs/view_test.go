package packs

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
)

func TestViewShowsTheTableAndTheViewersHand(t *testing.T) {
	s := build(t, "players 3 | P1 hand 5C coins 2 kingdom 6D 7D KH | P2 hand 6C coins 3 | P3 hand 7C coins 2 kingdom 3S | "+
		"turn P2 actions 1 round 4 | coined 10H | top 3H 4H 5H 6H 7H 8H | bottom 9H 10H+1 3D 4D 8D 9D | loose 0:0 | discard QC")
	v := ViewOf(s, 1)
	if v.Viewer != 1 || v.Players != 3 || v.ToAct != cards.PlayersOf(1) || v.Over || v.Phase != PhaseAction ||
		v.Turn != 1 || v.Actions != 1 || v.Round != 4 || v.Turns != 10 || v.TurnLimit != DefaultTurns {
		t.Errorf("view header %+v", v)
	}
	wantSet(t, "P2's hand", v.Hand, "6C")
	for what, got := range map[string][]int{"hand sizes": v.HandSizes, "limits": v.HandLimits, "coins": v.Coins, "runs": v.Runs} {
		want := map[string][]int{"hand sizes": {1, 1, 1}, "limits": {2, 1, 1}, "coins": {2, 3, 2}, "runs": {0, 0, 0}}[what]
		if !slices.Equal(got, want) {
			t.Errorf("%s %v, want %v", what, got, want)
		}
	}
	if v.Kingdoms[0] != set(t, "6D 7D KH") || v.Kingdoms[2] != set(t, "3S") || v.Under[1][1] != 1 ||
		v.Market[1][1] != card(t, "10H") || v.Deck != s.DeckSize() || v.Discards != set(t, "QC") || v.Coined != set(t, "10H") {
		t.Errorf("table %+v", v)
	}
	if v.Decision != "P2: take action 2 of 2 — buy, play or discard" {
		t.Errorf("decision %q", v.Decision)
	}
	if len(v.Moves) == 0 || !slices.ContainsFunc(v.Moves, func(m Move) bool { return m == Discard(1, card(t, "6C")) }) {
		t.Errorf("moves %v", v.Moves)
	}
	if w := ViewOf(s, 0); len(w.Moves) != 0 || w.Hand != set(t, "5C") {
		t.Errorf("P1, not to act, sees moves %v and hand %v", w.Moves, w.Hand)
	}
}

func TestViewOfANonPlayerIsTheSpectators(t *testing.T) {
	s := build(t, "P1 hand 5C coins 2 | P2 coins 3 | "+market2)
	for _, p := range []cards.Player{cards.Spectator, 2, 7, -5} {
		v := ViewOf(s, p)
		if v.Viewer != cards.Spectator || !v.Hand.Empty() || len(v.Moves) != 0 {
			t.Errorf("%v sees %+v", p, v)
		}
	}
}

func TestViewTellsTheDecisionOfEveryPhase(t *testing.T) {
	for _, c := range []struct {
		desc   string
		moves  []Move
		viewer cards.Player
		want   string
	}{
		{incomeTable, []Move{Play(0, cards.New(cards.Six, cards.Diamonds))}, 1,
			"P1: take 4 coins of ♦ income from the market, one at a time"},
		{attack4, []Move{Play(0, cards.New(cards.Six, cards.Spades))}, 0,
			"P2: pay P1's ♠ attack, 2 more — a coin or a card at a time"},
		{"P1 hand 6S coins 5 kingdom 5S | P2 hand 9H 10H kingdom KH | " + market2CD, []Move{Play(0, cards.New(cards.Six, cards.Spades))}, 1,
			"P1: discard 1 of the cards received, down to your hand limit of 1"},
		{"P1 hand 7D kingdom 5C 6C 7C 5H 6H 7H 5D 6D | P2 coins 3 | top 8C 9C 10C KC AC KH | bottom 8H 9H 10H AH 8D+2 KD",
			[]Move{Play(0, cards.New(cards.Seven, cards.Diamonds))}, cards.Spectator, "the game is over: P1 won with three runs"},
		{"P1 coins 2 kingdom 5H 6H 7H | P2 coins 3 kingdom 5S 6S 8H 9H | " + lastTurn, []Move{Discard(1, cards.New(cards.Ten, cards.Spades))}, 0,
			"the game was called after 40 turns each: P1 won"},
	} {
		s := play(t, build(t, c.desc), c.moves...)
		if got := ViewOf(s, c.viewer).Decision; got != c.want {
			t.Errorf("decision %q, want %q", got, c.want)
		}
	}
}

func TestViewShowsTheCardsReceivedToTheAttackerOnly(t *testing.T) {
	s := build(t, "P1 hand 6S coins 5 kingdom 5S | P2 hand 9H 10H kingdom KH | "+market2CD)
	s = play(t, s, Play(0, card(t, "6S")))
	if v := ViewOf(s, 0); v.Received != set(t, "9H 10H") || v.ReceivedCount != 2 {
		t.Errorf("the attacker sees received %v (%d)", v.Received, v.ReceivedCount)
	}
	for _, p := range []cards.Player{1, cards.Spectator} {
		if v := ViewOf(s, p); !v.Received.Empty() || v.ReceivedCount != 2 {
			t.Errorf("%v sees received %v (%d)", p, v.Received, v.ReceivedCount)
		}
	}
}

func TestViewShowsTheAutomatonsInstructions(t *testing.T) {
	s := wantBought(t, soloTable("QS", "8C", "7H", "6C", "7S"), "6♣")
	v := ViewOf(s, 0)
	if !v.Solo || v.Instruction != card(t, "QS") || v.Instructions != 0 || v.UsedInstructions.Len() != 20 {
		t.Errorf("solo %v, instruction %v, %d left, used %v", v.Solo, v.Instruction, v.Instructions, v.UsedInstructions)
	}
}

func TestViewStringRendersTheTable(t *testing.T) {
	s := build(t, "solo | P1 hand 5C coins 2 kingdom 6D 7D KH | P2 coins 1 kingdom AS | loose 0:1 | "+
		"top - 6H 7H 8H 9H 10H | bottom - 6S 7S 8S 9S+1 10S | discard KC | used QS instruction QS")
	want := `Packs Kingdoms, round 1 of 40, P1's turn
Market (price)   5      4      3      2      1      0
  top            —      6♥     7♥     8♥     9♥     10♥   
  bottom         —      6♠     7♠     8♠     9♠+1   10♠   
  loose coins    1      0      0      0      0      0     
Deck: 11 cards; discard pile: K♣
P1 (you): 2 coins; hand 5♣ (limit 2); kingdom 6♦ 7♦ · K♥; 0 runs
P2 (automaton): 1 coin; no hand; kingdom A♠; 0 runs
Automaton: last instruction Q♠; 19 instructions in its deck; used Q♠
Decision: P1: take action 1 of 2 — buy, play or discard
`
	if diff := cmp.Diff(want, ViewOf(s, 0).String()); diff != "" {
		t.Errorf("String (-want +got):\n%s", diff)
	}
	if got := ViewOf(s, cards.Spectator).String(); !strings.Contains(got, "P1: 2 coins; 1 card in hand (limit 2)") {
		t.Errorf("the spectator's table:\n%s", got)
	}
}
