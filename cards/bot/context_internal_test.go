package bot

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/cardrules/games/cards"
)

// watchedToy is a toy that counts the worlds a search deals and records
// the first move made in each, and that may stop the search, through
// stop, as it deals world number stopAt.
type watchedToy struct {
	*toy
	worlds int
	first  []int // the Points of each world's first move
	fresh  bool  // whether the last world dealt has had no move yet
	stopAt int
	stop   func()
}

func (w *watchedToy) Determinize(v toyView, seed uint64) (toyState, error) {
	w.worlds++
	w.fresh = true
	if w.worlds == w.stopAt {
		w.stop()
	}
	return w.toy.Determinize(v, seed)
}

func (w *watchedToy) Apply(s toyState, m toyMove) (toyState, error) {
	if w.fresh {
		w.first, w.fresh = append(w.first, m.Points), false
	}
	return w.toy.Apply(s, m)
}

// doneCtx is a context that is done once its stop is called, with err as
// its error: a deadline passed or a cancellation at a moment a test
// chooses.
type doneCtx struct {
	context.Context
	done chan struct{}
	err  error
}

func newDoneCtx(err error) *doneCtx {
	return &doneCtx{Context: context.Background(), done: make(chan struct{}), err: err}
}

func (c *doneCtx) Done() <-chan struct{} { return c.done }
func (c *doneCtx) stop()                 { close(c.done) }
func (c *doneCtx) Err() error {
	select {
	case <-c.done:
		return c.err
	default:
		return nil
	}
}

func newWatchedToy() *watchedToy {
	return &watchedToy{toy: &toy{moves: 6, choices: []int{0, 1, 2}, winner: func(s toyState) cards.PlayerSet { return leaders(s.scores[:]) }}}
}

type toyMC = MonteCarlo[struct{}, toyState, toyMove, toyView]

func TestMonteCarloSamplesRoundRobin(t *testing.T) {
	w := newWatchedToy()
	s, _ := w.NewGame(struct{}{})
	r := cards.NewRand(1)
	if _, err := (toyMC{Rules: w, Samples: 4, Depth: 10}).Choose(w.View(s, 0), &r); err != nil {
		t.Fatal(err)
	}
	want := slices.Repeat([]int{0, 1, 2}, 4)
	if !slices.Equal(w.first, want) {
		t.Errorf("the worlds' first moves are %v, want %v: one world for each move in turn", w.first, want)
	}
}

// TestSearchesStopAtTheNextLook stops each search as it deals its seventh
// world: past a deadline, it returns a legal move without dealing another;
// cancelled, an error wrapping context.Canceled.
func TestSearchesStopAtTheNextLook(t *testing.T) {
	for _, err := range []error{context.DeadlineExceeded, context.Canceled} {
		for _, name := range []string{"montecarlo", "ismcts"} {
			w := newWatchedToy()
			s, _ := w.NewGame(struct{}{})
			v := w.View(s, 0)
			ctx := newDoneCtx(err)
			w.stopAt, w.stop = 7, ctx.stop
			r := cards.NewRand(1)
			var m toyMove
			var got error
			if name == "montecarlo" {
				m, got = toyMC{Rules: w, Samples: 100}.ChooseContext(ctx, v, &r)
			} else {
				m, got = toyBot{Rules: w, Iterations: 100}.ChooseContext(ctx, v, &r)
			}
			if w.worlds != 7 {
				t.Errorf("%s, stopped (%v) in its seventh world, dealt %d", name, err, w.worlds)
			}
			switch {
			case err == context.Canceled && !errors.Is(got, context.Canceled):
				t.Errorf("%s, cancelled, returns %v, %v", name, m, got)
			case err == context.DeadlineExceeded && (got != nil || !slices.Contains(v.Moves, m)):
				t.Errorf("%s, past its deadline, returns %v, %v; want one of %v", name, m, got, v.Moves)
			}
		}
	}
}
