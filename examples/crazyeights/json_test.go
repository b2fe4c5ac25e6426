package crazyeights

import (
	"errors"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
	"github.com/cardrules/games/cards/cardstest"
)

func TestMoveJSON(t *testing.T) {
	for _, tc := range []struct {
		move Move
		json string
	}{
		{Play(1, cards.New(cards.Seven, cards.Diamonds)), `{"player":1,"kind":"play","card":"7D","text":"play 7♦"}`},
		{PlayEight(0, cards.New(cards.Eight, cards.Spades), SuitClubs), `{"player":0,"kind":"play","card":"8S","suit":"clubs","text":"play 8♠ naming clubs"}`},
		{Draw(2), `{"player":2,"kind":"draw","text":"draw"}`},
		{Pass(3), `{"player":3,"kind":"pass","text":"pass"}`},
	} {
		b, err := cardjson.Marshal(tc.move)
		if err != nil || string(b) != tc.json {
			t.Errorf("%v encodes as %s (%v), want %s", tc.move, b, err, tc.json)
		}
		var back Move
		if err := cardjson.Unmarshal(b, &back, "a move"); err != nil || back != tc.move {
			t.Errorf("%s decodes as %v (%v)", b, back, err)
		}
	}
}

func TestMoveJSONRefusesMalformedMoves(t *testing.T) {
	for _, text := range []string{
		`{"kind":"draw"}`,
		`{"player":5,"kind":"draw"}`,
		`{"player":0}`,
		`{"player":0,"kind":"play"}`,
		`{"player":0,"kind":"draw","card":"7D"}`,
		`{"player":0,"kind":"play","card":"8S"}`,
		`{"player":0,"kind":"play","card":"7S","suit":"hearts"}`,
		`{"player":0,"kind":"play","card":"8S","suit":"stars"}`,
		`{"player":0,"kind":"draw","extra":1}`,
	} {
		var m Move
		if err := cardjson.Unmarshal([]byte(text), &m, "a move"); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s decodes (%v, %v)", text, m, err)
		}
	}
}

func TestStateJSONIsChecked(t *testing.T) {
	s := situation(t, "P1: 2H | P2: * | top: 9C | pile: | stock:")
	b, err := cardjson.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back State
	if err := cardjson.Unmarshal(b, &back, "a state"); err != nil || back != s {
		t.Fatalf("the state does not round-trip: %v", err)
	}
	s.hands[0].Add(cards.New(cards.Nine, cards.Clubs)) // the top card, twice
	if b, err = cardjson.Marshal(s); err != nil {
		t.Fatal(err)
	}
	if err := cardjson.Unmarshal(b, &back, "a state"); !errors.Is(err, cards.ErrBadInput) {
		t.Fatalf("a state with a card twice decodes: %v", err)
	}
}

func TestHowToPlay(t *testing.T) {
	cardstest.CheckHowToPlay(t, Rules{}.Info(), "discard pile", "stock", "eight", "suit to follow")
}

func TestViewHidesTheOtherHands(t *testing.T) {
	s := situation(t, "P1: 2H 3H | P2: * | top: 9C | pile: 4C | stock: 5C 6C")
	v := ViewOf(s, 0)
	if v.Hand != s.hands[0] || v.HandSizes[1] != s.hands[1].Len() || v.Stock != 2 || v.Pile != s.pile || len(v.Shown) != 0 {
		t.Fatalf("P1's view: %+v", v)
	}
	if spectator := ViewOf(s, cards.Spectator); !spectator.Hand.Empty() {
		t.Fatalf("the spectator sees a hand: %v", spectator.Hand)
	}
}
