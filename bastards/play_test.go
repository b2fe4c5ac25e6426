package bastards

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
	"github.com/google/go-cmp/cmp"
)

// randomGame plays a seeded game of random legal moves and calls visit on
// every state reached, the first included. It stops after max moves.
func randomGame(t testing.TB, opts Options, seed uint64, max int, visit func(State)) State {
	t.Helper()
	s, err := NewGame(opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(seed)
	var buf []Move
	for i := 0; i < max && !s.Over(); i++ {
		visit(s)
		buf = AppendLegalMoves(buf[:0], s)
		if len(buf) == 0 {
			t.Fatalf("no legal move in a game not over:\n%s", ViewOf(s, cards.Spectator))
		}
		m := buf[rng.IntN(len(buf))]
		s, err = Apply(s, m)
		if err != nil {
			t.Fatalf("legal move %v refused: %v", m, err)
		}
	}
	visit(s)
	return s
}

func TestRandomGamesKeepInvariants(t *testing.T) {
	for i, opts := range []Options{
		{Players: 4, Rounds: 3, Seed: 1, Jokers: 2},
		{Players: 3, Rounds: 3, Seed: 2, Jokers: 1},
		{Players: 5, Rounds: 3, Seed: 3, Jokers: 0},
		{Players: 6, Rounds: 3, Seed: 4, Jokers: 2},
		{Players: 7, Rounds: 2, Seed: 5, Jokers: 2},
		{Players: 10, Rounds: 2, Seed: 6, Jokers: 1},
	} {
		end := randomGame(t, opts, uint64(i), 100000, func(s State) {
			if err := s.Check(); err != nil {
				t.Fatalf("%v\n%s", err, ViewOf(s, cards.Spectator))
			}
			b, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			var back State
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatalf("%v\n%s", err, b)
			}
			b2, _ := json.Marshal(back)
			if diff := cmp.Diff(string(b), string(b2)); diff != "" {
				t.Fatal(diff)
			}
			for p := cards.Spectator; int(p) < s.Players(); p++ {
				v := ViewOf(s, p)
				d, err := Determinize(v, 7)
				if err != nil {
					t.Fatalf("determinize for %s: %v\n%s", p, err, v)
				}
				v.Log = nil
				dv := ViewOf(d, p)
				dv.Log = nil
				vb, _ := json.Marshal(v)
				db, _ := json.Marshal(dv)
				if diff := cmp.Diff(string(vb), string(db)); diff != "" {
					t.Fatalf("determinize for %s changed the view:\n%s", p, diff)
				}
			}
		})
		if !end.Over() {
			t.Errorf("%+v: game not over", opts)
		}
	}
}

// candidates returns every move p could try with the cards of hand: each
// set of up to five of them, played with and without a declared rank, and
// given; and a pass.
func candidates(p cards.Player, hand cards.Set) []Move {
	cs := hand.Cards()
	ms := []Move{Pass(p)}
	var rec func(start int, chosen cards.Set)
	rec = func(start int, chosen cards.Set) {
		if !chosen.Empty() {
			ms = append(ms, Move{Who: p, Kind: KindPlay, Cards: chosen}, Move{Who: p, Kind: KindGive, Cards: chosen})
			if chosen.Len() == 1 {
				for r := cards.Ace; r <= cards.King; r++ {
					ms = append(ms, Move{Who: p, Kind: KindPlay, Cards: chosen, As: r})
				}
			}
		}
		if chosen.Len() == 5 {
			return
		}
		for i := start; i < len(cs); i++ {
			next := chosen
			next.Add(cs[i])
			rec(i+1, next)
		}
	}
	rec(0, cards.Set{})
	return ms
}

func TestApplyAcceptsExactlyTheListedMoves(t *testing.T) {
	for i, opts := range []Options{
		{Players: 6, Jokers: 2, Rounds: 2, Seed: 21, NoLog: true},
		{Players: 8, Jokers: 2, Rounds: 1, Seed: 22, NoLog: true},
		{Players: 10, Jokers: 1, Rounds: 1, Seed: 23, NoLog: true},
	} {
		n, tried := 0, 0
		randomGame(t, opts, uint64(i), 100000, func(s State) {
			n++
			if n%13 != 0 || s.Over() {
				return
			}
			tried++
			cardstest.CheckListedMoves(t, Rules{}, s, slices.Values(candidates(s.toAct, s.hands[s.toAct])))
		})
		if tried < 10 {
			t.Errorf("%+v: only %d states tried", opts, tried)
		}
	}
}
