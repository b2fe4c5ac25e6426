package balance

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/internal/stats"
)

// A Report is what a lab measured, for a page and a terminal: the seats,
// the length, what happens and the decisions of the game at each number
// of players, its variants side by side, the ladder of bots and the bots
// against a designed opponent.
type Report struct {
	// Name and Title are the game's.
	Name, Title string
	// Options are the options the lab set, over the game's defaults.
	Options map[string]any
	// Bot is the bot of every seat of the games of Counts and Variants.
	Bot string
	// Seed is the lab's seed.
	Seed uint64
	// Command is the command that reproduces the report, when a program
	// made it.
	Command string
	// Games is the number of games played, in all.
	Games int
	// Elapsed is the time the games took, on Workers workers.
	Elapsed time.Duration
	Workers int
	// Counts measures the game at each number of players.
	Counts []*Measure
	// Variants compares the game with each variant.
	Variants []*Sweep
	// Refused tells the variants the game refused, and why.
	Refused []string
	// Ladder ranks bots by games between each two of them; nil without
	// a ladder.
	Ladder *Ladder
	// Opponent measures bots against the game's designed opponent; nil
	// if the lab looked for none or found none.
	Opponent *Opponent
}

// A Measure is what games of one set of options showed: its seats, its
// length, its endings, what happened in it and its decisions.
type Measure struct {
	// Label names the games: "4 players", "jokers=1".
	Label string
	// Players is the number of seats.
	Players int
	// Games is the number of games.
	Games int
	// Seats are the seats, P1 first.
	Seats []SeatRate
	// Drawn is the share of games drawn.
	Drawn Rate
	// Moves and Turns are the distributions of a game's length in moves
	// and in turns (a turn: a player's moves in a row).
	Moves, Turns Distribution
	// Limit is the share of games the game's own limit on its length
	// ended; Unfinished, the games the lab stopped unfinished.
	Limit      Rate
	Unfinished int
	// Endings are the ways the games ended, the most frequent first.
	Endings []Ending
	// Happenings are the moves by kind and the events by kind (each with
	// the values of their members), the most frequent first in each
	// family.
	Happenings []Happening
	// Never lists the kinds of moves the games offered and no bot
	// played.
	Never []string
	// Decisions are the number of choices at each decision.
	Decisions Decisions
	// BotTime is the time the bots took a move.
	BotTime time.Duration
}

// A SeatRate is how one seat did.
type SeatRate struct {
	// Seat names the seat ("P1").
	Seat string
	// Automaton reports a seat the game plays itself.
	Automaton bool
	// Win is the seat's win rate (a shared win counted as a share), Draw
	// its share of drawn games.
	Win, Draw Rate
	// Fair is the win rate chance would give a seat: the games not drawn,
	// shared by the seats.
	Fair float64
}

// Favoured reports a seat whose win rate's interval lies wholly above or
// below the fair share.
func (s SeatRate) Favoured() bool { return s.Fair < s.Win.Lo || s.Fair > s.Win.Hi }

// A Rate is a share of N trials with its 95% interval (Wilson's).
type Rate struct {
	Rate, Lo, Hi float64
	N            int
}

// rateOf returns the rate of x in n trials.
func rateOf(x float64, n int) Rate {
	r := Rate{N: n}
	if n > 0 {
		r.Rate = x / float64(n)
	}
	r.Lo, r.Hi = stats.Wilson(r.Rate, n)
	return r
}

// String writes the rate and its interval: "52.1% (49.0–55.2%)".
func (r Rate) String() string {
	return fmt.Sprintf("%.1f%% (%.1f–%.1f%%)", 100*r.Rate, 100*r.Lo, 100*r.Hi)
}

// A Distribution summarises whole numbers: their mean, least, median,
// 90th and 99th percentiles and greatest, and the values themselves in
// order, for a histogram.
type Distribution struct {
	Mean                       float64
	Min, Median, P90, P99, Max int
	Values                     []int
}

func distribution(values []int) Distribution {
	slices.Sort(values)
	d := Distribution{Values: values}
	if len(values) == 0 {
		return d
	}
	sum := 0
	for _, v := range values {
		sum += v
	}
	d.Mean = float64(sum) / float64(len(values))
	d.Min, d.Max = values[0], values[len(values)-1]
	d.Median, d.P90, d.P99 = stats.Percentile(values, 0.5), stats.Percentile(values, 0.9), stats.Percentile(values, 0.99)
	return d
}

// An Ending is a way games ended and how often.
type Ending struct {
	Name  string
	Limit bool // the game's limit ended them
	Share Rate
}

// A Happening is a kind of move or event, or a value of one of its
// members, and how often it happened: in all, in how many games, and
// how the seats that made it fared.
type Happening struct {
	// Family is "move" or "event".
	Family string
	// Group is the kind and member whose values this is one of ("claim:
	// kingdom"), "" for a kind.
	Group string
	// Name is the kind, or the group and its value ("claim: kingdom 3").
	Name string
	// Total is how many times it happened; Games, in how many games.
	Total int
	Games Rate
	// PerGame is how many times a game.
	PerGame float64
	// ByWinners and ByOthers are how many times a game the seats that
	// won it, and the others, made it.
	ByWinners, ByOthers float64
	// WonWhen and WonWithout are the win rates of the seats that made it
	// at least once in a game, and of those that did not.
	WonWhen, WonWithout Rate
}

// Lift returns the difference of the win rates of the seats that made a
// happening and of those that did not, with its significance.
func (h Happening) Lift() Difference {
	return differenceOf(stats.Rates(h.WonWithout.Rate, h.WonWithout.N, h.WonWhen.Rate, h.WonWhen.N))
}

// Decisions tell how many moves a player could choose from at each
// decision.
type Decisions struct {
	// Choices is the distribution of the number of choices.
	Choices Distribution
	// Forced is the share of decisions of one choice.
	Forced Rate
	// Kinds are the decisions by the kinds of moves they offered, the
	// most frequent first.
	Kinds []DecisionKind
}

// A DecisionKind is the decisions that offered one set of kinds.
type DecisionKind struct {
	// Offered names the kinds ("decline or decree").
	Offered string
	// Decisions is their number; Forced, those of one choice.
	Decisions, Forced int
	// Mean and Most are the mean and greatest number of choices.
	Mean float64
	Most int
}

// A Difference is a figure of a variant less the base game's, with its
// 95% interval and the p-value of a test that they are equal.
type Difference struct {
	Diff, Lo, Hi, P float64
}

// Significant reports a difference whose p-value is under 5%.
func (d Difference) Significant() bool { return d.P < 0.05 }

func differenceOf(d stats.Difference) Difference {
	return Difference{Diff: d.Diff, Lo: d.Lo, Hi: d.Hi, P: d.P}
}

// A Sweep compares the game at each value of one option.
type Sweep struct {
	// Option is the option; Values its values, as text.
	Option string
	Values []string
	// Base is the index of the value of the lab's options.
	Base int
	// Arms are the measures at each value.
	Arms []*Measure
	// Figures compare the arms, figure by figure.
	Figures []Figure
}

// A Figure is one figure at each value of a sweep, with each value's
// difference from the base value's.
type Figure struct {
	// Name names the figure ("P1 wins", "moves, mean").
	Name string
	// Percent reports a rate, shown as a percentage.
	Percent bool
	// Values are the figure at each value; Diffs, each less the base's.
	Values []float64
	Diffs  []Difference
}

// A Ladder ranks bots by games between each two of them.
type Ladder struct {
	// Bots are the bots, in the order given.
	Bots []string
	// Players is the number of seats; the bots of a pair sit in turn.
	Players int
	// Rates[i][j] is bot i's win rate a seat in its games against bot j.
	Rates [][]Rate
	// Fair is the win rate a seat of two equal bots has.
	Fair float64
	// Elo are the bots' ratings, the first bot's 0.
	Elo []float64
	// MoveTime is each bot's time a move.
	MoveTime []time.Duration
	// Games is the number of games of each pair.
	Games int
}

// Order returns the bots' indexes, the best rated first.
func (l *Ladder) Order() []int {
	order := make([]int, len(l.Bots))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(l.Elo[b], l.Elo[a]) })
	return order
}

// An Opponent is bots' win rates against a seat the game plays itself.
type Opponent struct {
	// Options are the options that make the opponent (solo=true).
	Options map[string]any
	// Option is the option swept (headStart), "" if none; Values, its
	// values as text.
	Option string
	Values []string
	// Bots are the bots, and Rates[b][k] bot b's win rate at Values[k].
	Bots  []string
	Rates [][]Rate
	// Games is the fewest games of a bot at a value, MaxGames the most:
	// the lab plays as many as make about its moves at each value.
	Games, MaxGames int
}

// report adds up the games of the plan.
func (p *plan) report(l Lab) *Report {
	rep := &Report{
		Name: l.Game.Info().Name, Title: l.Game.Info().Title, Options: maps.Clone(l.Options),
		Bot: cmp.Or(l.Bot, DefaultBot), Seed: l.Seed, Refused: p.refused,
	}
	for _, r := range p.runs {
		rep.Games += len(r.results)
	}
	measured := map[*run]*Measure{}
	for _, r := range p.counts {
		m := measure(r, cards.Plural(r.players, "player"))
		measured[r] = m
		rep.Counts = append(rep.Counts, m)
	}
	for _, v := range p.variants {
		rep.Variants = append(rep.Variants, sweep(v, measured))
	}
	if p.pairs != nil {
		rep.Ladder = ladder(p)
	}
	if op := p.opponent; op != nil {
		rep.Opponent = opponent(op)
	}
	return rep
}

// measure adds up the games of a run.
func measure(r *run, label string) *Measure {
	m := &Measure{Label: label, Players: r.players, Games: len(r.results)}
	n := r.players
	wins, draws := make([]float64, n), make([]float64, n)
	var moves, turns, choices []int
	drawn, limit := 0, 0
	endings := map[string]*Ending{}
	var botTime time.Duration
	botMoves := 0
	decisions := map[string]*decisionCount{}
	offered, played := map[string]bool{}, map[string]bool{}
	var automata cards.PlayerSet
	for _, pg := range r.results {
		automata |= pg.automata
		moves, turns = append(moves, pg.moves), append(turns, pg.turns)
		choices = append(choices, pg.choices...)
		if pg.drawn {
			drawn++
		}
		if pg.ending.Limit {
			limit++
		}
		if !pg.over {
			m.Unfinished++
		}
		e := endings[pg.ending.Name]
		if e == nil {
			e = &Ending{Name: pg.ending.Name, Limit: pg.ending.Limit}
			endings[pg.ending.Name] = e
		}
		e.Share.N++
		for p := range n {
			switch {
			case !pg.drawn:
				wins[p] += winShare(pg, p)
			case pg.winners.Has(cards.Player(p)):
				draws[p]++
			}
		}
		for p, d := range pg.seatTime {
			if !pg.automata.Has(cards.Player(p)) {
				botTime += d
				botMoves += pg.seatMoves[p]
			}
		}
		for k, d := range pg.decisions {
			total := decisions[k]
			if total == nil {
				total = &decisionCount{}
				decisions[k] = total
			}
			total.n += d.n
			total.forced += d.forced
			total.choices += d.choices
			total.most = max(total.most, d.most)
		}
		for k := range pg.offered {
			offered[k] = true
		}
		for k := range pg.played {
			played[k] = true
		}
	}
	games := len(r.results)
	m.Drawn = rateOf(float64(drawn), games)
	fair := (1 - m.Drawn.Rate) / float64(n)
	for p := range n {
		m.Seats = append(m.Seats, SeatRate{
			Seat: cards.Player(p).String(), Automaton: automata.Has(cards.Player(p)),
			Win: rateOf(wins[p], games), Draw: rateOf(draws[p], games), Fair: fair,
		})
	}
	m.Moves, m.Turns = distribution(moves), distribution(turns)
	m.Limit = rateOf(float64(limit), games)
	for _, e := range endings {
		e.Share = rateOf(float64(e.Share.N), games)
		m.Endings = append(m.Endings, *e)
	}
	slices.SortFunc(m.Endings, func(a, b Ending) int {
		return cmp.Or(cmp.Compare(b.Share.Rate, a.Share.Rate), strings.Compare(a.Name, b.Name))
	})
	m.Happenings = happenings(r)
	for k := range offered {
		if !played[k] {
			m.Never = append(m.Never, k)
		}
	}
	slices.Sort(m.Never)
	m.Decisions = decisionsOf(choices, decisions)
	if botMoves > 0 {
		m.BotTime = botTime / time.Duration(botMoves)
	}
	return m
}

// winShare returns seat p's share of game pg's win: 1 for a lone
// winner, 1/k for one of k who shared it or drew, 0 for the others.
func winShare(pg *played, p int) float64 {
	if !pg.winners.Has(cards.Player(p)) {
		return 0
	}
	return 1 / float64(pg.winners.Len())
}

// maxValues is the most values of a member that the report lists: the
// values of a member that takes more (a card of 52) are left out.
const maxValues = 12

// happenings adds up the facts of a run's games: how often each
// happened, and how the seats that made it fared.
func happenings(r *run) []Happening {
	type tally struct {
		h                                    Happening
		games                                int
		winnerCount, winnerSeats             float64
		otherCount, otherSeats               float64
		doneWon, doneSeats, notWon, notSeats float64
	}
	tallies := map[fact]*tally{}
	for _, pg := range r.results {
		for f := range pg.facts {
			if f.family != "ending" && tallies[f] == nil {
				tallies[f] = &tally{h: Happening{Family: f.family, Group: f.group, Name: f.name}}
			}
		}
	}
	for _, pg := range r.results {
		for f, t := range tallies {
			counts := pg.facts[f]
			total := 0
			for _, c := range counts {
				total += c
			}
			t.h.Total += total
			if total > 0 {
				t.games++
			}
			for p := range pg.players {
				if pg.automata.Has(cards.Player(p)) || pg.drawn {
					continue
				}
				c, won := 0, winShare(pg, p)
				if counts != nil {
					c = counts[p]
				}
				if won > 0 {
					t.winnerCount += float64(c)
					t.winnerSeats++
				} else {
					t.otherCount += float64(c)
					t.otherSeats++
				}
				if c > 0 {
					t.doneWon += won
					t.doneSeats++
				} else {
					t.notWon += won
					t.notSeats++
				}
			}
		}
	}
	values := map[string]int{}
	for f := range tallies {
		if f.group != "" {
			values[f.family+f.group]++
		}
	}
	games := len(r.results)
	var hs []Happening
	for f, t := range tallies {
		if f.group != "" && values[f.family+f.group] > maxValues {
			continue
		}
		h := t.h
		h.Games = rateOf(float64(t.games), games)
		h.PerGame = float64(h.Total) / float64(max(games, 1))
		h.ByWinners = t.winnerCount / max(t.winnerSeats, 1)
		h.ByOthers = t.otherCount / max(t.otherSeats, 1)
		h.WonWhen = rateOf(t.doneWon, int(t.doneSeats))
		h.WonWithout = rateOf(t.notWon, int(t.notSeats))
		hs = append(hs, h)
	}
	slices.SortFunc(hs, func(a, b Happening) int {
		return cmp.Or(strings.Compare(a.Family, b.Family), strings.Compare(groupOf(a), groupOf(b)),
			cmp.Compare(b.Total, a.Total), strings.Compare(a.Name, b.Name))
	})
	return hs
}

// groupOf returns what a happening is listed under: its kind for a kind,
// its group for a value.
func groupOf(h Happening) string {
	if h.Group == "" {
		return h.Name
	}
	return h.Group
}

func decisionsOf(choices []int, kinds map[string]*decisionCount) Decisions {
	d := Decisions{Choices: distribution(choices)}
	forced := 0
	for _, c := range choices {
		if c == 1 {
			forced++
		}
	}
	d.Forced = rateOf(float64(forced), len(choices))
	for k, c := range kinds {
		d.Kinds = append(d.Kinds, DecisionKind{Offered: k, Decisions: c.n, Forced: c.forced, Mean: float64(c.choices) / float64(max(c.n, 1)), Most: c.most})
	}
	slices.SortFunc(d.Kinds, func(a, b DecisionKind) int {
		return cmp.Or(cmp.Compare(b.Decisions, a.Decisions), strings.Compare(a.Offered, b.Offered))
	})
	return d
}

// sweep measures each arm of a variant and compares their figures; an
// arm already measured (the base game's) is taken as it is.
func sweep(v variantPlan, measured map[*run]*Measure) *Sweep {
	s := &Sweep{Option: v.option}
	for k, r := range v.runs {
		s.Values = append(s.Values, fmt.Sprint(v.values[k]))
		m, ok := measured[r]
		if ok {
			s.Base = k
		} else {
			m = measure(r, fmt.Sprintf("%s=%v", v.option, v.values[k]))
		}
		s.Arms = append(s.Arms, m)
	}
	s.Figures = compare(s.Arms, s.Base)
	return s
}

// compare lists the figures of arms, each with its difference from the
// base arm's: each seat's win rate, the draws, the length, the games the
// limit ended, each ending, and how many times a game each kind of move
// and event happened.
func compare(arms []*Measure, base int) []Figure {
	var figs []Figure
	rates := func(name string, of func(*Measure) (Rate, bool)) {
		f := Figure{Name: name, Percent: true}
		b, _ := of(arms[base])
		some := false
		for _, m := range arms {
			r, ok := of(m)
			some = some || ok && r.Rate > 0
			f.Values = append(f.Values, r.Rate)
			f.Diffs = append(f.Diffs, differenceOf(stats.Rates(b.Rate, b.N, r.Rate, r.N)))
		}
		if some {
			figs = append(figs, f)
		}
	}
	means := func(name string, of func(*Measure) stats.Sample) {
		f := Figure{Name: name}
		b := of(arms[base])
		for _, m := range arms {
			s := of(m)
			f.Values = append(f.Values, s.Mean())
			f.Diffs = append(f.Diffs, differenceOf(stats.Means(b, s)))
		}
		figs = append(figs, f)
	}
	for p := range arms[base].Players {
		rates(cards.Player(p).String()+" wins", func(m *Measure) (Rate, bool) {
			if p >= len(m.Seats) {
				return Rate{}, false
			}
			return m.Seats[p].Win, true
		})
	}
	rates("drawn", func(m *Measure) (Rate, bool) { return m.Drawn, true })
	means("moves a game", func(m *Measure) stats.Sample { return sample(m.Moves.Values) })
	means("turns a game", func(m *Measure) stats.Sample { return sample(m.Turns.Values) })
	rates("ended by the limit", func(m *Measure) (Rate, bool) { return m.Limit, true })
	seen := map[string]bool{}
	for _, m := range arms {
		for _, e := range m.Endings {
			if !seen[e.Name] {
				seen[e.Name] = true
				rates("ending: "+e.Name, func(m *Measure) (Rate, bool) {
					for _, x := range m.Endings {
						if x.Name == e.Name {
							return x.Share, true
						}
					}
					return Rate{N: m.Games}, true
				})
			}
		}
	}
	seen = map[string]bool{}
	for _, m := range arms {
		for _, h := range m.Happenings {
			if h.Group != "" || seen[h.Family+h.Name] {
				continue
			}
			seen[h.Family+h.Name] = true
			rates(h.Family+" "+h.Name+": games with one", func(m *Measure) (Rate, bool) {
				for _, x := range m.Happenings {
					if x.Family == h.Family && x.Name == h.Name {
						return x.Games, true
					}
				}
				return Rate{N: m.Games}, true
			})
		}
	}
	return figs
}

func sample(values []int) stats.Sample {
	var s stats.Sample
	for _, v := range values {
		s.Add(float64(v))
	}
	return s
}

// ladder adds up the games of each pair of the ladder.
func ladder(p *plan) *Ladder {
	n := len(p.ladder)
	l := &Ladder{Bots: p.ladder, Players: p.baseRun.players, Rates: make([][]Rate, n), MoveTime: make([]time.Duration, n)}
	l.Fair = 1 / float64(l.Players)
	score := make([][]float64, n)
	for i := range n {
		l.Rates[i] = make([]Rate, n)
		score[i] = make([]float64, n)
	}
	moves := make([]int, n)
	for i := range n {
		for j := i + 1; j < n; j++ {
			r := p.pairs[i][j]
			l.Games = len(r.results)
			var won, seats [2]float64
			for g, pg := range r.results {
				var w, k [2]float64
				for seat := range pg.specs {
					if pg.automata.Has(cards.Player(seat)) {
						continue
					}
					b := (seat + g%pg.players) % 2 // the seat's bot in the lineup, as run.seats sets it
					k[b]++
					w[b] += winShare(pg, seat)
					moves[[2]int{i, j}[b]] += pg.seatMoves[seat]
					l.MoveTime[[2]int{i, j}[b]] += pg.seatTime[seat]
				}
				for b := range 2 {
					won[b] += w[b]
					seats[b] += k[b]
				}
				a, c := w[0]/max(k[0], 1), w[1]/max(k[1], 1)
				if a+c > 0 {
					score[i][j] += a / (a + c)
					score[j][i] += c / (a + c)
				} else {
					score[i][j] += 0.5
					score[j][i] += 0.5
				}
			}
			l.Rates[i][j] = rateOf(won[0], int(seats[0]))
			l.Rates[j][i] = rateOf(won[1], int(seats[1]))
		}
	}
	for i := range n {
		if moves[i] > 0 {
			l.MoveTime[i] /= time.Duration(moves[i])
		}
	}
	l.Elo = stats.Ratings(score)
	return l
}

// opponent adds up the games of bots against the designed opponent.
func opponent(op *opponentPlan) *Opponent {
	o := &Opponent{Options: op.options, Option: op.option, Bots: op.bots}
	for _, v := range op.values {
		o.Values = append(o.Values, fmt.Sprint(v))
	}
	for b := range op.bots {
		var row []Rate
		for _, r := range op.runs[b] {
			if o.Games == 0 || len(r.results) < o.Games {
				o.Games = len(r.results)
			}
			o.MaxGames = max(o.MaxGames, len(r.results))
			won, seats := 0.0, 0
			for _, pg := range r.results {
				for seat := range pg.players {
					if !pg.automata.Has(cards.Player(seat)) {
						seats++
						if !pg.drawn {
							won += winShare(pg, seat)
						}
					}
				}
			}
			row = append(row, rateOf(won, seats))
		}
		o.Rates = append(o.Rates, row)
	}
	return o
}
