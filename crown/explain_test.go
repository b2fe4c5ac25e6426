package crown

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
)

// refusals returns the engine's refusal of each candidate of player p in
// s that is not legal, by the candidate's text.
func refusals(t *testing.T, s State, p cards.Player) map[string]string {
	t.Helper()
	why := map[string]string{}
	for _, m := range (Rules{}).AppendCandidates(nil, ViewOf(s, p)) {
		if m.Who != p {
			t.Fatalf("candidate %v is %v's, not %v's", m, m.Who, p)
		}
		if _, dup := why[m.String()]; dup {
			t.Fatalf("candidate %v is listed twice", m)
		}
		_, err := Apply(s, m)
		why[m.String()] = ""
		if err != nil {
			why[m.String()] = cards.Reason(err)
		}
	}
	return why
}

// TestCandidatesSayWhyACardIsNotOffered checks the refusals of the moves
// a player answering a decree might try with a hand of no Face card.
func TestCandidatesSayWhyACardIsNotOffered(t *testing.T) {
	s := build(t, "P1 hand 7D 9S | court 4C; P2 hand QS 3H KD | court 5D | pile 2S; played 5D; turn 2; decrees 0")
	why := refusals(t, s, p1)
	for text, want := range map[string]string{
		"decline":               "",
		"play 7♦":               "decree against 5♦ or decline",
		"decree with 7♦ and 9♠": "a decree is a Face card (J, Q, K) on top of one other card; 7♦ is no Face card",
		"club 5♦":               "decree against 5♦ or decline",
		"dig 2♠ from P2's pile": "decree against 5♦ or decline",
		"inspire to recruit":    "decree against 5♦ or decline",
	} {
		if got, ok := why[text]; !ok || got != want {
			t.Errorf("%s: refused %q (a candidate: %v), want %q", text, got, ok, want)
		}
	}
	// Outside a Bribe, P2's hand is secret, and so no candidate names it.
	for text := range why {
		if slices.Contains([]string{"bribe Q♠", "bribe 3♥", "bribe K♦"}, text) {
			t.Errorf("a candidate names a card of the opponent's secret hand: %s", text)
		}
	}
}

// TestCandidatesOfAClub checks the refusals of a Club's choices.
func TestCandidatesOfAClub(t *testing.T) {
	s := build(t, "P1 hand 7D | court 4C 6H; P2 hand QS | court 5D 8S | pile 2S; played 4C; ability club")
	why := refusals(t, s, p1)
	for text, want := range map[string]string{
		"club 5♦":               "",
		"club 6♥":               "a Club takes a card of P2's court; 6♥ is not there",
		"dig 2♠ from P2's pile": "choose what the Club acts on",
		"play 7♦":               "choose what the Club acts on",
	} {
		if got, ok := why[text]; !ok || got != want {
			t.Errorf("%s: refused %q (a candidate: %v), want %q", text, got, ok, want)
		}
	}
}

// TestBriefLeavesOutTheLegend checks that the brief text of a view is its
// text without the abilities' legend.
func TestBriefLeavesOutTheLegend(t *testing.T) {
	var _ cards.Briefer = View{}
	v := ViewOf(build(t, "P1 hand 7D 9S | court 4C; P2 hand QS 3H KD | court 5D"), p1)
	full, brief := v.String(), v.Brief()
	if !strings.Contains(full, abilityLegend) || strings.Contains(brief, "abilities:") {
		t.Errorf("the legend is not in the text, or is in the brief:\n%s\n%s", full, brief)
	}
	if strings.Replace(full, "\n"+abilityLegend, "", 1) != brief {
		t.Errorf("the brief is not the text without its legend:\n%s\n%s", full, brief)
	}
}
