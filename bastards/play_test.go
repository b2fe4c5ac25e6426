package bastards

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
	"github.com/google/go-cmp/cmp"
)

// randomGame plays a seeded game of random legal moves, of at most max
// moves, and returns every state reached, the first included.
func randomGame(t testing.TB, opts Options, seed uint64, max int) []State {
	t.Helper()
	states, _, err := cardstest.RandomGame(Rules{}, opts, seed, max)
	if err != nil {
		t.Fatal(err)
	}
	return states
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
		states := randomGame(t, opts, uint64(i), 100000)
		for _, s := range states {
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
		}
		if !states[len(states)-1].Over() {
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
		tried := 0
		for n, s := range randomGame(t, opts, uint64(i), 100000) {
			if n%13 != 12 || s.Over() {
				continue
			}
			tried++
			cardstest.CheckListedMoves(t, Rules{}, s, slices.Values(candidates(s.toAct, s.hands[s.toAct])))
		}
		if tried < 10 {
			t.Errorf("%+v: only %d states tried", opts, tried)
		}
	}
}

// TestEndingIsTheRoundLimit: the rules set no end, so a game ends at its
// round limit, always.
func TestEndingIsTheRoundLimit(t *testing.T) {
	o := DefaultOptions()
	o.Rounds = 1
	states := randomGame(t, o, 3, 100000)
	s := states[len(states)-1]
	if !s.Over() || cards.EndingOf(s) != (cards.Ending{Name: "the round limit", Limit: true}) {
		t.Errorf("over %v, ending %+v", s.Over(), cards.EndingOf(s))
	}
}
