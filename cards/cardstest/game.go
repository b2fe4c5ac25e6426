package cardstest

import (
	"encoding/json"
	"fmt"
	"strings"

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
	// Starts, if set, draws starting states of the game's own: hand-built
	// situations that random play from a deal seldom or never reaches (an
	// empty stock, a last card, a tie at the end). Every property then
	// explores from them as from dealt games, half of its games starting
	// from one (rapid.SampledFrom draws from a list of them), and so do
	// States, CheckBot, CheckSampling and the fuzz targets' seeds. A
	// start must keep the rules (State.Check) and lead to an end within
	// MaxMoves.
	Starts *rapid.Generator[S]
	// Moves, if set, draws arbitrary moves, legal or not, which the
	// harness offers to reachable states to check that whatever is not
	// listed is refused.
	Moves *rapid.Generator[M]
	// MaxMoves is the number of moves within which every random game must
	// end; 0 means 100000.
	MaxMoves int
	// Ending, if set, names the way a game ended, for the coverage line
	// Run logs ("went out", "Royal Council", "a draw at the turn limit");
	// by default an ending is named as cards.EndingOf names it: by the
	// state's own Ending if it is a cards.Ender, or else by its result
	// (one winner, a shared win or a draw).
	Ending func(S) string

	// cov, when set, counts what the games that Run plays reach.
	cov *coverage[M]
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

// A shown value is drawn with the text rapid prints of it: a game's
// values print as JSON, not as Go structs.
type shown[T any] struct {
	v    T
	text string
}

// GoString returns the text; rapid prints a drawn value with %#v.
func (s shown[T]) GoString() string { return s.text }

// drawShown draws a value of gen, printed as JSON in rapid's log.
func drawShown[T any](t *rapid.T, gen *rapid.Generator[T], label string) T {
	return rapid.Custom(func(t *rapid.T) shown[T] {
		v := gen.Draw(t, label)
		return shown[T]{v, jsonOrError(v)}
	}).Draw(t, label).v
}

// drawMoves draws moves of gen, printed in rapid's log as their texts and
// JSON.
func drawMoves[M cards.Move](t *rapid.T, gen *rapid.Generator[[]M], label string) []M {
	return rapid.Custom(func(t *rapid.T) shown[[]M] {
		ms := gen.Draw(t, label)
		texts := make([]string, len(ms))
		for i, m := range ms {
			texts[i] = fmt.Sprintf("%q %s", m.String(), jsonOrError(m))
		}
		return shown[[]M]{ms, "[" + strings.Join(texts, ", ") + "]"}
	}).Draw(t, label).v
}

// A beginning is where a random game starts: a deal of drawn options, or
// a hand-built start.
type beginning[O any, S cards.State] struct {
	opts      O
	handBuilt bool
	s         S
}

// begin draws where a game starts: a hand-built start half the time when
// g has Starts, else a deal of drawn options.
func (g Game[O, S, M, V]) begin(t *rapid.T) beginning[O, S] {
	if g.Starts != nil && rapid.Bool().Draw(t, "hand-built start") {
		s := drawShown(t, g.Starts, "start")
		if err := s.Check(); err != nil {
			t.Fatalf("the hand-built start breaks the rules: %v\nstart: %s", err, mustJSON(t, s))
		}
		return beginning[O, S]{handBuilt: true, s: s}
	}
	opts := drawShown(t, g.options(), "options")
	s, err := g.Rules.NewGame(opts)
	if err != nil {
		t.Fatalf("NewGame(%s): %v", mustJSON(t, opts), err)
	}
	return beginning[O, S]{opts: opts, s: s}
}

// example returns the i-th of the fixed beginnings CheckSampling and the
// fuzz targets' seeds play from: deals of options drawn with fixed seeds,
// and every other one a hand-built start when g has Starts.
func (g Game[O, S, M, V]) example(i int) (S, error) {
	if g.Starts != nil && i%2 == 1 {
		return g.Starts.Example(i), nil
	}
	opts := g.options().Example(i)
	s, err := g.Rules.NewGame(opts)
	if err != nil {
		var zero S
		return zero, fmt.Errorf("NewGame(%s): %w", jsonOrError(opts), err)
	}
	return s, nil
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
// dealt from drawn options, or taken from g's hand-built Starts, and
// continued with random legal moves for a drawn number of steps, or until
// it ends.
func States[O any, S cards.State, M cards.Move, V cards.View[M]](g Game[O, S, M, V]) *rapid.Generator[S] {
	return rapid.Custom(func(t *rapid.T) S {
		s, _ := walk(t, g.Rules, g.begin(t).s, rapid.IntRange(0, g.maxMoves()).Draw(t, "steps"))
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
