package cardstest_test

import (
	"fmt"
	"testing"

	"github.com/cardrules/games/cards/cardstest"
	"github.com/cardrules/games/crown"
)

// The whole harness on an existing game, as a game's tests run it: these
// three lines are the test.
func TestRunOfAnExistingGame(t *testing.T) {
	cardstest.Run(t, cardstest.Of(crown.Rules{}))
}

// The harness's states of an existing game, for a property of one's own:
// Of describes the game by its rules, dealt by its default options with a
// drawn seed. A game's tests run the whole harness on it in three lines:
//
//	func TestProperties(t *testing.T) {
//		cardstest.Run(t, cardstest.Of(crown.Rules{}))
//	}
func ExampleOf() {
	states := cardstest.States(cardstest.Of(crown.Rules{}))
	for seed := range 3 {
		s := states.Example(seed)
		fmt.Println(s.Players(), "players, the rules kept:", s.Check() == nil)
	}
	// Output:
	// 2 players, the rules kept: true
	// 2 players, the rules kept: true
	// 2 players, the rules kept: true
}
