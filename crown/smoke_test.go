package crown

import (
	"testing"

	"github.com/cardrules/games/cards"
)

func TestSmoke(t *testing.T) {
	for seed := range 200 {
		o := DefaultOptions()
		o.Seed = cards.Seed(seed)
		o.MaxTurns = 300
		o.RoyalBloc = seed%2 == 0
		o.LineOfSuccession = seed%3 == 0
		o.UnitedHouse = seed%5 == 0
		s, err := NewGame(o)
		if err != nil {
			t.Fatal(err)
		}
		r := cards.NewRand(uint64(seed))
		n := 0
		for !s.Over() {
			if err := s.Check(); err != nil {
				t.Fatalf("seed %d move %d: %v", seed, n, err)
			}
			ms := LegalMoves(s)
			if len(ms) == 0 {
				t.Fatalf("seed %d: no moves", seed)
			}
			for _, p := range []cards.Player{0, 1, cards.Spectator} {
				v := ViewOf(s, p)
				d, err := Determinize(v, 5)
				if err != nil {
					t.Fatalf("seed %d move %d: determinize %v: %v\n%s", seed, n, p, err, v)
				}
				_ = d
			}
			m := ms[r.IntN(len(ms))]
			s, err = Apply(s, m)
			if err != nil {
				t.Fatal(err)
			}
			n++
		}
		if seed < 3 {
			t.Log(n, s.Winner(), s.WonWith(), s.Drawn(), s.Turn())
			t.Log(ViewOf(s, 0))
		}
	}
}
