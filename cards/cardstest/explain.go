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
				t.Fatalf("Determinize(%v's view): %v\nview: %s", p, err, jsonOrError(v))
			}
			seen := map[M]bool{}
			candidates := explainer.AppendCandidates(nil, v)
			g.cov.meet(candidates)
			for _, m := range candidates {
				if m.Player() != p || seen[m] {
					t.Fatalf("%v's candidate is %v's, or listed twice\n%s", p, m.Player(), moveCase(g.Rules, s, m))
				}
				seen[m] = true
				_, err := g.Rules.Apply(s, m)
				if legal := slices.Contains(rec.legal[i], m); legal != (err == nil) {
					t.Fatalf("%v's candidate: listed %v, yet Apply answers %v\n%s", p, legal, err, moveCase(g.Rules, s, m))
				}
				_, there := g.Rules.Apply(d, m)
				if err != nil && (there == nil || cards.Reason(there) != cards.Reason(err)) {
					t.Fatalf("%v's candidate is refused %q, and %q in a state re-dealt from %v's view: the refusal tells what %v cannot see\n%s",
						p, cards.Reason(err), there, p, p, moveCase(g.Rules, s, m))
				}
			}
		}
	}
}
