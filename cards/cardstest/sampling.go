package cardstest

import (
	"hash/maphash"
	"testing"

	"github.com/cardrules/games/cards"
)

// Sampling tunes CheckSampling. The zero value checks 12 small cases.
type Sampling struct {
	// Cases is the number of small cases to check; 0 means 12.
	Cases int
	// Games is the number of random games searched for small cases; 0
	// means 200. The check fails if they hold fewer than Cases.
	Games int
	// Placements is the most placements a case may have to count as
	// small; 0 means 8.
	Placements int
}

// A SmallCase is a hand-built view for CheckSampling, with the number of
// placements of the hidden cards it allows: the ways the table could look
// to everyone but its viewer. A view late in a hand, or a hand-built
// situation a random game seldom reaches, makes a small case a person
// can count: two unseen cards and one of them in the other hand allow 2.
type SmallCase[V any] struct {
	View       V
	Placements int
}

// CheckSampling checks that Determinize deals every world a view allows,
// on small cases: views that leave only a few placements of the hidden
// cards. A placement is what everyone but the viewer sees: the views of
// the other players, which hold every card a player holds and what each
// knows of the others.
//
// The hand-built cases come first: Determinize, sampled 64 times for each
// placement a case allows, must deal states that give the viewer the same
// view, and exactly as many placements as the case says.
//
// Then, since any consistent placement might be the true one, the check
// looks for the true one: it plays random games from g's options (drawn
// with fixed seeds, so that the check is the same on every run) and, every
// other game, from g's hand-built Starts, and for states of them and every
// viewer, the spectator included, it samples Determinize with fixed seeds.
// A view whose first 16 samples show at most Placements placements, at
// least two, is a small case; there the true placement must turn up
// within 64 samples for each placement the view allows, or Determinize
// leaves out worlds the viewer cannot rule out. A sampler that does so
// biases every search that relies on it: it plays as if it knew what it
// cannot know.
//
// It checks Cases small cases, the hand-built ones and the first it finds
// in up to Games games, and fails if it finds fewer: a game with hidden
// cards must offer small cases late in its games (a game with a stock
// seldom reaches them from a deal: give it Starts with a short stock).
func CheckSampling[O any, S cards.State, M cards.Move, V cards.View[M]](t testing.TB, g Game[O, S, M, V], tune Sampling, handBuilt ...SmallCase[V]) {
	t.Helper()
	wantCases, games, most := cmpOr(tune.Cases, 12), cmpOr(tune.Games, 200), cmpOr(tune.Placements, 8)
	sm := sampler[O, S, M, V]{rules: g.Rules, seed: maphash.MakeSeed()}
	for k, c := range handBuilt {
		sm.checkCase(t, k, c)
	}
	cases, i := len(handBuilt), 0
	for ; i < games && cases < wantCases; i++ {
		start, err := g.example(i)
		if err != nil {
			t.Fatalf("random game %d: %v", i, err)
		}
		states, _, err := playFrom(g.Rules, start, uint64(i), g.maxMoves())
		if err != nil {
			t.Fatalf("random game %d from %s: %v", i, jsonOrError(start), err)
		}
		// Late states hide fewest cards: look at the last moves of
		// the game, and a few states before.
		for j := len(states) - 1; j >= 0 && cases < wantCases; j -= 1 + (len(states)-j)/4 {
			s := states[j]
			for _, p := range viewers(s) {
				if sm.check(t, s, p, most, uint64(i)<<32|uint64(j)) {
					cases++
				}
			}
		}
	}
	if cases < wantCases {
		t.Fatalf("%d random games hold only %d small cases (views that allow 2 to %d placements of the hidden cards), %d of them hand-built; %d are needed", games, cases, most, len(handBuilt), wantCases)
	}
	t.Logf("%d small cases, %d of them hand-built, found in %d random games: Determinize dealt the true placement in each", cases, len(handBuilt), i)
}

// checkCase checks hand-built case k: Determinize deals states of the
// view, and every placement the case allows, no more.
func (sm sampler[O, S, M, V]) checkCase(t testing.TB, k int, c SmallCase[V]) {
	t.Helper()
	v := c.View
	p := v.Base().Viewer
	want := mustJSON(t, v)
	if c.Placements < 1 {
		t.Fatalf("hand-built case %d allows %d placements: a view allows at least one\nview: %s", k, c.Placements, want)
	}
	seen := map[uint64]bool{}
	budget := 64 * c.Placements
	for n := 0; n < budget && len(seen) <= c.Placements; n++ {
		d, err := sm.rules.Determinize(v, uint64(k)<<32|uint64(n))
		if err != nil {
			t.Fatalf("hand-built case %d: Determinize(%v's view): %v\nview: %s", k, p, err, want)
		}
		if got := mustJSON(t, sm.rules.View(d, p)); got != want {
			t.Fatalf("hand-built case %d: %v's view of a state Determinize dealt differs from the view:\nview:     %s\nre-dealt: %s", k, p, want, got)
		}
		seen[sm.placement(t, d, p)] = true
	}
	switch {
	case len(seen) < c.Placements:
		t.Fatalf("hand-built case %d allows %d placements of the hidden cards, yet %d samples of Determinize dealt only %d\nview: %s", k, c.Placements, budget, len(seen), want)
	case len(seen) > c.Placements:
		t.Fatalf("hand-built case %d is said to allow %d placements of the hidden cards, yet Determinize dealt %d: the count, or Determinize, is wrong\nview: %s", k, c.Placements, len(seen), want)
	}
}

func cmpOr(n, def int) int {
	if n > 0 {
		return n
	}
	return def
}

// A sampler draws determinizations of views and tells their placements
// apart.
type sampler[O any, S cards.State, M cards.Move, V cards.View[M]] struct {
	rules cards.Rules[O, S, M, V]
	seed  maphash.Seed
}

// placement returns a hash of what everyone but p sees of s.
func (sm sampler[O, S, M, V]) placement(t testing.TB, s S, p cards.Player) uint64 {
	var h maphash.Hash
	h.SetSeed(sm.seed)
	for q := range cards.AllPlayers(s.Players()).Without(p).All() {
		h.WriteString(mustJSON(t, sm.rules.View(s, q)))
		h.WriteByte(0)
	}
	return h.Sum64()
}

// check samples p's view of s. If the view is a small case, it checks that
// the true placement occurs and reports true.
func (sm sampler[O, S, M, V]) check(t testing.TB, s S, p cards.Player, most int, seed uint64) bool {
	t.Helper()
	v := sm.rules.View(s, p)
	truth := sm.placement(t, s, p)
	seen := map[uint64]int{}
	found := false
	sample := func(k int) {
		d, err := sm.rules.Determinize(v, seed<<8^uint64(k))
		if err != nil {
			t.Fatalf("Determinize(%v's view): %v\nview: %s", p, err, jsonOrError(v))
		}
		key := sm.placement(t, d, p)
		seen[key]++
		found = found || key == truth
	}
	const probe = 16
	for k := range probe {
		sample(k)
		if len(seen) > most {
			return false
		}
	}
	if len(seen) < 2 && found {
		return false // nothing hidden that matters
	}
	budget := 64 * most
	for k := probe; k < budget && !found; k++ {
		sample(k)
	}
	if !found {
		t.Fatalf("%v's view allows the true placement of the hidden cards, yet %d samples of Determinize never dealt it (they dealt %d other placements)\nview: %s\nthe true state: %s",
			p, budget, len(seen), mustJSON(t, v), mustJSON(t, s))
	}
	return true
}
