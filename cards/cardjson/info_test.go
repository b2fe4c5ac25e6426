package cardjson

import (
	"testing"

	"github.com/cardrules/games/cards"
)

// TestInfoFieldsAreTheInfos checks that a description encodes through
// InfoFields as it encodes itself, and decodes back the same.
func TestInfoFieldsAreTheInfos(t *testing.T) {
	for _, info := range []cards.GameInfo{
		{},
		{
			Name: "duel", Title: "Duel & co", Summary: "a game", MinPlayers: 2, MaxPlayers: 2,
			Options:   []cards.OptionInfo{cards.IntOpt("players", 2, 2, 2, "the players"), cards.SeedOpt(), cards.NoLogOpt()},
			RankOrder: []cards.Rank{cards.Two, cards.Ace},
			HowToPlay: []cards.Section{{Title: "Goal", Paragraphs: []string{"Win."}}},
			Glossary:  []cards.Term{{Term: "trick", Meaning: "the cards played in a round"}},
			Legend:    []cards.Term{{Term: "A", Meaning: "high"}},
		},
	} {
		want, err := info.AppendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := AppendFields(nil, InfoFields(&info))
		if err != nil || string(got) != string(want) {
			t.Fatalf("InfoFields encode as %s, %v; the info as %s", got, err, want)
		}
		var back cards.GameInfo
		if _, err := DecodeFields(got, "a game's description", InfoFields(&back)); err != nil {
			t.Fatal(err)
		}
		if again, _ := back.AppendJSON(nil); string(again) != string(want) {
			t.Errorf("InfoFields decode %s as %s", want, again)
		}
	}
}
