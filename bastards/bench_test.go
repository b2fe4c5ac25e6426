package bastards

import (
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// quiet returns the options of a game of five without a log, as search
// plays it.
func quiet(rounds int, seed uint64) Options {
	return Options{Players: 5, Rounds: rounds, Seed: cards.Seed(seed), NoLog: true, Jokers: 2}
}

func BenchmarkApply(b *testing.B) { cardstest.BenchApply(b, Rules{}, quiet(3, 7), Apply) }

func BenchmarkLegalMoves(b *testing.B) {
	cardstest.BenchLegalMoves(b, Rules{}, quiet(3, 7), AppendLegalMoves)
}

// BenchmarkPlayout deals and plays whole one-round games of five.
func BenchmarkPlayout(b *testing.B) {
	cardstest.BenchPlayout(b, Rules{}, func(seed uint64) Options { return quiet(1, seed) }, AppendLegalMoves, Apply)
}

func TestApplyAllocatesNothingWithTheLogOff(t *testing.T) {
	cardstest.NoAllocs(t, Rules{}, Options{Players: 4, Rounds: 2, Seed: 3, NoLog: true, Jokers: 2})
	cardstest.NoAllocs(t, Rules{}, Options{Players: 8, Rounds: 2, Seed: 3, NoLog: true, Jokers: 2})
}
