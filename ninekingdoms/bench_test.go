package ninekingdoms

import (
	"fmt"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// quiet returns the options of a game of n without a log, as search plays
// it.
func quiet(n int, seed uint64) Options {
	return Options{Players: n, Seed: cards.Seed(seed), NoLog: true}
}

func BenchmarkApply(b *testing.B) { cardstest.BenchApply(b, Rules{}, quiet(4, 11), Apply) }

func BenchmarkLegalMoves(b *testing.B) {
	cardstest.BenchLegalMoves(b, Rules{}, quiet(4, 11), AppendLegalMoves)
}

// BenchmarkPlayout deals and plays whole games of two and of four.
func BenchmarkPlayout(b *testing.B) {
	for _, n := range []int{2, 4} {
		b.Run(fmt.Sprintf("%dplayers", n), func(b *testing.B) {
			cardstest.BenchPlayout(b, Rules{}, func(seed uint64) Options { return quiet(n, seed) }, AppendLegalMoves, Apply)
		})
	}
}

func TestApplyAllocatesNothingWithTheLogOff(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		cardstest.NoAllocs(t, Rules{}, Options{Players: n, Seed: 3, NoLog: true})
	}
	cardstest.NoAllocs(t, Rules{}, Options{Players: 3, Seed: 3, NoLog: true, Match: true})
}
