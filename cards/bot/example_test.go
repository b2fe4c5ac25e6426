package bot_test

import (
	"fmt"
	"log"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
	"github.com/cardrules/games/crown"
)

// A game of Claim the Crown between the search bot and the random bot:
// the bots are made from the game's rules, with no type arguments.
func Example() {
	opts := crown.DefaultOptions()
	opts.Seed = 7
	s, err := crown.NewGame(opts)
	if err != nil {
		log.Fatal(err)
	}
	search := bot.NewISMCTS(crown.Rules{})
	search.Iterations = 200
	r := cards.NewRand(1)
	end, seats, err := bot.Play(crown.Rules{}, s, bot.Bots(search, bot.NewRandom(crown.Rules{})), &r, 10000)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(end.Result())
	fmt.Println("moves:", seats[0].Moves, "by ISMCTS,", seats[1].Moves, "by the random bot")
	// Output:
	// P1 won (scores: P1 5, P2 3)
	// moves: 34 by ISMCTS, 31 by the random bot
}

// The search bot's move for the player to act, from their view alone.
func ExampleNewISMCTS() {
	s, err := crown.NewGame(crown.DefaultOptions())
	if err != nil {
		log.Fatal(err)
	}
	p := s.ToAct().First()
	r := cards.NewRand(1)
	m, err := bot.NewISMCTS(crown.Rules{}).Choose(crown.ViewOf(s, p), &r)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(p, "plays", m)
	// Output: P1 plays play 10♠
}
