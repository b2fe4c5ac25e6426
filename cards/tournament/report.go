package tournament

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/internal/stats"
)

// automaton names the seats a game plays itself, in the report.
const automaton = "(automaton)"

// A standing is how one bot, or the automaton, did over the tournament.
type standing struct {
	bot   string
	games int     // games it played
	seats int     // seats it played, over all games
	wins  float64 // sum over its games of the share of wins of its seats
	moves int
	time  time.Duration
}

// rate returns the win rate: the mean over its games of its seats' share
// of the win.
func (s *standing) rate() float64 { return s.wins / float64(max(s.games, 1)) }

// standings adds up the results by bot, in the order of the lineup, the
// automaton last.
func standings(t *tournament, results []result) []*standing {
	var order []*standing
	by := map[string]*standing{}
	get := func(name string) *standing {
		if s, ok := by[name]; ok {
			return s
		}
		s := &standing{bot: name}
		by[name] = s
		order = append(order, s)
		return s
	}
	for _, b := range t.lineup {
		get(b)
	}
	for _, r := range results {
		winners := r.sim.Status.Result.Winners
		seats := map[*standing]int{}
		share := map[*standing]float64{}
		for p, seat := range r.sim.Seats {
			name := r.specs[p]
			if seat.Automaton {
				name = automaton
			}
			s := get(name)
			seats[s]++
			s.seats++
			s.moves += seat.Moves
			s.time += seat.Time
			if winners.Has(cards.Player(p)) {
				share[s] += 1 / float64(winners.Len())
			}
		}
		for s, n := range seats {
			s.games++
			s.wins += share[s] / float64(n)
		}
	}
	return order
}

// report writes the standings and the figures of the games.
func report(w io.Writer, t *tournament, results []result) {
	info := t.game.Info()
	deals := t.deal(t.games-1) + 1
	fmt.Fprintf(w, "%s, %d players, %d games on %d deals (seed %d)", info.Title, t.players, t.games, deals, t.seed)
	if len(t.options) > 0 {
		var set []string
		for name, v := range t.options {
			set = append(set, fmt.Sprintf("%s=%v", name, v))
		}
		slices.Sort(set)
		fmt.Fprintf(w, ", %s", strings.Join(set, " "))
	}
	fmt.Fprintln(w)
	moves, unfinished, drawn := 0, 0, 0
	for _, r := range results {
		moves += r.sim.Moves
		switch {
		case !r.sim.Status.Over:
			unfinished++
		case r.sim.Status.Result.Drawn || r.sim.Status.Result.Winners == 0:
			drawn++
		}
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "bot\tgames\tseats\twin rate\t95% interval\tfair share\tmoves\ttime a move\t")
	fair := 1 / float64(t.players)
	for _, s := range standings(t, results) {
		lo, hi := stats.Wilson(s.rate(), s.games)
		perMove := "-"
		if s.moves > 0 {
			perMove = round(s.time / time.Duration(s.moves)).String()
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f%%\t%.1f%%–%.1f%%\t%.1f%%\t%d\t%s\t\n",
			s.bot, s.games, s.seats, 100*s.rate(), 100*lo, 100*hi, 100*fair, s.moves, perMove)
	}
	tw.Flush()
	fmt.Fprintf(w, "\nAverage game: %.1f moves.", float64(moves)/float64(len(results)))
	if drawn > 0 {
		fmt.Fprintf(w, " %d game(s) ended without a winner.", drawn)
	}
	if unfinished > 0 {
		fmt.Fprintf(w, " %d game(s) reached the limit of moves unfinished.", unfinished)
	}
	fmt.Fprintln(w)
}

// round rounds d to three or four significant digits.
func round(d time.Duration) time.Duration {
	for unit := time.Duration(1); unit < time.Second; unit *= 10 {
		if d < 10000*unit {
			return d.Round(unit)
		}
	}
	return d.Round(time.Millisecond)
}

// writeCSV writes one row for every seat of every game.
func writeCSV(path string, t *tournament, results []result) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(f)
	cw.Write([]string{"game", "deal", "seat", "bot", "win", "score", "moves", "seconds", "game_moves", "over"})
	for _, r := range results {
		res := r.sim.Status.Result
		for p, seat := range r.sim.Seats {
			name := r.specs[p]
			if seat.Automaton {
				name = automaton
			}
			win := 0.0
			if res.Winners.Has(cards.Player(p)) {
				win = 1 / float64(res.Winners.Len())
			}
			score := ""
			if p < len(res.Scores) {
				score = strconv.Itoa(res.Scores[p])
			}
			cw.Write([]string{
				strconv.Itoa(r.index + 1), strconv.Itoa(t.deal(r.index) + 1), strconv.Itoa(p + 1), name,
				strconv.FormatFloat(win, 'g', 4, 64), score, strconv.Itoa(seat.Moves),
				strconv.FormatFloat(seat.Time.Seconds(), 'f', 6, 64), strconv.Itoa(r.sim.Moves),
				strconv.FormatBool(r.sim.Status.Over),
			})
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
