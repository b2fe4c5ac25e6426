package cardstest

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
)

var update = flag.Bool("update", false, "rewrite the golden playthroughs in testdata instead of comparing with them")

// Golden plays the game of opts to its end with moves chosen by a random
// source seeded with 1, writes the playthrough as text — every move, the
// view of the player who made it as they saw it, and everyone's view at the
// start and at the end, with the public log as it grows — and compares it with the file at path. With the
// -update flag it rewrites the file instead. A change of the rules then
// shows as a diff to review.
func Golden[O any, S cards.State, M cards.Move, V cards.View[M]](t *testing.T, rules cards.Rules[O, S, M, V], opts O, path string) {
	t.Helper()
	got := Playthrough(t, rules, opts, 1)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test with -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n"))
		t.Errorf("playthrough differs from %s (-want +got; -update rewrites it):\n%s", path, diff)
	}
}

// Playthrough plays the game of opts to its end with moves chosen by a
// random source seeded with seed and returns the text Golden records.
func Playthrough[O any, S cards.State, M cards.Move, V cards.View[M]](t testing.TB, rules cards.Rules[O, S, M, V], opts O, seed uint64) []byte {
	t.Helper()
	s, err := rules.NewGame(opts)
	if err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s, options %s, moves chosen at random with seed %d\n", rules.Info().Name, mustJSON(t, opts), seed)
	writeViews(&b, rules, s, "at the start")
	r := cards.NewRand(seed)
	var legal []M
	writeEvents(&b, s.Log().Since(0))
	for n := 1; ; n++ {
		legal = rules.AppendLegalMoves(legal[:0], s)
		if len(legal) == 0 {
			break
		}
		m := legal[r.IntN(len(legal))]
		fmt.Fprintf(&b, "\n## move %d: %v: %s (one of %d)\n", n, m.Player(), m, countFor(legal, m.Player()))
		writeView(&b, rules.View(s, m.Player()))
		next, err := rules.Apply(s, m)
		if err != nil {
			t.Fatalf("move %d, listed move %q, refused: %v", n, m, err)
		}
		writeEvents(&b, next.Log().Since(s.Log().Len()))
		s = next
	}
	writeViews(&b, rules, s, "at the end")
	fmt.Fprintf(&b, "\nresult: %s\n", mustJSON(t, s.Result()))
	return b.Bytes()
}

func countFor[M cards.Move](legal []M, p cards.Player) int {
	n := 0
	for _, m := range legal {
		if m.Player() == p {
			n++
		}
	}
	return n
}

func writeViews[O any, S cards.State, M cards.Move, V cards.View[M]](b *bytes.Buffer, rules cards.Rules[O, S, M, V], s S, when string) {
	for _, p := range viewers(s) {
		fmt.Fprintf(b, "\n## %v's view %s\n", p, when)
		writeView(b, rules.View(s, p))
	}
}

// writeView writes a view's text.
func writeView[M cards.Move, V cards.View[M]](b *bytes.Buffer, v V) {
	b.WriteString(strings.TrimRight(v.String(), "\n"))
	b.WriteByte('\n')
}

// writeEvents writes events as a spectator reads them: the text, and the
// data's JSON after it when the game gives data.
func writeEvents(b *bytes.Buffer, events []cards.Event) {
	for _, e := range cards.EventsFor(events, cards.Spectator) {
		fmt.Fprintf(b, "| %s", e.Text)
		if e.Data != nil {
			b.WriteString("  ")
			b.WriteString(jsonOrError(e.Data))
		}
		b.WriteByte('\n')
	}
}
