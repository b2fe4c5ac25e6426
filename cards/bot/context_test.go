package bot_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/cardrules/games/bastards"
	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
)

type (
	ismctsBot = bot.ISMCTS[bastards.Options, bastards.State, bastards.Move, bastards.View]
	anyBot    = bot.ContextBot[bastards.Move, bastards.View]
)

var (
	_ anyBot = randomBot{}
	_ anyBot = mcBot{}
	_ anyBot = ismctsBot{}
)

// stopWithin bounds the time a bot may take to return once its context
// is done: far more than it needs (well under a millisecond), so that a
// loaded machine does not fail the test, and far less than the seconds
// the searches of heavyBots would take if nothing stopped them.
const stopWithin = 100 * time.Millisecond

// heavyBots are bots that would search a long game for seconds a move.
func heavyBots() map[string]anyBot {
	rules := bastards.Rules{}
	return map[string]anyBot{
		"montecarlo:samples=10000,depth=100000": mcBot{Rules: rules, Samples: 10000, Depth: 100000},
		"ismcts:iterations=100000":              ismctsBot{Rules: rules, Iterations: 100000},
		"ismcts:iterations=100000,depth=100000": ismctsBot{Rules: rules, Iterations: 100000, Depth: 100000},
	}
}

// longGameView returns a view, with a choice to make, of a game of Kings
// & Bastards of many rounds, so that the playouts of heavyBots run their
// full depth.
func longGameView(t *testing.T) bastards.View {
	t.Helper()
	opts := bastards.DefaultOptions()
	opts.Rounds, opts.Seed, opts.NoLog = 10000, 3, true
	s, err := bastards.NewGame(opts)
	if err != nil {
		t.Fatal(err)
	}
	r := cards.NewRand(1)
	for n := 0; ; n++ {
		p := s.ToAct().First()
		if v := bastards.ViewOf(s, p); n >= 40 && len(v.Moves) > 1 {
			return v
		}
		moves := bastards.LegalMoves(s)
		if s, err = bastards.Apply(s, moves[r.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
	}
}

// chooseAsync runs b.ChooseContext in a goroutine and returns a channel
// of its answer.
func chooseAsync(ctx bot.Context, b anyBot, v bastards.View, seed uint64) <-chan choice {
	answer := make(chan choice, 1)
	go func() {
		r := cards.NewRand(seed)
		m, err := b.ChooseContext(ctx, v, &r)
		answer <- choice{m, err}
	}()
	return answer
}

type choice struct {
	move bastards.Move
	err  error
}

func TestChooseContextCancelled(t *testing.T) {
	v := longGameView(t)
	stopping := errors.New("the server is stopping")
	for name, b := range heavyBots() {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			answer := chooseAsync(ctx, b, v, 1)
			time.Sleep(20 * time.Millisecond) // well into the search
			cancel(stopping)
			cancelled := time.Now()
			var got choice
			select {
			case got = <-answer:
			case <-time.After(10 * time.Second):
				t.Fatal("the bot did not stop within 10 s of the cancel")
			}
			took := time.Since(cancelled)
			t.Logf("returned %v after the cancel: %v", took, got.err)
			if took > stopWithin {
				t.Errorf("the bot returned %v after the cancel, more than %v", took, stopWithin)
			}
			if !errors.Is(got.err, context.Canceled) || !errors.Is(got.err, stopping) {
				t.Errorf("cancelled, the bot returns %v (move %v), want an error wrapping context.Canceled and the cause", got.err, got.move)
			}
			if errors.Is(got.err, cards.ErrBadInput) || errors.Is(got.err, cards.ErrIllegalMove) {
				t.Errorf("cancelled, the bot blames its input: %v", got.err)
			}
		})
	}
}

func TestChooseContextDeadlineReturnsALegalMove(t *testing.T) {
	v := longGameView(t)
	for name, b := range heavyBots() {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
			defer cancel()
			deadline, _ := ctx.Deadline()
			var got choice
			select {
			case got = <-chooseAsync(ctx, b, v, 1):
			case <-time.After(10 * time.Second):
				t.Fatal("the bot did not stop within 10 s of its deadline")
			}
			late := time.Since(deadline)
			t.Logf("chose %v %v after the deadline", got.move, late)
			if got.err != nil {
				t.Fatalf("at its deadline, the bot fails: %v", got.err)
			}
			if !slices.Contains(v.Moves, got.move) {
				t.Errorf("at its deadline, the bot chose %v, which the view does not list: %v", got.move, v.Moves)
			}
			if late > stopWithin {
				t.Errorf("the bot returned %v after its deadline, more than %v", late, stopWithin)
			}
		})
	}
}

// TestChooseContextDoneBeforeItStarts gives every bot a context cancelled,
// and one past its deadline, before the bot is asked.
func TestChooseContextDoneBeforeItStarts(t *testing.T) {
	v := longGameView(t)
	bots := heavyBots()
	bots["random"] = randomBot{}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	for name, b := range bots {
		r := cards.NewRand(1)
		if m, err := b.ChooseContext(cancelled, v, &r); !errors.Is(err, context.Canceled) {
			t.Errorf("%s, cancelled before it starts, returns %v, %v; want context.Canceled", name, m, err)
		}
		start := time.Now()
		m, err := b.ChooseContext(expired, v, &r)
		if err != nil || !slices.Contains(v.Moves, m) {
			t.Errorf("%s, past its deadline before it starts, returns %v, %v; want one of %v", name, m, err, v.Moves)
		}
		if took := time.Since(start); took > stopWithin {
			t.Errorf("%s, past its deadline before it starts, takes %v", name, took)
		}
	}
}

// TestChooseContextNeverDoneIsChoose checks that a context that is never
// done changes no choice: ChooseContext under context.Background(), or
// under a context that could be cancelled and is not, chooses as Choose
// does for the same random source, and Choose is as deterministic as
// ever.
func TestChooseContextNeverDoneIsChoose(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rules := bastards.Rules{}
	bots := map[string]anyBot{
		"random":     randomBot{},
		"montecarlo": mcBot{Rules: rules, Samples: 3, Depth: 40},
		"ismcts":     ismctsBot{Rules: rules, Iterations: 60},
	}
	s, _ := bastards.NewGame(bastards.Options{Players: 4, Jokers: 2, Rounds: 2, Seed: 7, NoLog: true})
	r := cards.NewRand(7)
	for n := 0; !s.Over() && n < 120; n++ {
		v := bastards.ViewOf(s, s.ToAct().First())
		for name, b := range bots {
			choose := func(c context.Context) string {
				r := cards.NewRand(uint64(n))
				var m bastards.Move
				var err error
				if c == nil {
					m, err = b.Choose(v, &r)
				} else {
					m, err = b.ChooseContext(c, v, &r)
				}
				return fmt.Sprint(m, err)
			}
			want := choose(nil)
			for _, c := range []context.Context{nil, context.Background(), ctx} {
				if got := choose(c); got != want {
					t.Fatalf("%s, move %d: chose %s under %v, %s by Choose", name, n, got, c, want)
				}
			}
		}
		moves := bastards.LegalMoves(s)
		s, _ = bastards.Apply(s, moves[r.IntN(len(moves))])
	}
}

func TestMonteCarloWithATimeBudget(t *testing.T) {
	v := longGameView(t)
	const budget = 30 * time.Millisecond
	for _, samples := range []int{0, 10000} {
		b := mcBot{Rules: bastards.Rules{}, Samples: samples, Depth: 100000, Time: budget}
		r := cards.NewRand(1)
		start := time.Now()
		m, err := b.Choose(v, &r)
		took := time.Since(start)
		t.Logf("samples %d, time %v: chose %v in %v", samples, budget, m, took)
		if err != nil || !slices.Contains(v.Moves, m) {
			t.Errorf("samples %d, time %v: chose %v, %v; want one of %v", samples, budget, m, err, v.Moves)
		}
		if took > budget+stopWithin {
			t.Errorf("samples %d, time %v: took %v", samples, budget, took)
		}
	}
}

// clockOnly is a bot.Context with a deadline whose Done never closes, as
// a context.Context's does not in WebAssembly while a search holds the
// only thread: the bot must read its deadline from the clock.
type clockOnly struct{ deadline time.Time }

func (clockOnly) Done() <-chan struct{}                     { return make(chan struct{}) }
func (clockOnly) Err() error                                { return nil }
func (c clockOnly) Deadline() (deadline time.Time, ok bool) { return c.deadline, true }

func TestChooseContextReadsTheDeadlineFromTheClock(t *testing.T) {
	v := longGameView(t)
	for name, b := range heavyBots() {
		t.Run(name, func(t *testing.T) {
			ctx := clockOnly{time.Now().Add(30 * time.Millisecond)}
			var got choice
			select {
			case got = <-chooseAsync(ctx, b, v, 1):
			case <-time.After(10 * time.Second):
				t.Fatal("the bot did not stop within 10 s of its deadline")
			}
			late := time.Since(ctx.deadline)
			if got.err != nil || !slices.Contains(v.Moves, got.move) {
				t.Fatalf("at its deadline, the bot returns %v, %v; want one of %v", got.move, got.err, v.Moves)
			}
			if late > stopWithin {
				t.Errorf("the bot returned %v after its deadline, more than %v", late, stopWithin)
			}
		})
	}
}

// stopOnly is a bot.Context that is no context.Context: a channel and
// its error.
type stopOnly struct{ done chan struct{} }

func (s stopOnly) Done() <-chan struct{} { return s.done }
func (s stopOnly) Err() error {
	select {
	case <-s.done:
		return context.Canceled
	default:
		return nil
	}
}

func TestChooseContextOfAPlainStop(t *testing.T) {
	v := longGameView(t)
	for name, b := range heavyBots() {
		t.Run(name, func(t *testing.T) {
			ctx := stopOnly{make(chan struct{})}
			answer := chooseAsync(ctx, b, v, 1)
			time.Sleep(20 * time.Millisecond) // well into the search
			close(ctx.done)
			select {
			case got := <-answer:
				if !errors.Is(got.err, context.Canceled) {
					t.Errorf("stopped, the bot returns %v, %v; want an error wrapping context.Canceled", got.move, got.err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the bot did not stop within 10 s")
			}
		})
	}
}
