package anygame_test

import (
	"fmt"
	"log"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/crown"
)

// A server's first round of a game: deal, tell each seat what it may read
// of the deal, send the player to act their view, and apply their move,
// given as JSON.
func Example() {
	g := anygame.Of(crown.Rules{})                    // or catalog.Lookup("crown")
	pos, events, err := g.Deal([]byte(`{"seed":42}`)) // options not named keep their defaults
	if err != nil {
		log.Fatal(err)
	}
	for _, seat := range []cards.Player{0, 1} {
		for _, e := range cards.EventsFor(events, seat) {
			fmt.Printf("%v reads %d: %s\n", seat, e.Seq, e.Text)
		}
	}
	p := pos.Status().ToAct.First()
	view, err := pos.View(p) // what P1 may know, with P1's legal moves
	if err != nil {
		log.Fatal(err)
	}
	move, err := g.BotMove(view, "random", 1) // a person's client would send it
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%v sends %s\n", p, move)
	next, events, err := pos.Apply(move)
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range cards.EventsFor(events, cards.Spectator) {
		fmt.Printf("everyone reads %d: %s\n", e.Seq, e.Text)
	}
	fmt.Println("to act:", next.Status().ToAct)
	// Output:
	// P1 reads 1: a game of Claim the Crown; the win conditions are Royal Council, Faction Supremacy
	// P1 reads 2: P1 was dealt 9♣ 2♦ 6♦ K♥
	// P1 reads 3: P2 was dealt 5 cards
	// P1 reads 4: P1 drew 7♥
	// P2 reads 1: a game of Claim the Crown; the win conditions are Royal Council, Faction Supremacy
	// P2 reads 2: P1 was dealt 4 cards
	// P2 reads 3: P2 was dealt 2♣ K♣ 7♦ 4♠ 7♠
	// P2 reads 4: P1 drew a card
	// P1 sends {"player":0,"kind":"play","card":"6D","text":"play 6♦"}
	// everyone reads 5: P1 played 6♦ to their court
	// to act: P2
}

// A move that breaks the rules is refused with the engine's reason, and a
// code for a program.
func ExampleErrorCode() {
	g := anygame.Of(crown.Rules{})
	start, err := g.NewGame([]byte(`{"seed":42}`))
	if err != nil {
		log.Fatal(err)
	}
	_, err = g.Apply(start.State, []byte(`{"player":0,"kind":"play","card":"7D"}`))
	fmt.Println(anygame.ErrorCode(err))
	fmt.Println(err)
	// Output:
	// illegal_move
	// illegal move: you do not hold 7♦
}

// A game's record, its options and moves, replays it exactly.
func ExampleGame_Replay() {
	g := anygame.Of(crown.Rules{})
	record := []byte(`{"game":"crown","options":{"seed":42},
		"moves":[{"player":0,"kind":"play","card":"6D"}]}`)
	pos, events, err := g.Replay(record)
	if err != nil {
		log.Fatal(err)
	}
	last := events[len(events)-1].For(cards.Spectator)
	fmt.Printf("%d events, the last %q; to act: %v\n", len(events), last.Text, pos.Status().ToAct)
	// Output:
	// 5 events, the last "P1 played 6♦ to their court"; to act: P2
}

// Bots play a whole game, each seat's by its spec.
func ExampleGame_Simulate() {
	g := anygame.Of(crown.Rules{})
	sim, err := g.Simulate([]byte(`{"seed":42}`), []string{"ismcts:strength=1", "random"}, 7)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sim.Status.Result, "after", sim.Moves, "moves")
	// Output:
	// P1 won (scores: P1 5, P2 4) after 55 moves
}
