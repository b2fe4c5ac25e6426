package cardstest

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
)

// CheckBot checks a bot on reachable states of g's games, for each player
// who must act:
//   - it chooses one of the moves the player's view lists;
//   - it is deterministic: the same view and the same random source give
//     the same move again;
//   - it reads nothing hidden: from the player's view of a state re-dealt
//     by Determinize, which differs from the original only in what the
//     player cannot see, it chooses the same move.
//
// The bot must be deterministic for its random source (no time budget).
func CheckBot[O any, S cards.State, M cards.Move, V cards.View[M]](t *testing.T, g Game[O, S, M, V], b bot.Bot[M, V]) {
	t.Helper()
	rapid.Check(t, func(t *rapid.T) {
		s := drawShown(t, States(g).Filter(func(s S) bool { return !s.Over() }), "state")
		seed := rapid.Uint64().Draw(t, "bot seed")
		for p := range s.ToAct().All() {
			v := g.Rules.View(s, p)
			choose := func(v V) M {
				r := cards.NewRand(seed)
				m, err := b.Choose(v, &r)
				if err != nil {
					t.Fatalf("%v's bot: %v\nview: %s", p, err, jsonOrError(v))
				}
				return m
			}
			m := choose(v)
			if !slices.Contains(v.Base().Moves, m) {
				t.Fatalf("%v's bot chose a move the view does not list\n%s", p, moveCase(g.Rules, s, m))
			}
			if again := choose(v); again != m {
				t.Fatalf("%v's bot chose %q, then %q from the same view and random source\nview: %s", p, m, again, jsonOrError(v))
			}
			d, err := g.Rules.Determinize(v, rapid.Uint64().Draw(t, "determinize seed"))
			if err != nil {
				t.Fatalf("Determinize(%v's view): %v\nview: %s", p, err, jsonOrError(v))
			}
			if other := choose(g.Rules.View(d, p)); other != m {
				t.Fatalf("%v's bot chose %q, but %q in a state that differs only in what %v cannot see\nview: %s", p, m, other, p, jsonOrError(v))
			}
		}
	})
}
