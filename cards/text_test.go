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
