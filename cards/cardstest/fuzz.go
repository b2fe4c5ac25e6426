package cardstest

import (
	"errors"
	"slices"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// FuzzState is the body of a game's fuzz target for decoding states:
//
//	func FuzzState(f *testing.F) { cardstest.FuzzState(f, game) }
//
// Bytes that decode as a state must make a state that keeps the rules and
// that every function of the game handles without panicking: its JSON
// round trip, its legal moves (each applies), every view and its
// determinization. The corpus starts with states of a few seeded games.
func FuzzState[O any, S cards.State, M cards.Move, V cards.View[M]](f *testing.F, g Game[O, S, M, V]) {
	for _, s := range seedStates(g) {
		f.Add([]byte(mustJSON(f, s)))
	}
	for _, junk := range []string{`{}`, `null`, `[]`, `{"players":-1}`, `{"players":100}`, `"x"`, `{"hands":"AAE="}`, `{"hands":"AQI="}`, `{"hands":["AQI="]}`} {
		f.Add([]byte(junk))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var s S
		if cardjson.Unmarshal(data, &s, "a state") != nil {
			return
		}
		exercise(t, g, s)
	})
}

// FuzzMove is the body of a game's fuzz target for decoding moves. Bytes
// that decode as a move must make a move that survives a JSON round trip
// and that reachable states apply exactly when they list it, refusing it
// otherwise with an error wrapping cards.ErrIllegalMove.
func FuzzMove[O any, S cards.State, M cards.Move, V cards.View[M]](f *testing.F, g Game[O, S, M, V]) {
	states := seedStates(g)
	for _, s := range states {
		for _, m := range g.Rules.AppendLegalMoves(nil, s) {
			f.Add([]byte(mustJSON(f, m)))
		}
	}
	for _, junk := range []string{`{}`, `null`, `{"player":-1}`, `{"player":99}`, `[1]`} {
		f.Add([]byte(junk))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var m M
		if cardjson.Unmarshal(data, &m, "a move") != nil {
			return
		}
		if back := roundTrip(t, "move", m); back != m {
			t.Fatalf("move %q decodes from its own JSON as %q", m, back)
		}
		_ = m.String()
		for _, s := range states {
			tryMove(t, g, s, m)
		}
	})
}

// FuzzApply is the body of a game's fuzz target for applying arbitrary
// moves to arbitrary states: whatever decodes is applied, never panics,
// leaves its input as it was, and is accepted exactly when listed.
func FuzzApply[O any, S cards.State, M cards.Move, V cards.View[M]](f *testing.F, g Game[O, S, M, V]) {
	for _, s := range seedStates(g) {
		for i, m := range g.Rules.AppendLegalMoves(nil, s) {
			if i%7 == 0 {
				f.Add([]byte(mustJSON(f, s)), []byte(mustJSON(f, m)))
			}
		}
	}
	f.Fuzz(func(t *testing.T, state, move []byte) {
		var s S
		var m M
		if cardjson.Unmarshal(state, &s, "a state") != nil || cardjson.Unmarshal(move, &m, "a move") != nil {
			return
		}
		if err := s.Check(); err != nil {
			t.Fatalf("a decoded state breaks the rules: %v", err)
		}
		tryMove(t, g, s, m)
	})
}

// FuzzEventData is the body of a game's fuzz target for decoding its
// events' data, D (the game's EventData), for a game that tells its
// events as data:
//
//	func FuzzEventData(f *testing.F) { cardstest.FuzzEventData[EventData](f, game) }
//
// Bytes that decode as D must make data that encode and decode again to
// the same value, whose JSON names its kind as EventKind does; a failure
// wraps cards.ErrBadInput. The corpus starts with the data of the events
// of a few seeded games, every one of which must be a D.
func FuzzEventData[D interface {
	comparable
	cards.Data
}, O any, S cards.State, M cards.Move, V cards.View[M]](f *testing.F, g Game[O, S, M, V]) {
	seen := map[string]bool{}
	for _, s := range seedStates(g) {
		for _, e := range s.Log().Since(0) {
			for _, d := range []cards.Data{e.Data, e.OthersData} {
				if d == nil {
					continue
				}
				if _, ok := d.(D); !ok {
					f.Fatalf("event %d (%q) holds data of type %T, not %T", e.Seq, e.Text, d, *new(D))
				}
				if b := mustJSON(f, d); !seen[b] {
					seen[b] = true
					f.Add([]byte(b))
				}
			}
		}
	}
	for _, junk := range []string{`{}`, `null`, `[]`, `{"kind":""}`, `{"kind":"none"}`, `{"kind":1}`, `{"player":0}`} {
		f.Add([]byte(junk))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d D
		if err := cardjson.Unmarshal(data, &d, "an event's data"); err != nil {
			if !errors.Is(err, cards.ErrBadInput) {
				t.Fatalf("decoding %s: error %v does not wrap cards.ErrBadInput", data, err)
			}
			return
		}
		if back := roundTrip(t, "an event's data", d); back != d {
			t.Fatalf("event data %+v decode from their own JSON as %+v", d, back)
		}
		b := mustJSON(t, d)
		if kind := cards.RawData(b).EventKind(); kind == "" || kind != d.EventKind() {
			t.Fatalf("event data %s name their kind %q, and their EventKind is %q", b, kind, d.EventKind())
		}
	})
}

// tryMove applies m to s and checks the outcome against the legal moves.
func tryMove[O any, S cards.State, M cards.Move, V cards.View[M]](t *testing.T, g Game[O, S, M, V], s S, m M) {
	t.Helper()
	before := mustJSON(t, s)
	next, err := g.Rules.Apply(s, m)
	listed := slices.Contains(g.Rules.AppendLegalMoves(nil, s), m)
	switch {
	case listed && err != nil:
		t.Fatalf("a listed move is refused: %v\n%s", err, moveCase(g.Rules, s, m))
	case !listed && err == nil:
		t.Fatalf("a move that is not listed is accepted by Apply\n%s", moveCase(g.Rules, s, m))
	case !listed && !errors.Is(err, cards.ErrIllegalMove):
		t.Fatalf("a refusal %q does not wrap cards.ErrIllegalMove\n%s", err, moveCase(g.Rules, s, m))
	}
	if after := mustJSON(t, s); after != before {
		t.Fatalf("Apply changed its input")
	}
	if err == nil {
		if err := next.Check(); err != nil {
			t.Fatalf("after %q the state breaks the rules: %v", m, err)
		}
	}
}

// exercise calls every function of the game on s, checking what must hold
// of any state that decodes.
func exercise[O any, S cards.State, M cards.Move, V cards.View[M]](t *testing.T, g Game[O, S, M, V], s S) {
	t.Helper()
	if err := s.Check(); err != nil {
		t.Fatalf("a decoded state breaks the rules: %v", err)
	}
	roundTrip(t, "state", s)
	_, _, _ = s.ToAct(), s.Over(), s.Result()
	for _, m := range g.Rules.AppendLegalMoves(nil, s) {
		next := mustApply(t, g.Rules, s, m)
		if err := next.Check(); err != nil {
			t.Fatalf("after listed move %q the state breaks the rules: %v", m, err)
		}
	}
	for _, p := range viewers(s) {
		v := g.Rules.View(s, p)
		_ = v.String()
		roundTrip(t, "view", v)
		d, err := g.Rules.Determinize(v, 1)
		if err != nil {
			t.Fatalf("Determinize(%v's view): %v", p, err)
		}
		if err := d.Check(); err != nil {
			t.Fatalf("Determinize(%v's view) breaks the rules: %v", p, err)
		}
	}
}

// seedStates plays a few seeded games with random moves, from deals and
// from the game's hand-built starts, and returns states from their
// beginning, middle and end.
func seedStates[O any, S cards.State, M cards.Move, V cards.View[M]](g Game[O, S, M, V]) []S {
	var seeds []S
	games := 4
	if g.Starts != nil {
		games = 8 // every other one from a hand-built start
	}
	for i := range games {
		s, err := g.example(i)
		if err != nil {
			continue
		}
		states, _, _ := playFrom(g.Rules, s, uint64(i), g.maxMoves())
		for n, s := range states {
			if n%17 == 0 || n == len(states)-1 {
				seeds = append(seeds, s)
			}
		}
	}
	return seeds
}
