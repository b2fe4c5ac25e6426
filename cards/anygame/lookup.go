package anygame

import (
	"fmt"
	"strings"

	"github.com/cardrules/games/cards"
)

// Lookup returns the game of games whose short name (Info().Name) is
// name. An unknown name is an error wrapping cards.ErrBadInput that lists
// the games' names. Programs that serve any games — a designer's beside
// the module's, or instead of them — find a game by its name with it.
func Lookup(games []Game, name string) (Game, error) {
	for _, g := range games {
		if g.Info().Name == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("%w: no game is named %q (the games are %s)", cards.ErrBadInput, name, strings.Join(Names(games), ", "))
}

// Names returns the short names of games, in their order.
func Names(games []Game) []string {
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = g.Info().Name
	}
	return names
}
