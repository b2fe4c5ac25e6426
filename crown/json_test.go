package crown

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

func TestMoveJSON(t *testing.T) {
	for _, tc := range []struct {
		m    Move
		want string
	}{
		{Play(p1, card("7D")), `{"player":0,"kind":"play","card":"7D","text":"play 7♦"}`},
		{Decree(p2, card("KS"), card("3D")), `{"player":1,"kind":"decree","card":"KS","other":"3D","text":"decree with K♠ and 3♦"}`},
		{Decline(p1), `{"player":0,"kind":"decline","text":"decline"}`},
		{Club(p2, card("5H")), `{"player":1,"kind":"club","card":"5H","text":"club 5♥"}`},
		{Bribe(p1, card("10C")), `{"player":0,"kind":"bribe","card":"10C","text":"bribe 10♣"}`},
		{Dig(p1, p1, card("9C")), `{"player":0,"kind":"dig","card":"9C","from":0,"text":"dig 9♣ from P1's pile"}`},
		{Inspire(p2, AbilityRecruit), `{"player":1,"kind":"inspire","ability":"recruit","text":"inspire to recruit"}`},
	} {
		b, err := cardjson.Marshal(tc.m)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tc.want {
			t.Errorf("%v encodes as %s, want %s", tc.m, b, tc.want)
		}
		var back Move
		if err := cardjson.Unmarshal(b, &back, "a move"); err != nil || back != tc.m {
			t.Errorf("%s decodes as %v, %v", b, back, err)
		}
	}
	var m Move
	for _, bad := range []string{
		`null`, `{}`, `[]`, `{"kind":"play","card":"7D"}`,
		`{"player":2,"kind":"play","card":"7D"}`, `{"player":255,"kind":"decline"}`, `{"player":-1,"kind":"decline"}`,
		`{"player":0,"kind":"jump"}`, `{"player":0}`, `{"player":0,"kind":"play","card":"ZZ"}`,
		`{"player":0,"kind":"decline","card":"7D"}`, `{"player":0,"kind":"dig","card":"7D"}`,
		`{"player":0,"kind":"play","card":"7D","from":1}`, `{"player":0,"kind":"inspire","ability":"fly"}`,
		`{"player":0,"kind":"dig","card":"7D","from":2}`, `{"player":0,"kind":"decline","Text":"x"}`,
		`{"player":0,"kind":"decline"}{"player":1,"kind":"decline"}`, `{"player":0,"kind":"play","card":"AQI="}`,
	} {
		if err := cardjson.Unmarshal([]byte(bad), &m, "a move"); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

func TestOptionsJSON(t *testing.T) {
	var o Options
	if err := cardjson.Unmarshal([]byte(`{}`), &o, "options"); err != nil || o != DefaultOptions() {
		t.Errorf("{} decodes as %+v, %v; want the default options", o, err)
	}
	in := `{"players":2,"seed":"12345678901234567890","noLog":true,"royalBloc":true,"unitedHouse":false,"lineOfSuccession":true,"maxTurns":40}`
	if err := cardjson.Unmarshal([]byte(in), &o, "options"); err != nil {
		t.Fatal(err)
	}
	want := Options{Players: 2, Seed: 12345678901234567890, NoLog: true, RoyalBloc: true, LineOfSuccession: true, MaxTurns: 40}
	if o != want {
		t.Errorf("decoded %+v, want %+v", o, want)
	}
	if b, _ := cardjson.Marshal(o); string(b) != in {
		t.Errorf("encoded %s, want %s", b, in)
	}
	if err := cardjson.Unmarshal([]byte(`{"unitedHouse":true}`), &o, "options"); err != nil || o != (Options{Players: 2, UnitedHouse: true}) {
		t.Errorf("a member left out does not keep its default: %+v, %v", o, err)
	}
	for _, bad := range []string{`null`, `{"royalbloc":true}`, `{"players":"2"}`, `{"maxTurns":1.5}`, `{"colour":1}`, `{}{}`} {
		if err := cardjson.Unmarshal([]byte(bad), &o, "options"); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

func TestStateJSONRoundTripsAndStaysSmall(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 5D QD 7S 8C | court 2C 3H | pile 2H; P2 hand KS 3D 4H KH 6C | pile 9C; turn 5; variants line; max 30"),
		Play(p1, card("5D")), Decree(p2, card("KS"), card("3D")))
	b, err := cardjson.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"game":"crown"`, `"version":1`, `"events":`, `"phase":"decree"`, `"played":"5D"`, `"piles":[["2H"],["9C","3D","KS"]]`, `"lineOfSuccession":true`, `"maxTurns":30`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the state's JSON lacks %s:\n%s", want, b)
		}
	}
	var back State
	if err := cardjson.Unmarshal(b, &back, "a state"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(s, back, cmp.AllowUnexported(State{}, config{}, pile{}, cards.Rand{}), cmp.Comparer(func(a, b cards.Log) bool {
		return a.Len() == b.Len() && a.On() == b.On()
	})); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	// The largest state: every card in a discard pile, in the longest
	// codes, still fits in 2 KB.
	big := build(t, "P1 hand 10C; P2 hand 10D; draw -; rest P1 pile; max 1000000000")
	big.turn = 1<<32 - 1
	if b, _ := cardjson.Marshal(big); len(b) > 2048 {
		t.Errorf("a state encodes in %d bytes", len(b))
	}
}

func TestStateJSONRefusesBrokenStates(t *testing.T) {
	s, _ := NewGame(DefaultOptions())
	good, _ := cardjson.Marshal(s)
	for name, edit := range map[string]func(map[string]json.RawMessage){
		"another game":  func(m map[string]json.RawMessage) { m["game"] = json.RawMessage(`"bastards"`) },
		"a new version": func(m map[string]json.RawMessage) { m["version"] = json.RawMessage(`2`) },
		"three players": func(m map[string]json.RawMessage) { m["players"] = json.RawMessage(`3`) },
		"one hand":      func(m map[string]json.RawMessage) { m["hands"] = json.RawMessage(`[[]]`) },
		"a card twice":  func(m map[string]json.RawMessage) { m["courts"] = json.RawMessage(`[["2C","2C"],[]]`) },
		"a lost card":   func(m map[string]json.RawMessage) { m["draw"] = json.RawMessage(`[]`) },
		"base64 cards":  func(m map[string]json.RawMessage) { m["draw"] = json.RawMessage(`"AQI="`) },
		"a phase":       func(m map[string]json.RawMessage) { m["phase"] = json.RawMessage(`"nap"`) },
		"turn 0":        func(m map[string]json.RawMessage) { m["turn"] = json.RawMessage(`0`) },
		"a huge turn":   func(m map[string]json.RawMessage) { m["turn"] = json.RawMessage(`4294967296`) },
		"many decrees":  func(m map[string]json.RawMessage) { m["decrees"] = json.RawMessage(`300`) },
		"a long pile": func(m map[string]json.RawMessage) {
			m["piles"] = json.RawMessage(`[[` + strings.Repeat(`"2C",`, 52) + `"2C"],[]]`)
		},
		"no card in pile": func(m map[string]json.RawMessage) { m["piles"] = json.RawMessage(`[[""],[]]`) },
		"a mover":         func(m map[string]json.RawMessage) { m["mover"] = json.RawMessage(`1`) },
		"no seat":         func(m map[string]json.RawMessage) { m["mover"] = json.RawMessage(`200`) },
		"a winner":        func(m map[string]json.RawMessage) { m["winner"] = json.RawMessage(`0`) },
		"a turn limit":    func(m map[string]json.RawMessage) { m["maxTurns"] = json.RawMessage(`-4`) },
		"an unknown key":  func(m map[string]json.RawMessage) { m["colour"] = json.RawMessage(`1`) },
		"null":            func(m map[string]json.RawMessage) { m["draw"] = json.RawMessage(`null`) },
		"a missing key":   func(m map[string]json.RawMessage) { delete(m, "draw") },
	} {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		edit(m)
		b, _ := json.Marshal(m)
		var back State
		if err := cardjson.Unmarshal(b, &back, "a state"); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestViewJSONRoundTrips(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 9D 2D KS QC 3C | court 3H | pile 9S; P2 hand QS 4H 5C | court 7H; variants bloc"),
		Play(p1, card("9D")), Decree(p2, card("QS"), card("4H")), Decree(p1, card("KS"), card("2D")), Decline(p2))
	for _, p := range []cards.Player{p1, p2, cards.Spectator} {
		v := ViewOf(s, p)
		b, err := cardjson.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back View
		if err := cardjson.Unmarshal(b, &back, "a view"); err != nil {
			t.Fatalf("%v's view: %v\n%s", p, err, b)
		}
		if b2, _ := cardjson.Marshal(back); string(b2) != string(b) {
			t.Errorf("%v's view changes in a round trip:\n%s\n%s", p, b, b2)
		}
		if p == p1 && !strings.Contains(string(b), `"revealed":["5C"]`) || !strings.Contains(string(b), `"pending":"bribe"`) {
			t.Errorf("%v's view: %s", p, b)
		}
	}
}
