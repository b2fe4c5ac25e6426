package cards

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestCheckRankOrder(t *testing.T) {
	climbing := []Rank{Three, Four, Five, Six, Seven, Eight, Nine, Ten, Jack, Queen, King, Ace, Two}
	for _, good := range [][]Rank{nil, climbing} {
		if err := (GameInfo{RankOrder: good}).CheckRankOrder(); err != nil {
			t.Errorf("%v: %v", good, err)
		}
	}
	for _, bad := range [][]Rank{
		climbing[:12],                    // a rank missing
		append(climbing[:12:12], Ace),    // a rank twice
		append(climbing[:12:12], 14),     // no rank
		append(climbing[:12:12], NoRank), // the joker's
	} {
		if err := (GameInfo{RankOrder: bad}).CheckRankOrder(); !errors.Is(err, ErrBadInput) {
			t.Errorf("%v: %v, want an error wrapping ErrBadInput", bad, err)
		}
	}
}

func TestRankOrderEncodesAsRanks(t *testing.T) {
	b, err := json.Marshal(GameInfo{RankOrder: []Rank{Three, Ace, Two}})
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		RankOrder []string `json:"rankOrder"`
	}
	if err := json.Unmarshal(b, &back); err != nil || len(back.RankOrder) != 3 || back.RankOrder[1] != "A" {
		t.Errorf("%s: %v", b, err)
	}
	if b, _ := json.Marshal(GameInfo{}); strings.Contains(string(b), "rankOrder") {
		t.Errorf("an empty rank order is in the JSON: %s", b)
	}
}
