package packs

import (
	"path/filepath"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
	"github.com/cardrules/games/cards/cardstest"
)

// harness describes the game to the shared harness: games of the given
// numbers of players (1 stands for the solo game, with any head start),
// with the log on or off, and now and then a short game called after a
// few turns.
func harness(players ...int) cardstest.Game[Options, State, Move, View] {
	return cardstest.Game[Options, State, Move, View]{
		Rules: Rules{},
		Options: rapid.Custom(func(t *rapid.T) Options {
			o := DefaultOptions()
			if n := rapid.SampledFrom(players).Draw(t, "players"); n == 1 {
				o.Solo, o.HeadStart = true, rapid.IntRange(0, MaxHeadStart).Draw(t, "headStart")
			} else {
				o.Players = n
			}
			o.Seed = cards.Seed(rapid.Uint64().Draw(t, "seed"))
			o.NoLog = rapid.Bool().Draw(t, "noLog")
			if rapid.IntRange(0, 4).Draw(t, "short") == 0 {
				o.Turns = rapid.IntRange(1, 3).Draw(t, "turns")
			}
			return o
		}),
		Moves:    arbitraryMove,
		MaxMoves: 20000,
	}
}

// withStarts returns g exploring from situations random play from a deal
// never reached in hundreds of games: a player with no coin, no card in
// hand and nothing free in the market, who must pass (in the solo game
// too), and decks of a card or none.
func withStarts(t *testing.T, g cardstest.Game[Options, State, Move, View]) cardstest.Game[Options, State, Move, View] {
	var ss []State
	for _, d := range []string{
		"solo | P1 coins 0 | P2 coins 5 | top 5H 6H 7H 8H 9H - | bottom 5S 6S 7S 8S 9S -",
		"solo headstart 2 | P1 coins 0 | P2 coins 5 | top 5H 6H 7H 8H 9H - | bottom 5S 6S 7S 8S 9S - | deck 10H",
		"solo | P1 coins 1 | P2 coins 4 | top 5H 6H 7H 8H - - | bottom 5S 6S 7S 8S - - | deck 10H",
		"players 2 | P1 coins 0 | P2 coins 5 | top 5H 6H 7H 8H 9H - | bottom 5S 6S 7S 8S 9S -",
		"players 2 | P1 coins 0 | P2 coins 5 | top 5H 6H 7H 8H 9H - | bottom 5S 6S 7S 8S 9S - | deck 10H | turns 2",
		"players 3 | P1 coins 0 | P2 coins 4 | P3 coins 4 | top 5H 6H 7H 8H 9H - | bottom 5S 6S 7S 8S 9S - | deck 10H",
	} {
		ss = append(ss, build(t, d))
	}
	g.Starts = rapid.SampledFrom(ss)
	return g
}

func TestHarnessTwoPlayers(t *testing.T)   { cardstest.Run(t, withStarts(t, harness(2))) }
func TestHarnessThreePlayers(t *testing.T) { cardstest.Run(t, withStarts(t, harness(3))) }
func TestHarnessFourPlayers(t *testing.T)  { cardstest.Run(t, harness(4)) }
func TestHarnessSolo(t *testing.T)         { cardstest.Run(t, withStarts(t, harness(1))) }

func TestGolden(t *testing.T) {
	for _, g := range []struct {
		file string
		opts Options
	}{
		{"two-players.txt", Options{Players: 2, Turns: DefaultTurns, Seed: 1}},
		{"three-players.txt", Options{Players: 3, Turns: DefaultTurns, Seed: 2}},
		{"four-players.txt", Options{Players: 4, Turns: DefaultTurns, Seed: 3}},
		{"solo-head-start-2.txt", Options{Players: 2, Turns: DefaultTurns, Solo: true, HeadStart: 2, Seed: 4}},
	} {
		t.Run(g.file, func(t *testing.T) {
			cardstest.Golden(t, Rules{}, g.opts, filepath.Join("testdata", g.file))
		})
	}
}

func FuzzState(f *testing.F)     { cardstest.FuzzState(f, harness(1, 2, 3, 4)) }
func FuzzMove(f *testing.F)      { cardstest.FuzzMove(f, harness(1, 2, 3, 4)) }
func FuzzApply(f *testing.F)     { cardstest.FuzzApply(f, harness(1, 2, 3, 4)) }
func FuzzEventData(f *testing.F) { cardstest.FuzzEventData[EventData](f, harness(1, 2, 3, 4)) }

func TestSampling(t *testing.T) {
	cardstest.CheckSampling(t, harness(1, 2, 3, 4), cardstest.Sampling{})
}

func TestBot(t *testing.T) {
	cardstest.CheckBot(t, harness(1, 2, 3, 4), bot.ISMCTS[Options, State, Move, View]{Rules: Rules{}, Iterations: 32})
}
