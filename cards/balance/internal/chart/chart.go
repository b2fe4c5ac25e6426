// Package chart draws the balance report's charts as inline SVG: bars
// with their intervals, histograms and lines, each a self-contained
// <svg> element that scales with the page, names itself for screen
// readers, and tells each mark's figures in a tooltip. It needs no
// script, font or file of its own.
package chart

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// Width is the width of every chart in the units of its viewBox; a chart
// scales to the width of its container.
const Width = 640

// Palette holds the colours of series and bars, distinguishable by
// people with any common colour blindness (Okabe and Ito).
var Palette = []string{"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"}

const (
	font      = `font-family="system-ui,-apple-system,'Segoe UI',sans-serif"`
	axisColor = "#888"
	textColor = "#222"
)

// esc escapes text for an SVG element or attribute.
func esc(s string) string { return html.EscapeString(s) }

// A svg builds one chart.
type svg struct {
	b      strings.Builder
	height float64
}

func (s *svg) printf(format string, args ...any) { fmt.Fprintf(&s.b, format, args...) }

// open starts a chart of the given height, titled for a screen reader.
func open(title string, height float64) *svg {
	s := &svg{height: height}
	s.printf(`<svg class="chart" viewBox="0 0 %d %.0f" role="img" aria-label="%s" %s font-size="13">`, Width, height, esc(title), font)
	s.printf(`<title>%s</title>`, esc(title))
	return s
}

func (s *svg) close() string {
	s.printf(`</svg>`)
	return s.b.String()
}

// text writes a label at x, y, anchored "start", "middle" or "end".
func (s *svg) text(x, y float64, anchor, fill, text string) {
	s.printf(`<text x="%.1f" y="%.1f" text-anchor="%s" fill="%s">%s</text>`, x, y, anchor, fill, esc(text))
}

// A Bar is one bar: its label, its value and the interval around it (Lo
// and Hi equal to Value for none), and the tooltip that tells them.
type Bar struct {
	Label         string
	Value, Lo, Hi float64
	Tip           string
	Color         string // "" for the palette's first colour
}

// Bars draws a horizontal bar for each of bars, with its interval as a
// whisker, on a scale from 0 to max (written as percentages when percent
// is set), and a dashed line at ref, labelled refLabel, when ref >= 0.
func Bars(title string, bars []Bar, max float64, percent bool, ref float64, refLabel string) string {
	const rowH, top, left, right = 26.0, 28.0, 150.0, 70.0
	height := top + rowH*float64(len(bars)) + 30
	s := open(title, height)
	plot := Width - left - right
	x := func(v float64) float64 { return left + plot*math.Min(math.Max(v/max, 0), 1) }
	s.axis(left, top-6, plot, height-30, max, percent)
	for i, b := range bars {
		y := top + rowH*float64(i)
		color := b.Color
		if color == "" {
			color = Palette[0]
		}
		s.text(left-8, y+rowH/2+4, "end", textColor, b.Label)
		s.printf(`<g><title>%s</title>`, esc(b.Tip))
		s.printf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" opacity="0.85"/>`, left, y+5, x(b.Value)-left, rowH-10, color)
		if b.Hi > b.Lo {
			mid := y + rowH/2
			s.printf(`<path d="M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f" stroke="%s" stroke-width="1.5" fill="none"/>`,
				x(b.Lo), mid, x(b.Hi), x(b.Lo), mid-5, mid+5, x(b.Hi), mid-5, mid+5, textColor)
		}
		s.printf(`</g>`)
		s.text(x(math.Max(b.Hi, b.Value))+6, y+rowH/2+4, "start", textColor, format(b.Value, percent))
	}
	if ref >= 0 {
		s.printf(`<path d="M%.1f %.1fV%.1f" stroke="#D55E00" stroke-width="1.5" stroke-dasharray="5 3"/>`, x(ref), top-6, height-30)
		s.text(x(ref), top-12, "middle", "#D55E00", refLabel)
	}
	return s.close()
}

// axis draws a horizontal scale from 0 to max under a plot left..left+w,
// with ticks and light grid lines from top to bottom.
func (s *svg) axis(left, top, w, bottom, max float64, percent bool) {
	step := niceStep(max, 5)
	for v := 0.0; v <= max+step/1e6; v += step {
		x := left + w*v/max
		s.printf(`<path d="M%.1f %.1fV%.1f" stroke="#ddd" stroke-width="1"/>`, x, top, bottom)
		s.text(x, bottom+16, "middle", axisColor, format(v, percent))
	}
	s.printf(`<path d="M%.1f %.1fH%.1f" stroke="%s" stroke-width="1"/>`, left, bottom, left+w, axisColor)
}

// format writes a value as a scale writes it: a percentage, or a number
// of up to three significant digits.
func format(v float64, percent bool) string {
	if percent {
		if v*100 == math.Round(v*100) {
			return fmt.Sprintf("%.0f%%", v*100)
		}
		return fmt.Sprintf("%.1f%%", v*100)
	}
	switch a := math.Abs(v); {
	case a >= 100 || v == math.Round(v):
		return fmt.Sprintf("%.0f", v)
	case a >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// niceStep returns a step of 1, 2 or 5 times a power of ten that cuts
// 0..max into about n parts.
func niceStep(max float64, n int) float64 {
	if max <= 0 {
		return 1
	}
	raw := max / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// A Marker marks a value on a histogram: the median, a percentile.
type Marker struct {
	Label string
	Value float64
}

// Histogram draws how many of values (whole numbers, in order) fall in
// each bin — one bin a value when they span at most 60, else about 40
// bins of a nice width — with a dashed line at each marker; unit names
// what the values count ("moves").
func Histogram(title string, values []int, unit string, markers []Marker) string {
	const height, top, left, right, bottom = 230.0, 34.0, 50.0, 20.0, 40.0
	s := open(title, height)
	if len(values) == 0 {
		s.text(Width/2, height/2, "middle", axisColor, "no games")
		return s.close()
	}
	lo, hi := values[0], values[len(values)-1]
	width := 1
	if hi-lo > 60 {
		width = int(niceStep(float64(hi-lo), 40))
	}
	first := lo / width * width
	bins := make([]int, (hi-first)/width+1)
	for _, v := range values {
		bins[(v-first)/width]++
	}
	most := 0
	for _, c := range bins {
		most = max(most, c)
	}
	plotW, plotH := Width-left-right, height-top-bottom
	bw := plotW / float64(len(bins))
	xOf := func(v float64) float64 { return left + (v-float64(first))/float64(width)*bw }
	step := niceStep(float64(most), 4)
	for v := 0.0; v <= float64(most)+step/1e6; v += step {
		y := top + plotH*(1-v/float64(most))
		s.printf(`<path d="M%.1f %.1fH%.1f" stroke="#eee"/>`, left, y, left+plotW)
		s.text(left-6, y+4, "end", axisColor, format(v, false))
	}
	for i, c := range bins {
		if c == 0 {
			continue
		}
		h := plotH * float64(c) / float64(most)
		from := first + i*width
		label := fmt.Sprintf("%d %s", from, unit)
		if width > 1 {
			label = fmt.Sprintf("%d–%d %s", from, from+width-1, unit)
		}
		s.printf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s</title></rect>`,
			left+bw*float64(i)+0.5, top+plotH-h, math.Max(bw-1, 0.5), h, Palette[0], esc(fmt.Sprintf("%s: %d games", label, c)))
	}
	s.printf(`<path d="M%.1f %.1fH%.1f" stroke="%s"/>`, left, top+plotH, left+plotW, axisColor)
	tick := niceStep(float64(hi-first+width), 8)
	for v := math.Ceil(float64(first)/tick) * tick; v <= float64(hi+width); v += tick {
		s.text(xOf(v), top+plotH+16, "middle", axisColor, format(v, false))
	}
	s.text(left+plotW/2, height-6, "middle", axisColor, unit+" a game")
	for i, m := range markers {
		x := xOf(m.Value) + bw/2
		color := Palette[(i+1)%len(Palette)]
		s.printf(`<path d="M%.1f %.1fV%.1f" stroke="%s" stroke-width="1.5" stroke-dasharray="4 3"/>`, x, top-4, top+plotH, color)
		anchor := "middle"
		switch {
		case x > Width-right-40:
			anchor = "end"
		case x < left+40:
			anchor = "start"
		}
		s.text(x, top-8-float64(i%2)*12, anchor, color, m.Label)
	}
	return s.close()
}

// A Point is a value with its interval.
type Point struct {
	Value, Lo, Hi float64
	Tip           string
}

// A Series is a named line of points, one at each x.
type Series struct {
	Name   string
	Points []Point
}

// Lines draws each series as a line over the labels xs, on a scale from
// 0 to max (percentages when percent is set), each point with its
// interval as a whisker, and a legend; xTitle names the x axis.
func Lines(title string, xs []string, xTitle string, series []Series, max float64, percent bool) string {
	const top, left, right, bottom = 20.0, 50.0, 170.0, 44.0
	height := math.Max(240, top+bottom+float64(len(series))*18+20)
	s := open(title, height)
	plotW, plotH := Width-left-right, height-top-bottom
	xOf := func(i int) float64 {
		if len(xs) == 1 {
			return left + plotW/2
		}
		return left + plotW*float64(i)/float64(len(xs)-1)
	}
	yOf := func(v float64) float64 { return top + plotH*(1-math.Min(math.Max(v/max, 0), 1)) }
	step := niceStep(max, 4)
	for v := 0.0; v <= max+step/1e6; v += step {
		s.printf(`<path d="M%.1f %.1fH%.1f" stroke="#eee"/>`, left, yOf(v), left+plotW)
		s.text(left-6, yOf(v)+4, "end", axisColor, format(v, percent))
	}
	for i, x := range xs {
		s.text(xOf(i), top+plotH+16, "middle", axisColor, x)
	}
	s.text(left+plotW/2, height-6, "middle", axisColor, xTitle)
	for k, se := range series {
		color := Palette[k%len(Palette)]
		var d strings.Builder
		for i, p := range se.Points {
			cmd := "L"
			if i == 0 {
				cmd = "M"
			}
			fmt.Fprintf(&d, "%s%.1f %.1f", cmd, xOf(i), yOf(p.Value))
		}
		s.printf(`<path d="%s" stroke="%s" stroke-width="2" fill="none"/>`, d.String(), color)
		for i, p := range se.Points {
			x := xOf(i) + float64(k-len(series)/2)*3
			s.printf(`<g><title>%s</title><path d="M%.1f %.1fV%.1f" stroke="%s" stroke-width="1.2"/><circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"/></g>`,
				esc(p.Tip), x, yOf(p.Lo), yOf(p.Hi), color, x, yOf(p.Value), color)
		}
		y := top + 10 + float64(k)*18
		s.printf(`<path d="M%.1f %.1fH%.1f" stroke="%s" stroke-width="3"/>`, left+plotW+14, y, left+plotW+32, color)
		s.text(left+plotW+38, y+4, "start", textColor, se.Name)
	}
	return s.close()
}
