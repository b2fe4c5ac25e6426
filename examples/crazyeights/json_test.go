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

// TestEventsCarryData reads the events as a program does, by their data:
// the card P1 drew is P1's alone, in data as in words, and an eight's
// data name the suit it named.
func TestEventsCarryData(t *testing.T) {
	s := situation(t, "P1: 2H 8S | P2: 3C | P3: * | top: 9C | pile: | stock: 4D")
	s = cardstest.MustApply(t, Rules{}, s, PlayEight(0, card(t, "8S"), SuitHearts))
	s = cardstest.MustApply(t, Rules{}, s, Draw(1))
	events := s.Log().Since(0)
	for _, tc := range []struct {
		event  int
		reader cards.Player
		json   string
	}{
		{0, cards.Spectator, `{"seq":1,"text":"P1 played 8♠ naming hearts","data":{"kind":"played","player":0,"card":"8S","suit":"hearts"}}`},
		{1, 1, `{"seq":2,"text":"P2 drew 4♦","data":{"kind":"drew","player":1,"card":"4D"}}`},
		{1, 0, `{"seq":2,"text":"P2 drew a card","data":{"kind":"drew","player":1}}`},
		{1, cards.Spectator, `{"seq":2,"text":"P2 drew a card","data":{"kind":"drew","player":1}}`},
	} {
		b, err := cardjson.Marshal(events[tc.event].For(tc.reader))
		if err != nil || string(b) != tc.json {
			t.Errorf("%v reads event %d as %s (%v), want %s", tc.reader, tc.event+1, b, err, tc.json)
		}
	}

	// A program that receives an entry as JSON holds its data as
	// cards.RawData, which decodes into the game's EventData.
	var e cards.Entry
	if err := cardjson.Unmarshal([]byte(`{"seq":1,"text":"P1 played 8♠ naming hearts","data":{"kind":"played","player":0,"card":"8S","suit":"hearts"}}`), &e, "an event"); err != nil {
		t.Fatal(err)
	}
	var d EventData
	if err := cardjson.Unmarshal([]byte(e.Data.(cards.RawData)), &d, "an event's data"); err != nil {
		t.Fatal(err)
	}
	if want := (EventData{Kind: EventPlayed, Player: 0, Card: card(t, "8S"), Suit: SuitHearts}); d != want || d.EventKind() != "played" {
		t.Fatalf("the data decode as %+v (%s), want %+v", d, d.EventKind(), want)
	}
}

func TestEventDataJSONRefusesMalformedData(t *testing.T) {
	for _, text := range []string{
		`{}`,
		`{"kind":"played","player":0}`,
		`{"kind":"passed"}`,
		`{"kind":"drew","player":0,"suit":"hearts"}`,
		`{"kind":"dealt","card":"4S","count":5,"extra":1}`,
		`{"kind":"boasted","player":0}`,
		`{"kind":"passed","player":9}`,
	} {
		var d EventData
		if err := cardjson.Unmarshal([]byte(text), &d, "an event's data"); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s decodes (%+v, %v)", text, d, err)
		}
	}
}
