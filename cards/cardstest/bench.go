package cardstest

import (
	"testing"

	"github.com/cardrules/games/cards"
)

// RandomGame plays the game of opts to its end, or for at most maxMoves
// moves, with legal moves chosen by a random source seeded with seed. It
// returns every state reached, the first one included, and the move made
// in each but the last.
func RandomGame[O any, S cards.State, M cards.Move, V cards.View[M]](rules cards.Rules[O, S, M, V], opts O, seed uint64, maxMoves int) ([]S, []M, error) {
	s, err := rules.NewGame(opts)
	if err != nil {
		return nil, nil, err
	}
	return playFrom(rules, s, seed, maxMoves)
}

// playFrom plays on from s as RandomGame plays on from a deal.
func playFrom[O any, S cards.State, M cards.Move, V cards.View[M]](rules cards.Rules[O, S, M, V], s S, seed uint64, maxMoves int) ([]S, []M, error) {
	var err error
	r := cards.NewRand(seed)
	states := []S{s}
	var moves, legal []M
	for range maxMoves {
		legal = rules.AppendLegalMoves(legal[:0], s)
		if len(legal) == 0 {
			break
		}
		m := legal[r.IntN(len(legal))]
		if s, err = rules.Apply(s, m); err != nil {
			return states, moves, err
		}
		states, moves = append(states, s), append(moves, m)
	}
	return states, moves, nil
}

// benchGame plays a game for a benchmark, failing it on any error.
func benchGame[O any, S cards.State, M cards.Move, V cards.View[M]](b *testing.B, rules cards.Rules[O, S, M, V], opts O) ([]S, []M) {
	b.Helper()
	states, moves, err := RandomGame(rules, opts, 1, 1_000_000)
	if err != nil || len(moves) == 0 {
		b.Fatalf("playing a game to measure: %d moves, %v", len(moves), err)
	}
	return states, moves
}

// The benchmarks take the game's own Apply and AppendLegalMoves besides
// its Rules, and time those: called through the cards.Rules interface, each
// call would also pay a dynamic dispatch and one more copy of the state
// (about 30 ns for a state of 400 bytes), which generic code pays but code
// written for one game does not.

// BenchApply measures apply, the game's Apply, over every move of a game of
// opts played with random moves. Options that turn the log off measure
// what search pays.
func BenchApply[O any, S cards.State, M cards.Move, V cards.View[M]](b *testing.B, rules cards.Rules[O, S, M, V], opts O, apply func(S, M) (S, error)) {
	states, moves := benchGame(b, rules, opts)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := i % len(moves)
		if _, err := apply(states[k], moves[k]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchLegalMoves measures legal, the game's AppendLegalMoves, into a
// buffer it reuses, over every state of a game of opts played with random
// moves.
func BenchLegalMoves[O any, S cards.State, M cards.Move, V cards.View[M]](b *testing.B, rules cards.Rules[O, S, M, V], opts O, legal func([]M, S) []M) {
	states, _ := benchGame(b, rules, opts)
	var buf []M
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = legal(buf[:0], states[i%len(states)])
		i++
	}
}

// BenchPlayout measures whole games: each deals a game from options(seed),
// a new seed each time, and plays random legal moves to its end with the
// game's own legal and apply. It reports playouts a second.
func BenchPlayout[O any, S cards.State, M cards.Move, V cards.View[M]](b *testing.B, rules cards.Rules[O, S, M, V], options func(seed uint64) O, legal func([]M, S) []M, apply func(S, M) (S, error)) {
	r := cards.NewRand(1)
	var buf []M
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		s, err := rules.NewGame(options(uint64(n)))
		if err != nil {
			b.Fatal(err)
		}
		for {
			buf = legal(buf[:0], s)
			if len(buf) == 0 {
				break
			}
			if s, err = apply(s, buf[r.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "playouts/s")
}

// NoAllocs checks that replaying a whole game of opts — Apply and
// AppendLegalMoves into a reused buffer at every move — allocates nothing.
// Options must turn the log off.
func NoAllocs[O any, S cards.State, M cards.Move, V cards.View[M]](t *testing.T, rules cards.Rules[O, S, M, V], opts O) {
	t.Helper()
	states, moves, err := RandomGame(rules, opts, 1, 1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	buf := rules.AppendLegalMoves(nil, states[0])
	allocs := testing.AllocsPerRun(5, func() {
		s := states[0]
		for _, m := range moves {
			s, _ = rules.Apply(s, m)
			buf = rules.AppendLegalMoves(buf[:0], s)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations in a game of %d moves with the log off", allocs, len(moves))
	}
}
