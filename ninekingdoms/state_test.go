package ninekingdoms

import (
	"encoding/json"
	"errors"
	"iter"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// Tests of Check, Determinize, legality as a whole and robustness.

// randomStates plays seeded games of random moves, with n players, and
// returns every state of them.
func randomStates(t testing.TB, n int, match bool, seeds int) []State {
	t.Helper()
	var all []State
	for seed := range uint64(seeds) {
		states, _, err := cardstest.RandomGame(Rules{}, Options{Players: n, Seed: cards.Seed(seed), Match: match, NoLog: seed%2 == 1}, seed, 1_000_000)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, states...)
	}
	return all
}

func TestCheckFindsBrokenStates(t *testing.T) {
	base := build(t, "P1 pair 6 $ | tableau 5 | kingdoms 5; P2 pair 8 8 | tableau 6; turn P1")
	for name, breakIt := range map[string]func(*State){
		"a card lost":             func(s *State) { s.deckLen-- },
		"a card made":             func(s *State) { s.pile[0].Add(Money) },
		"a kingdom without cards": func(s *State) { s.owner[7] = 0 },
		"a kingdom of no player":  func(s *State) { s.owner[5] = 3 },
		"a hand in a turn":        func(s *State) { s.hand[1].Add(s.deck[0]); s.deckLen-- },
		"the Bribe's $ gone":      func(s *State) { s.pair[0].Remove(Money); s.seen.Add(Money) },
		"a stage without combo":   func(s *State) { s.shown = [2]Card{3, 3} },
		"a reactor in a turn":     func(s *State) { s.reactor = 1 },
		"cards out of play": func(s *State) {
			for range 10 {
				s.deckLen--
				s.pile[1].Add(s.deck[s.deckLen])
			}
		},
		"a seat beyond the table": func(s *State) { s.pile[3].Add(s.deck[s.deckLen-1]); s.deckLen-- },
		"totals in a single game": func(s *State) { s.totals[0] = 5 },
		"a round out of range":    func(s *State) { s.round = 0 },
		"an unknown phase":        func(s *State) { s.phase = 9 },
	} {
		s := base
		breakIt(&s)
		if err := s.Check(); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s: Check says %v", name, err)
		}
	}
	if err := base.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestLegalMovesAreExactlyTheMovesApplyAccepts(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for i, s := range randomStates(t, n, false, 2) {
			if i%3 == 0 {
				cardstest.CheckListedMoves(t, Rules{}, s, everyMove(n))
			}
		}
	}
}

// everyMove yields the moves of every kind, player, target and card, a
// little beyond their ranges.
func everyMove(n int) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for who := cards.Player(-1); int(who) <= n; who++ {
			for k := Kind(0); k <= numKinds; k++ {
				for target := cards.Player(-1); int(target) <= n; target++ {
					for c := Card(0); c <= Values; c++ {
						seconds := []Card{0}
						if k == KindChoose {
							seconds = []Card{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
						}
						for _, c2 := range seconds {
							if !yield(Move{Who: who, Kind: k, Target: target, Kingdom: uint8(c), Card: c, Pair: [2]Card{c, c2}}) {
								return
							}
						}
					}
				}
			}
		}
	}
}

func TestApplyNeverChangesItsInput(t *testing.T) {
	for _, s := range randomStates(t, 3, false, 1) {
		before := jsonOf(t, s)
		for _, m := range LegalMoves(s) {
			Apply(s, m)
		}
		if jsonOf(t, s) != before {
			t.Fatal("Apply changed its input")
		}
	}
}

func TestTheZeroStateIsNoGameButNoPanic(t *testing.T) {
	var s State
	if s.Over() || s.ToAct() != 0 || s.Players() != 0 || len(LegalMoves(s)) != 0 {
		t.Fatal("the zero state acts like a game")
	}
	if err := s.Check(); !errors.Is(err, cards.ErrBadInput) {
		t.Fatalf("Check: %v", err)
	}
	if _, err := Apply(s, End(0)); !errors.Is(err, cards.ErrIllegalMove) {
		t.Fatalf("Apply: %v", err)
	}
	_ = ViewOf(s, 0).String()
	_ = s.Result()
	if _, err := json.Marshal(s); err == nil {
		t.Fatal("the zero state encodes")
	}
	for _, m := range []Move{{}, {Who: 9, Kind: 99, Target: -5, Kingdom: 100, Card: 200, Pair: [2]Card{201, 202}}} {
		_ = m.String()
	}
}

func TestDeterminizeKeepsTheViewAndRedealsTheRest(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for i, s := range randomStates(t, n, false, 2) {
			if i%4 != 0 {
				continue
			}
			for p := cards.Spectator; int(p) < n; p++ {
				v := ViewOf(s, p)
				a, err := Determinize(v, 1)
				if err != nil {
					t.Fatal(err)
				}
				b, err := Determinize(v, 2)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range []State{a, b} {
					got := ViewOf(d, p)
					got.Log, v.Log = nil, nil
					if diff := cmp.Diff(jsonOf(t, v), jsonOf(t, got)); diff != "" {
						t.Fatalf("%v's view of a re-dealt state (-want +got):\n%s", p, diff)
					}
					if d.log.On() {
						t.Fatal("a re-dealt state keeps a log")
					}
				}
				if s.deckLen > 10 && a.deck == b.deck {
					t.Fatalf("two seeds re-deal the deck alike")
				}
			}
		}
	}
}

func TestDeterminizeRefusesBrokenViews(t *testing.T) {
	s, _ := NewGame(Options{Players: 2, Seed: 4})
	for name, breakIt := range map[string]func(*View){
		"players":    func(v *View) { v.Players = 7 },
		"phase":      func(v *View) { v.Phase = 9 },
		"kingdoms":   func(v *View) { v.Kingdoms = v.Kingdoms[:3] },
		"hand sizes": func(v *View) { v.HandSizes[1] = 40 },
		"own hand":   func(v *View) { v.Hand = fullDeck },
		"deck":       func(v *View) { v.Deck++ },
		"round":      func(v *View) { v.Round = 0 },
		"viewer":     func(v *View) { v.Viewer = 5 },
		"totals":     func(v *View) { v.Totals = nil },
	} {
		v := ViewOf(s, 0)
		breakIt(&v)
		if _, err := Determinize(v, 1); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
