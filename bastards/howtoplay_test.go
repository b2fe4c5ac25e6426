package bastards

import (
	"testing"

	"github.com/cardrules/games/cards/cardstest"
)

// TestHowToPlay checks the rules of Kings & Bastards as written for people: they
// speak of the game's key terms, and the glossary explains each.
func TestHowToPlay(t *testing.T) {
	cardstest.CheckHowToPlay(t, Rules{}.Info(), "King", "Bastard", "exchange", "pass", "joker", "trump", "trick", "3♣")
}
