package balance

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/cardrules/games/cards"
)

// Headlines returns the report's findings in sentences, the most telling
// first in each part: each seat's advantage at each number of players,
// the length and the limit, the endings, the rules that never came into
// play, what winners did most, the forced decisions, the variants that
// made a difference, the ladder and the bots against the opponent.
func (r *Report) Headlines() []string {
	var hs []string
	for _, m := range r.Counts {
		hs = append(hs, seatHeadline(m))
	}
	if m := r.base(); m != nil {
		hs = append(hs, lengthHeadline(m), endingsHeadline(m))
		if h := neverHeadline(m); h != "" {
			hs = append(hs, h)
		}
		if h := liftHeadline(m); h != "" {
			hs = append(hs, h)
		}
		hs = append(hs, decisionHeadline(m))
	}
	for _, s := range r.Variants {
		hs = append(hs, variantHeadline(s))
	}
	if l := r.Ladder; l != nil {
		hs = append(hs, ladderHeadline(l))
	}
	if o := r.Opponent; o != nil {
		hs = append(hs, opponentHeadlines(o)...)
	}
	return hs
}

// base returns the measure of the default number of players, the one
// the variants compare with.
func (r *Report) base() *Measure {
	for _, s := range r.Variants {
		return s.Arms[s.Base]
	}
	if len(r.Counts) == 0 {
		return nil
	}
	return r.Counts[0]
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func seatHeadline(m *Measure) string {
	var seats []SeatRate
	for _, s := range m.Seats {
		if !s.Automaton {
			seats = append(seats, s)
		}
	}
	if len(seats) < len(m.Seats) { // a game against the automaton
		s := seats[0]
		return fmt.Sprintf("%s: %s wins %s of %d games against the game's own seat.", m.Label, s.Seat, s.Win, m.Games)
	}
	// The seat furthest from its fair share.
	far := slices.MaxFunc(seats, func(a, b SeatRate) int {
		return cmp.Compare(math.Abs(a.Win.Rate-a.Fair), math.Abs(b.Win.Rate-b.Fair))
	})
	first := seats[0]
	text := fmt.Sprintf("%s: P1 wins %s of %d games (a fair share is %s)", m.Label, first.Win, m.Games, pct(first.Fair))
	switch {
	case far.Favoured() && far.Win.Rate > far.Fair:
		text += fmt.Sprintf("; %s has the advantage, %s", far.Seat, far.Win)
	case far.Favoured():
		text += fmt.Sprintf("; %s is at a disadvantage, %s", far.Seat, far.Win)
	default:
		text += "; no seat is favoured beyond chance"
	}
	if m.Drawn.Rate > 0 {
		text += fmt.Sprintf("; %s drawn", m.Drawn)
	}
	return text + "."
}

func lengthHeadline(m *Measure) string {
	text := fmt.Sprintf("A game of %s lasts %d moves (median; 90th percentile %d, 99th %d, longest %d), %d turns (median)",
		m.Label, m.Moves.Median, m.Moves.P90, m.Moves.P99, m.Moves.Max, m.Turns.Median)
	if m.Limit.Rate > 0 {
		text += fmt.Sprintf("; the game's own limit ended %s of them", m.Limit)
	} else {
		text += "; the game's own limit ended none"
	}
	if m.Unfinished > 0 {
		text += fmt.Sprintf("; %d were stopped unfinished", m.Unfinished)
	}
	return text + "."
}

func endingsHeadline(m *Measure) string {
	var items []string
	for i, e := range m.Endings {
		if i == 4 {
			items = append(items, fmt.Sprintf("%d more", len(m.Endings)-i))
			break
		}
		items = append(items, fmt.Sprintf("%s %s", e.Name, pct(e.Share.Rate)))
	}
	return "Endings: " + strings.Join(items, ", ") + "."
}

func neverHeadline(m *Measure) string {
	if len(m.Never) == 0 {
		return ""
	}
	return fmt.Sprintf("Offered but never played in %d games: %s — a rule the bots found no use for.", m.Games, strings.Join(m.Never, ", "))
}

// liftHeadline tells the kind of move or event whose makers' win rate
// differs most, significantly, from the others'.
func liftHeadline(m *Measure) string {
	var best *Happening
	for i, h := range m.Happenings {
		if h.Group != "" || !h.Lift().Significant() || h.WonWhen.N < 30 || h.WonWithout.N < 30 {
			continue
		}
		if h.WonWhen.Rate == 1 {
			continue // the win itself told, not what leads to it
		}
		if best == nil || math.Abs(h.Lift().Diff) > math.Abs(best.Lift().Diff) {
			best = &m.Happenings[i]
		}
	}
	if best == nil {
		return ""
	}
	article := "a"
	if best.Family == "event" {
		article = "an"
	}
	return fmt.Sprintf("Seats that made %s %s %s at least once won %s, the others %s.",
		article, best.Family, best.Name, best.WonWhen, best.WonWithout)
}

func decisionHeadline(m *Measure) string {
	d := m.Decisions
	return fmt.Sprintf("Decisions: %s are forced (one legal move); %.1f choices on average, %d at the median, %d at most.",
		d.Forced, d.Choices.Mean, d.Choices.Median, d.Choices.Max)
}

func variantHeadline(s *Sweep) string {
	var found []string
	for _, f := range s.Figures {
		for k, d := range f.Diffs {
			if k == s.Base || !d.Significant() {
				continue
			}
			found = append(found, fmt.Sprintf("%s=%s: %s %s", s.Option, s.Values[k], f.Name, signed(d.Diff, f.Percent)))
		}
	}
	if len(found) == 0 {
		return fmt.Sprintf("Variant %s (%s): no figure differs significantly from %s=%s.", s.Option, strings.Join(s.Values, ", "), s.Option, s.Values[s.Base])
	}
	if len(found) > 4 {
		found = append(found[:4], fmt.Sprintf("%d more", len(found)-4))
	}
	return fmt.Sprintf("Variant %s, significant against %s=%s: %s.", s.Option, s.Option, s.Values[s.Base], strings.Join(found, "; "))
}

// signed writes a difference: "+3.1 points" of a rate, "-4.2" of a mean.
func signed(x float64, percent bool) string {
	if percent {
		return fmt.Sprintf("%+.1f points", 100*x)
	}
	return fmt.Sprintf("%+.1f", x)
}

func ladderHeadline(l *Ladder) string {
	var items []string
	for _, i := range l.Order() {
		items = append(items, fmt.Sprintf("%s %+.0f", l.Bots[i], l.Elo[i]))
	}
	return fmt.Sprintf("Ladder (Elo, %s of each two bots): %s.", cards.Plural(l.Games, "game"), strings.Join(items, " > "))
}

func opponentHeadlines(o *Opponent) []string {
	var hs []string
	for b, bot := range o.Bots {
		var items []string
		for k, v := range o.Values {
			label := ""
			if o.Option != "" {
				label = o.Option + " " + v + ": "
			}
			items = append(items, label+o.Rates[b][k].String())
		}
		hs = append(hs, fmt.Sprintf("Against the game's own seat, %s wins %s.", bot, strings.Join(items, "; ")))
	}
	return hs
}

// WriteText writes the report's headlines for a terminal, with what was
// played and how long it took.
func (r *Report) WriteText(w io.Writer) {
	fmt.Fprintf(w, "%s: %d games (bot %s, seed %d) in %v on %d workers\n\n", r.Title, r.Games, r.Bot, r.Seed, r.Elapsed.Round(1e8), r.Workers)
	for _, h := range r.Headlines() {
		fmt.Fprintf(w, "- %s\n", h)
	}
}
