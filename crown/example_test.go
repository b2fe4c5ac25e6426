package crown_test

import (
	"fmt"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/crown"
)

// This example deals a game with the variant Royal Bloc and plays it with
// the first legal move each time, until it ends; then it shows the end of
// the log as P2 reads it.
func Example() {
	opts := crown.DefaultOptions()
	opts.Seed = 7
	opts.RoyalBloc = true
	s, err := crown.NewGame(opts)
	if err != nil {
		panic(err)
	}
	moves := 0
	for !s.Over() {
		m := crown.LegalMoves(s)[0]
		if s, err = crown.Apply(s, m); err != nil {
			panic(err)
		}
		moves++
	}
	fmt.Printf("%v won with %v after %d moves in turn %d\n", s.Winner(), s.WonWith(), moves, s.Turn())
	v := crown.ViewOf(s, 1)
	for _, e := range v.Log[len(v.Log)-4:] {
		fmt.Println("|", e.Text)
	}
	fmt.Println("P1's court:", v.Courts[0])
	// Output:
	// P2 won with Royal Council after 48 moves in turn 16
	// | P2 played 3♣ to their court
	// | P1 declined
	// | P2 clubbed P1's 5♣
	// | P2 completed Royal Council and won the game
	// P1's court: 9♦ 10♦ 5♥ 4♠
}

// A decree exchange: P1 plays a card, and each side decrees whenever it
// can — P2 against the card, P1 against P2's decree, and so on — until one
// side declines; an odd number of decrees cancels the card.
func ExampleDecree() {
	opts := crown.DefaultOptions()
	opts.Seed = 1
	s, _ := crown.NewGame(opts)
	s, _ = crown.Apply(s, crown.LegalMoves(s)[0])
	for s.Phase() == crown.PhaseDecree {
		moves := crown.LegalMoves(s)
		m := moves[len(moves)-1] // a decree if there is one; else the decline, listed first
		s, _ = crown.Apply(s, m)
		fmt.Printf("%v: %v\n", m.Who, m)
	}
	v := crown.ViewOf(s, cards.Spectator)
	fmt.Println("P1's discard pile:", v.Piles[0])
	fmt.Println("P2's discard pile:", v.Piles[1])
	// Output:
	// P2: decree with K♥ and 7♠
	// P1: decree with Q♠ and 3♠
	// P2: decree with K♦ and 10♦
	// P1: decline
	// P1's discard pile: [3♠ Q♠ 9♦]
	// P2's discard pile: [7♠ K♥ 10♦ K♦]
}

// What a player sees at the terminal: here P1, whose card P2 has just
// decreed against, must answer.
func ExampleView_String() {
	opts := crown.DefaultOptions()
	opts.Seed = 1
	s, _ := crown.NewGame(opts)
	s, _ = crown.Apply(s, crown.LegalMoves(s)[0])
	moves := crown.LegalMoves(s)
	s, _ = crown.Apply(s, moves[len(moves)-1]) // P2's last decree listed
	fmt.Print(crown.ViewOf(s, 0))
	// Output:
	// Claim the Crown, turn 1, P1's turn, seen by P1
	// win with: Royal Council, Faction Supremacy
	// P1 (you): 4 cards in hand
	//   court: 9♦  (4 cards short of Royal Council)
	//   discard pile: empty
	// P2: 3 cards in hand
	//   court: empty
	//   discard pile: 7♠ K♥ (top K♥)
	// draw pile: 42 cards
	// your hand: 4♥ (Inspire) A♠ (Dig) 3♠ (Dig) Q♠ (Recruit)
	// in play: P1's 9♦ (Bribe)
	//   P2 decreed with K♥ and 7♠
	// P1 to answer: decree against P2's decree (discard a Face card and one other card from hand), or decline (then P1's 9♦ is canceled)
}
