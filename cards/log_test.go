package cards

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

func texts(es []Entry) []string {
	var ts []string
	for _, e := range es {
		ts = append(ts, e.Text)
	}
	return ts
}

func TestLogIsPersistent(t *testing.T) {
	var base Log
	base = base.Add(Public("dealt"))
	a := base.Add(Public("P1 played 7♦"))
	b := base.Add(Public("P1 passed"))
	if base.Len() != 1 || a.Len() != 2 || b.Len() != 2 {
		t.Fatal("adding to a log must not change it")
	}
	if got := texts(a.For(0)); !slices.Equal(got, []string{"dealt", "P1 played 7♦"}) {
		t.Errorf("branch a reads %q", got)
	}
	if got := texts(b.For(0)); !slices.Equal(got, []string{"dealt", "P1 passed"}) {
		t.Errorf("branch b reads %q", got)
	}
}

// drew is the data of a test's events: who drew, and the card if the
// reader may know it.
type drew struct {
	who  Player
	card Card
}

func (d drew) EventKind() string { return "drew" }

func (d drew) AppendJSON(b []byte) ([]byte, error) {
	b = fmt.Appendf(b, `{"kind":"drew","player":%d`, d.who)
	if d.card != NoCard {
		b = fmt.Appendf(b, `,"card":%q`, d.card.Code())
	}
	return append(b, '}'), nil
}

func TestLogVisibility(t *testing.T) {
	var l Log
	q, _ := ParseCard("QH")
	l = l.Add(Private(1, "P2 drew Q♥", "P2 drew a card").With(drew{1, q}).WithOthers(drew{1, NoCard}))
	l = l.Add(Event{Text: "P1 and P2 swapped 3♣", To: PlayersOf(0, 1), Others: "P1 and P2 swapped a card"})
	for p, want := range map[Player][]Entry{
		0:         {{1, "P2 drew a card", drew{1, NoCard}}, {2, "P1 and P2 swapped 3♣", nil}},
		1:         {{1, "P2 drew Q♥", drew{1, q}}, {2, "P1 and P2 swapped 3♣", nil}},
		2:         {{1, "P2 drew a card", drew{1, NoCard}}, {2, "P1 and P2 swapped a card", nil}},
		Spectator: {{1, "P2 drew a card", drew{1, NoCard}}, {2, "P1 and P2 swapped a card", nil}},
	} {
		if diff := cmp.Diff(want, l.For(p), cmp.AllowUnexported(drew{})); diff != "" {
			t.Errorf("%v reads (-want +got):\n%s", p, diff)
		}
	}
}

// TestEventDataInJSON checks that an event's data and its others' data
// travel in its JSON, that an entry carries the data its reader reads,
// and that decoded data is the JSON as it was (RawData).
func TestEventDataInJSON(t *testing.T) {
	qh, _ := ParseCard("QH")
	e := Private(1, "P2 drew Q♥", "P2 drew a card").With(drew{1, qh}).WithOthers(drew{1, NoCard})
	e.Seq = 4
	b, err := e.MarshalJSON()
	want := `{"seq":4,"text":"P2 drew Q♥","data":{"kind":"drew","player":1,"card":"QH"},"to":[1],"others":"P2 drew a card","othersData":{"kind":"drew","player":1}}`
	if err != nil || string(b) != want {
		t.Fatalf("an event encodes as %s, %v; want %s", b, err, want)
	}
	var back Event
	if err := back.UnmarshalJSON(b); err != nil {
		t.Fatal(err)
	}
	if again, _ := back.MarshalJSON(); string(again) != want {
		t.Errorf("a decoded event encodes as %s", again)
	}
	if k := back.Data.EventKind(); k != "drew" {
		t.Errorf("decoded data's kind %q", k)
	}
	for p, want := range map[Player]string{
		1: `{"seq":4,"text":"P2 drew Q♥","data":{"kind":"drew","player":1,"card":"QH"}}`,
		0: `{"seq":4,"text":"P2 drew a card","data":{"kind":"drew","player":1}}`,
	} {
		if got, _ := back.For(p).MarshalJSON(); string(got) != want {
			t.Errorf("%v reads %s, want %s", p, got, want)
		}
		var en Entry
		if err := en.UnmarshalJSON([]byte(want)); err != nil || en.Data.EventKind() != "drew" {
			t.Errorf("%s decodes as %+v, %v", want, en, err)
		}
	}
	if got, _ := Public("x").MarshalJSON(); string(got) != `{"seq":0,"text":"x"}` {
		t.Errorf("an event without data encodes as %s", got)
	}
	for _, bad := range []string{`{"seq":1,"text":"x","data":[]}`, `{"seq":1,"text":"x","data":"drew"}`, `{"seq":1,"text":"x","data":null}`} {
		if err := back.UnmarshalJSON([]byte(bad)); !errors.Is(err, ErrBadInput) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

func TestLogOff(t *testing.T) {
	l := Off().Add(Public("x"))
	if l.On() || l.Len() != 0 || l.For(0) == nil || len(l.Since(0)) != 0 {
		t.Error("an off log records nothing and reads as empty")
	}
}

func TestOffLogKeepsItsLength(t *testing.T) {
	l := OffFrom(9).Add(Public("x"))
	if l.On() || l.Len() != 9 || len(l.Since(0)) != 0 {
		t.Errorf("an off log of a game of 9 events records nothing and has length 9: %+v", l)
	}
}

func TestLogNumbersEventsFromWhereTheGameStands(t *testing.T) {
	l := LogFrom(41)
	if l.Len() != 41 || len(l.Since(0)) != 0 {
		t.Fatalf("a log from 41 events holds none and has length 41, not %d", l.Len())
	}
	l = l.Add(Public("a")).Add(Public("b"))
	want := []Event{{Seq: 42, Text: "a"}, {Seq: 43, Text: "b"}}
	if diff := cmp.Diff(want, l.Since(0)); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want[1:], l.Since(42)); diff != "" {
		t.Errorf("events since 42 (-want +got):\n%s", diff)
	}
	if got := l.Since(43); got == nil || len(got) != 0 {
		t.Errorf("nothing came after the last event: %v", got)
	}
}

func TestEventsFor(t *testing.T) {
	es := []Event{{Seq: 7, Text: "P1 drew 7♦", To: PlayersOf(0), Others: "P1 drew a card"}, {Seq: 8, Text: "P2 passed"}}
	want := []Entry{{Seq: 7, Text: "P1 drew a card"}, {Seq: 8, Text: "P2 passed"}}
	if diff := cmp.Diff(want, EventsFor(es, 1)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got := EventsFor(nil, 0); got == nil {
		t.Error("EventsFor never returns nil")
	}
}

func TestEventJSON(t *testing.T) {
	for _, c := range []struct {
		e    Event
		want string
	}{
		{Event{Seq: 8, Text: "P2 passed"}, `{"seq":8,"text":"P2 passed"}`},
		{Event{Seq: 7, Text: "P1 drew 7♦", To: PlayersOf(0), Others: "P1 drew a card"}, `{"seq":7,"text":"P1 drew 7♦","to":[0],"others":"P1 drew a card"}`},
		{Event{Seq: 9, Text: "P1 and P3 \"swapped\"", To: PlayersOf(0, 2)}, `{"seq":9,"text":"P1 and P3 \"swapped\"","to":[0,2],"others":""}`},
	} {
		if got, err := c.e.MarshalJSON(); err != nil || string(got) != c.want {
			t.Errorf("%+v encodes as %s, %v; want %s", c.e, got, err, c.want)
		}
	}
	if _, err := (Event{Seq: 1, Text: "\xff"}).MarshalJSON(); !errors.Is(err, ErrBadInput) {
		t.Errorf("an event's text of invalid UTF-8: %v", err)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = Event{Seq: 7, Text: "a", To: PlayersOf(1), Others: "b"}.AppendJSON(make([]byte, 0, 64)) }); n > 1 {
		t.Errorf("an event's encoding allocates %v times, beyond its buffer", n)
	}
}

// nilStringer is a Stringer whose String panics on a nil receiver.
type nilStringer struct{ s string }

func (n *nilStringer) String() string { return n.s }

// TestSprintfIsFmt formats random formats of events' verbs, and others,
// with random arguments: sprintf writes what fmt.Sprintf writes.
func TestSprintfIsFmt(t *testing.T) {
	pieces := []string{"P1 ", "passed", " and ", "%s", "%d", "%%", "%v", "%v", "%q", "%5d", "%+v", "%", "é ♦ ", ": "}
	args := []any{"text", "", 7, -12, Player(2), Spectator, PlayersOf(0, 2), errors.New("an error"), int8(3), nil, (*nilStringer)(nil), &nilStringer{"set"}, 2.5, Card(0), true, Rank(12), []int{1}, SetOf(New(Ace, Spades), New(Ten, Hearts)), Set{}, Hearts, Player(40), Suit(9),
		uint8(200), int16(-300), int32(-5), int64(1 << 40), uint(9), uint16(7), uint32(1 << 31), uint64(1 << 63)}
	rapid.Check(t, func(t *rapid.T) {
		// Mostly one argument for each verb, as events are written; now
		// and then one too many or too few.
		format, as := "", []any{}
		for range rapid.IntRange(0, 8).Draw(t, "pieces") {
			p := rapid.SampledFrom(pieces).Draw(t, "piece")
			format += p
			if len(p) > 1 && p[0] == '%' && p != "%%" {
				as = append(as, rapid.SampledFrom(args).Draw(t, "arg"))
			}
		}
		switch rapid.IntRange(0, 9).Draw(t, "count") {
		case 0:
			as = append(as, rapid.SampledFrom(args).Draw(t, "extra"))
		case 1:
			if len(as) > 0 {
				as = as[1:]
			}
		}
		if got, want := sprintf(format, as...), fmt.Sprintf(format, as...); got != want {
			t.Fatalf("sprintf(%q, %#v) = %q, fmt.Sprintf writes %q", format, as, got, want)
		}
	})
}

func BenchmarkSprintf(b *testing.B) {
	for b.Loop() {
		_ = sprintf("%s won the trick%s: %s leads with %d cards", Player(1), " with a 2", Player(2), 5)
	}
}

func BenchmarkFmtSprintf(b *testing.B) {
	for b.Loop() {
		_ = fmt.Sprintf("%s won the trick%s: %s leads with %d cards", Player(1), " with a 2", Player(2), 5)
	}
}
