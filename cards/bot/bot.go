// Package bot holds players for any game of this module. A bot chooses a
// move from what its player may know — a view, never a state — so that it
// plays by the same information as a person in its seat: the Bot
// interface takes nothing else.
//
// Random chooses at random; MonteCarlo tries each move in worlds dealt
// from the view and played on at random; ISMCTS, the strongest, searches
// a tree of moves over such worlds. Search bots deal their worlds with the
// game's Determinize, so they play as well as it samples what a player
// cannot see.
//
// Play plays a whole game with a bot in every seat, as a tournament or a
// test does.
package bot

import (
	"github.com/cardrules/games/cards"
)

// A Bot chooses one of the legal moves listed in view v, drawing any
// randomness it needs from r. It returns an error wrapping
// cards.ErrIllegalMove if the view lists no move.
type Bot[M cards.Move, V cards.View[M]] interface {
	Choose(v V, r *cards.Rand) (M, error)
}

// Random is the bot that chooses uniformly among the legal moves.
type Random[M cards.Move, V cards.View[M]] struct{}

// Choose returns one of v's moves, chosen uniformly.
func (Random[M, V]) Choose(v V, r *cards.Rand) (M, error) {
	moves := v.Base().Moves
	if len(moves) == 0 {
		var zero M
		return zero, noMove(v.Base())
	}
	return moves[r.IntN(len(moves))], nil
}

func noMove[M any](b cards.ViewBase[M]) error {
	if b.Over {
		return cards.ErrGameOver
	}
	return cards.Illegal("%v has no move to make now", b.Viewer)
}
