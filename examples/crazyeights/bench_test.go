package crazyeights

import (
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

func quiet(seed uint64) Options { return Options{Players: 4, Seed: cards.Seed(seed), NoLog: true} }

func BenchmarkApply(b *testing.B) { cardstest.BenchApply(b, Rules{}, quiet(7), Apply) }

func BenchmarkLegalMoves(b *testing.B) {
	cardstest.BenchLegalMoves(b, Rules{}, quiet(7), AppendLegalMoves)
}

func BenchmarkPlayout(b *testing.B) {
	cardstest.BenchPlayout(b, Rules{}, quiet, AppendLegalMoves, Apply)
}

func TestApplyAllocatesNothingWithTheLogOff(t *testing.T) {
	cardstest.NoAllocs(t, Rules{}, quiet(3))
}
