package packs

import (
	"strings"
	"testing"

	"github.com/cardrules/games/cards/cardstest"
)

// TestHowToPlay checks the rules of Packs Kingdoms as written for people: they
// speak of the game's key terms, and the glossary explains each.
func TestHowToPlay(t *testing.T) {
	cardstest.CheckHowToPlay(t, Rules{}.Info(), "run", "kingdom", "noble", "market", "price", "coin", "loose coin", "not for sale", "hand limit", "income", "attack", "defence", "automaton", "head start")
}

// TestHowToPlaySaysWhatTheViewsLimitMeans checks that "limit", as a view
// shows a hand's ("limit 2"), finds the hand limit.
func TestHowToPlaySaysWhatTheViewsLimitMeans(t *testing.T) {
	found := Rules{}.Info().LookupTerm("limit")
	if len(found) != 1 || found[0].Term != "hand limit" || !strings.Contains(found[0].Meaning, `"limit 2"`) {
		t.Errorf("LookupTerm(limit) = %+v, want the hand limit, saying what \"limit 2\" is", found)
	}
}
