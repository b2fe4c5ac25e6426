package gameflags

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/games/bastards"
	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/crown"
	"github.com/cardrules/games/packs"
)

func TestOptions(t *testing.T) {
	info := bastards.Rules{}.Info()
	opts, err := Options(info, 5, []string{"rounds=2", "jokers=1", "rounds=2"})
	if err != nil || opts["players"] != 5 || opts["rounds"] != 2 || opts["jokers"] != 1 || len(opts) != 3 {
		t.Errorf("Options = %v, %v", opts, err)
	}
	for _, c := range []struct {
		players int
		set     []string
	}{
		{2, nil}, {0, []string{"rounds"}}, {0, []string{"colour=red"}}, {0, []string{"rounds=x"}},
		{0, []string{"rounds=1", "rounds=2"}}, {4, []string{"players=5"}},
	} {
		if _, err := Options(info, c.players, c.set); !errors.Is(err, cards.ErrBadOptions) {
			t.Errorf("Options(%d, %q): %v", c.players, c.set, err)
		}
	}
}

func TestOptionNamesInAnyCase(t *testing.T) {
	info := packs.Rules{}.Info()
	opts, err := Options(info, 0, []string{"solo=true", "headstart=2", "HeadStart=2"})
	if err != nil || opts["headStart"] != 2 || opts["solo"] != true || len(opts) != 2 {
		t.Errorf("Options = %v, %v", opts, err)
	}
	if _, err := Options(info, 0, []string{"headstart=2", "headStart=3"}); !errors.Is(err, cards.ErrBadOptions) {
		t.Errorf("two spellings of one option that disagree: %v", err)
	}
}

func TestPrintOptions(t *testing.T) {
	var b bytes.Buffer
	PrintOptions(&b, []anygame.Game{anygame.Of(bastards.Rules{}), anygame.Of(crown.Rules{})})
	for _, want := range []string{
		"  bastards (Kings & Bastards, 3 to 10 players):",
		"    rounds             rounds to play; 0 plays on without end (0 or more, default 5)",
		"  crown (Claim the Crown, 2 players):",
		"    players            the number of players: always 2 (2, default 2)",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("PrintOptions does not write %q:\n%s", want, b.String())
		}
	}
}

func TestSplitBots(t *testing.T) {
	for list, want := range map[string][]string{
		"ismcts,random":                                          {"ismcts", "random"},
		"ismcts:strength=4,depth=50,random":                      {"ismcts:strength=4,depth=50", "random"},
		"montecarlo:samples=3,ismcts:iterations=9,exploration=2": {"montecarlo:samples=3", "ismcts:iterations=9,exploration=2"},
	} {
		if got := SplitBots(list); !slices.Equal(got, want) {
			t.Errorf("SplitBots(%q) = %q, want %q", list, got, want)
		}
	}
}
