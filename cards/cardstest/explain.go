package cardstest

import (
	"slices"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
)

// checkCandidates checks a game whose rules are a cards.Explainer (others
// pass): in states of random games, every player's candidates are their
// own moves, each listed once, none the spectator's; a candidate applies
// exactly when it is legal; and every refusal is the same in a state
// re-dealt from the player's view, so that it says nothing the player
// cannot see.
func checkCandidates[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V]) {
	explainer, ok := g.Rules.(cards.Explainer[M, V])
	if !ok {
		return
	}
	rec := play(t, g)
	for _, i := range rec.sampled(t) {
		s := rec.states[i]
		if c := explainer.AppendCandidates(nil, g.Rules.View(s, cards.Spectator)); len(c) > 0 {
			t.Fatalf("the spectator has candidates: %v", c)
		}
		for p := range cards.Player(s.Players()) {
			v := g.Rules.View(s, p)
			d, err := g.Rules.Determinize(v, rapid.Uint64().Draw(t, "determinize seed"))
			if err != nil {
				t.Fatalf("Determinize(%v's view): %v", p, err)
			}
			seen := map[M]bool{}
			for _, m := range explainer.AppendCandidates(nil, v) {
				if m.Player() != p || seen[m] {
					t.Fatalf("%v's candidate %q is %v's, or listed twice", p, m, m.Player())
				}
				seen[m] = true
				_, err := g.Rules.Apply(s, m)
				if legal := slices.Contains(rec.legal[i], m); legal != (err == nil) {
					t.Fatalf("%v's candidate %q: listed %v, yet Apply answers %v", p, m, legal, err)
				}
				_, there := g.Rules.Apply(d, m)
				if err != nil && (there == nil || cards.Reason(there) != cards.Reason(err)) {
					t.Fatalf("%v's candidate %q is refused %q, and %q in a state re-dealt from %v's view: the refusal tells what %v cannot see",
						p, m, cards.Reason(err), there, p, p)
				}
			}
		}
	}
}
