package cards

import "testing"

// over is a state that is over, with a result, for EndingOf.
type over struct {
	result Result
	done   bool
}

func (s over) Players() int     { return len(s.result.Scores) }
func (s over) ToAct() PlayerSet { return 0 }
func (s over) Over() bool       { return s.done }
func (s over) Result() Result   { return s.result }
func (s over) Check() error     { return nil }
func (s over) Log() Log         { return Off() }

// called is a state that tells its own ending.
type called struct{ over }

func (called) Ending() Ending { return Ending{Name: "called", Limit: true} }

func TestEndingOfNamesAGameByItsResultOrItsOwnWord(t *testing.T) {
	scores := []int{0, 0, 0}
	for _, c := range []struct {
		s    State
		want Ending
	}{
		{over{Result{Scores: scores}, false}, Ending{Name: "not over"}},
		{over{Result{Winners: PlayersOf(1), Scores: scores}, true}, Ending{Name: "one winner"}},
		{over{Result{Winners: PlayersOf(1).With(2), Scores: scores}, true}, Ending{Name: "a shared win"}},
		{over{Result{Winners: AllPlayers(3), Drawn: true, Scores: scores}, true}, Ending{Name: "a draw"}},
		{over{Result{Winners: PlayersOf(1), Automata: PlayersOf(1), Scores: scores}, true}, Ending{Name: "the automaton's win"}},
		{over{Result{Scores: scores}, true}, Ending{Name: "no winner"}},
		{called{over{Result{Scores: scores}, true}}, Ending{Name: "called", Limit: true}},
	} {
		if got := EndingOf(c.s); got != c.want {
			t.Errorf("EndingOf(%+v) = %+v, want %+v", c.s, got, c.want)
		}
	}
}
