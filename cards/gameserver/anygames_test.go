//go:build !js

package gameserver

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/server/servertest"
	"github.com/cardrules/games/crown"
	"github.com/cardrules/games/examples/crazyeights"
)

// TestServesAnyGames serves a game from outside the module's catalog
// beside one of the module's, as a designer's program of a few lines
// does, and runs the server's test suite against it: it plays the games
// the server's catalog lists.
func TestServesAnyGames(t *testing.T) {
	games := []anygame.Game{anygame.Of(crazyeights.Rules{}), anygame.Of(crown.Rules{})}
	var help bytes.Buffer
	if code := (Program{Command: "eights-server", Games: games}).Run([]string{"-h"}, io.Discard, &help); code != 0 ||
		!strings.Contains(help.String(), "Usage: eights-server [flags]") || !strings.Contains(help.String(), "The games: crazyeights, crown.") {
		t.Errorf("-h (exit %d):\n%s", code, help.String())
	}
	c := testConfig(t)
	c.games = games
	url, _ := startWith(t, c, io.Discard)
	servertest.Run(t, servertest.Config{URL: url + "/api", Games: games, Seed: 5})
}
