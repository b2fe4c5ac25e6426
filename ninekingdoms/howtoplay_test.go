package ninekingdoms

import (
	"testing"

	"github.com/cardrules/games/cards/cardstest"
)

// TestHowToPlay checks the rules of Nine Kingdoms as written for people: they
// speak of the game's key terms, and the glossary explains each.
func TestHowToPlay(t *testing.T) {
	cardstest.CheckHowToPlay(t, Rules{}.Info(), "pair", "tableau", "scoring pile", "claim", "Bury", "Bribe", "Siege", "Flank", "Kingdom 1", "Kingdom 2", "Kingdom 3", "Kingdom 4", "Kingdom 5", "Kingdom 6", "Kingdom 7", "Kingdom 8", "Kingdom 9", "match")
}
