package balance

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/cardrules/games/cards/balance/internal/chart"
)

//go:embed page.html
var pageText string

var page = template.Must(template.New("page").Funcs(template.FuncMap{
	"pct": pct,
	"num": func(x float64) string { return fmt.Sprintf("%.2f", x) },
	"rate": func(r Rate) string {
		if r.N == 0 {
			return "—"
		}
		return fmt.Sprintf("%s (%s–%s)", pct(r.Rate), pct(r.Lo), pct(r.Hi))
	},
	"count": func(r Rate) int {
		return int(math.Round(r.Rate * float64(r.N)))
	},
	"share": func(k, n int) string { return pct(float64(k) / float64(max(n, 1))) },
	"join":  func(s []string) string { return strings.Join(s, ", ") },
	"elo":   func(x float64) string { return fmt.Sprintf("%+.0f", x) },
	"dur":   roundDuration,
	"figure": func(f Figure, k, base int) template.HTML {
		v := fmt.Sprintf("%.2f", f.Values[k])
		if f.Percent {
			v = pct(f.Values[k])
		}
		if k == base {
			return template.HTML(template.HTMLEscapeString(v))
		}
		d := f.Diffs[k]
		class := "dim"
		if d.Significant() {
			class = "sig"
		}
		return template.HTML(fmt.Sprintf(`%s <span class="%s" title="95%%: %s to %s, p = %.3f">%s</span>`,
			template.HTMLEscapeString(v), class, signed(d.Lo, f.Percent), signed(d.Hi, f.Percent), d.P, signed(d.Diff, f.Percent)))
	},
	"cell": func(l *Ladder, i, j int) template.HTML {
		r := l.Rates[i][j]
		// The further the rate from the fair share, the deeper the colour:
		// blue above, orange below.
		a := math.Min(math.Abs(r.Rate-l.Fair)/math.Max(l.Fair, 1-l.Fair), 1)
		color := fmt.Sprintf("rgba(0,114,178,%.2f)", 0.6*a)
		if r.Rate < l.Fair {
			color = fmt.Sprintf("rgba(230,159,0,%.2f)", 0.6*a)
		}
		return template.HTML(fmt.Sprintf(`<td style="background:%s" title="%s to %s of %d seats">%s</td>`, color, pct(r.Lo), pct(r.Hi), r.N, pct(r.Rate)))
	},
	"seatChart":     seatChart,
	"lengthChart":   lengthChart,
	"decisionChart": decisionChart,
	"variantChart":  variantChart,
	"ladderChart":   ladderChart,
	"opponentChart": opponentChart,
}).Parse(pageText))

// WriteHTML writes the report as a page of HTML that holds everything it
// shows — its charts are inline SVG, its style inline — and asks nothing
// of the network.
func (r *Report) WriteHTML(w io.Writer) error {
	data := struct {
		R                                   *Report
		Elapsed, Options, Source, BaseLabel string
		OpponentOptions                     string
		MaxValues                           int
	}{
		R: r, Elapsed: r.Elapsed.Round(time.Second).String(), Options: optionsText(r.Options),
		Source: "Counted from the moves (their kinds and members), for the game's events carry no data.", MaxValues: maxValues,
	}
	if r.eventsRead() {
		data.Source = "Counted from the events' data (their kinds, the seat they concern and their members; a card by its suit), " +
			"not their text; the kinds of moves never played, from the moves offered."
	}
	if m := r.base(); m != nil {
		data.BaseLabel = m.Label
	}
	if r.Opponent != nil {
		data.OpponentOptions = optionsText(r.Opponent.Options)
	}
	return page.Execute(w, data)
}

// eventsRead reports whether the games' events told what happened.
func (r *Report) eventsRead() bool {
	for _, m := range r.Counts {
		for _, h := range m.Happenings {
			if h.Family == "event" {
				return true
			}
		}
	}
	return false
}

// optionsText writes options as a command line's -o flags do:
// "royalBloc=true solo=false".
func optionsText(opts map[string]any) string {
	var items []string
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		items = append(items, fmt.Sprintf("%s=%v", k, opts[k]))
	}
	return strings.Join(items, " ")
}

func seatChart(m *Measure) template.HTML {
	var bars []chart.Bar
	top := 0.0
	for _, s := range m.Seats {
		label := s.Seat
		if s.Automaton {
			label += " (game's own)"
		}
		color := ""
		if s.Favoured() {
			color = chart.Palette[5]
		}
		bars = append(bars, chart.Bar{Label: label, Value: s.Win.Rate, Lo: s.Win.Lo, Hi: s.Win.Hi, Color: color,
			Tip: fmt.Sprintf("%s wins %s of %d games", s.Seat, s.Win, m.Games)})
		top = math.Max(top, s.Win.Hi)
	}
	fair := m.Seats[0].Fair
	return template.HTML(chart.Bars("Win rate by seat, "+m.Label, bars, scaleTop(math.Max(top, fair)), true, fair, "fair "+pct(fair)))
}

// scaleTop returns the end of a scale of rates that shows x: the next
// tenth above it.
func scaleTop(x float64) float64 { return math.Min(1, math.Ceil(x*10+0.01)/10) }

func lengthChart(m *Measure) template.HTML {
	return template.HTML(chart.Histogram("Moves a game, "+m.Label, m.Moves.Values, "moves", []chart.Marker{
		{Label: fmt.Sprintf("median %d", m.Moves.Median), Value: float64(m.Moves.Median)},
		{Label: fmt.Sprintf("90%% %d", m.Moves.P90), Value: float64(m.Moves.P90)},
		{Label: fmt.Sprintf("99%% %d", m.Moves.P99), Value: float64(m.Moves.P99)},
	}))
}

func decisionChart(m *Measure) template.HTML {
	return template.HTML(chart.Histogram("Choices at a decision, "+m.Label, m.Decisions.Choices.Values, "choices", []chart.Marker{
		{Label: fmt.Sprintf("median %d", m.Decisions.Choices.Median), Value: float64(m.Decisions.Choices.Median)},
		{Label: fmt.Sprintf("90%% %d", m.Decisions.Choices.P90), Value: float64(m.Decisions.Choices.P90)},
	}))
}

func variantChart(s *Sweep) template.HTML {
	var bars []chart.Bar
	top := 0.0
	for k, m := range s.Arms {
		for i, seat := range m.Seats {
			if seat.Automaton {
				continue
			}
			bars = append(bars, chart.Bar{
				Label: fmt.Sprintf("%s=%s, %s", s.Option, s.Values[k], seat.Seat), Value: seat.Win.Rate, Lo: seat.Win.Lo, Hi: seat.Win.Hi,
				Color: chart.Palette[i%len(chart.Palette)], Tip: fmt.Sprintf("%s=%s: %s wins %s", s.Option, s.Values[k], seat.Seat, seat.Win),
			})
			top = math.Max(top, seat.Win.Hi)
			if len(m.Seats) > 4 {
				break // P1 alone at a large table
			}
		}
	}
	return template.HTML(chart.Bars("Win rate by seat at each "+s.Option, bars, scaleTop(top), true, -1, ""))
}

func ladderChart(l *Ladder) template.HTML {
	var bars []chart.Bar
	lo := 0.0
	for _, i := range l.Order() {
		lo = math.Min(lo, l.Elo[i])
	}
	top := 0.0
	for _, i := range l.Order() {
		v := l.Elo[i] - lo
		top = math.Max(top, v)
		bars = append(bars, chart.Bar{Label: l.Bots[i], Value: v, Lo: v, Hi: v, Tip: fmt.Sprintf("%s: Elo %+.0f", l.Bots[i], l.Elo[i])})
	}
	return template.HTML(chart.Bars(fmt.Sprintf("Elo above the weakest bot (%s games each two)", fmt.Sprint(l.Games)), bars, math.Max(top*1.1, 1), false, -1, ""))
}

func opponentChart(o *Opponent) template.HTML {
	var series []chart.Series
	for b, bot := range o.Bots {
		s := chart.Series{Name: bot}
		for k, r := range o.Rates[b] {
			s.Points = append(s.Points, chart.Point{Value: r.Rate, Lo: r.Lo, Hi: r.Hi, Tip: fmt.Sprintf("%s at %s %s: %s", bot, o.Option, o.Values[k], r)})
		}
		series = append(series, s)
	}
	title := o.Option
	if title == "" {
		title = "the game as set"
	}
	return template.HTML(chart.Lines("Win rate against the game's own seat", o.Values, title, series, 1, true))
}

// roundDuration rounds a duration to three significant digits, as a
// person reads it: 26.7ms, not 26.650306ms.
func roundDuration(d time.Duration) time.Duration {
	unit := time.Duration(1)
	for x := d; x >= 1000; x /= 10 {
		unit *= 10
	}
	return d.Round(unit)
}
