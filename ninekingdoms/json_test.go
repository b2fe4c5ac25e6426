package ninekingdoms

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
)

// Tests of the JSON of states, moves and options.

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
