package packs

import (
	"fmt"
	"testing"

	"github.com/cardrules/games/cards"
)

// quiet returns the options of a game of n without a log, as search plays
// it; n 1 is the solo game with a head start of 2.
func quiet(n int, seed uint64) Options {
	o := Options{Players: n, Turns: DefaultTurns, Seed: cards.Seed(seed), NoLog: true}
	if n == 1 {
		o.Players, o.Solo, o.HeadStart = 2, true, 2
	}
	return o
}

// randomGame plays a game of opts with random legal moves to its end and
// returns every state reached but the last, and the move made in each.
func randomGame(tb testing.TB, opts Options, seed uint64) ([]State, []Move) {
	tb.Helper()
	s, err := NewGame(opts)
	if err != nil {
		tb.Fatal(err)
	}
	r := cards.NewRand(seed)
	var states []State
	var moves, legal []Move
	for !s.Over() {
		legal = AppendLegalMoves(legal[:0], s)
		m := legal[r.IntN(len(legal))]
		states, moves = append(states, s), append(moves, m)
		if s, err = Apply(s, m); err != nil {
			tb.Fatal(err)
		}
	}
	return states, moves
}

func BenchmarkApply(b *testing.B) {
	states, moves := randomGame(b, quiet(4, 11), 1)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := i % len(moves)
		if _, err := Apply(states[k], moves[k]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	states, _ := randomGame(b, quiet(4, 11), 1)
	var buf []Move
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = AppendLegalMoves(buf[:0], states[i%len(states)])
		i++
	}
}

// BenchmarkPlayout deals and plays whole games with random legal moves,
// and reports moves a second.
func BenchmarkPlayout(b *testing.B) {
	for _, n := range []int{1, 2, 4} {
		name := fmt.Sprintf("%dplayers", n)
		if n == 1 {
			name = "solo"
		}
		b.Run(name, func(b *testing.B) {
			r := cards.NewRand(1)
			var buf []Move
			b.ReportAllocs()
			games, moves := 0, 0
			for b.Loop() {
				s, err := NewGame(quiet(n, uint64(games)))
				if err != nil {
					b.Fatal(err)
				}
				for !s.Over() {
					buf = AppendLegalMoves(buf[:0], s)
					if s, err = Apply(s, buf[r.IntN(len(buf))]); err != nil {
						b.Fatal(err)
					}
					moves++
				}
				games++
			}
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

func TestApplyAllocatesNothingWithTheLogOff(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4} {
		states, moves := randomGame(t, quiet(n, 3), 1)
		buf := AppendLegalMoves(nil, states[0])
		allocs := testing.AllocsPerRun(5, func() {
			s := states[0]
			for _, m := range moves {
				s, _ = Apply(s, m)
				buf = AppendLegalMoves(buf[:0], s)
			}
		})
		if allocs != 0 {
			t.Errorf("%d players: %v allocations in a game of %d moves with the log off", n, allocs, len(moves))
		}
	}
}
