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
// Every bot here is a ContextBot: its ChooseContext stops when a context
// is done, so that a server can bound a move's time and drop the work of
// a request no one awaits any more. It takes a Context, the part of a
// context.Context it reads: any context.Context is one.
//
// Play plays a whole game with a bot in every seat, as a tournament or a
// test does.
//
// NewRandom, NewMonteCarlo and NewISMCTS make a game's bot in a short
// expression, taking their type arguments from the game's rules, and Bots
// lists bots for Play:
//
//	b := bot.NewISMCTS(crown.Rules{}) // bot.ISMCTS[crown.Options, crown.State, crown.Move, crown.View]
//	move, err := b.Choose(crown.ViewOf(s, 1), &r)
//	end, _, err := bot.Play(crown.Rules{}, s, bot.Bots(b, bot.NewRandom(crown.Rules{})), &r, 10000)
package bot

import (
	"context"

	"github.com/cardrules/games/cards"
)

// A Context tells a bot when to stop, and every context.Context is one:
// once the channel Done returns is closed, Err tells why
// (context.Canceled or context.DeadlineExceeded). A Context with a
// deadline has, as a context.Context has, a method Deadline() (time.Time,
// bool), and a bot compares it with the clock as it searches, for in
// WebAssembly no timer closes Done while a search holds the only thread.
// A bot whose work needs a context.Context gets it back by a type
// assertion: ctx.(context.Context).
//
// Bots take a Context, not a context.Context, for what a method's
// signature keeps in a program: a type converted to an interface keeps
// the types of its methods' parameters, and a context.Context keeps,
// through its Deadline, time.Time's formatting and parsing (some 40 KB in
// Brotli in a WebAssembly bundle), in a program that never makes a
// context as in any other.
type Context interface {
	Done() <-chan struct{}
	Err() error
}

// never is the Context of Choose, never done.
type never struct{}

func (never) Done() <-chan struct{} { return nil }
func (never) Err() error            { return nil }

// A Bot chooses one of the legal moves listed in view v, drawing any
// randomness it needs from r. It returns an error wrapping
// cards.ErrIllegalMove if the view lists no move.
type Bot[M cards.Move, V cards.View[M]] interface {
	Choose(v V, r *cards.Rand) (M, error)
}

// A ContextBot is a Bot whose work a context can stop. Random,
// MonteCarlo and ISMCTS are ContextBots, and their Choose is
// ChooseContext under a context never done, as context.Background() is.
//
// ChooseContext chooses as Choose does, but once ctx is done it stops
// promptly, within a fraction of a millisecond of work. If ctx's deadline
// has passed, it returns the best move it has found so far, as a search
// whose own time has run out does: a legal move always, chosen at random
// if the search had completed nothing. If ctx is cancelled, before or
// during the search, it returns an error wrapping ctx.Err()
// (context.Canceled). Under a context that is never done it chooses as
// Choose does, move for move, and a context that can never be done (whose
// Done returns nil, as context.Background's does) costs nothing.
type ContextBot[M cards.Move, V cards.View[M]] interface {
	Bot[M, V]
	ChooseContext(ctx Context, v V, r *cards.Rand) (M, error)
}

// Random is the bot that chooses uniformly among the legal moves.
type Random[M cards.Move, V cards.View[M]] struct{}

// NewRandom returns the random bot of a game, its type arguments taken
// from the game's rules, as NewISMCTS does.
func NewRandom[O any, S cards.State, M cards.Move, V cards.View[M]](cards.Rules[O, S, M, V]) Random[M, V] {
	return Random[M, V]{}
}

// Choose returns one of v's moves, chosen uniformly.
func (b Random[M, V]) Choose(v V, r *cards.Rand) (M, error) {
	return b.ChooseContext(never{}, v, r)
}

// ChooseContext returns one of v's moves, chosen uniformly, unless ctx is
// cancelled: then it returns an error wrapping ctx.Err(). A deadline
// passed does not stop it, for it has no search to cut short.
func (Random[M, V]) ChooseContext(ctx Context, v V, r *cards.Rand) (M, error) {
	moves := v.Base().Moves
	var zero M
	if len(moves) == 0 {
		return zero, noMove(v.Base())
	}
	if err := ctx.Err(); err != nil && err != context.DeadlineExceeded {
		return zero, stopped(ctx)
	}
	return moves[r.IntN(len(moves))], nil
}

func noMove[M any](b cards.ViewBase[M]) error {
	if b.Over {
		return cards.ErrGameOver
	}
	return cards.Illegal("%v has no move to make now", b.Viewer)
}
