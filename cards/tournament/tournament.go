// Package tournament plays many games between bots and tells how well
// each plays: its win rate with a 95% confidence interval, beside the
// share of wins chance would give it, the average length of a game and
// the time a bot takes a move. It is the module's tournament
// (examples/tournament) as a package, so that a program of a few lines
// pits bots against each other in any games — the module's, a designer's
// own, or both:
//
//	func main() {
//		tournament.Program{Games: append(catalog.Games(), anygame.Of(mygame.Rules{}))}.Main()
//	}
//
// The bots are given by specs, a name alone or with options
// ("ismcts:iterations=200", "ismcts:strength=4,exploration=1"), one for
// each seat; the last fills the seats the list leaves. Games are played in
// sets on the same deal, the bots moved one seat on each game of a set, so
// that every bot plays every seat of every deal. The games run on every
// core, and the same seed plays the same games whatever the number of
// cores. With -csv, every seat of every game is written to a file.
package tournament

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/cards/gameflags"
	"github.com/cardrules/games/cards/internal/parallel"
)

// A Program is the tournament, over its games. The zero Program plays the
// module's games under the name "tournament".
type Program struct {
	// Name is the program's name in its help and its messages; "" is
	// "tournament".
	Name string
	// Games are the games it offers, the first by default; nil offers
	// the module's (catalog.Games).
	Games []anygame.Game
}

// Main runs the program on the command line's arguments and exits with
// its status (see Run).
func (p Program) Main() { os.Exit(p.Run(os.Args[1:], os.Stdout, os.Stderr)) }

// Run plays the tournament the arguments describe, writes its report to
// out and its progress to errOut, and returns the exit status: 0 when it
// is played, 2 for flags that describe none, 1 for any other failure.
func (p Program) Run(args []string, out, errOut io.Writer) int {
	if p.Name == "" {
		p.Name = "tournament"
	}
	if p.Games == nil {
		p.Games = catalog.Games()
	}
	if len(p.Games) == 0 {
		fmt.Fprintf(errOut, "%s: no game to play\n", p.Name)
		return 2
	}
	return run(p, args, out, errOut)
}

// config is what the flags say.
type config struct {
	game     string
	players  int
	bots     []string
	games    int
	seed     uint64
	workers  int
	csv      string
	progress bool
	options  []string // name=value
	prog     Program
}

// run plays the tournament as Program.Run does.
func run(prog Program, args []string, out, errOut io.Writer) int {
	cfg, err := parseFlags(prog, args, errOut)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	t, err := newTournament(cfg)
	if err != nil {
		fmt.Fprintf(errOut, "%s: %v\n", prog.Name, err)
		return 2
	}
	var bar *parallel.Bar
	if cfg.progress {
		bar = parallel.NewBar(errOut, cfg.games, "games")
	}
	results, err := t.play(cfg.workers, bar)
	if err != nil {
		fmt.Fprintf(errOut, "%s: %v\n", prog.Name, err)
		return 1
	}
	report(out, t, results)
	if cfg.csv != "" {
		if err := writeCSV(cfg.csv, t, results); err != nil {
			fmt.Fprintf(errOut, "%s: %v\n", prog.Name, err)
			return 1
		}
		fmt.Fprintf(out, "\nEvery seat of every game is in %s.\n", cfg.csv)
	}
	return 0
}

func parseFlags(prog Program, args []string, errOut io.Writer) (config, error) {
	cfg := config{prog: prog}
	var bots string
	fs := flag.NewFlagSet(prog.Name, flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.StringVar(&cfg.game, "game", prog.Games[0].Info().Name, "the game: "+strings.Join(anygame.Names(prog.Games), ", "))
	fs.IntVar(&cfg.players, "players", 0, "the number of players (0: the game's default)")
	fs.StringVar(&bots, "bots", anygame.ISMCTSBot+","+anygame.RandomBot, "the bots, one `spec` a seat, separated by commas; the last fills the seats left")
	fs.IntVar(&cfg.games, "games", 200, "the number of games")
	fs.Uint64Var(&cfg.seed, "seed", 1, "the seed of the first deal; the same seed plays the same games")
	fs.IntVar(&cfg.workers, "workers", runtime.NumCPU(), "games played at once (default: the number of cores)")
	fs.StringVar(&cfg.csv, "csv", "", "write every seat of every game to this `file`, as CSV")
	fs.BoolVar(&cfg.progress, "progress", true, "show the progress on standard error")
	gameflags.DefineOptions(fs, &cfg.options)
	fs.Usage = func() { usage(errOut, fs, prog) }
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(errOut, "%s: unexpected arguments %q (see -h)\n", prog.Name, fs.Args())
		return cfg, errors.New("bad arguments")
	}
	if cfg.games < 1 || cfg.workers < 1 {
		fmt.Fprintf(errOut, "%s: -games and -workers are numbers from 1\n", prog.Name)
		return cfg, errors.New("bad arguments")
	}
	cfg.bots = gameflags.SplitBots(bots)
	return cfg, nil
}

// usage writes the program's -h: what it does, examples of its games,
// the flags, the bots and the games' options.
func usage(w io.Writer, fs *flag.FlagSet, prog Program) {
	g := prog.Games[0].Info()
	other := g
	if len(prog.Games) > 1 {
		other = prog.Games[1].Info()
	}
	n := prog.Name
	fmt.Fprintf(w, "%s plays games between bots, on every core, and tells how well each plays.\n\n", strings.ToUpper(n[:1])+n[1:])
	fmt.Fprintf(w, "Usage:\n  %s [flags]\n\nExamples:\n", n)
	fmt.Fprintf(w, "  %s -game %s -bots ismcts,random -games 200\n", n, g.Name)
	fmt.Fprintf(w, "  %s -game %s -players %d -bots ismcts,montecarlo -games 100 -csv games.csv\n", n, other.Name, other.MaxPlayers)
	fmt.Fprintf(w, "  %s -game %s -bots ismcts:iterations=200,random\n", n, g.Name)
	fmt.Fprintf(w, "\nFlags:\n")
	fs.PrintDefaults()
	fmt.Fprintf(w, "\nThe bots, and their options (name:key=value,key=value):\n")
	gameflags.PrintBots(w)
	fmt.Fprintf(w, "\nA spec with several options holds commas: put each bot's spec in the list as it\n")
	fmt.Fprintf(w, "reads, and the list splits only before a bot's name (\"ismcts:strength=4,depth=50,random\").\n")
	fmt.Fprintf(w, "\nThe win rate counts a shared win as a share; its 95%% confidence interval is\n")
	fmt.Fprintf(w, "Wilson's, over the games a bot played. Fair share is what chance gives a seat.\n")
	fmt.Fprintf(w, "\nOptions of the games (-o name=value):\n")
	gameflags.PrintOptions(w, prog.Games)
}

// A tournament is the games to play: the game, its options but the seed,
// and the bots in their seats.
type tournament struct {
	game    anygame.Game
	options map[string]any
	seed    uint64
	games   int
	players int
	seats   []int    // the seats bots play, automata left out
	lineup  []string // the bots for seats, in order, before rotation
}

// newTournament checks the flags against the game and sets up the games.
func newTournament(cfg config) (*tournament, error) {
	g, err := anygame.Lookup(cfg.prog.Games, cfg.game)
	if err != nil {
		return nil, err
	}
	opts, err := gameflags.Options(g.Info(), cfg.players, cfg.options)
	if err != nil {
		return nil, err
	}
	if _, ok := opts["seed"]; ok {
		return nil, cards.BadOptions("the seed of each deal comes from -seed, not -o seed")
	}
	for _, spec := range cfg.bots {
		if err := anygame.CheckBot(spec); err != nil {
			return nil, err
		}
	}
	t := &tournament{game: g, options: opts, seed: cfg.seed, games: cfg.games}
	// A first game between random bots tells the number of seats and
	// which of them the game plays itself.
	probe, err := t.simulate(0, nil)
	if err != nil {
		return nil, err
	}
	t.players = len(probe.Seats)
	for p, seat := range probe.Seats {
		if !seat.Automaton {
			t.seats = append(t.seats, p)
		}
	}
	if len(cfg.bots) > len(t.seats) {
		return nil, cards.BadInput("%d bots for the %d seats bots play", len(cfg.bots), len(t.seats))
	}
	t.lineup = slices.Clone(cfg.bots)
	for len(t.lineup) < len(t.seats) {
		t.lineup = append(t.lineup, t.lineup[len(t.lineup)-1])
	}
	return t, nil
}

// seating returns the bot spec of every seat in game i: the games of a
// deal move the lineup one seat on each time. Automata get "random",
// which they never use.
func (t *tournament) seating(i int) []string {
	specs := make([]string, t.players)
	for p := range specs {
		specs[p] = anygame.RandomBot
	}
	for j, p := range t.seats {
		specs[p] = t.lineup[(j+i)%len(t.seats)]
	}
	return specs
}

// deal returns the number of game i's deal: the games of a deal are as
// many as the seats bots play.
func (t *tournament) deal(i int) int { return i / max(len(t.seats), 1) }

// simulate plays game i with the given seating (nil: random bots
// everywhere).
func (t *tournament) simulate(i int, specs []string) (anygame.Simulation, error) {
	opts := map[string]any{}
	for k, v := range t.options {
		opts[k] = v
	}
	opts["seed"] = cards.Seed(t.seed + uint64(t.deal(i)))
	b, err := json.Marshal(opts)
	if err != nil {
		return anygame.Simulation{}, err
	}
	if specs == nil {
		start, err := t.game.NewGame(b)
		if err != nil {
			return anygame.Simulation{}, err
		}
		st, err := t.game.Status(start.State)
		if err != nil {
			return anygame.Simulation{}, err
		}
		specs = make([]string, st.Players)
		for p := range specs {
			specs[p] = anygame.RandomBot
		}
	}
	botSeed := cards.NewRand(t.seed ^ uint64(i)*0x9e3779b97f4a7c15)
	return t.game.Simulate(b, specs, botSeed.Uint64())
}

// A result is one game played.
type result struct {
	index int
	specs []string
	sim   anygame.Simulation
}

// play plays every game on workers goroutines and returns the results in
// the order of the games.
func (t *tournament) play(workers int, bar *parallel.Bar) ([]result, error) {
	return parallel.Map(t.games, workers, func(i int) (result, error) {
		specs := t.seating(i)
		sim, err := t.simulate(i, specs)
		return result{index: i, specs: specs, sim: sim}, err
	}, bar)
}
