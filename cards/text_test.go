package cards

import (
	"fmt"
	"testing"
)

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0 cards", 1: "1 card", 2: "2 cards", 13: "13 cards"} {
		if got := Plural(n, "card"); got != want {
			t.Errorf("Plural(%d, card) = %q, want %q", n, got, want)
		}
	}
}

func ExamplePlural() {
	fmt.Println(Plural(1, "card"), "and", Plural(2, "joker"))
	// Output: 1 card and 2 jokers
}

func TestSeries(t *testing.T) {
	for _, tc := range []struct {
		items []string
		conj  string
		want  string
	}{
		{nil, "and", ""},
		{[]string{"P1"}, "and", "P1"},
		{[]string{"P1", "P3"}, "and", "P1 and P3"},
		{[]string{"a 3", "4", "5"}, "or", "a 3, 4 or 5"},
	} {
		if got := Series(tc.items, tc.conj); got != tc.want {
			t.Errorf("Series(%q, %q) = %q, want %q", tc.items, tc.conj, got, tc.want)
		}
	}
}
