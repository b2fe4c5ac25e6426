package cards

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
)

func TestPlayerNames(t *testing.T) {
	if Player(0).String() != "P1" || Player(3).String() != "P4" || Spectator.String() != "spectator" {
		t.Error("players print as P1, P2, … and the spectator as spectator")
	}
	if Player(3).Next(4) != 0 || Player(1).Next(4) != 2 {
		t.Error("Next goes left around the table")
	}
}

func TestPlayerSetNames(t *testing.T) {
	for s, want := range map[PlayerSet]string{
		0: "", PlayersOf(1): "P2", PlayersOf(0, 2): "P1 and P3", PlayersOf(0, 1, 5): "P1, P2 and P6",
	} {
		if got := s.Names(); got != want {
			t.Errorf("%v.Names() = %q, want %q", s, got, want)
		}
	}
}

func TestPlayerSet(t *testing.T) {
	s := PlayersOf(0, 2, 5)
	if s.Len() != 3 || !s.Has(2) || s.Has(1) || s.Has(Spectator) || s.First() != 0 {
		t.Fatalf("PlayersOf = %v", s)
	}
	if got := slices.Collect(s.Without(0).All()); !slices.Equal(got, []Player{2, 5}) {
		t.Errorf("All = %v", got)
	}
	if s.String() != "P1 P3 P6" || AllPlayers(3) != PlayersOf(0, 1, 2) {
		t.Errorf("String = %q", s)
	}
	if s.With(Spectator) != s || s.With(40) != s {
		t.Error("With must ignore values that are not players")
	}
	b, _ := json.Marshal(s)
	var back PlayerSet
	if string(b) != "[0,2,5]" || json.Unmarshal(b, &back) != nil || back != s {
		t.Errorf("JSON %s decodes as %v", b, back)
	}
	if err := json.Unmarshal([]byte("[16]"), &back); !errors.Is(err, ErrBadInput) {
		t.Errorf("player 16: %v", err)
	}
}

func TestResultString(t *testing.T) {
	for _, c := range []struct {
		r    Result
		want string
	}{
		{Result{}, "no winner yet"},
		{Result{Winners: PlayersOf(1)}, "P2 won"},
		{Result{Winners: PlayersOf(0, 2)}, "P1 and P3 shared the win"},
		{Result{Winners: PlayersOf(0, 1), Drawn: true}, "P1 and P2 drew"},
		{Result{Winners: PlayersOf(1), Automata: PlayersOf(1)}, "P2 (the automaton) won"},
		{Result{Winners: PlayersOf(3), Scores: []int{0, 0, 0, 1}}, "P4 won (scores: P1 0, P2 0, P3 0, P4 1)"},
		{Result{Scores: []int{12, -3}}, "no winner yet (scores: P1 12, P2 -3)"},
		{Result{Winners: PlayersOf(0, 1), Drawn: true, Scores: []int{9, 9}}, "P1 and P2 drew (scores: P1 9, P2 9)"},
		{Result{Winners: PlayersOf(1), Automata: PlayersOf(1), Scores: []int{2, 3}}, "P2 (the automaton) won (scores: P1 2, P2 3)"},
	} {
		if got := c.r.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}
