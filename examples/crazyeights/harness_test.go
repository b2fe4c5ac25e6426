package crazyeights

import (
	"path/filepath"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
	"github.com/cardrules/games/cards/cardstest"
)

// harness describes the game to the property harness: games of 2 to 5
// players, any seed, the log on or off.
var harness = cardstest.Game[Options, State, Move, View]{
	Rules: Rules{},
	Options: rapid.Custom(func(t *rapid.T) Options {
		return Options{
			Players: rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players"),
			Seed:    cards.Seed(rapid.Uint64().Draw(t, "seed")),
			NoLog:   rapid.Bool().Draw(t, "noLog"),
		}
	}),
	// Moves draws moves legal or not, which the harness offers where they
	// are not listed, to check that Apply refuses them.
	Moves: rapid.Custom(func(t *rapid.T) Move {
		return Move{
			Who:  cards.Player(rapid.IntRange(-1, MaxPlayers).Draw(t, "who")),
			Kind: Kind(rapid.IntRange(0, 4).Draw(t, "kind")),
			Card: cards.Card(rapid.IntRange(0, 53).Draw(t, "card")),
			Suit: cards.Suit(rapid.IntRange(0, 4).Draw(t, "suit")),
		}
	}),
}

func TestHarness(t *testing.T) { cardstest.Run(t, harness) }

func TestSampling(t *testing.T) { cardstest.CheckSampling(t, harness, cardstest.Sampling{}) }

func TestBot(t *testing.T) {
	cardstest.CheckBot(t, harness, bot.ISMCTS[Options, State, Move, View]{Rules: Rules{}, Iterations: 32})
}

func TestGolden(t *testing.T) {
	for _, o := range []Options{{Players: 2, Seed: 1}, {Players: 5, Seed: 2}} {
		cardstest.Golden(t, Rules{}, o, filepath.Join("testdata", "players-"+string(rune('0'+o.Players))+".txt"))
	}
}

func FuzzState(f *testing.F) { cardstest.FuzzState(f, harness) }
func FuzzMove(f *testing.F)  { cardstest.FuzzMove(f, harness) }
func FuzzApply(f *testing.F) { cardstest.FuzzApply(f, harness) }
