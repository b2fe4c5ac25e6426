package cardstest

import (
	"fmt"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// TB is what the helpers that take it need of a test: *testing.T,
// *testing.B, *testing.F and *rapid.T all have it, so that they serve in a
// property of rapid as in a plain test.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// mustJSON encodes v, failing the test if it cannot.
func mustJSON(t TB, v any) string {
	t.Helper()
	b, err := cardjson.Marshal(v)
	if err != nil {
		t.Fatalf("encoding %T as JSON: %v", v, err)
	}
	return string(b)
}

// jsonOrError returns v's JSON, or a note of why it has none, for the
// text of a failure.
func jsonOrError(v any) string {
	b, err := cardjson.Marshal(v)
	if err != nil {
		return fmt.Sprintf("(%T does not encode as JSON: %v)", v, err)
	}
	return string(b)
}

// moveCase describes m, offered in s, for the text of a failure: the
// move's text and JSON, and its player's view of s as JSON — the case as
// a person reads it, not as Go prints a struct.
func moveCase[O any, S cards.State, M cards.Move, V cards.View[M]](rules cards.Rules[O, S, M, V], s S, m M) string {
	p := m.Player()
	if !p.Valid(s.Players()) {
		p = cards.Spectator
	}
	return fmt.Sprintf("move: %q of %v, %s\n%v's view: %s", m.String(), m.Player(), jsonOrError(m), p, jsonOrError(rules.View(s, p)))
}

// roundTrip encodes v, decodes the result into a new T and encodes that
// again, failing the test unless both encodings agree. It returns the
// decoded value.
func roundTrip[T any](t TB, what string, v T) T {
	t.Helper()
	first := mustJSON(t, v)
	var back T
	if err := cardjson.Unmarshal([]byte(first), &back, what); err != nil {
		t.Fatalf("%s does not decode from its own JSON: %v\n%s", what, err, first)
	}
	if second := mustJSON(t, back); second != first {
		t.Fatalf("%s changes in a JSON round trip:\nbefore: %s\nafter:  %s", what, first, second)
	}
	return back
}
