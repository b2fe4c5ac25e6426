package cards

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestLogIsPersistent(t *testing.T) {
	var base Log
	base = base.Add(Public("dealt"))
	a := base.Add(Public("P1 played 7♦"))
	b := base.Add(Public("P1 passed"))
	if base.Len() != 1 || a.Len() != 2 || b.Len() != 2 {
		t.Fatal("adding to a log must not change it")
	}
	if got := a.For(0); !slices.Equal(got, []string{"dealt", "P1 played 7♦"}) {
		t.Errorf("branch a reads %q", got)
	}
	if got := b.For(0); !slices.Equal(got, []string{"dealt", "P1 passed"}) {
		t.Errorf("branch b reads %q", got)
	}
}

func TestLogVisibility(t *testing.T) {
	var l Log
	l = l.Add(Private(1, "you drew Q♥", "P2 drew a card"))
	l = l.Add(Private(1, "you peeked", ""))
	l = l.Add(Event{Text: "P1 and P2 swapped 3♣", To: PlayersOf(0, 1)})
	for p, want := range map[Player][]string{
		0:         {"P2 drew a card", "P1 and P2 swapped 3♣"},
		1:         {"you drew Q♥", "you peeked", "P1 and P2 swapped 3♣"},
		2:         {"P2 drew a card"},
		Spectator: {"P2 drew a card"},
	} {
		if got := l.For(p); !slices.Equal(got, want) {
			t.Errorf("%v reads %q, want %q", p, got, want)
		}
	}
}

func TestLogOff(t *testing.T) {
	l := Off().Add(Public("x"))
	if l.On() || l.Len() != 0 || l.For(0) == nil {
		t.Error("an off log records nothing and reads as empty")
	}
	b, _ := json.Marshal(l)
	var back Log
	if string(b) != "null" || json.Unmarshal(b, &back) != nil || back.On() {
		t.Errorf("an off log encodes as null and decodes off: %s", b)
	}
}

func TestLogJSON(t *testing.T) {
	var l Log
	if b, _ := json.Marshal(l); string(b) != "[]" {
		t.Errorf("an empty log encodes as %s, want []", b)
	}
	l = l.Add(Public("a")).Add(Private(2, "b", "c"))
	b, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	var back Log
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if b2, _ := json.Marshal(back); string(b2) != string(b) || !back.On() {
		t.Errorf("round trip: %s → %s", b, b2)
	}
}
