package packs_test

import (
	"fmt"
	"strings"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/packs"
)

// This example deals a game for two and plays P1's first turn: the free
// card of the far column, then playing it into their kingdom.
func Example() {
	opts := packs.DefaultOptions()
	opts.Seed = 7
	s, err := packs.NewGame(opts)
	if err != nil {
		panic(err)
	}
	v := packs.ViewOf(s, 0)
	fmt.Println(v.Decision)
	free, _ := s.Market(0, packs.Columns-1)
	for _, m := range []packs.Move{packs.Buy(0, free), packs.Play(0, free)} {
		if s, err = packs.Apply(s, m); err != nil {
			panic(err)
		}
		fmt.Printf("%v: %v\n", m.Player(), m)
	}
	v = packs.ViewOf(s, 1)
	fmt.Println("P1's kingdom:", v.Kingdoms[0])
	fmt.Println(v.Decision)
	for _, e := range v.Log[len(v.Log)-4:] {
		fmt.Println("|", e.Text)
	}
	// Output:
	// P1: take action 1 of 2 — buy, play or discard
	// P1: buy 7♣
	// P1: play 7♣
	// P1's kingdom: 7♣
	// P2: take action 1 of 2 — buy, play or discard
	// | P1 bought 7♣ for nothing
	// | P1 played 7♣ to their ♣ kingdom
	// | P1 ended their turn
	// | the market was refilled with A♦
}

// This example plays P1's turns of a solo game with the first move listed
// until the automaton has played twice, and shows what P1 may read of
// its turns.
func Example_solo() {
	opts := packs.DefaultOptions()
	opts.Solo, opts.HeadStart, opts.Seed = true, 2, 3
	s, err := packs.NewGame(opts)
	if err != nil {
		panic(err)
	}
	for s.Round() < 3 {
		if s, err = packs.Apply(s, packs.LegalMoves(s)[0]); err != nil {
			panic(err)
		}
	}
	v := packs.ViewOf(s, 0)
	fmt.Println("the automaton's kingdom:", v.Kingdoms[packs.Automaton])
	for _, e := range v.Log {
		if strings.HasPrefix(e.Text, "P2 ") {
			fmt.Println("|", e.Text)
		}
	}
	fmt.Println(v.ToAct == cards.PlayersOf(0))
	// Output:
	// the automaton's kingdom: 5♣ 5♥ 8♠
	// | P2 was dealt 5♣ into its kingdom as a head start
	// | P2 was dealt K♣ for its head start, which went to the discard pile: it holds a ♣
	// | P2 was dealt 5♥ into its kingdom as a head start
	// | P2 turned over the instruction J♠: a card that fits your kingdom, failing that one that fits its own
	// | P2 bought 8♥ for nothing
	// | P2 discarded 8♥: it does not fit its kingdom
	// | P2 ended its turn
	// | P2 turned over the instruction 3♥: a ♥ that fits its kingdom, failing that the Queen's question
	// | P2 bought 8♠ for nothing and took 1 coin
	// | P2 placed 8♠ in its ♠ kingdom
	// | P2 ended its turn
	// true
}
