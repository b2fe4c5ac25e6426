// Package terminal plays card games at a terminal: a person against
// bots, or bots alone. It is the module's terminal player (examples/play)
// as a package, so that a program of a few lines serves any games — the
// module's, a designer's own, or both:
//
//	func main() {
//		terminal.Program{Games: append(catalog.Games(), anygame.Of(mygame.Rules{}))}.Main()
//	}
//
// The program shows the player's view of the table (their hand, the cards
// in play, whose turn it is) and what happened since their last turn that
// their seat may know, lists their legal moves numbered, and takes their
// move: its number, or its text as listed ("play 7♦ 7♣"), with card codes
// in any case and order ("7d 7c", "play 7C 7D"), or the unambiguous start
// of a move ("pa" for "pass", "end" for "end turn"). An answer that could
// be several moves lists them and asks again. When a game gives the order
// of its ranks, the moves are listed by the cards they name in that order;
// otherwise in the game's own order.
//
// At their turn a player may also ask:
//
//	rules        the game's How to play
//	rules TERM   what a term of the game means ("rules decree"); so does ? TERM
//	?            the legend (what the cards or powers do) and the moves again
//	why CARD     why no move, or which moves, use a card now ("why 7d")
//	why MOVE     why a move is not offered now ("why pass", "why claim 3")
//	help         these commands
//	q            quit, once confirmed, saving the game's record to a file
//
// The legend is printed once at the start, not with every view. The
// record saved by q is the game's options and moves (see anygame.Record),
// which -resume plays on from. Output is wrapped at word boundaries to
// the terminal's width: COLUMNS, or the width of the terminal, or 80;
// -width says another.
//
// The other seats are bots: the ISMCTS bot unless -bot names another, at
// the strength -strength gives (1 to 5; 3, a tenth of a second a move, by
// default). With -auto every seat is a bot (the random bot unless -bot or
// -strength says otherwise): it prints the game's log as it happens and
// ends with a line that starts with "result:" and names the winners,
// never wrapped. The same -seed plays the same game.
//
// Flags that describe no game — an unknown game or bot, a number of
// players the game does not allow, a bad option, a seat not at the table,
// a file -resume cannot play on from — are refused before the game
// starts, with exit status 2.
package terminal

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/cards/gameflags"
)

// A Program is the terminal player, serving its games. The zero Program
// serves the module's games under the name "play".
type Program struct {
	// Name is the program's name in its help and its messages; "" is
	// "play".
	Name string
	// Command is how a person runs the program, for the message that
	// tells how to play on a saved game ("go run ./examples/play"); ""
	// is Name.
	Command string
	// Games are the games it offers, the first by default; nil offers
	// the module's (catalog.Games).
	Games []anygame.Game
}

// Main runs the program on the command line's arguments, the standard
// input and output, and exits with its status (see Run).
func (p Program) Main() {
	os.Exit(p.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Run plays as the arguments say, reading the player's answers from in,
// and returns the exit status: 0 when the game ends or the player quits,
// 2 for flags that describe no game (refused before it starts), 1 for any
// other failure.
func (p Program) Run(args []string, in io.Reader, out, errOut io.Writer) int {
	if p.Name == "" {
		p.Name = "play"
	}
	if p.Command == "" {
		p.Command = p.Name
	}
	if p.Games == nil {
		p.Games = catalog.Games()
	}
	if len(p.Games) == 0 {
		fmt.Fprintf(errOut, "%s: no game to offer\n", p.Name)
		return 2
	}
	return run(p, args, in, out, errOut)
}

// config is what the flags say.
type config struct {
	game    string
	players int
	seed    uint64
	// seedGiven reports that -seed was set, rather than drawn from the
	// clock.
	seedGiven bool
	auto      bool
	bot       string // a bot spec
	strength  int
	seat      int
	options   []string // name=value
	// gameGiven reports that -game was set.
	gameGiven bool
	// width is the width output wraps at; 0 wraps nothing.
	width int
	// resume is the file of a record to play on from, and where q saves
	// the game; "" for a new game.
	resume string
	// rules asks for the game's How to play alone.
	rules bool
	// prog is the program and its games.
	prog Program
}

// run plays as Program.Run does.
func run(prog Program, args []string, in io.Reader, out, errOut io.Writer) int {
	cfg, err := parseFlags(prog, args, errOut)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if cfg.width == 0 {
		cfg.width = outputWidth(out)
	}
	if cfg.rules {
		return printRules(cfg, out, errOut)
	}
	t, err := newTable(cfg, out)
	if err != nil {
		fmt.Fprintf(errOut, "%s: %v\n", prog.Name, err)
		if badFlags(err) {
			return 2
		}
		return 1
	}
	if cfg.auto {
		err = t.auto()
	} else {
		err = t.interactive(bufio.NewScanner(in))
	}
	t.out.Flush()
	if err != nil {
		fmt.Fprintf(errOut, "%s: %v\n", prog.Name, err)
		return 1
	}
	return 0
}

// printRules prints the How to play of the game -game names, and its
// glossary, and returns the exit status.
func printRules(cfg config, out, errOut io.Writer) int {
	g, err := anygame.Lookup(cfg.prog.Games, cfg.game)
	if err != nil {
		fmt.Fprintf(errOut, "%s: %v\n", cfg.prog.Name, err)
		return 2
	}
	w := &wrapper{w: out, width: cfg.width}
	printHowToPlay(w, g.Info(), cfg.width)
	fmt.Fprintln(w)
	printGlossary(w, g.Info().Glossary, cfg.width)
	w.Flush()
	return 0
}

func parseFlags(prog Program, args []string, errOut io.Writer) (config, error) {
	cfg := config{prog: prog}
	name := prog.Name
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.StringVar(&cfg.game, "game", prog.Games[0].Info().Name, "the game to play: "+strings.Join(anygame.Names(prog.Games), ", "))
	fs.IntVar(&cfg.players, "players", 0, "the number of players (0: the game's default)")
	fs.Uint64Var(&cfg.seed, "seed", 0, "the seed that deals the game; the same seed plays the same game (0: from the clock)")
	fs.BoolVar(&cfg.auto, "auto", false, "let bots take every seat, print the log, and end with a result: line")
	fs.StringVar(&cfg.bot, "bot", "", "the bot in the other seats: "+strings.Join(gameflags.BotNames(), ", ")+", or a `spec` with options (\"ismcts:iterations=300\"); default "+anygame.ISMCTSBot+", or "+anygame.RandomBot+" with -auto")
	fs.IntVar(&cfg.strength, "strength", anygame.DefaultStrength, fmt.Sprintf("the strength of the %s bot, %d to %d (50, 200, 1000, 3000 or 10000 iterations a move)", anygame.ISMCTSBot, anygame.MinStrength, anygame.MaxStrength))
	fs.IntVar(&cfg.seat, "seat", 1, "your seat, from 1")
	fs.IntVar(&cfg.width, "width", 0, fmt.Sprintf("the width to wrap output at, at least %d (0: COLUMNS, the terminal's width, or %d)", minWidth, defaultWidth))
	fs.StringVar(&cfg.resume, "resume", "", "play on the game whose record `file` holds, as q saves it; q saves to it again")
	fs.BoolVar(&cfg.rules, "rules", false, "print the How to play of -game and its glossary, and play nothing")
	gameflags.DefineOptions(fs, &cfg.options)
	fs.Usage = func() { usage(errOut, fs, prog) }
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(errOut, "%s: unexpected arguments %q (see -h)\n", name, fs.Args())
		return cfg, errors.New("bad arguments")
	}
	if cfg.width != 0 && cfg.width < minWidth {
		fmt.Fprintf(errOut, "%s: -width %d is too narrow: at least %d columns\n", name, cfg.width, minWidth)
		return cfg, errors.New("bad arguments")
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	cfg.gameGiven = given["game"]
	if cfg.resume != "" && (given["players"] || given["seed"] || given["o"]) {
		fmt.Fprintf(errOut, "%s: -resume plays on a game of its record's options: -players, -seed and -o name none\n", name)
		return cfg, errors.New("bad arguments")
	}
	if cfg.seed != 0 {
		cfg.seedGiven = true
	} else {
		cfg.seed = uint64(time.Now().UnixNano())
	}
	strength := given["strength"]
	if cfg.bot == "" {
		cfg.bot = anygame.ISMCTSBot
		if cfg.auto && !strength {
			cfg.bot = anygame.RandomBot
		}
	}
	if strength {
		name, opts, _ := strings.Cut(cfg.bot, ":")
		if name != anygame.ISMCTSBot || strings.Contains(opts, "strength=") || strings.Contains(opts, "iterations=") {
			fmt.Fprintf(errOut, "%s: -strength sets the strength of the %s bot; -bot %s sets its own\n", name, anygame.ISMCTSBot, cfg.bot)
			return cfg, errors.New("bad arguments")
		}
		cfg.bot = fmt.Sprintf("%s:strength=%d", anygame.ISMCTSBot, cfg.strength)
		if opts != "" {
			cfg.bot += "," + opts
		}
	}
	return cfg, nil
}

// usage writes the program's -h: what it does, examples of its games,
// the flags, the commands at a turn, the bots and the games' options.
func usage(w io.Writer, fs *flag.FlagSet, prog Program) {
	g := prog.Games[0].Info()
	other := g
	if len(prog.Games) > 1 {
		other = prog.Games[1].Info()
	}
	n := prog.Name
	fmt.Fprintf(w, "%s plays card games at the terminal: you against bots, or bots alone.\n\n", strings.ToUpper(n[:1])+n[1:])
	fmt.Fprintf(w, "Usage:\n  %s [flags]\n\nExamples:\n", n)
	examples := [][2]string{
		{fmt.Sprintf("%s -game %s", n, g.Name), fmt.Sprintf("%s: you in seat 1, bots in the others", g.Title)},
		{fmt.Sprintf("%s -game %s -players %d -auto -seed 7", n, g.Name, g.MinPlayers), "bots only, printing the game"},
		{fmt.Sprintf("%s -game %s -rules", n, other.Name), "the rules of " + other.Title},
		{fmt.Sprintf("%s -resume %s/%s-7.json", n, SaveFolder, g.Name), "play on the game q saved"},
	}
	for _, o := range g.Options {
		if o.Type == cards.BoolOption && o.Name != "noLog" {
			examples = append(examples, [2]string{fmt.Sprintf("%s -game %s -o %s=true", n, g.Name, o.Name), o.Description})
			break
		}
	}
	column := 0
	for _, e := range examples {
		column = max(column, len(e[0]))
	}
	for _, e := range examples {
		fmt.Fprintf(w, "  %-*s  %s\n", column, e[0], e[1])
	}
	fmt.Fprintf(w, "\nFlags:\n")
	fs.PrintDefaults()
	fmt.Fprintf(w, "\nYour move: type its number, or its text as listed (\"play 7♦ 7♣\"), with card\n")
	fmt.Fprintf(w, "codes in any case and order (\"7d 7c\"), or the start of a move (\"pa\" for \"pass\").\n")
	fmt.Fprintf(w, "At your turn you may also ask:\n%s", commandsHelp(examplesOf(g, nil)))
	fmt.Fprintf(w, "The legend is printed at the start and on ?. Output wraps at word boundaries to\n")
	fmt.Fprintf(w, "the width of -width, COLUMNS or the terminal, or %d.\n", defaultWidth)
	fmt.Fprintf(w, "\nThe bots, and the options a spec may give them (-bot name:key=value,key=value):\n")
	gameflags.PrintBots(w)
	fmt.Fprintf(w, "\nOptions of the games (-o name=value):\n")
	gameflags.PrintOptions(w, prog.Games)
}

// badFlags reports whether err says that the flags describe no game.
func badFlags(err error) bool {
	return errors.Is(err, cards.ErrBadOptions) || errors.Is(err, cards.ErrBadInput) || errors.Is(err, anygame.ErrUnknownBot) || errors.Is(err, errCannotResume)
}

// options builds the game's options from the flags: the seed, -players,
// and each -o name=value checked against the game's description of its
// options; the game's defaults stand for the rest. An error wraps
// cards.ErrBadOptions.
func options(info cards.GameInfo, cfg config) (map[string]any, error) {
	opts, err := gameflags.Options(info, cfg.players, cfg.options)
	if err != nil {
		return nil, err
	}
	seed, ok := opts["seed"]
	switch {
	case !ok:
		opts["seed"] = cards.Seed(cfg.seed)
	case cfg.seedGiven && seed != cards.Seed(cfg.seed):
		return nil, cards.BadOptions("-seed %d and -o seed=%v disagree", cfg.seed, seed)
	}
	return opts, nil
}
