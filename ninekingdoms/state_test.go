package ninekingdoms

import (
	"encoding/json"
	"errors"
	"iter"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// Tests of JSON, Check, Determinize, legality as a whole and robustness.

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

func TestStateJSONRoundTrip(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for i, s := range randomStates(t, n, n == 3, 2) {
			if i%5 != 0 {
				continue
			}
			b := jsonOf(t, s)
			var back State
			if err := json.Unmarshal([]byte(b), &back); err != nil {
				t.Fatalf("%v\n%s", err, b)
			}
			if got := jsonOf(t, back); got != b {
				t.Fatalf("round trip:\n%s\n%s", b, got)
			}
			if !cmp.Equal(LegalMoves(s), LegalMoves(back)) {
				t.Fatal("the decoded state has other moves")
			}
		}
	}
}

func TestStateJSONRefusesBrokenStates(t *testing.T) {
	s, _ := NewGame(Options{Players: 3, Seed: 1})
	good := jsonOf(t, s)
	var probe State
	if err := json.Unmarshal([]byte(good), &probe); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ from, to string }{
		{`"players":3`, `"players":5`},
		{`"players":3`, `"players":2`},
		{`"round":1`, `"round":7`},
		{`"phase":"choose"`, `"phase":"dance"`},
		{`"phase":"choose"`, `"phase":"turn"`},
		{`"stage":"none"`, `"stage":"use"`},
		{`"first":0`, `"first":3`},
		{`"kingdoms":[-1,`, `"kingdoms":[0,`},
		{`"kingdoms":[-1,`, `"kingdoms":[-1,-1,`},
		{`"deck":["`, `"deck":["1","`},
		{`"deck":["`, `"deck":["x","`},
		{`"seen":[]`, `"seen":["$"]`},
		{`"hands":[[`, `"hands":[["9",`},
		{`"totals":[0,0,0]`, `"totals":[0,0,5]`},
		{`"rand":"`, `"rand":"zz`},
		{`"matchGame":1`, `"matchGame":0`},
	} {
		bad := strings.Replace(good, tc.from, tc.to, 1)
		if bad == good {
			t.Fatalf("%q is not in the state's JSON", tc.from)
		}
		var back State
		err := json.Unmarshal([]byte(bad), &back)
		if !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s → %s: error %v", tc.from, tc.to, err)
		}
	}
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

func TestMoveJSON(t *testing.T) {
	for _, tc := range []struct {
		m    Move
		json string
	}{
		{Choose(0, 6, Money), `{"player":0,"kind":"choose","cards":["6","$"],"text":"choose 6 $"}`},
		{Claim(1, 6), `{"player":1,"kind":"claim","kingdom":6,"text":"claim Kingdom 6"}`},
		{Bribe(0, 1, 5), `{"player":0,"kind":"bribe","target":1,"card":"5","text":"bribe P2: take 5"}`},
		{Siege(2, 0, 4), `{"player":2,"kind":"siege","target":0,"card":"4","text":"siege P1: discard 4"}`},
		{Flank(0, 2, 7), `{"player":0,"kind":"flank","target":2,"card":"7","text":"flank P3: discard 7"}`},
		{Decline(1), `{"player":1,"kind":"decline","text":"decline"}`},
		{Stash(0, 8), `{"player":0,"kind":"stash","card":"8","text":"stash 8"}`},
		{Counter(1, 3), `{"player":1,"kind":"counter","card":"3","text":"counter: discard 3"}`},
		{End(3), `{"player":3,"kind":"end","text":"end turn"}`},
		{Move{Who: 1, Kind: KindEnd, Target: 2, Card: 4, Second: 5}, `{"player":1,"kind":"end","target":2,"card":"4","second":"5","text":"end turn"}`},
	} {
		if got := jsonOf(t, tc.m); got != tc.json {
			t.Errorf("%v:\n got %s\nwant %s", tc.m, got, tc.json)
		}
		var back Move
		if err := json.Unmarshal([]byte(tc.json), &back); err != nil || back != tc.m {
			t.Errorf("%s decodes as %+v, %v", tc.json, back, err)
		}
	}
	for _, bad := range []string{`{}`, `{"player":0}`, `{"kind":"end"}`, `{"player":0,"kind":"jump"}`,
		`{"player":0,"kind":"choose","cards":["6"]}`, `{"player":0,"kind":"claim"}`, `{"player":0,"kind":"claim","kingdom":300}`,
		`{"player":0,"kind":"bribe","kingdom":3}`, `{"player":0,"kind":"stash","card":"X"}`, `[]`, `{"player":300,"kind":"end"}`} {
		var m Move
		if err := json.Unmarshal([]byte(bad), &m); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s: error %v", bad, err)
		}
	}
}

func TestOptionsJSON(t *testing.T) {
	o := Options{Players: 3, Seed: 1 << 60, NoLog: true, Match: true}
	want := `{"players":3,"seed":"1152921504606846976","noLog":true,"match":true}`
	if got := jsonOf(t, o); got != want {
		t.Fatalf("got %s", got)
	}
	var back Options
	if err := json.Unmarshal([]byte(want), &back); err != nil || back != o {
		t.Fatalf("%+v, %v", back, err)
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
							if !yield(Move{Who: who, Kind: k, Target: target, Card: c, Second: c2}) {
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

func TestApplyAllocatesNothingWithTheLogOff(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		cardstest.NoAllocs(t, Rules{}, Options{Players: n, Seed: 3, NoLog: true})
	}
	cardstest.NoAllocs(t, Rules{}, Options{Players: 3, Seed: 3, NoLog: true, Match: true})
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
	for _, m := range []Move{{}, {Who: 9, Kind: 99, Target: -5, Card: 200, Second: 201}} {
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
