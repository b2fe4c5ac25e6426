package cards

// An Ending tells how a game ended, for the programs that count the ways
// games end: the harness's coverage line, the balance lab's report.
type Ending struct {
	// Name names the way the game ended, as a person reads it: "Royal
	// Council", "a third run", "a draw at the turn limit".
	Name string
	// Limit reports a game that its own limit on its length ended (a
	// turn or a round limit), rather than a player's win or the course
	// of play the rules set out.
	Limit bool
}

// An Ender is a state that tells how its game ended. A game's state may
// implement it; EndingOf asks it, and names the ending of any other
// state by its result.
type Ender interface {
	// Ending returns how the game ended; it is asked of a state that is
	// over.
	Ending() Ending
}

// EndingOf returns how the game of s ended: its own Ending if s is an
// Ender, or else a name its result gives — "one winner", "a shared win",
// "a draw", "the automaton's win", "no winner" — and "not over" for a
// game that is not.
func EndingOf(s State) Ending {
	if !s.Over() {
		return Ending{Name: "not over"}
	}
	if e, ok := s.(Ender); ok {
		return e.Ending()
	}
	r := s.Result()
	switch {
	case r.Drawn:
		return Ending{Name: "a draw"}
	case r.Winners.Len() > 1:
		return Ending{Name: "a shared win"}
	case r.Winners.Len() == 1 && r.Automata.Has(r.Winners.First()):
		return Ending{Name: "the automaton's win"}
	case r.Winners.Len() == 1:
		return Ending{Name: "one winner"}
	}
	return Ending{Name: "no winner"}
}
