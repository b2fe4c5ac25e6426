package cardroom

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAddWins: a game's winners count once each, a person by who they
// are, a bot by its spec; a draw is nobody's win; a result from before
// players were told apart counts a person by name.
func TestAddWins(t *testing.T) {
	for _, tc := range []struct {
		what   string
		result string
		want   []NameWins
	}{
		{"two seats of one bot share a win", `{"over":true,"names":["ismcts:strength=2","Ann","ismcts:strength=2"],"players":["","p1",""],"winners":["ismcts:strength=2","ismcts:strength=2"],"scores":[5,0,5]}`,
			[]NameWins{{Name: "ismcts:strength=2", Bot: true, Wins: 1}}},
		{"a person named as a bot", `{"over":true,"names":["random","random"],"players":["p9",""],"winners":["random"],"scores":[1,0]}`,
			[]NameWins{{Name: "random", Player: "p9", Wins: 1}}},
		{"a draw", `{"over":true,"names":["Ann","Bob"],"players":["p1","p2"],"winners":["Ann","Bob"],"scores":[1,1],"drawn":true}`, nil},
		{"a game going", ``, nil},
		{"a result of old", `{"over":true,"names":["Ann","Bob"],"winners":["Bob"],"scores":[0,1]}`, []NameWins{{Name: "Bob", Wins: 1}}},
	} {
		if got := addWins(nil, tc.result); !cmp.Equal(got, tc.want) {
			t.Errorf("%s: %s", tc.what, cmp.Diff(tc.want, got))
		}
	}
	twice := addWins(addWins(nil, `{"over":true,"names":["Ann","Bob"],"players":["p1","p2"],"winners":["Ann"],"scores":[1,0]}`),
		`{"over":true,"names":["Bob","Ann"],"players":["p2","p1"],"winners":["Ann"],"scores":[0,1]}`)
	if want := []NameWins{{Name: "Ann", Player: "p1", Wins: 2}}; !cmp.Equal(twice, want) {
		t.Errorf("Ann's two wins at two seats: %s", cmp.Diff(want, twice))
	}
}
