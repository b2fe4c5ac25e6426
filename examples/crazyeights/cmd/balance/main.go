// Balance studies Crazy Eights, or the module's games beside it: each
// seat's advantage, the length of a game, what happens, the decisions and
// a ladder of bots, in a page of HTML:
//
//	go run ./examples/crazyeights/cmd/balance -players all
package main

import (
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/balance"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/examples/crazyeights"
)

func main() {
	games := append([]anygame.Game{anygame.Of(crazyeights.Rules{})}, catalog.Games()...)
	balance.Program{Games: games}.Main()
}
