// Package parallel plays numbered jobs on every core and shows their
// progress: the tournament's games and the balance lab's.
package parallel

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// Map calls job(i) for every i from 0 to n-1 on workers goroutines and
// returns the results in the order of i, adding each done to bar (which
// may be nil). It returns the first error in the order of i, after every
// job has run.
func Map[T any](n, workers int, job func(i int) (T, error), bar *Bar) ([]T, error) {
	type done struct {
		i   int
		v   T
		err error
	}
	jobs := make(chan int)
	results := make(chan done)
	for range max(workers, 1) {
		go func() {
			for i := range jobs {
				v, err := job(i)
				results <- done{i, v, err}
			}
		}()
	}
	go func() {
		for i := range n {
			jobs <- i
		}
		close(jobs)
	}()
	out := make([]T, n)
	errs := make([]error, n)
	for range n {
		d := <-results
		out[d.i], errs[d.i] = d.v, d.err
		bar.Add(1)
	}
	bar.Finish()
	for i, err := range errs {
		if err != nil {
			return out, fmt.Errorf("game %d: %w", i+1, err)
		}
	}
	return out, nil
}

// A Bar draws a progress bar on a terminal, or writes a line every tenth
// of the way elsewhere, with the time spent and the time left. A nil Bar
// shows nothing.
type Bar struct {
	w        io.Writer
	noun     string
	total    int
	done     int
	start    time.Time
	terminal bool
}

// NewBar returns a bar of total jobs, each called noun ("games"), drawn
// on w at once.
func NewBar(w io.Writer, total int, noun string) *Bar {
	b := &Bar{w: w, noun: noun, total: max(total, 1), start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			b.terminal = true
		}
	}
	b.draw()
	return b
}

// Add counts n more jobs done.
func (b *Bar) Add(n int) {
	if b == nil {
		return
	}
	before := b.done * 10 / b.total
	b.done += n
	if b.terminal || b.done*10/b.total != before {
		b.draw()
	}
}

func (b *Bar) draw() {
	const width = 30
	elapsed := time.Since(b.start).Round(time.Second)
	left := ""
	if b.done > 0 && b.done < b.total {
		eta := time.Duration(float64(time.Since(b.start)) / float64(b.done) * float64(b.total-b.done))
		left = fmt.Sprintf(", about %v left", eta.Round(time.Second))
	}
	if !b.terminal {
		fmt.Fprintf(b.w, "%d of %d %s played, %v%s\n", b.done, b.total, b.noun, elapsed, left)
		return
	}
	filled := min(b.done*width/b.total, width)
	fmt.Fprintf(b.w, "\r[%s%s] %d/%d %s, %v%s\033[K", strings.Repeat("=", filled), strings.Repeat(" ", width-filled), b.done, b.total, b.noun, elapsed, left)
}

// Finish ends the bar's line on a terminal.
func (b *Bar) Finish() {
	if b != nil && b.terminal {
		fmt.Fprintln(b.w)
	}
}
