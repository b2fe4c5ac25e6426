package cardstest

import (
	"encoding/json"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
)

// Game describes a game to the harness.
type Game[O any, S cards.State, M cards.Move, V cards.View[M]] struct {
	// Rules is the game.
	Rules cards.Rules[O, S, M, V]
	// Options draws the options of the games to test, seed included.
	// Every game they describe must end (set a round limit where the
	// rules have none). Nil draws the game's default options with a
	// drawn seed (the member "seed" of the options' JSON).
	Options *rapid.Generator[O]
	// Moves, if set, draws arbitrary moves, legal or not, which the
	// harness offers to reachable states to check that whatever is not
	// listed is refused.
	Moves *rapid.Generator[M]
	// MaxMoves is the number of moves within which every random game must
	// end; 0 means 100000.
	MaxMoves int
}

// Of describes a game to the harness by its rules alone: its default
// options with a drawn seed, and the legal moves alone. Its type arguments
// are the rules', so that a test of an existing game is one line:
//
//	cardstest.Run(t, cardstest.Of(crown.Rules{}))
func Of[O any, S cards.State, M cards.Move, V cards.View[M]](rules cards.Rules[O, S, M, V]) Game[O, S, M, V] {
	return Game[O, S, M, V]{Rules: rules}
}

// options returns the generator of g's options: Options, or the game's
// defaults with a drawn seed.
func (g Game[O, S, M, V]) options() *rapid.Generator[O] {
	if g.Options != nil {
		return g.Options
	}
	return rapid.Custom(func(t *rapid.T) O {
		opts := g.Rules.DefaultOptions()
		seed := cards.Seed(rapid.Uint64().Draw(t, "seed"))
		b, err := json.Marshal(opts)
		if err != nil {
			t.Fatalf("the default options do not encode: %v", err)
		}
		var members map[string]json.RawMessage
		if err := json.Unmarshal(b, &members); err != nil || members["seed"] == nil {
			t.Fatalf("the default options %s have no member \"seed\": set Game.Options", b)
		}
		if members["seed"], err = seed.MarshalJSON(); err == nil {
			b, err = json.Marshal(members)
		}
		if err == nil {
			err = json.Unmarshal(b, &opts)
		}
		if err != nil {
			t.Fatalf("the default options with seed %d: %v", seed, err)
		}
		return opts
	})
}

func (g Game[O, S, M, V]) maxMoves() int {
	if g.MaxMoves > 0 {
		return g.MaxMoves
	}
	return 100000
}

// newGame draws options and deals a game from them.
func (g Game[O, S, M, V]) newGame(t *rapid.T) (O, S) {
	opts := g.options().Draw(t, "options")
	s, err := g.Rules.NewGame(opts)
	if err != nil {
		t.Fatalf("NewGame(%s): %v", mustJSON(t, opts), err)
	}
	return opts, s
}

// LegalMove returns a generator of the moves legal in s. It fails the test
// if no move is legal.
func LegalMove[O any, S cards.State, M cards.Move, V cards.View[M]](rules cards.Rules[O, S, M, V], s S) *rapid.Generator[M] {
	return rapid.Custom(func(t *rapid.T) M {
		legal := rules.AppendLegalMoves(nil, s)
		if len(legal) == 0 {
			t.Fatalf("no legal move (game over: %v)", s.Over())
		}
		return legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
	})
}

// States returns a generator of states reachable in g's games: a game is
// dealt from drawn options and continued with random legal moves for a
// drawn number of steps, or until it ends.
func States[O any, S cards.State, M cards.Move, V cards.View[M]](g Game[O, S, M, V]) *rapid.Generator[S] {
	return rapid.Custom(func(t *rapid.T) S {
		_, s := g.newGame(t)
		s, _ = walk(t, g.Rules, s, rapid.IntRange(0, g.maxMoves()).Draw(t, "steps"))
		return s
	})
}

// walk continues s with up to steps drawn legal moves, stopping where the
// game ends, and returns the state reached and the moves made.
func walk[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, r cards.Rules[O, S, M, V], s S, steps int) (S, []M) {
	var legal, moves []M
	for range steps {
		legal = r.AppendLegalMoves(legal[:0], s)
		if len(legal) == 0 {
			break
		}
		m := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
		moves = append(moves, m)
		s = mustApply(t, r, s, m)
	}
	return s, moves
}
