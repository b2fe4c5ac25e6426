package packs

import (
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

// TestCandidatesSayWhatIsNotForSale checks the refusals of the moves of a
// second action: a card paid a coin under is not for sale, a card beyond
// one's coins costs too much, a card that does not fit the kingdom cannot
// be played.
func TestCandidatesSayWhatIsNotForSale(t *testing.T) {
	s := build(t, "P1 hand 10D coins 2 kingdom KH AH 7D | P2 coins 3 | "+market2)
	s = play(t, s, Buy(0, card(t, "9H")))
	why := refusals(t, s, 0)
	for text, want := range map[string]string{
		"buy 10♥":    "not for sale: you put a coin under 10♥ this turn, and may not buy it this turn",
		"buy 5♥":     "5♥ costs 5 coins and you have 1",
		"buy 10♠":    "",
		"play 9♥":    "",
		"play 10♦":   "10♦ does not fit your kingdom: a number card must be one up or one down from your ♦, nobles standing for any number",
		"pay a coin": "take an action: buy, play or discard, not pay",
	} {
		if got, ok := why[text]; !ok || got != want {
			t.Errorf("%s: refused %q (a candidate: %v), want %q", text, got, ok, want)
		}
	}
}
