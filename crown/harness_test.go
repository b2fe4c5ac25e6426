package crown

import (
	"fmt"
	"path/filepath"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
	"github.com/cardrules/games/cards/cardstest"
)

// harness describes Claim the Crown to the shared harness with the variant
// win conditions of vs (Royal Bloc, United House, Line of Succession, in
// that order): any seed, the log on or off, and a turn limit of none (the
// published game, which random play ends quickly) or of 1 to 80 turns, to
// reach called draws too.
func harness(vs [3]bool) cardstest.Game[Options, State, Move, View] {
	return cardstest.Game[Options, State, Move, View]{
		Rules: Rules{},
		Options: rapid.Custom(func(t *rapid.T) Options {
			o := DefaultOptions()
			o.RoyalBloc, o.UnitedHouse, o.LineOfSuccession = vs[0], vs[1], vs[2]
			o.Seed = cards.Seed(rapid.Uint64().Draw(t, "seed"))
			o.NoLog = rapid.Bool().Draw(t, "noLog")
			if rapid.Bool().Draw(t, "limited") {
				o.MaxTurns = rapid.IntRange(1, 80).Draw(t, "maxTurns")
			}
			return o
		}),
		Moves:    arbitraryMoves,
		MaxMoves: 100000,
	}
}

// starts are situations random play from a deal seldom reaches, which the
// harness explores from too: the draw pile spent, with both discard piles
// empty (a turn draws nothing) or holding a few cards to shuffle, and the
// last cards of a deck in hands of many cards.
func starts(t *testing.T) *rapid.Generator[State] {
	var ss []State
	for _, d := range []string{
		"P1 hand 2C 3D 4H 5S 6C; draw -; rest P2 hand",
		"P1 hand 2C 3D 4H 5S 6C | pile 7C 8C; P2 hand 9C | pile 10C; draw 2D; rest P2 hand",
		"P1 hand JC QD KH 2S | court 3C; draw -; rest P2 hand; variants bloc house line",
		"P1 hand JC QD KH 2S | court 3C; draw 4C; rest P2 pile; variants bloc house line; max 10",
		"P1 hand JC QD | court 3C; P2 hand KH; draw -; rest P2 pile; turn 2",
	} {
		ss = append(ss, build(t, d))
	}
	return rapid.SampledFrom(ss)
}

// arbitraryMoves draws moves, legal or not: any seat, kind, cards, pile and
// ability, a little beyond their ranges.
var arbitraryMoves = rapid.Custom(func(t *rapid.T) Move {
	return Move{
		Who:     cards.Player(rapid.IntRange(-1, Players).Draw(t, "who")),
		Kind:    Kind(rapid.IntRange(0, int(numKinds)).Draw(t, "kind")),
		Card:    cards.Card(rapid.IntRange(0, 54).Draw(t, "card")),
		Other:   cards.Card(rapid.IntRange(0, 54).Draw(t, "other")),
		From:    cards.Player(rapid.IntRange(-1, Players).Draw(t, "from")),
		Ability: Ability(rapid.IntRange(0, int(numAbilities)).Draw(t, "ability")),
	}
})

// TestHarness runs the shared harness on every combination of the variant
// win conditions, with hand-built starts beside the deals in two of them.
func TestHarness(t *testing.T) {
	for i := range 8 {
		vs := [3]bool{i&1 != 0, i&2 != 0, i&4 != 0}
		t.Run(fmt.Sprintf("bloc=%v,house=%v,line=%v", vs[0], vs[1], vs[2]), func(t *testing.T) {
			g := harness(vs)
			if i == 0 || i == 7 {
				g.Starts = starts(t) // long games: in two of the eight
			}
			cardstest.Run(t, g)
		})
	}
}

func TestGolden(t *testing.T) {
	all := DefaultOptions()
	all.RoyalBloc, all.UnitedHouse, all.LineOfSuccession, all.Seed = true, true, true, 2
	short := DefaultOptions()
	short.MaxTurns, short.Seed = 6, 3
	published := DefaultOptions()
	published.Seed = 1
	for _, g := range []struct {
		file string
		opts Options
	}{
		{"published.txt", published},
		{"every-variant.txt", all},
		{"draw-after-six-turns.txt", short},
	} {
		t.Run(g.file, func(t *testing.T) {
			cardstest.Golden(t, Rules{}, g.opts, filepath.Join("testdata", g.file))
		})
	}
}

func FuzzState(f *testing.F) { cardstest.FuzzState(f, harness([3]bool{true, true, true})) }
func FuzzMove(f *testing.F)  { cardstest.FuzzMove(f, harness([3]bool{true, false, true})) }
func FuzzApply(f *testing.F) { cardstest.FuzzApply(f, harness([3]bool{false, true, false})) }
func FuzzEventData(f *testing.F) {
	cardstest.FuzzEventData[EventData](f, harness([3]bool{true, true, true}))
}

// TestSampling checks that Determinize deals every world a view allows, on
// views late in games that leave few.
func TestSampling(t *testing.T) {
	cardstest.CheckSampling(t, harness([3]bool{true, true, true}), cardstest.Sampling{})
}

func TestBot(t *testing.T) {
	cardstest.CheckBot(t, harness([3]bool{}), bot.ISMCTS[Options, State, Move, View]{Rules: Rules{}, Iterations: 32})
}
