package cards

import (
	"strconv"
	"strings"
)

// Plural writes n things for people, the noun in the plural unless n is
// 1: Plural(1, "card") is "1 card", Plural(0, "card") "0 cards". It adds
// an s, as the regular nouns of card games take (card, coin, deck, joker,
// point, round, run, turn, move). Games write counts in their events and
// views with it, never "card(s)".
func Plural(n int, noun string) string {
	if n == 1 {
		return strconv.Itoa(n) + " " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Series writes a list for people, its last item joined by conj:
// Series([]string{"P1", "P2", "P3"}, "and") is "P1, P2 and P3",
// Series([]string{"a 4", "5"}, "or") "a 4 or 5", a single item itself, and
// no items "".
func Series(items []string, conj string) string {
	switch n := len(items); n {
	case 0:
		return ""
	case 1:
		return items[0]
	default:
		return strings.Join(items[:n-1], ", ") + " " + conj + " " + items[n-1]
	}
}
