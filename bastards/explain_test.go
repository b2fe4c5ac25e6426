package bastards

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
)

// TestCandidatesAreEveryPlayOfTheHand checks that the candidates of a
// player are the legal moves and the plays the rules refuse, each the
// viewer's, each once.
func TestCandidatesAreEveryPlayOfTheHand(t *testing.T) {
	s := parse(t, fourHands+" | top P1 6D 6S")
	v := ViewOf(s, 1)
	got := Rules{}.AppendCandidates(nil, v)
	for _, m := range LegalMoves(s) {
		if !slices.Contains(got, m) {
			t.Errorf("the candidates lack the legal %v", m)
		}
	}
	for _, want := range []Move{playOf(t, 2, "KC"), playOf(t, 2, "4C 4D"), playOf(t, 2, "7C"), passOf(2)} {
		if !slices.Contains(got, want) {
			t.Errorf("the candidates lack %v", want)
		}
	}
	seen := map[Move]bool{}
	for _, m := range got {
		if m.Who != 1 || seen[m] {
			t.Errorf("candidate %v of %v: not P2's, or listed twice", m, m.Who)
		}
		seen[m] = true
	}
	if c := (Rules{}).AppendCandidates(nil, ViewOf(s, cards.Spectator)); len(c) != 0 {
		t.Errorf("the spectator has candidates: %v", c)
	}
}

// TestRefusalSaysTheHandHoldsTooFewOfARank checks that a single on a pair
// is refused with who played the pair, and that the hand holds too few of
// the single's rank to make one.
func TestRefusalSaysTheHandHoldsTooFewOfARank(t *testing.T) {
	s := parse(t, fourHands+" | turn=P1 | trick P4 8C 8D, P2 KC KD | passed=P3,P4")
	for _, tc := range []struct {
		m    Move
		says string
	}{
		// A joker makes a pair of the 5; the three Jacks make a pair too.
		{playOf(t, 1, "5C"), "play a pair to follow P2's K♣ K♦, or a 2, or pass"},
		{playOf(t, 1, "JC"), "play a pair to follow P2's K♣ K♦, or a 2, or pass"},
	} {
		_, err := Apply(s, tc.m)
		if err == nil || cards.Reason(err) != tc.says {
			t.Errorf("%v: %v, want a refusal saying %q", tc.m, err, tc.says)
		}
	}
	s = parse(t, fourHands+" | turn=P1 | top P4 8C 8D 8S")
	if _, err := Apply(s, playOf(t, 1, "5C")); err == nil || !strings.HasSuffix(err.Error(), "; you hold one 5 and one joker") {
		t.Errorf("a 5 alone on a triple: %v, want a refusal that ends %q", err, "; you hold one 5 and one joker")
	}
	s = parse(t, "4p turn=P2 | P1: 5C 6D | P2: 4C 7C KC 2H | P3: 6C 9C | P4: 8C | top P1 6D 6S | jokers=0")
	if _, err := Apply(s, playOf(t, 2, "7C")); err == nil || !strings.HasSuffix(err.Error(), "; you hold one 7") {
		t.Errorf("a 7 alone on a pair: %v, want a refusal that ends %q", err, "; you hold one 7")
	}
}
