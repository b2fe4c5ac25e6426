//go:build !js

// Server serves Crazy Eights over HTTP beside the module's games: the API
// at /api/ and the web page at /, on a bundle of the same games:
//
//	go run ./wasm/build -games ./examples/crazyeights,bastards,ninekingdoms,crown,packs -o /tmp/eights
//	go run ./examples/crazyeights/cmd/server -bundle /tmp/eights
package main

import (
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/cards/gameserver"
	"github.com/cardrules/games/examples/crazyeights"
)

func main() {
	games := append([]anygame.Game{anygame.Of(crazyeights.Rules{})}, catalog.Games()...)
	gameserver.Program{Games: games}.Main()
}
