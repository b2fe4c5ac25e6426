// Package balance is a balance lab for the designers of card games: it
// plays a game many times with bots, on every core, and reports what its
// rules do — the advantage of each seat at each number of players, the
// length of a game and how often the game's own limit ends it, how often
// each kind of move and event happens and how the seats that make it
// fare (and which never happen: a dead rule), the number of choices at
// each decision, each variant side by side with the game, a ladder of
// bots and, where the game plays a seat itself, each bot against it. It
// writes a page of HTML that holds everything it shows (its charts are
// inline SVG) and prints its headlines at the terminal. The same seed
// plays the same games, whatever the number of cores.
//
// It takes any game of the JSON face, the module's or a designer's own,
// from a program of a few lines:
//
//	func main() {
//		balance.Program{Games: append(catalog.Games(), anygame.Of(mygame.Rules{}))}.Main()
//	}
//
// and a program that wants the figures runs a Lab and reads its Report.
package balance

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/cards/gameflags"
)

// DefaultLadder are the bots of the ladder when a report is told none:
// the random bot, the Monte Carlo bot, the ISMCTS bot at two strengths
// and the expert bot at the lesser of them, whose difference with the
// ISMCTS bot's is the gain of its settings at the same work.
var DefaultLadder = []string{anygame.RandomBot, anygame.MonteCarloBot, "ismcts:strength=1", "ismcts:strength=2", "expert:strength=2"}

// A Program is the balance lab as a command, over its games. The zero
// Program offers the module's games under the name "balance".
type Program struct {
	// Name is the program's name in its help and its messages; "" is
	// "balance".
	Name string
	// Games are the games it offers, the first by default; nil offers
	// the module's (catalog.Games).
	Games []anygame.Game
}

// Main runs the program on the command line's arguments and exits with
// its status (see Run).
func (p Program) Main() { os.Exit(p.Run(os.Args[1:], os.Stdout, os.Stderr)) }

// Run plays the report the arguments describe, writes its page, prints
// its headlines to out and its progress to errOut, and returns the exit
// status: 0 when it is written, 2 for flags that describe none, 1 for
// any other failure.
func (p Program) Run(args []string, out, errOut io.Writer) int {
	if p.Name == "" {
		p.Name = "balance"
	}
	if p.Games == nil {
		p.Games = catalog.Games()
	}
	if len(p.Games) == 0 {
		fmt.Fprintf(errOut, "%s: no game to study\n", p.Name)
		return 2
	}
	cfg, err := p.parse(args, errOut)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	lab, err := cfg.lab(p)
	if err == nil {
		_, err = lab.plan() // options and bots the game refuses, before any game
	}
	if err != nil {
		fmt.Fprintf(errOut, "%s: %v\n", p.Name, err)
		return 2
	}
	rep, err := lab.Run()
	if err != nil {
		fmt.Fprintf(errOut, "%s: %v\n", p.Name, err)
		return 1
	}
	rep.Command = cfg.command(p.Name)
	if err := writePage(cfg.out, rep); err != nil {
		fmt.Fprintf(errOut, "%s: %v\n", p.Name, err)
		return 1
	}
	rep.WriteText(out)
	fmt.Fprintf(out, "\nThe report is in %s.\n", cfg.out)
	return 0
}

// config is what the flags say.
type config struct {
	args          []string
	game          string
	players       string
	options       []string
	bot           string
	games, moves  int
	vary          []string
	ladder        string
	ladderGames   int
	opponent      bool
	opponentGames int
	seed          uint64
	workers       int
	out           string
	progress      bool
	errOut        io.Writer
}

func (p Program) parse(args []string, errOut io.Writer) (*config, error) {
	cfg := &config{args: args, errOut: errOut}
	fs := flag.NewFlagSet(p.Name, flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.StringVar(&cfg.game, "game", p.Games[0].Info().Name, "the game: "+strings.Join(anygame.Names(p.Games), ", "))
	fs.StringVar(&cfg.players, "players", "", "the numbers of players to measure: `N`, a list (3,5), a range (2-4) or all (default: the game's own)")
	gameflags.DefineOptions(fs, &cfg.options)
	fs.StringVar(&cfg.bot, "bot", DefaultBot, "the bot in every seat of the games that measure the seats, the length, what happens and the decisions (a `spec`)")
	fs.IntVar(&cfg.games, "games", 0, "games for each number of players and each variant's value (0: as many as make about -moves moves)")
	fs.IntVar(&cfg.moves, "moves", DefaultMoves, "moves the games of each number of players and of each variant's value make, about, when -games is 0")
	fs.Func("vary", "compare the game at each `name=v1,v2,…` of an option (repeatable); auto: every option true or false and every small range; none", func(s string) error {
		cfg.vary = append(cfg.vary, s)
		return nil
	})
	fs.StringVar(&cfg.ladder, "ladder", strings.Join(DefaultLadder, ","), "the bots of the skill ladder, separated by commas, or none")
	fs.IntVar(&cfg.ladderGames, "ladder-games", 0, "games of each two bots of the ladder (0: as many as make about -moves/5 moves)")
	fs.BoolVar(&cfg.opponent, "opponent", true, "measure the ladder's bots against a seat the game plays itself, if an option makes one")
	fs.IntVar(&cfg.opponentGames, "opponent-games", 0, "games of each bot against that seat at each value (0: as many as make about -moves/20 moves)")
	fs.Uint64Var(&cfg.seed, "seed", 1, "the seed; the same seed plays the same games")
	fs.IntVar(&cfg.workers, "workers", runtime.NumCPU(), "games played at once (default: the number of cores)")
	fs.StringVar(&cfg.out, "out", "", "the page to write (default: GAME-balance.html)")
	fs.BoolVar(&cfg.progress, "progress", true, "show the progress on standard error")
	fs.Usage = func() { p.usage(errOut, fs) }
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(errOut, "%s: unexpected arguments %q (see -h)\n", p.Name, fs.Args())
		return nil, errors.New("bad arguments")
	}
	if cfg.games < 0 || cfg.moves < 1 || cfg.ladderGames < 0 || cfg.opponentGames < 0 || cfg.workers < 1 {
		fmt.Fprintf(errOut, "%s: -games, -ladder-games and -opponent-games are numbers from 0, -moves and -workers from 1\n", p.Name)
		return nil, errors.New("bad arguments")
	}
	if cfg.out == "" {
		cfg.out = cfg.game + "-balance.html"
	}
	return cfg, nil
}

// usage writes the program's -h.
func (p Program) usage(w io.Writer, fs *flag.FlagSet) {
	g := p.Games[0].Info()
	n := p.Name
	fmt.Fprintf(w, "%s plays a game many times with bots, on every core, and writes a page of\n", strings.ToUpper(n[:1])+n[1:])
	fmt.Fprintf(w, "what its rules do: each seat's advantage, the length of a game, what happens,\n")
	fmt.Fprintf(w, "the decisions, its variants side by side, and a ladder of bots.\n\n")
	fmt.Fprintf(w, "Usage:\n  %s [flags]\n\nExamples:\n", n)
	fmt.Fprintf(w, "  %s -game %s\n", n, g.Name)
	fmt.Fprintf(w, "  %s -game %s -players all -vary none -ladder none\n", n, g.Name)
	fmt.Fprintf(w, "  %s -game %s -games 2000 -seed 7 -out report.html\n", n, g.Name)
	fmt.Fprintf(w, "\nFlags:\n")
	fs.PrintDefaults()
	fmt.Fprintf(w, "\nThe bots, and their options (name:key=value,key=value):\n")
	gameflags.PrintBots(w)
	fmt.Fprintf(w, "\nOptions of the games (-o name=value, -vary name=v1,v2):\n")
	gameflags.PrintOptions(w, p.Games)
}

// lab checks the flags against the game and sets up the lab.
func (c *config) lab(p Program) (Lab, error) {
	g, err := anygame.Lookup(p.Games, c.game)
	if err != nil {
		return Lab{}, err
	}
	info := g.Info()
	opts, err := gameflags.Options(info, 0, c.options)
	if err != nil {
		return Lab{}, err
	}
	players, err := parsePlayers(c.players, info)
	if err != nil {
		return Lab{}, err
	}
	if n, ok := opts["players"]; ok {
		if len(players) > 0 {
			return Lab{}, cards.BadOptions("give the numbers of players with -players alone, not -o players")
		}
		players = []int{n.(int)}
		delete(opts, "players")
	}
	lab := Lab{
		Game: g, Options: opts, Players: players, Bot: c.bot, Games: c.games, Moves: c.moves,
		LadderGames: c.ladderGames, Opponent: c.opponent, OpponentGames: c.opponentGames,
		Seed: c.seed, Workers: c.workers,
	}
	if c.progress {
		lab.Progress = c.errOut
	}
	if c.ladder != "none" && c.ladder != "" {
		lab.Ladder = gameflags.SplitBots(c.ladder)
	}
	lab.Variants, err = variants(c.vary, info, opts)
	return lab, err
}

// parsePlayers reads -players: "", a number, a list, a range or all.
func parsePlayers(text string, info cards.GameInfo) ([]int, error) {
	if text == "" {
		return nil, nil
	}
	if text == "all" {
		text = fmt.Sprintf("%d-%d", info.MinPlayers, info.MaxPlayers)
	}
	var ns []int
	for part := range strings.SplitSeq(text, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b, err2 := a, error(nil)
		if isRange {
			b, err2 = strconv.Atoi(strings.TrimSpace(hi))
		}
		if err1 != nil || err2 != nil || b < a {
			return nil, cards.BadOptions("-players is a number, a list (3,5), a range (2-4) or all, not %q", text)
		}
		for n := a; n <= b; n++ {
			if n < info.MinPlayers || n > info.MaxPlayers {
				return nil, cards.BadOptions("%s is for %d to %d players, not %d", info.Title, info.MinPlayers, info.MaxPlayers, n)
			}
			if !slices.Contains(ns, n) {
				ns = append(ns, n)
			}
		}
	}
	return ns, nil
}

// variants reads the -vary flags: each name=v1,v2, or auto (the
// default), or none. An option the lab's options set is not varied by
// auto.
func variants(flags []string, info cards.GameInfo, opts map[string]any) ([]Variant, error) {
	if len(flags) == 0 {
		flags = []string{"auto"}
	}
	var vs []Variant
	for _, f := range flags {
		switch f {
		case "none":
			continue
		case "auto":
			for _, v := range Variants(info) {
				if _, set := opts[v.Option]; !set {
					vs = append(vs, v)
				}
			}
			continue
		}
		name, list, ok := strings.Cut(f, "=")
		i := slices.IndexFunc(info.Options, func(o cards.OptionInfo) bool { return strings.EqualFold(o.Name, name) })
		if !ok || i < 0 || name == "players" || name == "seed" {
			return nil, cards.BadOptions("-vary %s: write an option of %s and its values as name=v1,v2", f, info.Title)
		}
		v := Variant{Option: info.Options[i].Name}
		for text := range strings.SplitSeq(list, ",") {
			x, err := info.Options[i].Parse(text)
			if err != nil {
				return nil, err
			}
			v.Values = append(v.Values, x)
		}
		vs = append(vs, v)
	}
	return vs, nil
}

// command returns the command line that plays the same report.
func (c *config) command(name string) string {
	parts := []string{name}
	seeded := false
	for _, a := range c.args {
		if strings.HasPrefix(strings.TrimLeft(a, "-"), "seed") {
			seeded = true
		}
		if strings.ContainsAny(a, " \"'*?$&;|<>()") {
			a = strconv.Quote(a)
		}
		parts = append(parts, a)
	}
	if !seeded {
		parts = append(parts, "-seed", strconv.FormatUint(c.seed, 10))
	}
	return strings.Join(parts, " ")
}

// writePage writes the report's page to path.
func writePage(path string, rep *Report) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := rep.WriteHTML(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
