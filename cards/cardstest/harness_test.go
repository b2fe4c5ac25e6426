package cardstest_test

import (
	"path/filepath"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

var duel = cardstest.Game[DuelOptions, DuelState, DuelMove, DuelView]{
	Rules: Duel{},
	Options: rapid.Custom(func(t *rapid.T) DuelOptions {
		return DuelOptions{Seed: cards.Seed(rapid.Uint64().Draw(t, "seed"))}
	}),
	Moves: rapid.Custom(func(t *rapid.T) DuelMove {
		return DuelMove{
			By:   cards.Player(rapid.IntRange(-1, 2).Draw(t, "player")),
			Card: cards.Card(rapid.IntRange(0, 130).Draw(t, "card")),
		}
	}),
	MaxMoves: 6,
}

func TestDuel(t *testing.T) { cardstest.Run(t, duel) }

func TestDuelGolden(t *testing.T) {
	cardstest.Golden(t, Duel{}, DuelOptions{Seed: 3}, filepath.Join("testdata", "duel-3.txt"))
}

func FuzzState(f *testing.F) { cardstest.FuzzState(f, duel) }
func FuzzMove(f *testing.F)  { cardstest.FuzzMove(f, duel) }
func FuzzApply(f *testing.F) { cardstest.FuzzApply(f, duel) }

// TestDuelTricksAddUp states a property of the duel's own with the
// harness's generator of reachable states: the tricks won and the cards
// still held always account for every card dealt.
func TestDuelTricksAddUp(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := cardstest.States(duel).Draw(t, "state")
		held := s.Hands[0].Len() + s.Hands[1].Len()
		if played := s.Played.Len(); held+played != 6 || played/2 != s.Tricks[0]+s.Tricks[1] {
			t.Fatalf("%d held, %d played, tricks %v", held, played, s.Tricks)
		}
	})
}
