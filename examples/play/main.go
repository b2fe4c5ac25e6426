// Play is a terminal program that plays the games of this module: you
// against bots, or bots alone.
//
// Usage:
//
//	go run ./examples/play [flags]
//
// It shows your view of the table (your hand, the cards in play, whose
// turn it is) and what happened since your last turn, lists your legal
// moves numbered, and takes a number. With -auto every seat is a bot: it
// prints the game's log as it happens and ends with a line that starts with
// "result:" and names the winners. The same -seed plays the same game.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// config is what the flags say.
type config struct {
	game    string
	players int
	seed    uint64
	auto    bool
	bot     string
	seat    int
	options []string // name=value
}

// run plays as the arguments say and returns the exit status.
func run(args []string, in io.Reader, out, errOut io.Writer) int {
	cfg, err := parseFlags(args, errOut)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	t, err := newTable(cfg, out)
	if err != nil {
		fmt.Fprintln(errOut, "play:", err)
		return 1
	}
	if cfg.auto {
		err = t.auto()
	} else {
		err = t.interactive(bufio.NewScanner(in))
	}
	if err != nil {
		fmt.Fprintln(errOut, "play:", err)
		return 1
	}
	return 0
}

func parseFlags(args []string, errOut io.Writer) (config, error) {
	var cfg config
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.StringVar(&cfg.game, "game", "bastards", "the game to play: "+strings.Join(catalog.Names(), ", "))
	fs.IntVar(&cfg.players, "players", 0, "the number of players (0: the game's default)")
	fs.Uint64Var(&cfg.seed, "seed", 0, "the seed that deals the game; the same seed plays the same game (0: from the clock)")
	fs.BoolVar(&cfg.auto, "auto", false, "let bots take every seat, print the log, and end with a result: line")
	fs.StringVar(&cfg.bot, "bot", "", "the bot in the other seats: random or montecarlo (default montecarlo, or random with -auto)")
	fs.IntVar(&cfg.seat, "seat", 1, "your seat, from 1")
	fs.Func("o", "set an option of the game as `name=value` (repeatable; see the options below)", func(s string) error {
		cfg.options = append(cfg.options, s)
		return nil
	})
	fs.Usage = func() {
		fmt.Fprintf(errOut, "Play plays a card game of this module at the terminal, against bots.\n\n")
		fmt.Fprintf(errOut, "Usage:\n  play [flags]\n\nExamples:\n")
		fmt.Fprintf(errOut, "  play -game bastards -players 5           you in seat 1 against four bots\n")
		fmt.Fprintf(errOut, "  play -game bastards -players 5 -auto -seed 7   bots only, printing the game\n")
		fmt.Fprintf(errOut, "  play -game ninekingdoms -players 3 -o match=true   a match to 100 against two bots\n\nFlags:\n")
		fs.PrintDefaults()
		fmt.Fprintf(errOut, "\nOptions of the games (-o name=value):\n")
		for _, g := range catalog.Games() {
			info := g.Info()
			fmt.Fprintf(errOut, "  %s (%s, %d to %d players):\n", info.Name, info.Title, info.MinPlayers, info.MaxPlayers)
			for _, o := range info.Options {
				fmt.Fprintf(errOut, "    %-18s %s (default %v)\n", o.Name, o.Description, o.Default)
			}
		}
	}
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(errOut, "play: unexpected arguments %q (see -h)\n", fs.Args())
		return cfg, errors.New("bad arguments")
	}
	if cfg.seed == 0 {
		cfg.seed = uint64(time.Now().UnixNano())
	}
	if cfg.bot == "" {
		cfg.bot = anygame.MonteCarloBot
		if cfg.auto {
			cfg.bot = anygame.RandomBot
		}
	}
	return cfg, nil
}

// options builds the game's options from the flags: the defaults, the
// seed, -players, and each -o name=value checked against the game's
// description of its options.
func options(g anygame.Game, cfg config) ([]byte, error) {
	info := g.Info()
	opts := map[string]any{"seed": cards.Seed(cfg.seed)}
	if cfg.players > 0 {
		opts["players"] = cfg.players
	}
	for _, o := range cfg.options {
		name, text, ok := strings.Cut(o, "=")
		if !ok {
			return nil, fmt.Errorf("-o %s: write an option as name=value", o)
		}
		i := slices.IndexFunc(info.Options, func(o cards.OptionInfo) bool { return o.Name == name })
		if i < 0 {
			var names []string
			for _, o := range info.Options {
				names = append(names, o.Name)
			}
			return nil, fmt.Errorf("%s has no option %q (its options are %s)", info.Title, name, strings.Join(names, ", "))
		}
		v, err := info.Options[i].Parse(text)
		if err != nil {
			return nil, err
		}
		opts[name] = v
	}
	return json.Marshal(opts)
}
