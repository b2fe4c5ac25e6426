// Tournament pits bots against each other at Crazy Eights, or at the
// module's games beside it:
//
//	go run ./examples/crazyeights/cmd/tournament -players 4 -bots ismcts,random -games 100
package main

import (
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/cards/tournament"
	"github.com/cardrules/games/examples/crazyeights"
)

func main() {
	games := append([]anygame.Game{anygame.Of(crazyeights.Rules{})}, catalog.Games()...)
	tournament.Program{Games: games}.Main()
}
