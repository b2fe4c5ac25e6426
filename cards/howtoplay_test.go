package cards

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const sampleRules = `# Goal
Be the first
out.

Then you are King.

# Glossary
King: the first player out.

Bastard: the last player
left with cards.
`

func TestParseHowToPlay(t *testing.T) {
	sections, glossary, err := ParseHowToPlay(sampleRules)
	if err != nil {
		t.Fatal(err)
	}
	want := []Section{{Title: "Goal", Paragraphs: []string{"Be the first out.", "Then you are King."}}}
	if diff := cmp.Diff(want, sections); diff != "" {
		t.Errorf("sections (-want +got):\n%s", diff)
	}
	terms := []Term{{"King", "the first player out."}, {"Bastard", "the last player left with cards."}}
	if diff := cmp.Diff(terms, glossary); diff != "" {
		t.Errorf("glossary (-want +got):\n%s", diff)
	}
}

func TestParseHowToPlayRefusesAMalformedText(t *testing.T) {
	for _, tc := range []struct{ text, says string }{
		{"", "no section"},
		{"stray\n# Goal\nwin\n# Glossary\nA: b\n", "before its first section"},
		{"# Goal\n\n# Glossary\nA: b\n", `section "Goal" of a rules text has no paragraph`},
		{"# Goal\nwin\n", `no section "Glossary"`},
		{"# Goal\nwin\n# Glossary\nA b\n", "not a term, a colon and its meaning"},
		{"# Goal\nwin\n# Glossary\nKing: b\n\nkings: c\n", `explains "kings" twice`},
		{"# Glossary\nA: b\n", "no section"},
		{"# \nwin\n# Glossary\nA: b\n", "has no title"},
	} {
		_, _, err := ParseHowToPlay(tc.text)
		if !errors.Is(err, ErrBadInput) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%q: %v, want an error wrapping ErrBadInput saying %q", tc.text, err, tc.says)
		}
	}
}

func TestLookupTerm(t *testing.T) {
	info := GameInfo{Glossary: []Term{{"King", "k"}, {"Royal Council", "rc"}, {"Royal Bloc", "rb"}, {"pass", "p"}, {"hand limit", "hl"}}}
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"King", []string{"King"}},
		{"kings", []string{"King"}},
		{" royal   council ", []string{"Royal Council"}},
		{"roy", []string{"Royal Council", "Royal Bloc"}},
		{"pass", []string{"pass"}},
		{"passes", nil}, // no plural es
		{"limit", []string{"hand limit"}},
		{"council", []string{"Royal Council"}},
		{"and", nil},
		{"queen", nil},
		{"", nil},
	} {
		var got []string
		for _, term := range info.LookupTerm(tc.name) {
			got = append(got, term.Term)
		}
		if !slicesEqual(got, tc.want) {
			t.Errorf("LookupTerm(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func slicesEqual(a, b []string) bool { return strings.Join(a, "|") == strings.Join(b, "|") }

func TestGameInfoJSONHoldsItsRules(t *testing.T) {
	info := GameInfo{
		Name: "toy", Title: "Toy", Summary: "a toy", MinPlayers: 2, MaxPlayers: 2, Options: []OptionInfo{SeedOpt()},
		HowToPlay: []Section{{Title: "Goal", Paragraphs: []string{"Win."}}},
		Glossary:  []Term{{"win", "to be first."}},
		Legend:    []Term{{"♣", "clubs"}},
	}
	b, err := info.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `"howToPlay":[{"title":"Goal","paragraphs":["Win."]}],"glossary":[{"term":"win","meaning":"to be first."}],"legend":[{"term":"♣","meaning":"clubs"}]}`
	if !strings.HasSuffix(string(b), want) {
		t.Errorf("%s\ndoes not end with %s", b, want)
	}
	var back GameInfo
	if err := back.UnmarshalJSON(b); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(info, back); diff != "" {
		t.Errorf("the info does not come back from its JSON (-want +got):\n%s", diff)
	}
	if b, _ := (GameInfo{}).MarshalJSON(); strings.Contains(string(b), "howToPlay") || strings.Contains(string(b), "glossary") || strings.Contains(string(b), "legend") {
		t.Errorf("an info without rules writes them: %s", b)
	}
}

func TestReason(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{Illegal("7♦ does not beat 9♠"), "7♦ does not beat 9♠"},
		{fmt.Errorf("%w: P3 is to move, not P1", ErrNotYourTurn), "P3 is to move, not P1"},
		{ErrGameOver, "the game is over"},
		{BadInput("no card"), "bad input: no card"},
	} {
		if got := Reason(tc.err); got != tc.want {
			t.Errorf("Reason(%q) = %q, want %q", tc.err, got, tc.want)
		}
	}
}
