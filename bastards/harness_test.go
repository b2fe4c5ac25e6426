package bastards

import (
	"path/filepath"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
	"github.com/cardrules/games/cards/cardstest"
)

// game describes Kings & Bastards to the shared harness: 3 to 10 players,
// any number of jokers, one or two rounds.
var game = cardstest.Game[Options, State, Move, View]{
	Rules: Rules{},
	Options: rapid.Custom(func(t *rapid.T) Options {
		return Options{
			Players: rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players"),
			Jokers:  rapid.IntRange(0, 2).Draw(t, "jokers"),
			Rounds:  rapid.IntRange(1, 2).Draw(t, "rounds"),
			Seed:    cards.Seed(rapid.Uint64().Draw(t, "seed")),
			NoLog:   rapid.Bool().Draw(t, "noLog"),
		}
	}),
	Moves:    arbitraryMoves,
	MaxMoves: 30000,
}

// arbitraryMoves draws moves, legal or not: any player, kind, a few cards
// and a declared rank.
var arbitraryMoves = rapid.Custom(func(t *rapid.T) Move {
	var cs cards.Set
	for range rapid.IntRange(0, 5).Draw(t, "cards") {
		cs.Add(cards.Card(rapid.IntRange(1, 127).Draw(t, "card")))
	}
	return Move{
		Who:   cards.Player(rapid.IntRange(-1, MaxPlayers).Draw(t, "player")),
		Kind:  Kind(rapid.IntRange(0, int(numKinds)).Draw(t, "kind")),
		Cards: cs,
		As:    cards.Rank(rapid.IntRange(0, 13).Draw(t, "as")),
	}
})

func TestProperties(t *testing.T) { cardstest.Run(t, game) }

func TestGolden(t *testing.T) {
	for name, opts := range map[string]Options{
		"four-players-two-rounds": {Players: 4, Jokers: 2, Rounds: 2, Seed: 1},
		"three-players-one-joker": {Players: 3, Jokers: 1, Rounds: 1, Seed: 2},
		"seven-players-two-decks": {Players: 7, Jokers: 2, Rounds: 1, Seed: 3},
	} {
		t.Run(name, func(t *testing.T) {
			cardstest.Golden(t, Rules{}, opts, filepath.Join("testdata", name+".txt"))
		})
	}
}

func FuzzState(f *testing.F)     { cardstest.FuzzState(f, game) }
func FuzzMove(f *testing.F)      { cardstest.FuzzMove(f, game) }
func FuzzApply(f *testing.F)     { cardstest.FuzzApply(f, game) }
func FuzzEventData(f *testing.F) { cardstest.FuzzEventData[EventData](f, game) }

func TestSampling(t *testing.T) { cardstest.CheckSampling(t, game, cardstest.Sampling{Cases: 40}) }

// TestSamplingAfterTheExchange checks Determinize in second rounds, where
// every viewer but the King and the Bastard must imagine the exchange.
func TestSamplingAfterTheExchange(t *testing.T) {
	g := game
	g.Options = rapid.Custom(func(t *rapid.T) Options {
		return Options{
			Players: rapid.IntRange(4, 6).Draw(t, "players"),
			Jokers:  2,
			Rounds:  2,
			Seed:    cards.Seed(rapid.Uint64().Draw(t, "seed")),
			NoLog:   true,
		}
	})
	cardstest.CheckSampling(t, g, cardstest.Sampling{Cases: 60})
}

func TestBot(t *testing.T) {
	cardstest.CheckBot(t, game, bot.ISMCTS[Options, State, Move, View]{Rules: Rules{}, Iterations: 32})
}
