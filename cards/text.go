package cards

import "strconv"

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
