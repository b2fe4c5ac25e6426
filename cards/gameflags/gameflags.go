// Package gameflags reads a game's options from a command line — -players
// and repeated -o name=value flags, checked against the game's description
// of its options (cards.GameInfo) — and describes games and bots for a
// program's -h. The module's terminal player and tournament read their
// flags with it, and so can any program that offers games on a command
// line, whichever games it offers:
//
//	var set []string
//	gameflags.DefineOptions(fs, &set)
//	…
//	opts, err := gameflags.Options(g.Info(), players, set) // JSON members of the options
package gameflags

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
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

// PrintOptions writes the options of each of games, with their ranges and
// defaults, for a program's -h.
func PrintOptions(w io.Writer, games []anygame.Game) {
	for _, g := range games {
		info := g.Info()
		fmt.Fprintf(w, "  %s (%s, %s):\n", info.Name, info.Title, span(info.MinPlayers, info.MaxPlayers, "players"))
		for _, o := range info.Options {
			values := ""
			if o.Type == cards.IntOption {
				values = span(o.Min, o.Max, "") + ", "
			}
			fmt.Fprintf(w, "    %-18s %s (%sdefault %v)\n", o.Name, o.Description, values, o.Default)
		}
	}
}

// unbounded is the least maximum that -h calls no bound at all: an option
// whose range ends at a billion has no end a person would reach.
const unbounded = 1 << 20

// span writes a range of numbers as a person reads it: "2 to 5 players",
// "2 players", "0 or more".
func span(lo, hi int, noun string) string {
	var s string
	switch {
	case lo == hi:
		s = strconv.Itoa(lo)
	case hi >= unbounded:
		s = strconv.Itoa(lo) + " or more"
	default:
		s = strconv.Itoa(lo) + " to " + strconv.Itoa(hi)
	}
	if noun != "" {
		s += " " + noun
	}
	return s
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

// SplitBots splits a list of bot specs at the commas that start a bot's
// name, so that a spec's own options may be separated by commas too: a
// part that holds "=" and no ":" is an option of the spec before it.
func SplitBots(list string) []string {
	var specs []string
	for part := range strings.SplitSeq(list, ",") {
		if len(specs) > 0 && strings.Contains(part, "=") && !strings.Contains(part, ":") {
			specs[len(specs)-1] += "," + part
			continue
		}
		specs = append(specs, part)
	}
	return specs
}
