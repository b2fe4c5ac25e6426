package bastards

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
	"github.com/google/go-cmp/cmp"
)

func TestMoveJSON(t *testing.T) {
	for _, tc := range []struct {
		m    Move
		want string
	}{
		{Play(1, card(t, "7C"), card(t, "7D")), `{"player":1,"kind":"play","cards":["7C","7D"],"text":"play 7♣ 7♦"}`},
		{PlayJoker(0, card(t, "X2"), cards.Nine), `{"player":0,"kind":"play","cards":["X2"],"as":"9","text":"play 🃏 as 9"}`},
		{Pass(3), `{"player":3,"kind":"pass","text":"pass"}`},
		{Give(2, card(t, "2S"), card(t, "AH")), `{"player":2,"kind":"give","cards":["AH","2S"],"text":"give A♥ 2♠"}`},
	} {
		b, err := json.Marshal(tc.m)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tc.want {
			t.Errorf("%v encodes as %s, want %s", tc.m, b, tc.want)
		}
		var back Move
		if err := json.Unmarshal(b, &back); err != nil || back != tc.m {
			t.Errorf("%s decodes as %v, %v", b, back, err)
		}
	}
	var m Move
	for _, bad := range []string{`{"player":0,"kind":"jump"}`, `{"player":12}`, `{"player":0,"cards":["ZZ"]}`, `[]`} {
		if err := json.Unmarshal([]byte(bad), &m); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

func TestOptionsJSON(t *testing.T) {
	var o Options
	if err := json.Unmarshal([]byte(`{"players":5,"jokers":0,"rounds":3,"seed":"12345678901234567890","noLog":true}`), &o); err != nil {
		t.Fatal(err)
	}
	want := Options{Players: 5, Jokers: 0, Rounds: 3, Seed: 12345678901234567890, NoLog: true}
	if o != want {
		t.Errorf("decoded %+v", o)
	}
}

func TestStateJSONRoundTrip(t *testing.T) {
	s := mustApply(t, parse(t, exchangeState), Give(1, card(t, "5H"), card(t, "6H")))
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back State
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(s, back, cmp.AllowUnexported(State{}, config{}, play{}, cards.Rand{}), cmp.Comparer(func(a, b cards.Log) bool {
		return a.Len() == b.Len() && a.On() == b.On()
	})); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

func TestStateJSONRefusesBrokenStates(t *testing.T) {
	s, _ := NewGame(Options{Players: 4, Seed: 3, NoLog: true, Jokers: 2})
	good, _ := json.Marshal(s)
	for name, edit := range map[string]func(map[string]any){
		"duplicated card": func(m map[string]any) { m["pile"] = m["hands"].([]any)[0].([]any)[:1] },
		"missing card":    func(m map[string]any) { m["hands"].([]any)[0] = m["hands"].([]any)[0].([]any)[1:] },
		"too many seats":  func(m map[string]any) { m["players"] = 11.0 },
		"wrong hands":     func(m map[string]any) { m["hands"] = []any{} },
		"bad phase":       func(m map[string]any) { m["phase"] = "nap" },
		"bad turn":        func(m map[string]any) { m["toAct"] = 7.0 },
		"wrong leader":    func(m map[string]any) { m["toAct"] = float64((int(s.toAct) + 1) % 4) },
		"kings too many":  func(m map[string]any) { m["kings"] = []any{1.0, 0.0, 0.0, 0.0} },
		"out with cards":  func(m map[string]any) { m["out"] = []any{0.0} },
		"exchange record": func(m map[string]any) { m["kingGave"] = []any{"3C", "4C"} },
		"a top":           func(m map[string]any) { m["top"] = map[string]any{"cards": []any{"3C"}, "rank": "3", "by": 0.0} },
		"a play of a 2": func(m map[string]any) {
			m["plays"] = []any{map[string]any{"cards": []any{"2C"}, "rank": "2", "by": 0.0}}
		},
		"a play by P9": func(m map[string]any) {
			m["plays"] = []any{map[string]any{"cards": []any{"3C"}, "rank": "3", "by": 8.0}}
		},
		"a play of none":  func(m map[string]any) { m["plays"] = []any{map[string]any{"cards": []any{}, "rank": "3", "by": 0.0}} },
		"round beyond":    func(m map[string]any) { m["rounds"] = 1.0; m["round"] = 2.0 },
		"two decks for 4": func(m map[string]any) { m["decks"] = 2.0 },
		"bad rand":        func(m map[string]any) { m["rand"] = "xyz" },
	} {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		edit(m)
		b, _ := json.Marshal(m)
		var back State
		if err := json.Unmarshal(b, &back); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, junk := range []string{`null`, `{}`, `[]`, `"x"`, `{"players":4}`} {
		var back State
		if err := json.Unmarshal([]byte(junk), &back); err == nil && junk != "null" {
			t.Errorf("%s decodes", junk)
		}
	}
}

func TestCheckTheTrick(t *testing.T) {
	for desc, says := range map[string]string{
		fourHands + " | pile 3C | trick P1 6D, P2 4C":           "4♣ does not beat 6♦",
		fourHands + " | pile 3C | trick P1 6D, P2 KC KD":        "K♣ K♦ follows a single",
		fourHands + " | turn=P3 | pile 3C | trick P1 6D, P1 7H": "P1 played twice in a row",
		fourHands + " | rest=P4 | trick P1 6D":                  "the round's first play, 6♦, does not hold 3♣",
		fourHands + " | turn=P3 | pile 3C | trick P2 X1 as 2":   "no play",
		fourHands + " | pile 3C | passed=P3":                    "nothing is on the table to beat, yet players passed",
	} {
		err := parseRaw(t, desc).Check()
		if !errors.Is(err, cards.ErrBadInput) || !strings.Contains(err.Error(), says) {
			t.Errorf("%s: %v, want an error saying %q", desc, err, says)
		}
	}
	s := parseRaw(t, fourHands+" | pile 3C | trick P1 6D")
	s.plays[1] = newPlay(set(t, "7H"), cards.Seven, 1)
	if err := s.Check(); err == nil || !strings.Contains(err.Error(), "stray plays") {
		t.Errorf("a play after the last: %v", err)
	}
}

// TestStateJSONOfTheLongestTrick checks the bound on a state's JSON where
// it is widest: ten players, two decks, and a trick of twelve quads whose
// cards all have long codes.
func TestStateJSONOfTheLongestTrick(t *testing.T) {
	var plays []string
	for i, r := range []string{"3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"} {
		plays = append(plays, fmt.Sprintf("P%d %sC %sC' %sD' %sS'", i%10+1, r, r, r, r))
	}
	s := parse(t, "10p jokers=2 rounds=1000000000 turn=P3 rest=P3 | P1: 2C | P2: 2D | P4: 2H | P5: 2S | P6: X1 | P7: X2 | P8: 2C' | P9: 2D' | P10: 2H' | trick "+strings.Join(plays, ", "))
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > cardstest.MaxStateJSON {
		t.Errorf("the state's JSON is %d bytes, more than %d:\n%s", len(b), cardstest.MaxStateJSON, b)
	}
	t.Logf("%d bytes", len(b))
}

func TestCheckConservation(t *testing.T) {
	s := parse(t, fourHands+" | top P1 6D")
	broken := s
	broken.pile.Remove(card(t, "3C"))
	if err := broken.Check(); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a lost card: %v", err)
	}
	broken = s
	broken.hands[2].Add(card(t, "KC"))
	if err := broken.Check(); err == nil || !strings.Contains(err.Error(), "two places") {
		t.Errorf("a duplicated card: %v", err)
	}
	broken = s
	broken.hands[2].Add(card(t, "KC'"))
	if err := broken.Check(); err == nil || !strings.Contains(err.Error(), "not cards of this game") {
		t.Errorf("a card of a second deck: %v", err)
	}
}

func TestApplyRefusalsSayWhy(t *testing.T) {
	s := parse(t, fourHands+" | top P1 6D 6S")
	for _, tc := range []struct {
		m    Move
		is   error
		says string
	}{
		{playOf(t, 3, "9C 9D"), cards.ErrNotYourTurn, "P2 is to move, not P3"},
		{playOf(t, 2, "AS AD"), cards.ErrIllegalMove, "you do not hold"},
		{playOf(t, 2, "4C 4D"), cards.ErrIllegalMove, "4♣ 4♦ does not beat 6♦ 6♠: play a higher pair, or a 2, or pass"},
		{playOf(t, 2, "KC"), cards.ErrIllegalMove, "play a pair to follow"},
		{playOf(t, 2, "4C 7C"), cards.ErrIllegalMove, "same rank"},
		{Move{Who: 1}, cards.ErrIllegalMove, "a move plays cards, passes"},
		{Move{Who: 1, Kind: KindPass, Cards: set(t, "4C")}, cards.ErrIllegalMove, "a pass plays no cards"},
		{Move{Who: 1, Kind: KindGive, Cards: set(t, "4C 4D")}, cards.ErrIllegalMove, "the exchange is over"},
		{Move{Who: -1, Kind: KindPass}, cards.ErrNotYourTurn, "not spectator"},
		{Move{Who: 1, Kind: 9}, cards.ErrIllegalMove, "a move plays cards"},
		{Move{Who: 1, Kind: KindPlay, Cards: cards.Set{1 << 63, 0}}, cards.ErrIllegalMove, "not a card"},
	} {
		_, err := Apply(s, tc.m)
		if !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%v of %v: %v; want %v saying %q", tc.m, tc.m.Who, err, tc.is, tc.says)
		}
	}
	if _, err := Apply(State{}, Pass(0)); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("the zero state: %v", err)
	}
	if LegalMoves(State{}) != nil || ViewOf(State{}, 0).Players != 0 || (State{}).Check() == nil {
		t.Error("the zero state is not handled")
	}
}

func TestLogEvents(t *testing.T) {
	s := parse(t, fourHands+" | top P1 6D")
	s = mustApply(t, s, playOf(t, 2, "KC"), passOf(3), passOf(4), passOf(1))
	want := []string{"P2 played K♣", "P3 passed", "P4 passed", "P1 passed", "P2 won the trick: P2 leads"}
	if diff := cmp.Diff(want, texts(ViewOf(s, cards.Spectator).Log)); diff != "" {
		t.Errorf("log (-want +got):\n%s", diff)
	}
	s = mustApply(t, s, PlayJoker(1, card(t, "2H"), cards.NoRank))
	if got := ViewOf(s, 0).Log[5].Text; got != "P2 played 2♥" {
		t.Errorf("log: %q", got)
	}
	g, _ := NewGame(Options{Players: 4, Seed: 1, Jokers: 2})
	log := texts(ViewOf(g, 0).Log)
	if !strings.HasPrefix(log[2], "P1 was dealt 5♣ ") || len(ViewOf(g, 1).Log) != len(log) {
		t.Errorf("P1's deal: %q", log)
	}
	if joined := strings.Join(texts(ViewOf(g, cards.Spectator).Log), "\n"); strings.Contains(joined, "5♣") || !strings.Contains(joined, "P1 was dealt 14 cards") {
		t.Errorf("the spectator reads the deal:\n%s", joined)
	}
}

func TestNoLogRecordsNothing(t *testing.T) {
	s, _ := NewGame(Options{Players: 4, Seed: 1, NoLog: true, Jokers: 2})
	s = mustApply(t, s, LegalMoves(s)[0])
	if got := ViewOf(s, 0).Log; len(got) != 0 || got == nil {
		t.Errorf("log %v", got)
	}
}

// texts returns the texts of a view's log.
func texts(log []cards.Entry) []string {
	ts := []string{}
	for _, e := range log {
		ts = append(ts, e.Text)
	}
	return ts
}
