package packs

import (
	"github.com/cardrules/games/cards"
)

// Options describe a game of Packs Kingdoms. Every field means what it
// says: zero is zero, never "the default". DefaultOptions gives the rules'
// defaults.
//
//cards:json options "Packs Kingdoms options"
type Options struct {
	// Players is the number of seats, 2 to 4. The solo game has two: the
	// player (P1) and the automaton (P2).
	Players int
	// Seed makes the game reproducible: the same seed and moves give the
	// same game.
	Seed cards.Seed
	// NoLog turns the event log off, for search and simulation: Apply
	// then allocates nothing.
	NoLog bool
	// Solo plays the solo variant: P1 against the automaton in P2's seat.
	Solo bool
	// HeadStart is the number of cards, 0 to 3, dealt into the
	// automaton's kingdom before the first turn. Only the solo game has
	// one.
	HeadStart int
	// Turns is the number of turns each player has before the game is
	// called (40 in this version of the rules).
	Turns int
}

// The bounds of the game.
const (
	MinPlayers = 2
	MaxPlayers = 4
	// MaxHeadStart is the largest head start of the automaton.
	MaxHeadStart = 3
	// DefaultTurns is the number of turns each after which the game is
	// called.
	DefaultTurns = 40
	// MaxTurns bounds Options.Turns.
	MaxTurns = 1000
	// Rows and Columns are the shape of the market. Column 0 is next to
	// the deck and costs 5; column 5 is the far column and costs 0.
	Rows    = 2
	Columns = 6
	// RunLength is the number of cards of a run, and the most a suit of a
	// kingdom holds; RunsToWin the runs that win the game.
	RunLength = 3
	RunsToWin = 3
	// MaxHandLimit is the largest hand limit: 1 and three ♥.
	MaxHandLimit = 1 + RunLength
)

// Automaton is the automaton's seat in the solo game.
const Automaton cards.Player = 1

// DefaultOptions returns the options of the rules: two players, no solo,
// the game called after 40 turns each, the log on, seed 0.
func DefaultOptions() Options {
	return Options{Players: 2, Turns: DefaultTurns}
}

// validate returns an error wrapping cards.ErrBadOptions if the options
// describe no game that can be played.
func (o Options) validate() error {
	switch {
	case o.Solo && o.Players != 2:
		return cards.BadOptions("the solo game has 2 seats, the player and the automaton, not %d", o.Players)
	case o.Players < MinPlayers || o.Players > MaxPlayers:
		return cards.BadOptions("Packs Kingdoms is for %d to %d players, not %d", MinPlayers, MaxPlayers, o.Players)
	case o.HeadStart < 0 || o.HeadStart > MaxHeadStart:
		return cards.BadOptions("the head start is 0 to %d cards, not %d", MaxHeadStart, o.HeadStart)
	case o.HeadStart != 0 && !o.Solo:
		return cards.BadOptions("only the solo game's automaton has a head start")
	case o.Turns < 1 || o.Turns > MaxTurns:
		return cards.BadOptions("the game is called after 1 to %d turns each, not %d", MaxTurns, o.Turns)
	}
	return nil
}
