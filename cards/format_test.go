package cards

import (
	"errors"
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// nilStringer is a Stringer whose String panics on a nil receiver.
type nilStringer struct{ s string }

func (n *nilStringer) String() string { return n.s }

// TestSprintfIsFmt formats random formats of events' verbs, and others,
// with random arguments: sprintf writes what fmt.Sprintf writes.
func TestSprintfIsFmt(t *testing.T) {
	pieces := []string{"P1 ", "passed", " and ", "%s", "%d", "%%", "%v", "%q", "%5d", "%", "é ♦ ", ": "}
	args := []any{"text", "", 7, -12, Player(2), Spectator, PlayersOf(0, 2), errors.New("an error"), int8(3), nil, (*nilStringer)(nil), &nilStringer{"set"}, 2.5, Card(0)}
	rapid.Check(t, func(t *rapid.T) {
		format := ""
		for _, i := range rapid.SliceOfN(rapid.IntRange(0, len(pieces)-1), 0, 8).Draw(t, "pieces") {
			format += pieces[i]
		}
		var as []any
		for _, i := range rapid.SliceOfN(rapid.IntRange(0, len(args)-1), 0, 4).Draw(t, "args") {
			as = append(as, args[i])
		}
		if got, want := sprintf(format, as...), fmt.Sprintf(format, as...); got != want {
			t.Fatalf("sprintf(%q, %#v) = %q, fmt.Sprintf writes %q", format, as, got, want)
		}
	})
}

func BenchmarkSprintf(b *testing.B) {
	for b.Loop() {
		_ = sprintf("%s won the trick%s: %s leads with %d cards", Player(1), " with a 2", Player(2), 5)
	}
}

func BenchmarkFmtSprintf(b *testing.B) {
	for b.Loop() {
		_ = fmt.Sprintf("%s won the trick%s: %s leads with %d cards", Player(1), " with a 2", Player(2), 5)
	}
}
