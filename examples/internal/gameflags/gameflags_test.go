package gameflags

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/games/bastards"
	"github.com/cardrules/games/cards"
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
	PrintOptions(&b)
	if !strings.Contains(b.String(), "bastards (Kings & Bastards") || !strings.Contains(b.String(), "rounds") {
		t.Errorf("PrintOptions wrote:\n%s", b.String())
	}
}
