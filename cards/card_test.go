package cards

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestCardPrintsWithSuitSymbols(t *testing.T) {
	for c, want := range map[Card]string{
		New(Seven, Diamonds): "7♦", New(Ten, Spades): "10♠", New(Queen, Hearts): "Q♥",
		New(Ace, Clubs): "A♣", Joker1: "🃏", Joker2: "🃏", NoCard: "—",
		New(Seven, Diamonds).InDeck(1): "7♦",
	} {
		if got := c.String(); got != want {
			t.Errorf("%d prints as %q, want %q", c, got, want)
		}
	}
}

func TestCardCodes(t *testing.T) {
	for c, want := range map[Card]string{
		New(Seven, Diamonds): "7D", New(Ten, Spades): "10S", New(Queen, Hearts): "QH",
		New(Ace, Clubs): "AC", Joker1: "X1", Joker2: "X2", New(King, Clubs).InDeck(1): "KC'",
		Joker2.InDeck(1): "X2'",
	} {
		if got := c.Code(); got != want {
			t.Errorf("%v has code %q, want %q", c, got, want)
		}
		back, err := ParseCard(want)
		if err != nil || back != c {
			t.Errorf("ParseCard(%q) = %v, %v; want %v", want, back, err, c)
		}
	}
}

func TestParseCardAcceptsEveryForm(t *testing.T) {
	for text, want := range map[string]Card{
		"7d": New(Seven, Diamonds), "7♦": New(Seven, Diamonds), "ts": New(Ten, Spades),
		"10♠": New(Ten, Spades), " qh ": New(Queen, Hearts), "a♣": New(Ace, Clubs),
		"x1": Joker1, "🃏": Joker1, "X2": Joker2, "7d'": New(Seven, Diamonds).InDeck(1),
		"2♡": New(Two, Hearts),
	} {
		got, err := ParseCard(text)
		if err != nil || got != want {
			t.Errorf("ParseCard(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
}

func TestParseCardRefusesWithBadInput(t *testing.T) {
	for _, text := range []string{"", "1D", "11S", "ZZ", "7", "D", "X3", "7D''", "'", "10", "♦7"} {
		if c, err := ParseCard(text); !errors.Is(err, ErrBadInput) {
			t.Errorf("ParseCard(%q) = %v, %v; want an error wrapping ErrBadInput", text, c, err)
		}
	}
}

func TestEveryCardRoundTrips(t *testing.T) {
	n := 0
	for c := Card(0); c < 255; c++ {
		if !c.Valid() {
			continue
		}
		n++
		back, err := ParseCard(c.Code())
		if err != nil || back != c {
			t.Errorf("%v: code %q parses as %v, %v", c, c.Code(), back, err)
		}
		if !c.IsJoker() {
			if back, err := ParseCard(c.String()); err != nil || back != c.InDeck(0) {
				t.Errorf("%v: printed form parses as %v, %v", c, back, err)
			}
			if New(c.Rank(), c.Suit()) != c.InDeck(0) {
				t.Errorf("%v: rank %v and suit %v do not make it again", c, c.Rank(), c.Suit())
			}
		}
	}
	if n != 2*54 {
		t.Errorf("%d valid cards, want 108 (two decks of 52 and 2 jokers)", n)
	}
}

func TestNewRefusesOutOfRange(t *testing.T) {
	if New(NoRank, Clubs) != NoCard || New(14, Clubs) != NoCard || New(Ace, 4) != NoCard {
		t.Error("New must give NoCard for a rank or suit out of range")
	}
}

func TestCardJSON(t *testing.T) {
	in := []Card{New(Ten, Hearts), Joker2, NoCard}
	b, err := json.Marshal(in)
	if err != nil || string(b) != `["10H","X2",""]` {
		t.Fatalf("Marshal = %s, %v", b, err)
	}
	var out []Card
	if err := json.Unmarshal(b, &out); err != nil || len(out) != 3 || out[0] != in[0] || out[1] != in[1] || out[2] != NoCard {
		t.Fatalf("Unmarshal = %v, %v", out, err)
	}
	if err := json.Unmarshal([]byte(`["QQ"]`), &out); !errors.Is(err, ErrBadInput) {
		t.Errorf("bad code: %v", err)
	}
	if _, err := json.Marshal(Card(200)); err == nil {
		t.Error("marshaling an invalid card must fail")
	}
}

func TestRankText(t *testing.T) {
	for r := Ace; r <= King; r++ {
		b, _ := r.MarshalText()
		var back Rank
		if err := back.UnmarshalText(b); err != nil || back != r {
			t.Errorf("rank %v: %q decodes as %v, %v", r, b, back, err)
		}
	}
	if _, err := ParseRank("1"); !errors.Is(err, ErrBadInput) {
		t.Errorf("ParseRank(1): %v", err)
	}
}

func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"7D", "10s", "X1", "🃏", "KC'", "", "''", "1♦"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCard(s)
		if err != nil {
			if !errors.Is(err, ErrBadInput) {
				t.Fatalf("ParseCard(%q): error %v does not wrap ErrBadInput", s, err)
			}
			return
		}
		if !c.Valid() {
			t.Fatalf("ParseCard(%q) = invalid card %d", s, c)
		}
		if back, err := ParseCard(c.Code()); err != nil || back != c {
			t.Fatalf("code %q of %v parses as %v, %v", c.Code(), c, back, err)
		}
	})
}
