package cards

// Standard returns the 52 standard cards of the first deck, without jokers.
func Standard() Set { return Set{1<<53 - 2} }

// Jokers returns the first n jokers of the first deck (n is 0, 1 or 2).
func Jokers(n int) Set {
	var s Set
	if n >= 1 {
		s.Add(Joker1)
	}
	if n >= 2 {
		s.Add(Joker2)
	}
	return s
}

// OfRanks returns the standard cards of the first deck whose rank is one of
// ranks.
func OfRanks(ranks ...Rank) Set {
	var s Set
	for _, r := range ranks {
		for _, su := range Suits {
			s.Add(New(r, su))
		}
	}
	return s
}

// OfSuit returns the 13 standard cards of suit s in the first deck.
func OfSuit(s Suit) Set {
	var t Set
	for r := Ace; r <= King; r++ {
		t.Add(New(r, s))
	}
	return t
}

// Twins returns the second deck's twins of the first-deck cards of s. A game
// with two decks uses d.Union(d.Twins()).
func (s Set) Twins() Set { return Set{0, s[0]} }
