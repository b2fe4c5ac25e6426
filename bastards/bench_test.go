package bastards

import (
	"testing"

	"github.com/cardrules/games/cards"
)

// benchStates returns states of a seeded game with the log off, with the
// legal moves of each.
func benchStates(b *testing.B) ([]State, [][]Move) {
	s, err := NewGame(Options{Players: 5, Rounds: 3, Seed: 7, NoLog: true})
	if err != nil {
		b.Fatal(err)
	}
	rng := cards.NewRand(7)
	var states []State
	var moves [][]Move
	for !s.Over() {
		legal := LegalMoves(s)
		states, moves = append(states, s), append(moves, legal)
		s, err = Apply(s, legal[rng.IntN(len(legal))])
		if err != nil {
			b.Fatal(err)
		}
	}
	return states, moves
}

func BenchmarkApply(b *testing.B) {
	states, moves := benchStates(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := i % len(states)
		if _, err := Apply(states[k], moves[k][i%len(moves[k])]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	states, _ := benchStates(b)
	buf := make([]Move, 0, 256)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = AppendLegalMoves(buf[:0], states[i%len(states)])
		i++
	}
}

func BenchmarkPlayout(b *testing.B) {
	s0, err := NewGame(Options{Players: 5, Rounds: 1, Seed: 1, NoLog: true})
	if err != nil {
		b.Fatal(err)
	}
	rng := cards.NewRand(1)
	buf := make([]Move, 0, 256)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		s := s0
		for !s.Over() {
			buf = AppendLegalMoves(buf[:0], s)
			s, _ = Apply(s, buf[rng.IntN(len(buf))])
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "playouts/s")
}

func TestApplyAllocatesNothingWithTheLogOff(t *testing.T) {
	s, _ := NewGame(Options{Players: 4, Rounds: 2, Seed: 3, NoLog: true})
	rng := cards.NewRand(3)
	buf := make([]Move, 0, 512)
	for !s.Over() {
		buf = AppendLegalMoves(buf[:0], s)
		m := buf[rng.IntN(len(buf))]
		var next State
		if a := testing.AllocsPerRun(1, func() { next, _ = Apply(s, m) }); a != 0 {
			t.Fatalf("Apply(%v) allocates %v times", m, a)
		}
		if a := testing.AllocsPerRun(1, func() { buf = AppendLegalMoves(buf[:0], s) }); a != 0 {
			t.Fatalf("AppendLegalMoves allocates %v times", a)
		}
		s = next
	}
}
