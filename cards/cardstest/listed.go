package cardstest

import (
	"errors"
	"iter"
	"reflect"
	"slices"
	"strings"

	"github.com/cardrules/games/cards"
)

// CheckListedMoves checks that Apply accepts in s exactly the moves that
// AppendLegalMoves lists, among candidates: no move is listed twice, every
// listed move applies, and every candidate that is not listed is refused
// with an error that wraps cards.ErrIllegalMove and says why, Apply
// returning s as it was. The candidates are moves a game's test makes up
// for s, legal or not: every kind of move with every card the mover holds,
// for instance. A failure shows the move's text and JSON and the mover's
// view as JSON.
func CheckListedMoves[O any, S cards.State, M cards.Move, V cards.View[M]](t TB, rules cards.Rules[O, S, M, V], s S, candidates iter.Seq[M]) {
	t.Helper()
	same := sameFunc[S]()
	legal := rules.AppendLegalMoves(nil, s)
	listed := make(map[M]bool, len(legal))
	for _, m := range legal {
		if listed[m] {
			t.Fatalf("%v's move %q is listed twice\n%s", m.Player(), m, moveCase(rules, s, m))
		}
		listed[m] = true
		if _, err := rules.Apply(s, m); err != nil {
			t.Fatalf("%v's listed move %q is refused: %v\n%s", m.Player(), m, err, moveCase(rules, s, m))
		}
	}
	for m := range candidates {
		if listed[m] {
			continue
		}
		next, err := rules.Apply(s, m)
		switch {
		case err == nil:
			t.Fatalf("%v's move %q is not listed, yet Apply accepts it\n%s", m.Player(), m, moveCase(rules, s, m))
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

// MustApply applies moves to s in turn and returns the state reached,
// failing the test at a move Apply refuses or a state that breaks the
// rules. Rule tests walk a hand-built state through a situation with it.
func MustApply[O any, S cards.State, M cards.Move, V cards.View[M]](t TB, rules cards.Rules[O, S, M, V], s S, moves ...M) S {
	t.Helper()
	for _, m := range moves {
		next, err := rules.Apply(s, m)
		if err != nil {
			t.Fatalf("%v's move %q is refused: %v\n%s", m.Player(), m, err, moveCase(rules, s, m))
		}
		if err := next.Check(); err != nil {
			t.Fatalf("after %v's move %q the state breaks the rules: %v", m.Player(), m, err)
		}
		s = next
	}
	return s
}

// Refused checks that Apply refuses m in s with an error that wraps want
// (cards.ErrIllegalMove, or a sentinel that wraps it) and whose text holds
// each of words, that it returns s unchanged, and that m is not listed.
// Rule tests check with it what a rule forbids and the reason a player
// reads.
func Refused[O any, S cards.State, M cards.Move, V cards.View[M]](t TB, rules cards.Rules[O, S, M, V], s S, m M, want error, words ...string) {
	t.Helper()
	next, err := rules.Apply(s, m)
	if err == nil {
		t.Fatalf("%v's move %q is accepted; it should be refused (%v)", m.Player(), m, want)
	}
	if !errors.Is(err, want) {
		t.Fatalf("refusing %v's move %q: the error %q does not wrap %q", m.Player(), m, err, want)
	}
	for _, w := range words {
		if !strings.Contains(err.Error(), w) {
			t.Fatalf("refusing %v's move %q: the error %q does not say %q", m.Player(), m, err, w)
		}
	}
	if !sameFunc[S]()(next, s) {
		t.Fatalf("refusing %v's move %q: Apply returned a changed state", m.Player(), m)
	}
	if slices.Contains(rules.AppendLegalMoves(nil, s), m) {
		t.Fatalf("%v's move %q is refused, yet listed", m.Player(), m)
	}
}
