package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/cardrules/games/cards"
)

// pollEvery is how many moves of a playout, or steps down a tree, a
// search makes between two looks at its limit: a few hundred moves are
// well under a millisecond of work in every game, and a look costs a
// select and a clock reading.
const pollEvery = 256

// A limit tells a search when to stop: at a deadline, the earlier of the
// bot's own time and its context's, or once its context is done. The zero
// limit never stops a search, and watching it costs a test of a field.
//
// The deadline is kept as a time since epoch, not as a time.Time: a
// time.Time in the bots' types would keep its formatting and parsing in
// every program that plays them, WebAssembly bundles included.
type limit struct {
	ctx      Context
	done     <-chan struct{} // nil if ctx can never be done
	deadline time.Duration   // since epoch; 0 for none
	active   bool            // whether there is a deadline or a done to watch
	stopped  bool            // whether the search must stop
	err      error           // why it must, if ctx was cancelled
}

// epoch is the time deadlines are counted from, by the monotonic clock.
var epoch = time.Now()

// now returns the time since epoch: never 0, which means no deadline.
func now() time.Duration { return max(time.Since(epoch), 1) }

// newLimit returns the limit of a search under ctx that may take the time
// budget (0 for no bound).
func newLimit(ctx Context, budget time.Duration) limit {
	l := limit{ctx: ctx, done: ctx.Done()}
	if budget > 0 {
		l.deadline = now() + budget
	}
	if d, ok := deadline(ctx); ok && (l.deadline == 0 || d < l.deadline) {
		l.deadline = d
	}
	l.active = l.done != nil || l.deadline != 0
	return l
}

// deadline returns ctx's deadline as a time since epoch, if ctx has one:
// if it has a method Deadline, as a context.Context has.
func deadline(ctx Context) (time.Duration, bool) {
	c, ok := ctx.(interface{ Deadline() (time.Time, bool) })
	if !ok {
		return 0, false
	}
	d, ok := c.Deadline()
	if !ok {
		return 0, false
	}
	return max(d.Sub(epoch), 1), true
}

// reached reports whether the search must stop now. Once it has reported
// so it always does; l.err then holds an error wrapping ctx.Err() if ctx
// was cancelled, and nil if a deadline passed.
func (l *limit) reached() bool {
	return l.active && l.check()
}

// poll is reached every pollEvery calls, counted by n, and false between:
// the look of a loop that makes many cheap steps.
func (l *limit) poll(n int) bool {
	return l.active && n%pollEvery == pollEvery-1 && l.check()
}

// check looks at the context and the clock. The clock is read even when
// the context has a deadline of its own, for the context's timer may not
// have fired yet: in WebAssembly, no timer fires while a search holds the
// only thread.
func (l *limit) check() bool {
	if l.stopped {
		return true
	}
	select {
	case <-l.done:
		l.stopped = true
		if l.ctx.Err() != context.DeadlineExceeded {
			l.err = stopped(l.ctx)
		}
		return true
	default:
	}
	if l.deadline != 0 && now() >= l.deadline {
		l.stopped = true
	}
	return l.stopped
}

// stopped returns the error of a bot stopped because ctx was cancelled:
// it wraps ctx.Err(), and the cause of the cancellation if ctx is a
// context.Context that was given one.
func stopped(ctx Context) error {
	err := ctx.Err()
	if c, ok := ctx.(context.Context); ok {
		if cause := context.Cause(c); cause != nil && cause != err {
			return fmt.Errorf("bot stopped: %w: %w", err, cause)
		}
	}
	return fmt.Errorf("bot stopped: %w", err)
}

// stoppedEarly returns what a bot stopped by l returns when it has found
// no best move: l's error if its context was cancelled, or else one of
// moves chosen at random.
func stoppedEarly[M any](l *limit, moves []M, r *cards.Rand) (M, error) {
	if l.err != nil {
		var zero M
		return zero, l.err
	}
	return moves[r.IntN(len(moves))], nil
}
