package ninekingdoms

import (
	"testing"

	"github.com/cardrules/games/cards"
)

// benchGame plays a seeded game of random moves with the log off and
// returns its states and the move made in each.
func benchGame(b *testing.B) ([]State, []Move) {
	s, err := NewGame(Options{Players: 4, Seed: 11, NoLog: true})
	if err != nil {
		b.Fatal(err)
	}
	r := cards.NewRand(11)
	var states []State
	var moves []Move
	for !s.Over() {
		ms := LegalMoves(s)
		m := ms[r.IntN(len(ms))]
		states, moves = append(states, s), append(moves, m)
		s, _ = Apply(s, m)
	}
	return states, moves
}

func BenchmarkApply(b *testing.B) {
	states, moves := benchGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		j := i % len(moves)
		if _, err := Apply(states[j], moves[j]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	states, _ := benchGame(b)
	var buf []Move
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		buf = AppendLegalMoves(buf[:0], states[i%len(states)])
	}
}

func BenchmarkPlayout(b *testing.B) {
	for _, n := range []int{2, 4} {
		b.Run(map[int]string{2: "2players", 4: "4players"}[n], func(b *testing.B) {
			start, err := NewGame(Options{Players: n, Seed: 1, NoLog: true})
			if err != nil {
				b.Fatal(err)
			}
			r := cards.NewRand(1)
			var buf []Move
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				s := start
				s.rng = r.Split() // a different deal every playout
				for !s.Over() {
					buf = AppendLegalMoves(buf[:0], s)
					s, _ = Apply(s, buf[r.IntN(len(buf))])
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}
