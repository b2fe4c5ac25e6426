package catalog_test

import (
	"errors"
	"fmt"
	"log"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/catalog"
)

// The games a program can offer by name, with their players.
func Example() {
	for _, g := range catalog.Games() {
		info := g.Info()
		players := fmt.Sprintf("%d to %d players", info.MinPlayers, info.MaxPlayers)
		if info.MinPlayers == info.MaxPlayers {
			players = fmt.Sprintf("%d players", info.MinPlayers)
		}
		fmt.Printf("%-12s %s, %s\n", info.Name, info.Title, players)
	}
	// Output:
	// bastards     Kings & Bastards, 3 to 10 players
	// ninekingdoms Nine Kingdoms, 2 to 4 players
	// crown        Claim the Crown, 2 players
	// packs        Packs Kingdoms, 2 to 4 players
}

// A game by its name, and the error of a name no game has.
func ExampleLookup() {
	g, err := catalog.Lookup("crown")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(g.Info().Title, string(g.DefaultOptions()))
	_, err = catalog.Lookup("chess")
	fmt.Println(errors.Is(err, cards.ErrBadInput), err)
	// Output:
	// Claim the Crown {"players":2,"seed":0,"noLog":false,"royalBloc":false,"unitedHouse":false,"lineOfSuccession":false,"maxTurns":0}
	// true bad input: no game is named "chess" (the games are bastards, ninekingdoms, crown, packs)
}
