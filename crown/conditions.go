package crown

import (
	"math/bits"

	"github.com/cardrules/games/cards"
)

// A Condition is a way to win: a combination of cards in one's court. In
// JSON it is named as its option spells it: "royalCouncil",
// "factionSupremacy", "royalBloc", "unitedHouse" or "lineOfSuccession".
//
//cards:json enum "a win condition"
type Condition uint8

// The win conditions. Royal Council and Faction Supremacy always count;
// the other three are variants, each added by its option.
const (
	// RoyalCouncil: a Number card of each of the four suits, and any Face
	// card.
	RoyalCouncil Condition = iota + 1
	// FactionSupremacy: five Face cards, or five Number cards of one suit.
	FactionSupremacy
	// RoyalBloc: four cards of one rank, Face cards included.
	RoyalBloc
	// UnitedHouse: five cards of one suit, Face cards included.
	UnitedHouse
	// LineOfSuccession: five ranks in a row, of any suits; the Ace is high
	// (10 J Q K A) or low (A 2 3 4 5), and a run never goes from the King
	// to the 2.
	LineOfSuccession
	numConditions
)

var conditionNames = [numConditions]string{"", "Royal Council", "Faction Supremacy", "Royal Bloc", "United House", "Line of Succession"}

// String returns the condition's name, such as "Royal Council".
func (c Condition) String() string {
	if c == 0 || c >= numConditions {
		return "no condition"
	}
	return conditionNames[c]
}

// Set returns the set holding c alone.
func (c Condition) Set() Conditions {
	if c == 0 || c >= numConditions {
		return 0
	}
	return 1 << c
}

// Conditions is a set of win conditions, held as a bitset. In JSON it is
// the array of their names, in order.
//
//cards:ts Condition[]
type Conditions uint8

// allConditions holds every condition.
const allConditions Conditions = 1<<numConditions - 2

// Has reports whether c is in the set.
func (cs Conditions) Has(c Condition) bool { return cs&c.Set() != 0 }

// Met returns the first condition of cs, in the order of the constants,
// that court completes, or 0 if it completes none.
func (cs Conditions) Met(court cards.Set) Condition {
	w := court[0]
	for c := RoyalCouncil; c < numConditions; c++ {
		if cs.Has(c) && completes(c, w) {
			return c
		}
	}
	return 0
}

// Nearest returns the condition of cs that court is closest to completing
// and the number of cards it lacks for it (0 if it completes it). Among
// conditions it lacks as many cards for, the first in the order of the
// constants is named.
func (cs Conditions) Nearest(court cards.Set) (Condition, int) {
	w := court[0]
	best, fewest := Condition(0), 6
	for c := RoyalCouncil; c < numConditions; c++ {
		if cs.Has(c) {
			if n := lack(c, w); n < fewest {
				best, fewest = c, n
			}
		}
	}
	return best, fewest
}

// The cards of the standard deck as bits of the first word of a
// cards.Set: card 1 + 13·suit + (rank − 1) is bit of that number.
const (
	suitBits uint64 = 0x1FFF << 1 // the clubs, Ace to King
	// faceBits holds the twelve Face cards.
	faceBits uint64 = 7<<11 | 7<<24 | 7<<37 | 7<<50
	// rankBits holds the four Aces; shifted left by r−1, the four cards
	// of rank r.
	rankBits uint64 = 1<<1 | 1<<14 | 1<<27 | 1<<40
	// deckBits holds all 52 cards.
	deckBits uint64 = 1<<53 - 2
)

// suitOf returns the cards of suit s, as bits.
func suitOf(s cards.Suit) uint64 { return suitBits << (13 * uint(s)) }

// isFace reports whether c is a Face card: a Jack, Queen or King.
func isFace(c cards.Card) bool { return c.Valid() && c < 64 && faceBits&(1<<c) != 0 }

// completes reports whether the court w completes condition c: what lack
// tells by 0, quicker.
func completes(c Condition, w uint64) bool {
	numbers, faces := w&^faceBits, w&faceBits
	switch c {
	case RoyalCouncil:
		return faces != 0 && numbers&suitOf(cards.Clubs) != 0 && numbers&suitOf(cards.Diamonds) != 0 &&
			numbers&suitOf(cards.Hearts) != 0 && numbers&suitOf(cards.Spades) != 0
	case FactionSupremacy:
		return bits.OnesCount64(faces) >= 5 || fiveOfASuit(numbers)
	case RoyalBloc:
		return w&(w>>13)&(w>>26)&(w>>39)&suitBits != 0
	case UnitedHouse:
		return fiveOfASuit(w)
	case LineOfSuccession:
		ranks := (w>>1 | w>>14 | w>>27 | w>>40) & 0x1FFF
		ranks |= (ranks & 1) << 13
		return ranks&(ranks>>1)&(ranks>>2)&(ranks>>3)&(ranks>>4)&0x3FF != 0
	}
	return false
}

// fiveOfASuit reports whether w holds five cards of one suit.
func fiveOfASuit(w uint64) bool {
	for s := range cards.Suit(4) {
		if bits.OnesCount64(w&suitOf(s)) >= 5 {
			return true
		}
	}
	return false
}

// lack returns how many more cards the court w needs for condition c.
func lack(c Condition, w uint64) int {
	numbers, faces := w&^faceBits, w&faceBits
	switch c {
	case RoyalCouncil:
		n := 0
		if faces == 0 {
			n++
		}
		for s := range cards.Suit(4) {
			if numbers&suitOf(s) == 0 {
				n++
			}
		}
		return n
	case FactionSupremacy:
		most := bits.OnesCount64(faces)
		for s := range cards.Suit(4) {
			most = max(most, bits.OnesCount64(numbers&suitOf(s)))
		}
		return max(5-most, 0)
	case RoyalBloc:
		most := 0
		for r := range 13 {
			most = max(most, bits.OnesCount64(w&(rankBits<<r)))
		}
		return 4 - most
	case UnitedHouse:
		most := 0
		for s := range cards.Suit(4) {
			most = max(most, bits.OnesCount64(w&suitOf(s)))
		}
		return max(5-most, 0)
	case LineOfSuccession:
		// ranks holds bit i for rank i+1 in the court, and bit 13 for the
		// Ace again, high.
		ranks := (w>>1 | w>>14 | w>>27 | w>>40) & 0x1FFF
		ranks |= (ranks & 1) << 13
		most := 0
		for low := range 10 {
			most = max(most, bits.OnesCount64(ranks>>low&0x1F))
		}
		return 5 - most
	}
	return 5
}

// An Ability is what a card does when it is played and not canceled. In
// JSON it is named in lower case: "club", "bribe", "dig", "inspire" or
// "recruit".
//
//cards:json enum "an ability"
type Ability uint8

// The abilities. A Number card's ability comes from its suit; every Face
// card has Recruit.
const (
	// AbilityClub (♣): a card of the opponent's court goes to their
	// discard pile.
	AbilityClub Ability = iota + 1
	// AbilityBribe (♦): look at the opponent's hand; a card of it goes to
	// their discard pile.
	AbilityBribe
	// AbilityDig (♠): take the top card of either discard pile into one's
	// hand.
	AbilityDig
	// AbilityInspire (♥): use the ability of another card of one's court
	// that is not a ♥ Number card.
	AbilityInspire
	// AbilityRecruit (J, Q, K): draw a card, if the draw pile has one.
	AbilityRecruit
	numAbilities
)

var abilityNames = [numAbilities]string{"", "Club", "Bribe", "Dig", "Inspire", "Recruit"}

// String returns the ability's name, such as "Club".
func (a Ability) String() string {
	if a == 0 || a >= numAbilities {
		return "no ability"
	}
	return abilityNames[a]
}

// verb returns the ability as a verb: "club", "bribe" …
func (a Ability) verb() string {
	if a == 0 || a >= numAbilities {
		return "act"
	}
	return [numAbilities]string{"", "club", "bribe", "dig", "inspire", "recruit"}[a]
}

// AbilityOf returns the ability of card c: Recruit for a Face card, and for
// a Number card the ability of its suit (♣ Club, ♦ Bribe, ♠ Dig, ♥
// Inspire). It returns 0 for a value that is no card of the deck.
func AbilityOf(c cards.Card) Ability {
	switch {
	case !c.Valid() || c.IsJoker() || c.Deck() != 0:
		return 0
	case isFace(c):
		return AbilityRecruit
	}
	return [4]Ability{AbilityClub, AbilityBribe, AbilityInspire, AbilityDig}[c.Suit()]
}

// inspirable returns the cards of court that an Inspire played as card c
// may use: every other card but the ♥ Number cards.
func inspirable(court cards.Set, c cards.Card) cards.Set {
	hearts := cards.Set{suitOf(cards.Hearts) &^ faceBits}
	court.Remove(c)
	return court.Minus(hearts)
}

// abilitiesOf returns the abilities of the cards of set, as a bitset
// indexed by Ability.
func abilitiesOf(set cards.Set) uint8 {
	w := set[0]
	var as uint8
	if w&faceBits != 0 {
		as |= 1 << AbilityRecruit
	}
	for s, a := range [4]Ability{AbilityClub, AbilityBribe, AbilityInspire, AbilityDig} {
		if w&suitOf(cards.Suit(s))&^faceBits != 0 {
			as |= 1 << a
		}
	}
	return as
}
