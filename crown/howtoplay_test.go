package crown

import (
	"testing"

	"github.com/cardrules/games/cards/cardstest"
)

// TestHowToPlay checks the rules of Claim the Crown as written for people: they
// speak of the game's key terms, and the glossary explains each.
func TestHowToPlay(t *testing.T) {
	cardstest.CheckHowToPlay(t, Rules{}.Info(), "Royal Council", "Faction Supremacy", "decree", "court", "Face card", "Number card", "Club", "Bribe", "Dig", "Inspire", "Recruit", "Royal Bloc", "United House", "Line of Succession")
}
