package anygame_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/cardjson"
	"github.com/cardrules/games/cards/catalog"
)

// longGames are the options of a long game of each game, for the
// benchmark of the cycle early and late in a game; a game not named plays
// its default options with seed 1.
var longGames = map[string]string{
	"bastards":     `{"players":5,"rounds":40,"seed":1}`,
	"ninekingdoms": `{"players":4,"match":true,"seed":1}`,
	"crown":        `{"seed":1}`,
	"packs":        `{"players":4,"seed":1}`,
}

// longOptions returns the options of a long game of the named game.
func longOptions(name string) string {
	if opts, ok := longGames[name]; ok {
		return opts
	}
	return `{"seed":1}`
}

// recorded is a game played through the face: the state before each move
// and the move.
type recorded struct {
	states, moves []json.RawMessage
}

func record(b testing.TB, g anygame.Game, opts string, n int) recorded {
	start, err := g.NewGame([]byte(opts))
	if err != nil {
		b.Fatal(err)
	}
	var rec recorded
	s := start.State
	r := cards.NewRand(1)
	for len(rec.moves) < n {
		var moves []json.RawMessage
		legal, err := g.LegalMoves(s)
		if err != nil {
			b.Fatal(err)
		}
		if err := json.Unmarshal(legal, &moves); err != nil || len(moves) == 0 {
			break
		}
		m := moves[r.IntN(len(moves))]
		next, err := g.Apply(s, m)
		if err != nil {
			b.Fatal(err)
		}
		rec.states, rec.moves = append(rec.states, s), append(rec.moves, m)
		s = next.State
	}
	return rec
}

// BenchmarkCycle measures the whole cycle a server runs for each move:
// decode the state, decode and apply the move, encode the new state and
// the move's events, and encode the view of the next player to act. It
// runs early in a long game (move 10) and late (move 1,000, or the last of
// a game that ends sooner).
func BenchmarkCycle(b *testing.B) {
	for _, g := range catalog.Games() {
		name := g.Info().Name
		opts := longOptions(name)
		rec := record(b, g, opts, 1001)
		for _, at := range []int{10, min(1000, len(rec.moves)-1)} {
			state, move := rec.states[at], rec.moves[at]
			b.Run(fmt.Sprintf("%s/move%d", name, at), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(state)))
				for b.Loop() {
					cycle(b, g, state, move)
				}
			})
		}
	}
}

func cycle(b testing.TB, g anygame.Game, state, move []byte) {
	pos, err := g.Load(state)
	if err != nil {
		b.Fatal(err)
	}
	next, events, err := pos.Apply(move)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := next.State(); err != nil {
		b.Fatal(err)
	}
	if _, err := cardjson.Marshal(events); err != nil {
		b.Fatal(err)
	}
	if _, err := next.View(next.Status().ToAct.First()); err != nil {
		b.Fatal(err)
	}
}
