package toy

import (
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

func card(t *testing.T, code string) cards.Card {
	t.Helper()
	c, err := cards.ParseCard(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func encode(t *testing.T, v any) string {
	t.Helper()
	b, err := cardjson.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestStateRoundTrips(t *testing.T) {
	s := State{cfg: config{players: 2, rounds: 5}, phase: PhaseBid, turn: 300, log: cards.LogFrom(4)}
	s.bids[0], s.bids[1] = -3, 7
	s.hands[1] = cards.SetOf(card(t, "7D"), card(t, "AS"))
	s.trick[0], s.nTrick = card(t, "2C"), 1
	s.grid[1][2] = 255
	s.stacks[1] = stack{n: 2, cards: [8]cards.Card{card(t, "KH"), card(t, "QH")}}
	s.winners = cards.PlayersOf(1)
	s.rng = cards.NewRand(9)
	got := encode(t, s)
	want := `{"game":"toy","version":3,"events":4,"players":2,"rounds":5,"phase":"bid","turn":300,"bids":[-3,7],"hands":[[],["7D","AS"]],` +
		`"trick":["2C"],"grid":[[0,0,0],[0,0,255]],"stacks":[[],["KH","QH"]],"winners":[1],"rand":`
	if !strings.HasPrefix(got, want) {
		t.Fatalf("the state encodes as\n%s\nnot\n%s…", got, want)
	}
	var back State
	if err := cardjson.Unmarshal([]byte(got), &back, "a state"); err != nil {
		t.Fatal(err)
	}
	if again := encode(t, back); again != got {
		t.Errorf("a round trip gives\n%s", again)
	}
	if len(s.Fields()) != 15 {
		t.Errorf("the state lists %d fields", len(s.Fields()))
	}
	for _, c := range []struct{ from, to, why string }{
		{`"bids":[-3,7]`, `"bids":[-3,7,0]`, "one for each of the 2 players"},
		{`"bids":[-3,7]`, `"bids":[-3,700]`, "bids 700 is out of range"},
		{`"trick":["2C"]`, `"trick":["2C","3C","4C","5C","6C","7C"]`, "more than 5"},
		{`"grid":[[0,0,0],[0,0,255]]`, `"grid":[[0,0,0],[0,0,256]]`, "grid 256 is out of range"},
		{`"grid":[[0,0,0],[0,0,255]]`, `"grid":[[0,0,0],[0,0]]`, "rows of 3, not 2"},
		{`"players":2`, `"players":9`, "not one for each of the 9 players"},
		{`"players":2,"rounds":5`, `"players":2,"rounds":40000`, "rounds 40000 is out of range"},
		{`"turn":300`, `"turn":0`, "turn 0"},
		{`"phase":"bid"`, `"phase":"nap"`, "not a phase"},
		{`"game":"toy"`, `"game":"crown"`, "not of"},
	} {
		in := strings.Replace(got, c.from, c.to, 1)
		var s State
		if err := cardjson.Unmarshal([]byte(in), &s, "a state"); !errors.Is(err, cards.ErrBadInput) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s → %s: %v, want %q", c.from, c.to, err, c.why)
		}
	}
	one := State{cfg: config{players: 1}, turn: 1}
	if _, err := cardjson.Marshal(State{}); err == nil {
		t.Error("a state of no players encodes")
	}
	if err := one.decoded(); err == nil {
		t.Error("decoded takes a table of one")
	}
}

func TestMovesAreUnionsByKind(t *testing.T) {
	for m, want := range map[Move]string{
		{Who: 1, Kind: KindBid, Amount: 3}:                                             `{"player":1,"kind":"bid","amount":3,"text":"bid"}`,
		{Who: 1, Kind: KindBid, Amount: 3, Card: card(t, "AS")}:                        `{"player":1,"kind":"bid","amount":3,"card":"AS","text":"bid"}`,
		{Who: 0, Kind: KindPass}:                                                       `{"player":0,"kind":"pass","text":"pass"}`,
		{Who: 2, Kind: KindSwap, Card: card(t, "9C"), Column: 0, Pair: [2]uint8{4, 5}}: `{"player":2,"kind":"swap","card":"9C","column":0,"pair":[4,5],"text":"swap"}`,
	} {
		got := encode(t, m)
		if got != want {
			t.Errorf("%+v encodes as %s, not %s", m, got, want)
		}
		var back Move
		if err := cardjson.Unmarshal([]byte(got), &back, "a move"); err != nil || back != m {
			t.Errorf("%s decodes as %+v, %v", got, back, err)
		}
	}
	for _, bad := range []string{
		`{"player":0,"kind":"pass","amount":1}`, `{"player":0,"kind":"bid"}`, `{"player":9,"kind":"pass"}`,
		`{"player":0,"kind":"swap","card":"9C","pair":[1,2]}`, `{"player":0,"kind":"swap","column":1,"pair":[1,2]}`,
		`{"player":0,"kind":"swap","card":"9C","column":1,"pair":[1]}`, `{"player":0,"kind":"bid","amount":300}`,
		`{"player":0}`, `{"player":0,"kind":"fold"}`,
	} {
		var m Move
		if err := cardjson.Unmarshal([]byte(bad), &m, "a move"); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

func TestOptionsDecodeFromTheirDefaults(t *testing.T) {
	o := Options{Players: 4, Rounds: 9, NoLog: true}
	if err := cardjson.Unmarshal([]byte(`{"seed":5}`), &o, "options"); err != nil || o != (Options{Players: 3, Rounds: 2, Seed: 5}) {
		t.Errorf("options decode as %+v, %v", o, err)
	}
}

func TestViewsAndEventData(t *testing.T) {
	v := View{ViewBase: cards.ViewBase[Move]{Viewer: 0, Players: 2, Result: cards.Result{Scores: []int{0, 0}}, Moves: []Move{}},
		Phase: PhaseOver, Bids: []Bid{{By: 1, Amount: 4}}, Grid: [2][3]int{{1, 2, 3}}, Last: [3]int{7, 8, 9}, Note: "hurry"}
	got := encode(t, v)
	if !strings.Contains(got, `"phase":"over","hand":[],"bids":[{"by":1,"amount":4}],"grid":[[1,2,3],[0,0,0]],"lastThree":[7,8,9],"note":"hurry"}`) {
		t.Errorf("a view encodes as %s", got)
	}
	var back View
	if err := cardjson.Unmarshal([]byte(got), &back, "a view"); err != nil || encode(t, back) != got {
		t.Errorf("a view decodes as %+v, %v", back, err)
	}
	d := Happened{Kind: EventWon, Players: cards.PlayersOf(0, 1), Points: cards.PerPlayerOf(3, 3)}
	if got := encode(t, d); got != `{"kind":"won","players":[0,1],"points":[3,3]}` || d.EventKind() != "won" {
		t.Errorf("data %s, kind %s", got, d.EventKind())
	}
	var data cards.Data = Happened{Kind: EventDealt, Player: 1}
	if got := encode(t, cards.Public("P2 was dealt 5 cards").With(data)); got != `{"seq":0,"text":"P2 was dealt 5 cards","data":{"kind":"dealt","player":1}}` {
		t.Errorf("an event encodes as %s", got)
	}
}
