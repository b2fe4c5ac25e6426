package anygame_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/crown"
	"github.com/cardrules/games/packs"
)

func TestLookupFindsAGameAmongAnyGames(t *testing.T) {
	games := []anygame.Game{anygame.Of(crown.Rules{}), anygame.Of(packs.Rules{})}
	if got := anygame.Names(games); !slices.Equal(got, []string{"crown", "packs"}) {
		t.Errorf("Names = %v", got)
	}
	g, err := anygame.Lookup(games, "packs")
	if err != nil || g.Info().Name != "packs" {
		t.Fatalf("Lookup(packs) = %v, %v", g, err)
	}
	_, err = anygame.Lookup(games, "bastards")
	if !errors.Is(err, cards.ErrBadInput) || !strings.Contains(err.Error(), `no game is named "bastards" (the games are crown, packs)`) {
		t.Errorf("Lookup(bastards): %v", err)
	}
}
