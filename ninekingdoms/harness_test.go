package ninekingdoms

import (
	"path/filepath"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
	"github.com/cardrules/games/cards/cardstest"
)

// harness describes the game to the shared harness: games of the given
// numbers of players, single games or matches, with the log on or off.
// Matches run with the log off: their views would otherwise carry logs of
// thousands of events, which make the harness's JSON comparisons slow, and
// the log of a match is the log of its games (TestMatchLog checks the rest).
func harness(match bool, players ...int) cardstest.Game[Options, State, Move, View] {
	return cardstest.Game[Options, State, Move, View]{
		Rules: Rules{},
		Options: rapid.Custom(func(t *rapid.T) Options {
			return Options{
				Players: rapid.SampledFrom(players).Draw(t, "players"),
				Seed:    cards.Seed(rapid.Uint64().Draw(t, "seed")),
				NoLog:   match || rapid.Bool().Draw(t, "noLog"),
				Match:   match,
			}
		}),
		Moves:    arbitraryMove(),
		MaxMoves: 20000,
	}
}

// arbitraryMove draws moves, legal or not, with fields a little beyond
// their ranges.
func arbitraryMove() *rapid.Generator[Move] {
	return rapid.Custom(func(t *rapid.T) Move {
		return Move{
			Who:     cards.Player(rapid.IntRange(-1, MaxPlayers).Draw(t, "who")),
			Kind:    Kind(rapid.IntRange(0, int(numKinds)).Draw(t, "kind")),
			Target:  cards.Player(rapid.IntRange(-1, MaxPlayers).Draw(t, "target")),
			Card:    Card(rapid.IntRange(0, Values).Draw(t, "card")),
			Kingdom: uint8(rapid.IntRange(0, Values+1).Draw(t, "kingdom")),
			Pair:    [2]Card{Card(rapid.IntRange(0, Values).Draw(t, "first")), Card(rapid.IntRange(0, Values).Draw(t, "second"))},
		}
	})
}

func TestHarnessTwoPlayers(t *testing.T)   { cardstest.Run(t, harness(false, 2)) }
func TestHarnessThreePlayers(t *testing.T) { cardstest.Run(t, harness(false, 3)) }
func TestHarnessFourPlayers(t *testing.T)  { cardstest.Run(t, harness(false, 4)) }
func TestHarnessMatch(t *testing.T)        { cardstest.Run(t, harness(true, 2, 3, 4)) }

func TestGolden(t *testing.T) {
	for _, g := range []struct {
		file string
		opts Options
	}{
		{"two-players.txt", Options{Players: 2, Seed: 1}},
		{"three-players.txt", Options{Players: 3, Seed: 2}},
		{"four-players.txt", Options{Players: 4, Seed: 3}},
	} {
		t.Run(g.file, func(t *testing.T) {
			cardstest.Golden(t, Rules{}, g.opts, filepath.Join("testdata", g.file))
		})
	}
}

func FuzzState(f *testing.F)     { cardstest.FuzzState(f, harness(false, 2, 3, 4)) }
func FuzzMove(f *testing.F)      { cardstest.FuzzMove(f, harness(false, 2, 3, 4)) }
func FuzzApply(f *testing.F)     { cardstest.FuzzApply(f, harness(true, 2, 3, 4)) }
func FuzzEventData(f *testing.F) { cardstest.FuzzEventData[EventData](f, harness(false, 2, 3, 4)) }

func TestSampling(t *testing.T) {
	cardstest.CheckSampling(t, harness(false, 2, 3, 4), cardstest.Sampling{})
}

func TestBot(t *testing.T) {
	cardstest.CheckBot(t, harness(false, 2, 3, 4), bot.ISMCTS[Options, State, Move, View]{Rules: Rules{}, Iterations: 32})
}
