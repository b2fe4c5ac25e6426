package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
)

// A table is one game in play.
type table struct {
	game  anygame.Game
	state []byte
	cfg   config
	out   io.Writer
	bots  cards.Rand    // seeds the bots' choices
	news  []cards.Event // events not printed yet
	moves int
}

// viewJSON is the part of a view the table reads.
type viewJSON struct {
	Moves []json.RawMessage `json:"moves"`
}

func newTable(cfg config, out io.Writer) (*table, error) {
	g, err := catalog.Lookup(cfg.game)
	if err != nil {
		return nil, err
	}
	opts, err := options(g, cfg)
	if err != nil {
		return nil, err
	}
	start, err := g.NewGame(opts)
	if err != nil {
		return nil, err
	}
	return &table{game: g, state: start.State, news: start.Events, cfg: cfg, out: out, bots: cards.NewRand(cfg.seed + 1)}, nil
}

// auto plays every seat with bots, printing the public log, and ends with
// the result.
func (t *table) auto() error {
	fmt.Fprintf(t.out, "%s, seed %d, every seat a %s bot\n", t.game.Info().Title, t.cfg.seed, t.cfg.bot)
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
	if !me.Valid(st.Players) {
		return fmt.Errorf("seat %d is not at this table of %d players", t.cfg.seat, st.Players)
	}
	fmt.Fprintf(t.out, "%s, seed %d. You are %v; the other seats are %s bots.\n", t.game.Info().Title, t.cfg.seed, me, t.cfg.bot)
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
	fmt.Fprintln(t.out, "Your moves:")
	for i, m := range v.Moves {
		info, err := t.game.Move(m)
		if err != nil {
			return false, err
		}
		fmt.Fprintf(t.out, "%4d  %s\n", i+1, info.Text)
	}
	for {
		fmt.Fprintf(t.out, "Your move (1-%d, q to quit): ", len(v.Moves))
		if !in.Scan() {
			fmt.Fprintln(t.out, "\nGoodbye.")
			return true, in.Err()
		}
		answer := strings.TrimSpace(in.Text())
		if answer == "q" || answer == "quit" {
			fmt.Fprintln(t.out, "Goodbye.")
			return true, nil
		}
		n, err := strconv.Atoi(answer)
		if err != nil || n < 1 || n > len(v.Moves) {
			fmt.Fprintf(t.out, "Please type a number from 1 to %d, or q.\n", len(v.Moves))
			continue
		}
		return false, t.apply(v.Moves[n-1])
	}
}

// botMove lets the bot in seat p choose and make its move.
func (t *table) botMove(p cards.Player) error {
	view, err := t.game.View(t.state, int(p))
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
	t.moves++
	return nil
}

func (t *table) view(p cards.Player) (viewJSON, error) {
	var v viewJSON
	b, err := t.game.View(t.state, int(p))
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
	b, err := t.game.View(t.state, int(p))
	if err != nil {
		return err
	}
	text, err := t.game.ViewText(b)
	if err != nil {
		return err
	}
	fmt.Fprintf(t.out, "\n%s\n", strings.TrimRight(text, "\n"))
	return nil
}

func (t *table) printResult(st anygame.Status) {
	var scores []string
	for p, s := range st.Result.Scores {
		scores = append(scores, fmt.Sprintf("%v %d", cards.Player(p), s))
	}
	var outcome string
	switch w := st.Result.Winners; w.Len() {
	case 0:
		outcome = "no winner"
	case 1:
		outcome = w.String() + " wins"
	default:
		outcome = w.String() + " share the win"
	}
	fmt.Fprintf(t.out, "result: %s after %d moves (scores: %s)\n", outcome, t.moves, strings.Join(scores, ", "))
}
