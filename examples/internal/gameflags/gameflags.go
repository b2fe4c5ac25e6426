// Package gameflags reads a game's options from the command line of the
// example programs — -players and repeated -o name=value flags, checked
// against the game's description of its options — and describes the
// games and the bots for their -h.
package gameflags

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
)

// DefineOptions defines the repeatable flag -o on fs, which appends each
// name=value it is given to set.
func DefineOptions(fs *flag.FlagSet, set *[]string) {
	fs.Func("o", "set an option of the game as `name=value` (repeatable; see the options below)", func(s string) error {
		*set = append(*set, s)
		return nil
	})
}

// Options returns the options of a game of info that the flags set, as
// members of its options' JSON object: players, unless 0, and each
// name=value of set; the game's defaults stand for the rest. Options the
// game does not have, values out of their range and flags that disagree
// are errors wrapping cards.ErrBadOptions.
func Options(info cards.GameInfo, players int, set []string) (map[string]any, error) {
	opts := map[string]any{}
	if players != 0 {
		if players < info.MinPlayers || players > info.MaxPlayers {
			return nil, cards.BadOptions("%s is for %d to %d players, not %d", info.Title, info.MinPlayers, info.MaxPlayers, players)
		}
		opts["players"] = players
	}
	texts := map[string]string{}
	for _, o := range set {
		name, text, ok := strings.Cut(o, "=")
		if !ok {
			return nil, cards.BadOptions("-o %s: write an option as name=value", o)
		}
		// People type an option's name in any case: headstart, headStart.
		i := slices.IndexFunc(info.Options, func(o cards.OptionInfo) bool { return strings.EqualFold(o.Name, name) })
		if i < 0 {
			var names []string
			for _, o := range info.Options {
				names = append(names, o.Name)
			}
			return nil, cards.BadOptions("%s has no option %q (its options are %s)", info.Title, name, strings.Join(names, ", "))
		}
		name = info.Options[i].Name
		v, err := info.Options[i].Parse(text)
		if err != nil {
			return nil, err
		}
		if prev, ok := texts[name]; ok && prev != text {
			return nil, cards.BadOptions("-o %s=%s and -o %s=%s disagree", name, prev, name, text)
		}
		if name == "players" && players != 0 && v != players {
			return nil, cards.BadOptions("-players %d and -o players=%s disagree", players, text)
		}
		texts[name] = text
		opts[name] = v
	}
	return opts, nil
}

// PrintOptions writes every game's options, with their ranges and
// defaults, for a program's -h.
func PrintOptions(w io.Writer) {
	for _, g := range catalog.Games() {
		info := g.Info()
		fmt.Fprintf(w, "  %s (%s, %d to %d players):\n", info.Name, info.Title, info.MinPlayers, info.MaxPlayers)
		for _, o := range info.Options {
			values := ""
			if o.Type == cards.IntOption {
				values = fmt.Sprintf("%d to %d, ", o.Min, o.Max)
			}
			fmt.Fprintf(w, "    %-18s %s (%sdefault %v)\n", o.Name, o.Description, values, o.Default)
		}
	}
}

// BotNames returns the names of the bots.
func BotNames() []string {
	var names []string
	for _, b := range anygame.BotInfos() {
		names = append(names, b.Name)
	}
	return names
}

// PrintBots writes every bot, what it does and its options, for a
// program's -h.
func PrintBots(w io.Writer) {
	for _, b := range anygame.BotInfos() {
		fmt.Fprintf(w, "  %s: %s\n", b.Name, b.Summary)
		for _, o := range b.Options {
			def := ""
			if o.Default != "" {
				def = ", default " + o.Default
			}
			fmt.Fprintf(w, "    %-12s %s (%s%s)\n", o.Name, o.Description, o.Type, def)
		}
	}
}
