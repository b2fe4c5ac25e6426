package packs

import (
	"testing"

	"github.com/cardrules/games/cards"
)

func TestSmokeRandomGames(t *testing.T) {
	for _, o := range []Options{
		{Players: 2, Turns: 40}, {Players: 3, Turns: 40}, {Players: 4, Turns: 40},
		{Players: 2, Turns: 40, Solo: true}, {Players: 2, Turns: 40, Solo: true, HeadStart: 3},
	} {
		for seed := range 200 {
			o.Seed = cards.Seed(seed)
			s := newGame(t, o)
			r := cards.NewRand(uint64(seed))
			moves := 0
			for !s.Over() {
				if err := s.Check(); err != nil {
					t.Fatalf("%+v after %d moves: %v\n%v", o, moves, err, ViewOf(s, cards.Spectator))
				}
				ms := LegalMoves(s)
				if len(ms) == 0 {
					t.Fatalf("no moves in %v", ViewOf(s, cards.Spectator))
				}
				var err error
				m := ms[r.IntN(len(ms))]
				if s, err = Apply(s, m); err != nil {
					t.Fatal(err)
				}
				moves++
			}
			if seed == 0 {
				t.Logf("%+v: %d moves, winner %v, called %v, result %+v", o, moves, s.Winner(), s.Called(), s.Result())
			}
		}
	}
}
