package cards

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
)

func TestSetOperations(t *testing.T) {
	a := SetOf(New(Ace, Clubs), New(Two, Clubs), Joker1)
	b := SetOf(New(Two, Clubs), New(Three, Hearts))
	if a.Len() != 3 || !a.Has(Joker1) || a.Has(New(Three, Hearts)) {
		t.Fatalf("SetOf: %v", a)
	}
	if got := a.Union(b); got.Len() != 4 || !got.Contains(a) || !got.Contains(b) {
		t.Errorf("Union = %v", got)
	}
	if got := a.Intersect(b); got != SetOf(New(Two, Clubs)) {
		t.Errorf("Intersect = %v", got)
	}
	if got := a.Minus(b); got != SetOf(New(Ace, Clubs), Joker1) {
		t.Errorf("Minus = %v", got)
	}
	a.Remove(Joker1)
	a.Add(NoCard)
	a.Add(Card(127))
	if a.Len() != 2 || !a.Valid() {
		t.Errorf("after Remove and invalid Adds: %v", a)
	}
	var empty Set
	if !empty.Empty() || empty.First() != NoCard || empty.Len() != 0 {
		t.Error("the zero Set must be empty")
	}
}

func TestSetIteratesInCardOrder(t *testing.T) {
	twin := New(Ace, Clubs).InDeck(1)
	s := SetOf(Joker2, twin, New(King, Spades), New(Ace, Clubs), New(Five, Diamonds))
	want := []Card{New(Ace, Clubs), New(Five, Diamonds), New(King, Spades), Joker2, twin}
	if got := slices.Collect(s.All()); !slices.Equal(got, want) {
		t.Errorf("All = %v, want %v", got, want)
	}
	if got := s.Cards(); !slices.Equal(got, want) {
		t.Errorf("Cards = %v, want %v", got, want)
	}
	if s.First() != New(Ace, Clubs) {
		t.Errorf("First = %v", s.First())
	}
	if got := s.String(); got != "A♣ 5♦ K♠ 🃏 A♣" {
		t.Errorf("String = %q", got)
	}
}

func TestDecks(t *testing.T) {
	std := Standard()
	if std.Len() != 52 || std.Has(Joker1) {
		t.Errorf("Standard has %d cards", std.Len())
	}
	for _, su := range Suits {
		if OfSuit(su).Len() != 13 || !std.Contains(OfSuit(su)) {
			t.Errorf("OfSuit(%v) = %v", su, OfSuit(su))
		}
	}
	if got := OfRanks(Three, King); got.Len() != 8 || !got.Has(New(King, Hearts)) {
		t.Errorf("OfRanks = %v", got)
	}
	if Jokers(0).Len() != 0 || Jokers(1) != SetOf(Joker1) || Jokers(2).Len() != 2 {
		t.Error("Jokers")
	}
	two := std.Union(Jokers(2))
	two = two.Union(two.Twins())
	if two.Len() != 108 || !two.Valid() {
		t.Errorf("two decks with jokers: %d cards", two.Len())
	}
}

func TestSetJSON(t *testing.T) {
	s := SetOf(New(Ten, Spades), Joker1, New(Two, Hearts).InDeck(1))
	b, err := json.Marshal(s)
	if err != nil || string(b) != `["10S","X1","2H'"]` {
		t.Fatalf("Marshal = %s, %v", b, err)
	}
	var back Set
	if err := json.Unmarshal(b, &back); err != nil || back != s {
		t.Fatalf("Unmarshal = %v, %v", back, err)
	}
	for _, bad := range []string{`["7D","7d"]`, `["ZZ"]`, `[""]`, `{}`, `"7D"`} {
		if err := json.Unmarshal([]byte(bad), &back); !errors.Is(err, ErrBadInput) {
			t.Errorf("Unmarshal(%s) = %v; want ErrBadInput", bad, err)
		}
	}
	if _, err := json.Marshal(Set{1, 0}); err == nil {
		t.Error("marshaling a set holding a non-card must fail")
	}
}

func FuzzSetJSON(f *testing.F) {
	f.Add([]byte(`["7D","X1","KC'"]`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var s Set
		if json.Unmarshal(b, &s) != nil {
			return
		}
		if !s.Valid() {
			t.Fatalf("decoded an invalid set from %s", b)
		}
		out, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back Set
		if err := json.Unmarshal(out, &back); err != nil || back != s {
			t.Fatalf("round trip: %v, %v", back, err)
		}
	})
}
