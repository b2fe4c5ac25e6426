// Package catalog lists the games of this module, each adapted to the JSON
// face of package anygame. It is the default list of the module's tools —
// the terminal player, the tournament, the server and the bundle offer
// these games when given none — and never a gate: every tool takes any
// list of games, a designer's own among them:
//
//	games := append(catalog.Games(), anygame.Of(mygame.Rules{}))
package catalog

import (
	"github.com/cardrules/games/bastards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/crown"
	"github.com/cardrules/games/ninekingdoms"
	"github.com/cardrules/games/packs"
)

// Games returns every game of the module, in a fixed order.
func Games() []anygame.Game {
	return []anygame.Game{
		anygame.Of(bastards.Rules{}),
		anygame.Of(ninekingdoms.Rules{}),
		anygame.Of(crown.Rules{}),
		anygame.Of(packs.Rules{}),
	}
}

// Names returns the short names of the games, in the order of Games.
func Names() []string { return anygame.Names(Games()) }

// Lookup returns the game of the given short name (see anygame.Lookup).
// An unknown name is an error wrapping cards.ErrBadInput that lists the
// games.
func Lookup(name string) (anygame.Game, error) { return anygame.Lookup(Games(), name) }
