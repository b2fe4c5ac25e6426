package packs

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// encode returns the JSON of v, failing the test if it cannot.
func encode(t testing.TB, v any) string {
	t.Helper()
	b, err := cardjson.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestJSONOfOptions(t *testing.T) {
	if got := encode(t, DefaultOptions()); got != `{"players":2,"seed":0,"noLog":false,"solo":false,"headStart":0,"turns":40}` {
		t.Errorf("default options: %s", got)
	}
}

func TestJSONOfMoves(t *testing.T) {
	for m, want := range map[Move]string{
		Buy(0, card(t, "7D")):      `{"player":0,"kind":"buy","card":"7D","text":"buy 7♦"}`,
		Play(1, card(t, "KD")):     `{"player":1,"kind":"play","card":"KD","text":"play K♦"}`,
		Discard(2, card(t, "10C")): `{"player":2,"kind":"discard","card":"10C","text":"discard 10♣"}`,
		Pass(3):                    `{"player":3,"kind":"pass","text":"pass"}`,
		Take(0, card(t, "6S")):     `{"player":0,"kind":"take","card":"6S","text":"take a coin from under 6♠"}`,
		TakeLoose(0, 0):            `{"player":0,"kind":"take","column":0,"text":"take a loose coin from column 0"}`,
		TakeLoose(0, 4):            `{"player":0,"kind":"take","column":4,"text":"take a loose coin from column 4"}`,
		Pay(1):                     `{"player":1,"kind":"pay","text":"pay a coin"}`,
		Give(1, card(t, "8H")):     `{"player":1,"kind":"give","card":"8H","text":"give 8♥"}`,
	} {
		got := encode(t, m)
		if got != want {
			t.Errorf("%v: %s, want %s", m, got, want)
		}
		var back Move
		if err := cardjson.Unmarshal([]byte(got), &back, "a move"); err != nil || back != m {
			t.Errorf("%s decodes as %+v, %v", got, back, err)
		}
	}
}

func TestJSONOfMovesIsStrict(t *testing.T) {
	for _, in := range []string{
		`{}`, `null`, `{"player":0}`, `{"kind":"pass"}`, `{"player":0,"kind":"fly"}`,
		`{"player":0,"kind":"take","column":6}`, `{"player":0,"kind":"take","column":-1}`,
		`{"player":99,"kind":"pass"}`, `{"player":-1,"kind":"pass"}`, `{"player":0,"kind":"buy","card":"ZZ"}`,
		`{"player":0,"kind":"pass","Card":"7D"}`, `{"player":0,"kind":"pass","extra":1}`,
		`{"player":0,"kind":"pass"} {}`,
	} {
		var m Move
		if err := cardjson.Unmarshal([]byte(in), &m, "a move"); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s: %v", in, err)
		}
	}
}

func TestJSONOfStatesRoundTripsAndStaysSmall(t *testing.T) {
	for _, o := range []Options{
		{Players: 4, Turns: DefaultTurns, Seed: 5},
		{Players: 2, Turns: DefaultTurns, Solo: true, HeadStart: 3, Seed: 6},
	} {
		states, _ := randomGame(t, o, 2)
		largest := 0
		for _, s := range states {
			b := encode(t, s)
			largest = max(largest, len(b))
			var back State
			if err := cardjson.Unmarshal([]byte(b), &back, "a state"); err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			if back.log.Len() != s.log.Len() || encode(t, back) != b {
				t.Fatalf("a state does not survive its JSON:\n%s\n%s", b, encode(t, back))
			}
			back.log = s.log
			if back != s {
				t.Fatalf("the state decoded from %s differs", b)
			}
		}
		if largest > 2048 {
			t.Errorf("%+v: a state of %d bytes", o, largest)
		}
	}
}

func TestJSONOfAStateHoldsItsHeaderAndNoHistory(t *testing.T) {
	s := play(t, build(t, "P1 hand 5C coins 2 | P2 coins 3 | "+market2), Discard(0, card(t, "5C")))
	b := encode(t, s)
	if !strings.HasPrefix(b, `{"game":"packs","version":1,"events":1,`) || strings.Contains(b, "discarded") {
		t.Errorf("state JSON %s", b)
	}
	var back State
	if err := cardjson.Unmarshal([]byte(b), &back, "a state"); err != nil {
		t.Fatal(err)
	}
	back = play(t, back, Buy(0, card(t, "10H")))
	if es := back.Log().Since(1); len(es) == 0 || es[0].Seq != 2 || es[0].Text != "P1 bought 10♥ for nothing" {
		t.Errorf("a decoded state numbers its events on: %+v", es)
	}
}

func TestJSONOfStatesIsCheckedAndStrict(t *testing.T) {
	good := encode(t, build(t, "P1 hand 5C coins 2 kingdom 6D | P2 coins 3 | "+market2))
	for _, c := range []struct{ from, to, want string }{
		{`"game":"packs"`, `"game":"crown"`, "not of \"packs\""},
		{`"version":1`, `"version":2`, "encoding version 2"},
		{`"kingdoms":[["6D"]`, `"kingdoms":[["6D","9D"]`, "no row of runs"}, // and 9D leaves the deck, below
		{`"kingdoms":[["6D"]`, `"kingdoms":["AQI="`, "bad input"},
		{`"coins":[2,3]`, `"coins":[2,300]`, "out of range"},
		{`"coins":[2,3]`, `"coins":[2,3,0]`, "not one for each of the 2 players"},
		{`"players":2`, `"players":9`, "one for each of the 9 players"},
		{`"turns":40`, `"turns":0`, "1 to 1000 turns each, not 0"},
		{`"phase":"action"`, `"phase":"dance"`, "not a phase"},
		{`"phase":"action"`, `"Phase":"action"`, "bad input"},
		{`"turn":0`, `"turn":null`, "bad input"},
		{`"rand":`, `"extra":1,"rand":`, "bad input"},
		{`"market":[[`, `"market":[[],[`, "market holds 3 rows, not 2"},
		{`"under":[[`, `"under":[[0,`, "under holds rows of 6, not 7"},
		{`"loose":[`, `"loose":[0,`, "loose holds 7 entries, not 6"},
	} {
		in := strings.Replace(good, c.from, c.to, 1)
		if strings.Contains(c.to, "9D") {
			in = strings.Replace(in, `"9D",`, "", 1)
		}
		if in == good {
			t.Fatalf("%s is not in %s", c.from, good)
		}
		var s State
		err := cardjson.Unmarshal([]byte(in), &s, "a state")
		if !errors.Is(err, cards.ErrBadInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s → %s: %v, want an error saying %q", c.from, c.to, err, c.want)
		}
	}
	var s State
	if err := cardjson.Unmarshal([]byte(good+good), &s, "a state"); !errors.Is(err, cards.ErrBadInput) {
		t.Errorf("trailing data: %v", err)
	}
	if _, err := cardjson.Marshal(State{}); err == nil {
		t.Error("the zero State encodes")
	}
}

func TestJSONOfViewsRoundTripsAndHidesTheCoins(t *testing.T) {
	s := play(t, build(t, "P1 hand 6S coins 5 kingdom 5S | P2 hand 9H 10H kingdom KH | "+market2CD), Play(0, card(t, "6S")))
	for p := cards.Spectator; p < 2; p++ {
		v := ViewOf(s, p)
		b := encode(t, v)
		var back View
		if err := cardjson.Unmarshal([]byte(b), &back, "a view"); err != nil {
			t.Fatal(err)
		}
		v.Log = nil
		if diff := cmp.Diff(v, back); diff != "" {
			t.Errorf("%v's view does not survive its JSON:\n%s", p, diff)
		}
		for c := range s.coinCards.All() {
			if strings.Contains(b, `"`+c.Code()+`"`) {
				t.Errorf("%v's view shows coin %v: %s", p, c, b)
			}
		}
	}
}
