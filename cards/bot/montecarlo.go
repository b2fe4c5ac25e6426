package bot

import (
	"cmp"
	"time"

	"github.com/cardrules/games/cards"
)

// MonteCarlo is a bot that looks ahead. It tries each of its legal moves
// in worlds consistent with its view (Rules.Determinize): it makes the
// move in a world and plays on at random for up to Depth moves. It deals
// the worlds round-robin, one for each move in turn, Samples rounds, and
// chooses the move whose worlds turned out best for it on average, so that
// a search stopped early by Time or a context compares moves tried about
// equally often. A world that ends counts as its share of the win; one
// still going is judged by the scores: the share of the other players
// whose score is no better than its own.
//
// A search is deterministic for a given random source and Samples when
// Time is zero and its context, if any, has no deadline. ChooseContext
// stops when a context is done within a few hundred moves of a playout
// (see ContextBot); a world cut short counts for nothing.
type MonteCarlo[O any, S cards.State, M cards.Move, V cards.View[M]] struct {
	Rules cards.Rules[O, S, M, V]
	// Samples is the number of worlds dealt for each move; 0 means
	// MonteCarloSamples, or no bound if Time is set.
	Samples int
	// Depth is the number of random moves played after the bot's move;
	// 0 means MonteCarloDepth.
	Depth int
	// Time bounds the time a move takes; 0 means no bound. With both
	// bounds the search stops at the first one reached, and at a
	// context's deadline if that comes first.
	Time time.Duration
}

// NewMonteCarlo returns the Monte Carlo bot of a game with the defaults,
// its type arguments taken from the game's rules, as NewISMCTS does.
func NewMonteCarlo[O any, S cards.State, M cards.Move, V cards.View[M]](rules cards.Rules[O, S, M, V]) MonteCarlo[O, S, M, V] {
	return MonteCarlo[O, S, M, V]{Rules: rules}
}

// The defaults of MonteCarlo.
const (
	MonteCarloSamples = 24
	MonteCarloDepth   = 400
)

// Choose returns the move whose sampled futures score best for the
// viewer. It is ChooseContext under a context never done.
func (b MonteCarlo[O, S, M, V]) Choose(v V, r *cards.Rand) (M, error) {
	return b.ChooseContext(never{}, v, r)
}

// ChooseContext returns the move whose sampled futures score best for the
// viewer once its bounds are reached or ctx is done: past ctx's deadline,
// the best of the worlds played so far, and if ctx is cancelled, an error
// wrapping ctx.Err() (see ContextBot).
func (b MonteCarlo[O, S, M, V]) ChooseContext(ctx Context, v V, r *cards.Rand) (M, error) {
	base := v.Base()
	moves := base.Moves
	var zero M
	if len(moves) == 0 {
		return zero, noMove(base)
	}
	lim := newLimit(ctx, b.Time)
	if lim.reached() {
		return stoppedEarly(&lim, moves, r)
	}
	if len(moves) == 1 {
		return moves[0], nil
	}
	samples := b.Samples // 0 for no bound
	switch {
	case samples == 0 && b.Time <= 0:
		samples = MonteCarloSamples
	case samples < 0:
		samples = 1
	}
	depth := max(cmp.Or(b.Depth, MonteCarloDepth), 0)
	worth := make([]float64, len(moves)) // the total worth of each move's worlds
	rounds, tried := 0, 0                // rounds done; moves tried in the round under way
	var buf []M
	for samples == 0 || rounds < samples {
		if lim.reached() {
			break
		}
		m := moves[tried]
		world, err := b.Rules.Determinize(v, r.Uint64())
		if err != nil {
			return zero, err
		}
		if world, err = b.Rules.Apply(world, m); err != nil {
			return zero, err
		}
		var value float64
		var ok bool
		if value, buf, ok = b.playout(&lim, world, base.Viewer, depth, r, buf); !ok {
			break
		}
		worth[tried] += value
		if tried++; tried == len(moves) {
			rounds, tried = rounds+1, 0
		}
	}
	if lim.err != nil || rounds == 0 && tried == 0 {
		return stoppedEarly(&lim, moves, r)
	}
	best, bestValue := 0, -1.0
	for i, total := range worth {
		n := rounds
		if i < tried {
			n++ // tried once more, in the round cut short
		}
		if n == 0 {
			break // untried, like every move after it
		}
		if value := total / float64(n); value > bestValue {
			best, bestValue = i, value
		}
	}
	return moves[best], nil
}

// playout plays s on with random legal moves for up to depth moves and
// returns what the end is worth to p, from 0 to 1. It reports false if
// lim stopped it first.
func (b MonteCarlo[O, S, M, V]) playout(lim *limit, s S, p cards.Player, depth int, r *cards.Rand, buf []M) (float64, []M, bool) {
	for n := range depth {
		if lim.poll(n) {
			return 0, buf, false
		}
		buf = b.Rules.AppendLegalMoves(buf[:0], s)
		if len(buf) == 0 {
			break
		}
		next, err := b.Rules.Apply(s, buf[r.IntN(len(buf))])
		if err != nil {
			break
		}
		s = next
	}
	return Worth(s, p), buf, true
}

// Worth returns what state s is worth to player p, from 0 to 1: p's share
// of the win once the game is over, and before that the share of the other
// players whose score is no better than p's.
func Worth[S cards.State](s S, p cards.Player) float64 {
	res := s.Result()
	if s.Over() {
		if !res.Winners.Has(p) {
			return 0
		}
		return 1 / float64(res.Winners.Len())
	}
	if int(p) < 0 || int(p) >= len(res.Scores) || len(res.Scores) < 2 {
		return 0.5
	}
	beaten := 0
	for q, score := range res.Scores {
		if q != int(p) && score <= res.Scores[p] {
			beaten++
		}
	}
	return float64(beaten) / float64(len(res.Scores)-1)
}
