// Play plays Crazy Eights at the terminal, beside the module's games:
//
//	go run ./examples/crazyeights/cmd/play -players 3
package main

import (
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/cards/terminal"
	"github.com/cardrules/games/examples/crazyeights"
)

func main() {
	games := append([]anygame.Game{anygame.Of(crazyeights.Rules{})}, catalog.Games()...)
	terminal.Program{Games: games}.Main()
}
