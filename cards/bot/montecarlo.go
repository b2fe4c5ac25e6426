package bot

import (
	"cmp"

	"github.com/cardrules/games/cards"
)

// MonteCarlo is a bot that looks ahead. For each of its legal moves it
// deals Samples worlds consistent with its view (Rules.Determinize), makes
// the move in each and plays on at random for up to Depth moves, and it
// chooses the move whose worlds turned out best for it. A world that ends
// counts as its share of the win; one still going is judged by the scores:
// the share of the other players whose score is no better than its own.
type MonteCarlo[O any, S cards.State, M cards.Move, V cards.View[M]] struct {
	Rules   cards.Rules[O, S, M, V]
	Samples int // worlds a move; 0 means MonteCarloSamples
	Depth   int // random moves after the bot's move; 0 means MonteCarloDepth
}

// The defaults of MonteCarlo.
const (
	MonteCarloSamples = 24
	MonteCarloDepth   = 400
)

// Choose returns the move whose sampled futures score best for the viewer.
func (b MonteCarlo[O, S, M, V]) Choose(v V, r *cards.Rand) (M, error) {
	base := v.Base()
	moves := base.Moves
	switch len(moves) {
	case 0:
		var zero M
		return zero, noMove(base)
	case 1:
		return moves[0], nil
	}
	samples, depth := max(cmp.Or(b.Samples, MonteCarloSamples), 1), max(cmp.Or(b.Depth, MonteCarloDepth), 0)
	best, bestValue := 0, -1.0
	var buf []M
	for i, m := range moves {
		total := 0.0
		for range samples {
			world, err := b.Rules.Determinize(v, r.Uint64())
			if err != nil {
				return m, err
			}
			world, err = b.Rules.Apply(world, m)
			if err != nil {
				return m, err
			}
			var value float64
			value, buf = b.playout(world, base.Viewer, depth, r, buf)
			total += value
		}
		if total > bestValue {
			best, bestValue = i, total
		}
	}
	return moves[best], nil
}

// playout plays s on with random legal moves for up to depth moves and
// returns what the end is worth to p, from 0 to 1.
func (b MonteCarlo[O, S, M, V]) playout(s S, p cards.Player, depth int, r *cards.Rand, buf []M) (float64, []M) {
	for range depth {
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
	return Worth(s, p), buf
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
