package packs

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
)

// Properties over games of random legal moves, for 2, 3 and 4 players and
// the solo game with every head start.

// drawOptions draws the options of a game: n players, or the solo game.
func drawOptions(t *rapid.T) Options {
	o := DefaultOptions()
	o.Seed = cards.Seed(rapid.Uint64().Draw(t, "seed"))
	o.NoLog = rapid.Bool().Draw(t, "noLog")
	switch n := rapid.IntRange(1, MaxPlayers).Draw(t, "players"); n {
	case 1:
		o.Solo, o.HeadStart = true, rapid.IntRange(0, MaxHeadStart).Draw(t, "headStart")
	default:
		o.Players = n
	}
	if rapid.Bool().Draw(t, "short") {
		o.Turns = rapid.IntRange(1, 5).Draw(t, "turns")
	}
	return o
}

// drawState deals a game and plays a drawn number of random legal moves.
func drawState(t *rapid.T) State {
	s, err := NewGame(drawOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	for range rapid.IntRange(0, 400).Draw(t, "steps") {
		ms := LegalMoves(s)
		if len(ms) == 0 {
			break
		}
		if s, err = Apply(s, ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// arbitraryMove draws a move, legal or not.
var arbitraryMove = rapid.Custom(func(t *rapid.T) Move {
	return Move{
		Who:    cards.Player(rapid.IntRange(-1, MaxPlayers).Draw(t, "who")),
		Kind:   Kind(rapid.IntRange(0, int(numKinds)).Draw(t, "kind")),
		Card:   cards.Card(rapid.IntRange(0, 60).Draw(t, "card")),
		Column: int8(rapid.IntRange(-1, Columns).Draw(t, "column")),
	}
})

func TestPropertyEveryGameEndsAndEveryStateKeepsTheRules(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s, err := NewGame(drawOptions(t))
		if err != nil {
			t.Fatal(err)
		}
		for moves := 0; !s.Over(); moves++ {
			if moves > 4000 {
				t.Fatalf("no end after %d moves", moves)
			}
			ms := LegalMoves(s)
			if len(ms) == 0 || s.ToAct().Len() != 1 {
				t.Fatalf("%d legal moves, %v to act, in a game that goes on", len(ms), s.ToAct())
			}
			for _, m := range ms {
				if !s.ToAct().Has(m.Who) {
					t.Fatalf("%v is listed for %v, who need not act", m, m.Who)
				}
			}
			if s, err = Apply(s, ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")]); err != nil {
				t.Fatal(err)
			}
			if err := s.Check(); err != nil {
				t.Fatal(err)
			}
		}
		if r := s.Result(); r.Winners.Len() == 0 || len(r.Scores) != s.Players() {
			t.Fatalf("the game ended with result %+v", r)
		}
	})
}

func TestPropertyApplyAcceptsExactlyTheListedMovesAndChangesNothing(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawState(t)
		before := s
		listed := map[Move]bool{}
		for _, m := range LegalMoves(s) {
			if listed[m] {
				t.Fatalf("%v is listed twice", m)
			}
			listed[m] = true
			if _, err := Apply(s, m); err != nil {
				t.Fatalf("listed %v %v: %v", m.Who, m, err)
			}
		}
		m := arbitraryMove.Draw(t, "arbitrary")
		next, err := Apply(s, m)
		switch {
		case listed[m] && err != nil:
			t.Fatalf("listed %v: %v", m, err)
		case !listed[m] && !errors.Is(err, cards.ErrIllegalMove):
			t.Fatalf("unlisted %+v: error %v", m, err)
		case !listed[m] && next != s:
			t.Fatalf("a refused move changed the state")
		}
		if s != before {
			t.Fatal("Apply changed its input")
		}
	})
}

func TestPropertyTheSameSeedAndMovesGiveTheSameGame(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := drawOptions(t)
		o.NoLog = true
		a, _ := NewGame(o)
		b, _ := NewGame(o)
		for !a.Over() {
			if a != b {
				t.Fatal("two games of the same options and moves differ")
			}
			ms := LegalMoves(a)
			m := ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")]
			a, _ = Apply(a, m)
			b, _ = Apply(b, m)
		}
	})
}

func TestPropertyAViewIsAllItsViewerMayKnow(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawState(t)
		p := cards.Player(rapid.IntRange(-1, s.Players()-1).Draw(t, "viewer"))
		v := ViewOf(s, p)
		world, err := Determinize(v, rapid.Uint64().Draw(t, "seed"))
		if err != nil {
			t.Fatalf("Determinize: %v", err)
		}
		if world.log.On() {
			t.Fatal("a determinized world has its log on")
		}
		w := ViewOf(world, p)
		v.Log, w.Log = nil, nil
		if diff := cmp.Diff(v, w); diff != "" {
			t.Fatalf("%v tells the determinized world apart (-view +world's view):\n%s", p, diff)
		}
		if !shownCards(v).Intersect(s.coinCards).Empty() {
			t.Fatal("a view shows the faces of coins")
		}
	})
}

func TestPropertyEveryReaderReadsSomethingOfEveryEvent(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawState(t)
		n := s.log.Len()
		for p := cards.Spectator; int(p) < s.Players(); p++ {
			if got := len(texts(s, p)); got != n {
				t.Fatalf("%v reads %d of %d events", p, got, n)
			}
		}
		for _, e := range s.log.Since(0) {
			if e.To != 0 && e.Others == "" {
				t.Fatalf("private event %q has nothing for the others", e.Text)
			}
		}
	})
}

// TestRandomGamesKeepTheRules plays whole games of uniformly random moves
// for every table — rapid's draws favour the first moves listed — and
// checks every state, every listed move and every view on the way.
func TestRandomGamesKeepTheRules(t *testing.T) {
	tables := []Options{
		{Players: 2, Turns: DefaultTurns}, {Players: 3, Turns: DefaultTurns}, {Players: 4, Turns: DefaultTurns},
		{Players: 2, Turns: DefaultTurns, Solo: true}, {Players: 2, Turns: DefaultTurns, Solo: true, HeadStart: 3},
	}
	games := 60
	if testing.Short() {
		games = 10
	}
	for _, o := range tables {
		for seed := range games {
			o.Seed = cards.Seed(seed)
			s := newGame(t, o)
			r := cards.NewRand(uint64(seed))
			for moves := 0; !s.Over(); moves++ {
				if moves > 4000 {
					t.Fatalf("%+v: no end after %d moves", o, moves)
				}
				ms := LegalMoves(s)
				for _, m := range ms {
					if _, err := Apply(s, m); err != nil {
						t.Fatalf("%+v: listed %v %v: %v", o, m.Who, m, err)
					}
				}
				if moves%7 == 0 {
					p := cards.Player(r.IntN(s.Players()+1) - 1)
					v := ViewOf(s, p)
					w, err := Determinize(v, r.Uint64())
					if err != nil {
						t.Fatalf("%+v: Determinize for %v: %v", o, p, err)
					}
					wv := ViewOf(w, p)
					v.Log, wv.Log = nil, nil
					if diff := cmp.Diff(v, wv); diff != "" {
						t.Fatalf("%+v: %v's view of a determinized world differs:\n%s", o, p, diff)
					}
				}
				s = play(t, s, ms[r.IntN(len(ms))])
			}
		}
	}
}
