package gameflags

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/games/bastards"
	"github.com/cardrules/games/cards"
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

func TestPrintOptions(t *testing.T) {
	var b bytes.Buffer
	PrintOptions(&b)
	if !strings.Contains(b.String(), "bastards (Kings & Bastards") || !strings.Contains(b.String(), "rounds") {
		t.Errorf("PrintOptions wrote:\n%s", b.String())
	}
}
