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
	pieces := []string{"P1 ", "passed", " and ", "%s", "%d", "%%", "%v", "%v", "%q", "%5d", "%+v", "%", "é ♦ ", ": "}
	args := []any{"text", "", 7, -12, Player(2), Spectator, PlayersOf(0, 2), errors.New("an error"), int8(3), nil, (*nilStringer)(nil), &nilStringer{"set"}, 2.5, Card(0), true, Rank(12), []int{1}, SetOf(New(Ace, Spades), New(Ten, Hearts)), Set{}, Hearts, Player(40), Suit(9),
		uint8(200), int16(-300), int32(-5), int64(1 << 40), uint(9), uint16(7), uint32(1 << 31), uint64(1 << 63)}
	rapid.Check(t, func(t *rapid.T) {
		// Mostly one argument for each verb, as events are written; now
		// and then one too many or too few.
		format, as := "", []any{}
		for range rapid.IntRange(0, 8).Draw(t, "pieces") {
			p := rapid.SampledFrom(pieces).Draw(t, "piece")
			format += p
			if len(p) > 1 && p[0] == '%' && p != "%%" {
				as = append(as, rapid.SampledFrom(args).Draw(t, "arg"))
			}
		}
		switch rapid.IntRange(0, 9).Draw(t, "count") {
		case 0:
			as = append(as, rapid.SampledFrom(args).Draw(t, "extra"))
		case 1:
			if len(as) > 0 {
				as = as[1:]
			}
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
