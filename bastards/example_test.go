package bastards_test

import (
	"fmt"
	"log"

	"github.com/cardrules/games/bastards"
	"github.com/cardrules/games/cards"
)

// A game of four players over two rounds: deal, list the moves of the
// player to act, apply one, and look at the table as another player.
func Example() {
	opts := bastards.DefaultOptions() // four players, one deck, two jokers
	opts.Rounds, opts.Seed = 2, 1
	s, err := bastards.NewGame(opts)
	if err != nil {
		panic(err)
	}
	moves := bastards.LegalMoves(s)
	fmt.Println(s.ToAct(), "may", moves)

	s, err = bastards.Apply(s, moves[1])
	if err != nil {
		panic(err)
	}
	v := bastards.ViewOf(s, 2)
	fmt.Print(v)
	fmt.Println(v.Moves[:3])

	_, err = bastards.Apply(s, bastards.Pass(0))
	fmt.Println(err)
	// Output:
	// P2 may [play 3♣ play 3♣ 3♥]
	// Kings & Bastards, round 1 of 2 (play), seen by P3
	// P1  14 cards  King 0, Bastard 0
	// P2  12 cards  King 0, Bastard 0
	// P3  13 cards  King 0, Bastard 0  (to act, you)
	// P4  13 cards  King 0, Bastard 0
	// to beat: 3♣ 3♥, a pair of 3, by P2
	// trick: P2 3♣ 3♥
	// played earlier this round: 0 cards
	// your hand: 3♠ 4♣ 6♦ 7♣ 7♠ 8♣ 10♦ J♣ J♥ Q♦ K♦ A♣ A♥
	// [pass play 7♣ 7♠ play J♣ J♥]
	// illegal move: not this player's turn: P3 is to move, not P1
}

// Kings & Bastards through the shared contract, as generic tools use it.
func ExampleRules() {
	var rules cards.Rules[bastards.Options, bastards.State, bastards.Move, bastards.View] = bastards.Rules{}
	s, _ := rules.NewGame(bastards.Options{Players: 7, Jokers: 0, Seed: 2})
	fmt.Println(rules.Info().Name, s.Players(), "players, to act:", s.ToAct())
	// Output: bastards 7 players, to act: P4
}

// The program of the README: a one-round game of random moves to its end.
func Example_readme() {
	opts := bastards.DefaultOptions()
	opts.Rounds, opts.Seed = 1, 42
	s, err := bastards.NewGame(opts)
	if err != nil {
		log.Fatal(err)
	}
	r := cards.NewRand(1)
	for !s.Over() {
		moves := bastards.LegalMoves(s)
		if s, err = bastards.Apply(s, moves[r.IntN(len(moves))]); err != nil {
			log.Fatal(err)
		}
	}
	v := bastards.ViewOf(s, 0) // what player 0 (P1) may know
	fmt.Println(v.Log[len(v.Log)-1].Text)
	fmt.Println("winners:", s.Result().Winners)
	// Output:
	// the game ended: P4 won with 1 round as King
	// winners: P4
}
