package crown

import (
	"testing"

	"github.com/cardrules/games/cards"
)

// quiet returns the options of a game without a log, as search plays it,
// with every variant and a turn limit.
func quiet(seed uint64) Options {
	o := DefaultOptions()
	o.Seed, o.NoLog, o.MaxTurns = cards.Seed(seed), true, 200
	o.RoyalBloc, o.UnitedHouse, o.LineOfSuccession = true, true, true
	return o
}

// randomGame plays a game of opts with random legal moves chosen from
// seed, and returns every state reached and the move made in each but the
// last.
func randomGame(tb testing.TB, opts Options, seed uint64) ([]State, []Move) {
	s, err := NewGame(opts)
	if err != nil {
		tb.Fatal(err)
	}
	r := cards.NewRand(seed)
	states, moves := []State{s}, []Move{}
	for !s.Over() {
		legal := LegalMoves(s)
		m := legal[r.IntN(len(legal))]
		if s, err = Apply(s, m); err != nil {
			tb.Fatal(err)
		}
		states, moves = append(states, s), append(moves, m)
	}
	return states, moves
}

// benchGame plays random games until they make 2000 moves, and returns the
// states in which a move was made, each with its move.
func benchGame(b *testing.B) ([]State, []Move) {
	var states []State
	var moves []Move
	for seed := uint64(1); len(moves) < 2000; seed++ {
		ss, ms := randomGame(b, quiet(seed), seed)
		states, moves = append(states, ss[:len(ms)]...), append(moves, ms...)
	}
	return states, moves
}

func BenchmarkApply(b *testing.B) {
	states, moves := benchGame(b)
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
	states, _ := benchGame(b)
	var buf []Move
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = AppendLegalMoves(buf[:0], states[i%len(states)])
		i++
	}
}

// BenchmarkPlayout deals and plays whole games with random legal moves; it
// reports moves and playouts a second.
func BenchmarkPlayout(b *testing.B) {
	r := cards.NewRand(1)
	var buf []Move
	b.ReportAllocs()
	games, moves := 0, 0
	for b.Loop() {
		s, err := NewGame(quiet(uint64(games)))
		if err != nil {
			b.Fatal(err)
		}
		for {
			buf = AppendLegalMoves(buf[:0], s)
			if len(buf) == 0 {
				break
			}
			if s, err = Apply(s, buf[r.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
			moves++
		}
		games++
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}

func TestApplyAllocatesNothingWithTheLogOff(t *testing.T) {
	for seed := range uint64(5) {
		states, moves := randomGame(t, quiet(seed), seed)
		buf := AppendLegalMoves(nil, states[0])
		buf = append(buf, make([]Move, 64)...)
		allocs := testing.AllocsPerRun(5, func() {
			s := states[0]
			for _, m := range moves {
				s, _ = Apply(s, m)
				buf = AppendLegalMoves(buf[:0], s)
			}
		})
		if allocs != 0 {
			t.Errorf("seed %d: %v allocations in a game of %d moves with the log off", seed, allocs, len(moves))
		}
	}
}
