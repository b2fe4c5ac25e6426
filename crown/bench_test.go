package crown

import (
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// quiet returns the options of a game without a log, as search plays it,
// with every variant and a turn limit.
func quiet(seed uint64) Options {
	o := DefaultOptions()
	o.Seed, o.NoLog, o.MaxTurns = cards.Seed(seed), true, 200
	o.RoyalBloc, o.UnitedHouse, o.LineOfSuccession = true, true, true
	return o
}

func BenchmarkApply(b *testing.B) { cardstest.BenchApply(b, Rules{}, quiet(7), Apply) }

func BenchmarkLegalMoves(b *testing.B) {
	cardstest.BenchLegalMoves(b, Rules{}, quiet(7), AppendLegalMoves)
}

// BenchmarkPlayout deals and plays whole games with random legal moves.
func BenchmarkPlayout(b *testing.B) {
	cardstest.BenchPlayout(b, Rules{}, quiet, AppendLegalMoves, Apply)
}

// BenchmarkPlayoutMoves is BenchmarkPlayout counted in moves: LegalMoves
// and Apply a move, deals included, reported as moves a second.
func BenchmarkPlayoutMoves(b *testing.B) {
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
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(moves)/float64(games), "moves/playout")
}

func TestApplyAllocatesNothingWithTheLogOff(t *testing.T) {
	for seed := range uint64(5) {
		cardstest.NoAllocs(t, Rules{}, quiet(seed))
	}
	o := DefaultOptions()
	o.NoLog, o.Seed = true, 9
	cardstest.NoAllocs(t, Rules{}, o)
}
