package terminal

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// A table is one game in play.
type table struct {
	game  anygame.Game
	state []byte
	cfg   config
	out   *wrapper      // wraps what it prints at cfg.width
	raw   io.Writer     // what out writes to, for the result line
	bots  cards.Rand    // seeds the bots' choices
	news  []cards.Event // events not printed yet
	// record is the game so far: its options and every move made.
	record anygame.Record
	// resumed is the number of moves of the record the game was resumed
	// from, if any.
	resumed int
}

// viewJSON is the part of a view the table reads.
type viewJSON struct {
	Moves []json.RawMessage `json:"moves"`
}

// newTable deals the game the flags describe. It refuses flags that
// describe no game — an unknown game or bot, a number of players outside
// the game's range, a bad option, a seat not at the table — with an error
// wrapping cards.ErrBadOptions, cards.ErrBadInput or anygame.ErrUnknownBot.
//
// With cfg.resume it plays on the game of the record in that file (see
// resumeTable).
func newTable(cfg config, out io.Writer) (*table, error) {
	if cfg.resume != "" {
		return resumeTable(cfg, out)
	}
	g, err := anygame.Lookup(cfg.prog.Games, cfg.game)
	if err != nil {
		return nil, err
	}
	if err := anygame.CheckBot(cfg.bot); err != nil {
		return nil, err
	}
	opts, err := options(g.Info(), cfg)
	if err != nil {
		return nil, err
	}
	if seed, ok := opts["seed"].(cards.Seed); ok {
		cfg.seed = uint64(seed)
	}
	b, err := json.Marshal(opts)
	if err != nil {
		return nil, err
	}
	start, err := g.NewGame(b)
	if err != nil {
		return nil, err
	}
	return seatTable(&table{
		game: g, state: start.State, news: start.Events, cfg: cfg,
		out: &wrapper{w: out, width: cfg.width}, raw: out,
		bots:   cards.NewRand(cfg.seed + 1),
		record: anygame.Record{Game: g.Info().Name, Options: b, Moves: []json.RawMessage{}},
	})
}

// seatTable returns t once it has checked that the seat -seat names is at
// its table.
func seatTable(t *table) (*table, error) {
	st, err := t.game.Status(t.state)
	if err != nil {
		return nil, err
	}
	if t.cfg.seat < 1 || t.cfg.seat > st.Players {
		return nil, cards.BadOptions("-seat %d is not at this table of %d players (1 to %d)", t.cfg.seat, st.Players, st.Players)
	}
	return t, nil
}

// auto plays every seat with bots, printing the public log, and ends with
// the result.
func (t *table) auto() error {
	fmt.Fprintf(t.out, "%s, seed %d, bot %s in every seat\n", t.game.Info().Title, t.cfg.seed, t.cfg.bot)
	t.printResumed()
	for {
		if err := t.printLog(cards.Spectator); err != nil {
			return err
		}
		st, err := t.game.Status(t.state)
		if err != nil {
			return err
		}
		if st.Over {
			t.printResult(st)
			return nil
		}
		if err := t.botMove(st.ToAct.First()); err != nil {
			return err
		}
	}
}

// interactive plays the human's seat from the terminal and the others
// with bots.
func (t *table) interactive(in *bufio.Scanner) error {
	st, err := t.game.Status(t.state)
	if err != nil {
		return err
	}
	me := cards.Player(t.cfg.seat - 1)
	fmt.Fprintf(t.out, "%s, seed %d. You are %v; %s.\n", t.game.Info().Title, t.cfg.seed, me, others(st.Players-1, t.cfg.bot))
	t.printResumed()
	fmt.Fprintln(t.out, "Answer with a move's number or its text (\"pass\", \"7d 7c\", or the start of a move). "+
		"rules tells the rules, why 7d why a card is not offered, ? the legend and your moves again, help every command; q quits.")
	t.printLegend()
	for {
		st, err := t.game.Status(t.state)
		if err != nil {
			return err
		}
		if st.Over {
			if err := t.printLog(me); err != nil {
				return err
			}
			if err := t.printView(me); err != nil {
				return err
			}
			t.printResult(st)
			return nil
		}
		if !st.ToAct.Has(me) {
			if err := t.botMove(st.ToAct.First()); err != nil {
				return err
			}
			continue
		}
		quit, err := t.humanMove(me, in)
		if quit || err != nil {
			return err
		}
	}
}

// humanMove shows the human their view and moves and applies the one they
// choose. It reports quit if the human quits or the input ends.
func (t *table) humanMove(me cards.Player, in *bufio.Scanner) (quit bool, err error) {
	if err := t.printLog(me); err != nil {
		return false, err
	}
	v, err := t.view(me)
	if err != nil {
		return false, err
	}
	if err := t.printView(me); err != nil {
		return false, err
	}
	m, err := newMenu(t.game, v.Moves)
	if err != nil {
		return false, err
	}
	fmt.Fprintln(t.out, "Your moves:")
	t.printChoices(m, nil)
	for {
		t.prompt("Your move (%s, or its text; help lists the commands): ", span(len(m)))
		if !in.Scan() {
			fmt.Fprintln(t.out, "\nGoodbye.")
			return true, in.Err()
		}
		answer := strings.TrimSpace(in.Text())
		if answer == "" {
			continue
		}
		if done, quit, err := t.command(answer, me, m, in); done {
			if quit || err != nil {
				return quit, err
			}
			continue
		}
		i, ok := t.choose(m, answer)
		if ok {
			return false, t.apply(m[i].move)
		}
	}
}

// prompt prints a question and flushes it, for the answer to follow on
// its line.
func (t *table) prompt(format string, args ...any) {
	fmt.Fprintf(t.out, format, args...)
	t.out.Flush()
}

// choose reads the answer as a move's number or its text. When the answer
// names no single move, it says why — no such move, or which moves the
// answer could be — and reports false.
func (t *table) choose(m menu, answer string) (int, bool) {
	if n, err := strconv.Atoi(answer); err == nil {
		if n < 1 || n > len(m) {
			fmt.Fprintf(t.out, "There is no move %d: %s.\n", n, hint(len(m)))
			return 0, false
		}
		return n - 1, true
	}
	found := m.match(answer)
	switch len(found) {
	case 1:
		return found[0], true
	case 0:
		fmt.Fprintf(t.out, "No move reads %q: %s (? lists them).\n", answer, hint(len(m)))
	default:
		fmt.Fprintf(t.out, "%q could be any of %s; type more of it, or its number:\n", answer, cards.Plural(len(found), "move"))
		t.printChoices(m, found)
	}
	return 0, false
}

// maxListed is the most moves an ambiguous answer lists.
const maxListed = 12

// printChoices lists the menu's moves, numbered, or those of only (up to
// maxListed of them) when only is not nil.
func (t *table) printChoices(m menu, only []int) {
	if only == nil {
		for i, c := range m {
			fmt.Fprintf(t.out, "%4d  %s\n", i+1, c.text)
		}
		return
	}
	for _, i := range only[:min(len(only), maxListed)] {
		fmt.Fprintf(t.out, "%4d  %s\n", i+1, m[i].text)
	}
	if len(only) > maxListed {
		fmt.Fprintf(t.out, "      and %s\n", cards.Plural(len(only)-maxListed, "more move"))
	}
}

// botMove lets the bot in seat p choose and make its move.
func (t *table) botMove(p cards.Player) error {
	view, err := t.game.View(t.state, p)
	if err != nil {
		return err
	}
	m, err := t.game.BotMove(view, t.cfg.bot, t.bots.Uint64())
	if err != nil {
		return err
	}
	return t.apply(m)
}

func (t *table) apply(m []byte) error {
	next, err := t.game.Apply(t.state, m)
	if err != nil {
		return err
	}
	t.state, t.news = next.State, append(t.news, next.Events...)
	t.record.Moves = append(t.record.Moves, m)
	return nil
}

func (t *table) view(p cards.Player) (viewJSON, error) {
	var v viewJSON
	b, err := t.game.View(t.state, p)
	if err != nil {
		return v, err
	}
	return v, json.Unmarshal(b, &v)
}

// printLog prints what p may read of the events not printed yet.
func (t *table) printLog(p cards.Player) error {
	for _, e := range cards.EventsFor(t.news, p) {
		fmt.Fprintln(t.out, "  "+e.Text)
	}
	t.news = t.news[:0]
	return nil
}

func (t *table) printView(p cards.Player) error {
	b, err := t.game.View(t.state, p)
	if err != nil {
		return err
	}
	text, err := t.game.BriefText(b)
	if err != nil {
		return err
	}
	fmt.Fprintf(t.out, "\n%s\n", strings.TrimRight(text, "\n"))
	return nil
}

func (t *table) printResult(st anygame.Status) {
	t.out.Flush()
	fmt.Fprintf(t.raw, "result: %s after %s\n", st.Result, cards.Plural(len(t.record.Moves), "move"))
}

// span writes the numbers of n moves: "1", "1-7".
func span(n int) string {
	if n == 1 {
		return "1"
	}
	return "1-" + strconv.Itoa(n)
}

// hint tells how to answer a menu of n moves.
func hint(n int) string {
	if n == 1 {
		return "type 1, or the move's text"
	}
	return "type a number from 1 to " + strconv.Itoa(n) + ", or a move's text"
}

// others tells who plays the n seats besides the human's.
func others(n int, bot string) string {
	switch n {
	case 0:
		return "you play alone"
	case 1:
		return "bot " + bot + " plays the other seat"
	}
	return "bot " + bot + " plays the other " + strconv.Itoa(n) + " seats"
}
