package ninekingdoms

import "github.com/cardrules/games/cards"

// powers says what each kingdom does for its holder, Kingdom k at k.
// Every kingdom also scores its number to its holder at the end.
var powers = [Values]string{
	1: "the holder may claim a kingdom with as many of its cards as another player, not more",
	2: "each card of the scoring pile scores 2 points, not 1",
	3: "a Flank discards a second card, from the same or another player",
	4: "a Bribe takes only its own value from the holder (a 5 $ only a 5)",
	5: "the holder cannot be the target of a Flank",
	6: "the holder's Bribe puts its $ in their own scoring pile",
	7: "when a Siege or Flank discards the holder's card, they may discard one of the two cards played for it",
	8: "once a turn, one of the holder's tableau cards goes face down to their scoring pile",
	9: "no power",
}

// canClaim reports whether p may claim Kingdom k: they do not hold it,
// and their tableau holds more cards valued k than any other player's (at
// least as many with Kingdom 1), and at least one.
func (s *State) canClaim(p cards.Player, k Card) bool {
	if k < 1 || k >= Values || s.owner[k] == p || s.tableau[p][k] == 0 {
		return false
	}
	tie := s.owner[1] == p
	for q := range cards.Player(s.np()) {
		if mine, theirs := s.tableau[p][k], s.tableau[q][k]; q != p && (mine < theirs || mine == theirs && !tie) {
			return false
		}
	}
	return true
}

// claimBlocker returns why p may not claim Kingdom k, or nil if they may.
func (s *State) claimBlocker(p cards.Player, k Card) error {
	switch {
	case s.canClaim(p, k):
		return nil
	case k < 1 || k >= Values:
		return cards.Illegal("there is no Kingdom %d: the kingdoms are 1 to 9", k)
	case s.owner[k] == p:
		return cards.Illegal("you already hold Kingdom %d", k)
	case s.tableau[p][k] == 0:
		return cards.Illegal("you have no %v in your tableau to claim Kingdom %d with", k, k)
	}
	for q := range cards.Player(s.np()) {
		if q != p && s.tableau[q][k] >= s.tableau[p][k] {
			if s.tableau[q][k] > s.tableau[p][k] {
				return cards.Illegal("%v has more %vs than you, so you cannot claim Kingdom %d", q, k, k)
			}
			return cards.Illegal("%v has as many %vs as you; you need more to claim Kingdom %d (or Kingdom 1)", q, k, k)
		}
	}
	return cards.Illegal("you cannot claim Kingdom %d now", k)
}
