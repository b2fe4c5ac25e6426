package cardstest

import (
	"errors"
	"iter"
	"reflect"

	"github.com/cardrules/games/cards"
)

// CheckListedMoves checks that Apply accepts in s exactly the moves that
// AppendLegalMoves lists, among candidates: no move is listed twice, every
// listed move applies, and every candidate that is not listed is refused
// with an error that wraps cards.ErrIllegalMove and says why, Apply
// returning s as it was. The candidates are moves a game's test makes up
// for s, legal or not: every kind of move with every card the mover holds,
// for instance. A failure shows the table as the mover sees it.
func CheckListedMoves[O any, S cards.State, M cards.Move, V cards.View[M]](t TB, rules cards.Rules[O, S, M, V], s S, candidates iter.Seq[M]) {
	t.Helper()
	same := sameFunc[S]()
	legal := rules.AppendLegalMoves(nil, s)
	listed := make(map[M]bool, len(legal))
	for _, m := range legal {
		if listed[m] {
			t.Fatalf("%v's move %q is listed twice\n%s", m.Player(), m, rules.View(s, m.Player()))
		}
		listed[m] = true
		if _, err := rules.Apply(s, m); err != nil {
			t.Fatalf("%v's listed move %q is refused: %v\n%s", m.Player(), m, err, rules.View(s, m.Player()))
		}
	}
	for m := range candidates {
		if listed[m] {
			continue
		}
		next, err := rules.Apply(s, m)
		switch {
		case err == nil:
			t.Fatalf("%v's move %q is not listed, yet Apply accepts it\n%s", m.Player(), m, rules.View(s, m.Player()))
		case !errors.Is(err, cards.ErrIllegalMove):
			t.Fatalf("refusing %v's move %q: the error %q does not wrap cards.ErrIllegalMove", m.Player(), m, err)
		case err.Error() == cards.ErrIllegalMove.Error():
			t.Fatalf("refusing %v's move %q: the error does not say why", m.Player(), m)
		case !same(next, s):
			t.Fatalf("refusing %v's move %q: Apply returned a changed state", m.Player(), m)
		}
	}
}

// sameFunc returns a function that reports whether two values of S are
// the same: == where S is comparable, as most states are, else
// reflect.DeepEqual, which is slower.
func sameFunc[S any]() func(a, b S) bool {
	if reflect.TypeFor[S]().Comparable() {
		return func(a, b S) bool { return any(a) == any(b) }
	}
	return func(a, b S) bool { return reflect.DeepEqual(a, b) }
}
