package terminal

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
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
	// hinted reports that the hint on how to answer was printed.
	hinted bool
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
	m, err := newMenu(t.game, v.Moves)
	if err != nil {
		return false, err
	}
	if !t.hinted {
		fmt.Fprintln(t.out, answerHint(examplesOf(t.game.Info(), m)))
		t.hinted = true
	}
	if err := t.printView(me); err != nil {
		return false, err
	}
	t.printMenu(m)
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
		i, ok, err := t.choose(m, answer, me)
		if err != nil {
			return false, err
		}
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
// names no single move, it says why — a move the rules refuse now, and
// their reason; no such move; or which moves the answer could be — and
// reports false.
func (t *table) choose(m menu, answer string, me cards.Player) (int, bool, error) {
	if n, err := strconv.Atoi(answer); err == nil {
		if n < 1 || n > len(m) {
			fmt.Fprintf(t.out, "There is no move %d: %s.\n", n, hint(len(m)))
			return 0, false, nil
		}
		return n - 1, true, nil
	}
	found := m.match(answer)
	switch len(found) {
	case 1:
		return found[0], true, nil
	case 0:
		tries, err := t.tries(me)
		if err != nil {
			return 0, false, err
		}
		if said, err := t.whyMove(answer, tries, m, false); said || err != nil {
			return 0, false, err
		}
		view, err := t.game.View(t.state, me)
		if err != nil {
			return 0, false, err
		}
		if c, ok := handOf(view).missing(answer); ok {
			fmt.Fprintf(t.out, "No move reads %q: you hold no %v.\n", answer, c)
			return 0, false, nil
		}
		fmt.Fprintf(t.out, "No move reads %q: %s (? lists them).\n", answer, hint(len(m)))
	default:
		fmt.Fprintf(t.out, "%q could be any of %s; type more of it, or its number:\n", answer, cards.Plural(len(found), "move"))
		t.printChoices(m, found)
	}
	return 0, false, nil
}

// maxLines is the most moves a menu lists a line each; a longer menu is
// laid out in columns, so that the table above it stays in sight on a
// terminal of 40 rows.
const maxLines = 14

// printMenu lists the menu under "Your moves:": a move a line, or, for a
// menu longer than maxLines, in columns; then, where two moves name the
// same cards in another order, what the order means.
func (t *table) printMenu(m menu) {
	fmt.Fprintln(t.out, "Your moves:")
	if len(m) > maxLines && t.cfg.width > 0 {
		t.printColumns(m)
	} else {
		t.printChoices(m, nil)
	}
	t.printOrderNote(m)
}

// printColumns lists the menu's moves, numbered, in as many columns as
// the width holds, in rows: they read in their order, left to right.
func (t *table) printColumns(m menu) {
	entries := make([]string, len(m))
	wide := 0
	for i, c := range m {
		entries[i] = fmt.Sprintf("%4d  %s", i+1, c.text)
		wide = max(wide, textWidth(entries[i]))
	}
	const gap = 2
	cols := max(1, min(len(m), (t.cfg.width+gap)/(wide+gap)))
	for row := range slices.Chunk(entries, cols) {
		for c, e := range row {
			if c < len(row)-1 {
				e = pad(e, wide) + strings.Repeat(" ", gap)
			}
			fmt.Fprint(t.out, e)
		}
		fmt.Fprintln(t.out)
	}
}

// printOrderNote says, for each kind of move of which two moves name the
// same cards in another order ("decree with Q♣ and Q♦", "decree with Q♦
// and Q♣"), that the order matters, and what the glossary says of the
// kind, which tells what it means.
func (t *table) printOrderNote(m menu) {
	seen := map[string]string{} // a kind and its cards, sorted → the text of a move
	noted := map[string]bool{}
	for _, c := range m {
		cs := typedCards(c)
		if len(cs) < 2 {
			continue
		}
		kind := firstWord(c.text)
		key := kind + " " + strings.Join(slices.Sorted(slices.Values(cs)), " ")
		text, ok := seen[key]
		seen[key] = c.text
		if !ok || text == c.text || noted[kind] {
			continue
		}
		noted[kind] = true
		note := fmt.Sprintf("%q and %q name the same cards in another order: the order matters", text, c.text)
		if terms := t.game.Info().LookupTerm(kind); len(terms) > 0 {
			note += fmt.Sprintf(" (%s: %s)", terms[0].Term, terms[0].Meaning)
		}
		fmt.Fprintln(t.out, note)
	}
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
