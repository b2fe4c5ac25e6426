package packs

import (
	"fmt"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// quiet returns the options of a game of n without a log, as search plays
// it; n 1 is the solo game with a head start of 2.
func quiet(n int, seed uint64) Options {
	o := Options{Players: n, Turns: DefaultTurns, Seed: cards.Seed(seed), NoLog: true}
	if n == 1 {
		o.Players, o.Solo, o.HeadStart = 2, true, 2
	}
	return o
}

// randomGame plays a game of opts with random legal moves to its end and
// returns every state reached but the last, and the move made in each.
func randomGame(tb testing.TB, opts Options, seed uint64) ([]State, []Move) {
	tb.Helper()
	s, err := NewGame(opts)
	if err != nil {
		tb.Fatal(err)
	}
	r := cards.NewRand(seed)
	var states []State
	var moves, legal []Move
	for !s.Over() {
		legal = AppendLegalMoves(legal[:0], s)
		m := legal[r.IntN(len(legal))]
		states, moves = append(states, s), append(moves, m)
		if s, err = Apply(s, m); err != nil {
			tb.Fatal(err)
		}
	}
	return states, moves
}

func BenchmarkApply(b *testing.B) { cardstest.BenchApply(b, Rules{}, quiet(4, 11), Apply) }

func BenchmarkLegalMoves(b *testing.B) {
	cardstest.BenchLegalMoves(b, Rules{}, quiet(4, 11), AppendLegalMoves)
}

// BenchmarkPlayout deals and plays whole games of two, of four and solo.
func BenchmarkPlayout(b *testing.B) {
	for _, n := range []int{1, 2, 4} {
		b.Run(tableName(n), func(b *testing.B) {
			cardstest.BenchPlayout(b, Rules{}, func(seed uint64) Options { return quiet(n, seed) }, AppendLegalMoves, Apply)
		})
	}
}

// BenchmarkMoves plays whole games like BenchmarkPlayout and reports the
// moves made a second: a call of AppendLegalMoves and one of Apply each.
// In the solo game a move of yours includes the automaton's turns it sets
// off.
func BenchmarkMoves(b *testing.B) {
	for _, n := range []int{1, 2, 4} {
		b.Run(tableName(n), func(b *testing.B) {
			r := cards.NewRand(1)
			var buf []Move
			b.ReportAllocs()
			games, moves := 0, 0
			for b.Loop() {
				s, err := NewGame(quiet(n, uint64(games)))
				if err != nil {
					b.Fatal(err)
				}
				for {
					if buf = AppendLegalMoves(buf[:0], s); len(buf) == 0 {
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
		})
	}
}

func tableName(n int) string {
	if n == 1 {
		return "solo"
	}
	return fmt.Sprintf("%dplayers", n)
}

func TestApplyAllocatesNothingWithTheLogOff(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4} {
		cardstest.NoAllocs(t, Rules{}, quiet(n, 3))
	}
}

// BenchmarkView makes the view of each state of a game of four, as a
// server sends it after every move, and appends its JSON.
func BenchmarkView(b *testing.B) {
	states, _ := randomGame(b, Options{Players: 4, Turns: DefaultTurns, Seed: 11}, 1)
	var buf []byte
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := states[i%len(states)]
		var err error
		if buf, err = ViewOf(s, s.turn).AppendJSON(buf[:0]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
