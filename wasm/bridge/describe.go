package bridge

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/cardrules/games/cards/anygame"
)

// A Description is what Describe writes: the library of a bridge of some
// games, and each game's name with the library of a bridge of it alone.
type Description struct {
	Library json.RawMessage `json:"library"`
	Games   []GameLibrary   `json:"games"`
}

// A GameLibrary is a game's short name and the library of a bridge of it
// alone.
type GameLibrary struct {
	Name    string          `json:"name"`
	Library json.RawMessage `json:"library"`
}

// Describe writes to w, as JSON, what bridges of games serve: the library
// of them all (what the bundle's JavaScript module reads at load, which
// the bundle's build writes into it) and of each alone. The build runs it
// in a program of its own, natively, for the games it builds.
func Describe(w io.Writer, games ...anygame.Game) error {
	var d Description
	var err error
	if d.Library, err = New(games).Library(); err != nil {
		return fmt.Errorf("describing the games: %w", err)
	}
	for _, g := range games {
		lib, err := New([]anygame.Game{g}).Library()
		if err != nil {
			return fmt.Errorf("describing %s: %w", g.Info().Name, err)
		}
		d.Games = append(d.Games, GameLibrary{g.Info().Name, lib})
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // the libraries as the bridge writes them
	return enc.Encode(d)
}
