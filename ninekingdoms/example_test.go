package ninekingdoms_test

import (
	"fmt"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/ninekingdoms"
)

// This example deals a game for two, lets both players choose their pairs,
// and plays the first player's turn: its pair is revealed, they claim what
// they can and end their turn.
func Example() {
	s, err := ninekingdoms.NewGame(ninekingdoms.Options{Players: 2, Seed: 7})
	if err != nil {
		panic(err)
	}
	// Both players choose at once: each picks the first pair listed.
	for _, p := range []cards.Player{1, 0} {
		v := ninekingdoms.ViewOf(s, p)
		fmt.Printf("%v holds %v and may %v\n", p, v.Hand, v.Moves[0])
		if s, err = ninekingdoms.Apply(s, v.Moves[0]); err != nil {
			panic(err)
		}
	}
	// P1's pair is revealed; they claim every kingdom they can.
	for {
		m := ninekingdoms.LegalMoves(s)[0]
		if s, err = ninekingdoms.Apply(s, m); err != nil {
			panic(err)
		}
		fmt.Printf("%v: %v\n", m.Player(), m)
		if m.Kind == ninekingdoms.KindEnd {
			break
		}
	}
	v := ninekingdoms.ViewOf(s, 1)
	fmt.Println("P1's tableau:", v.Tableaus[0])
	fmt.Println(v.Decision)
	for _, line := range v.Log[len(v.Log)-6:] {
		fmt.Println("|", line.Text)
	}
	// Output:
	// P2 holds 2 4 6 $ $ and may choose 2 4
	// P1 holds 4 5 9 9 $ and may choose 4 5
	// P1: claim Kingdom 4
	// P1: claim Kingdom 5
	// P1: end turn
	// P1's tableau: 4 5
	// P2: claim kingdoms, use Kingdom 8 if held, or end the turn
	// | P1's Flank had no effect: no other tableau held a card it could reach
	// | P1 claimed Kingdom 4 from the centre
	// | P1 claimed Kingdom 5 from the centre
	// | P1 ended their turn
	// | P2 revealed 2 4: a Siege
	// | P2's Siege had no effect: no other tableau held a card it could reach
}
