package ninekingdoms

import (
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
)

// refusals returns the engine's refusal of each candidate of player p in
// s, "" for a legal one, by the candidate's text.
func refusals(t *testing.T, s State, p cards.Player) map[string]string {
	t.Helper()
	why := map[string]string{}
	for _, m := range (Rules{}).AppendCandidates(nil, ViewOf(s, p)) {
		if _, dup := why[m.String()]; m.Who != p || dup {
			t.Fatalf("candidate %v is %v's, or listed twice", m, m.Who)
		}
		_, err := Apply(s, m)
		why[m.String()] = ""
		if err != nil {
			why[m.String()] = cards.Reason(err)
		}
	}
	return why
}

// TestCandidatesOfAChoice checks the pairs a player might choose: two
// alike are refused when the hand holds one.
func TestCandidatesOfAChoice(t *testing.T) {
	s := build(t, "P1 hand 4 5 5 9 $; P2 hand 1 2 3 4 6")
	why := refusals(t, s, p1)
	for text, want := range map[string]string{
		"choose 5 5":      "",
		"choose 9 $":      "",
		"choose 4 4":      "your hand 4 5 5 9 $ does not hold 4 4",
		"claim Kingdom 5": "every player first chooses two cards to play this round",
		"end turn":        "every player first chooses two cards to play this round",
	} {
		if got, ok := why[text]; !ok || got != want {
			t.Errorf("%s: refused %q (a candidate: %v), want %q", text, got, ok, want)
		}
	}
	if _, ok := why["choose 1 2"]; ok {
		t.Error("a candidate chooses cards the hand does not hold")
	}
}

// TestCandidatesOfATurn checks the refusals of a turn's moves: a claim
// with too few cards, a Flank that reaches other values, an end before
// the Flank is used or declined.
func TestCandidatesOfATurn(t *testing.T) {
	s := build(t, "P1 pair 5 6 | tableau 4; P2 pair 1 2 | tableau 4 4 7 8; turn P1")
	why := refusals(t, s, p1)
	for text, want := range map[string]string{
		"flank P2: discard 7": "",
		"flank P2: discard 8": "your Flank reaches only a 4 or 7",
		"siege P2: discard 4": "you have no Siege to use now",
		"claim Kingdom 4":     "P2 has more 4s than you, so you cannot claim Kingdom 4",
		"claim Kingdom 5":     "",
		"end turn":            "first use or decline your Flank",
		"stash 5":             "only the holder of Kingdom 8 may move a tableau card to their scoring pile",
	} {
		if got, ok := why[text]; !ok || got != want {
			t.Errorf("%s: refused %q (a candidate: %v), want %q", text, got, ok, want)
		}
	}
}

// TestBriefLeavesOutThePowers checks that the brief text of a view is its
// text with the kingdoms in a line for their powers.
func TestBriefLeavesOutThePowers(t *testing.T) {
	var _ cards.Briefer = View{}
	v := ViewOf(build(t, "P1 pair 5 6 | tableau 4 | kingdoms 4; P2 pair 1 2 | tableau 8 | kingdoms 8; turn P1"), p1)
	full, brief := v.String(), v.Brief()
	if !strings.Contains(full, powers[7]) || strings.Contains(brief, powers[7]) {
		t.Errorf("the powers are not in the text, or are in the brief:\n%s\n%s", full, brief)
	}
	if !strings.Contains(brief, "\nKingdoms: P1 holds 4, P2 holds 8; in the centre 1 2 3 5 6 7 9\n") {
		t.Errorf("the brief does not say who holds which kingdoms:\n%s", brief)
	}
	_, rest, _ := strings.Cut(full, powers[9]+"\n")
	if !strings.HasSuffix(brief, rest) {
		t.Errorf("the brief is not the text without its powers:\n%s\n%s", full, brief)
	}
}
