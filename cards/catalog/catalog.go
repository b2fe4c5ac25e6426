// Package catalog lists the games of this module, each adapted to the JSON
// face of package anygame, so that a program can offer every game by name.
package catalog

import (
	"fmt"
	"strings"

	"github.com/cardrules/games/bastards"
	"github.com/cardrules/games/cards"
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
func Names() []string {
	var names []string
	for _, g := range Games() {
		names = append(names, g.Info().Name)
	}
	return names
}

// Lookup returns the game of the given short name. An unknown name is an
// error wrapping cards.ErrBadInput that lists the games.
func Lookup(name string) (anygame.Game, error) {
	for _, g := range Games() {
		if g.Info().Name == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("%w: no game is named %q (the games are %s)", cards.ErrBadInput, name, strings.Join(Names(), ", "))
}
