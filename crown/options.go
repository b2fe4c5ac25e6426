package crown

import (
	"github.com/cardrules/games/cards"
)

// Options describe a game of Claim the Crown. Every field means what it
// says: false and 0 are values, not defaults. DefaultOptions gives the
// game of the published rules.
//
//cards:json options "Claim the Crown options"
type Options struct {
	// Players is the number of players. Claim the Crown is for exactly
	// 2; the field exists so that tools written for every game can read
	// and set it.
	Players int
	// Seed makes the game reproducible: the same seed and moves give the
	// same game.
	Seed cards.Seed
	// NoLog turns the event log off, for search and simulation: Apply
	// then allocates nothing.
	NoLog bool
	// RoyalBloc adds the win condition Royal Bloc: four cards of one rank,
	// Face cards included.
	RoyalBloc bool
	// UnitedHouse adds the win condition United House: five cards of one
	// suit, Face cards included.
	UnitedHouse bool
	// LineOfSuccession adds the win condition Line of Succession: five
	// ranks in a row of any suits, the Ace high (10 to A) or low (A to
	// 5), never from the King to the 2.
	LineOfSuccession bool
	// MaxTurns ends the game in a draw once that many turns have been
	// played without a win; 0 means no limit, as in the published rules.
	MaxTurns int
}

// DefaultOptions returns the options of the published game: two players,
// the two win conditions that always count and no limit on turns.
func DefaultOptions() Options { return Options{Players: Players} }

// The bounds of the game and its options.
const (
	// Players is the number of players of every game.
	Players = 2
	// MaxTurnsLimit is the largest value of Options.MaxTurns.
	MaxTurnsLimit = 1 << 30
	// FirstHand and SecondHand are the sizes of the hands dealt to the
	// first player (P1) and the other (P2).
	FirstHand  = 4
	SecondHand = 5
)

// config is the part of the options a state keeps: its JSON names them
// as the options do.
type config struct {
	players          uint8  `cards:"players"` // always Players
	royalBloc        bool   `cards:"royalBloc"`
	unitedHouse      bool   `cards:"unitedHouse"`
	lineOfSuccession bool   `cards:"lineOfSuccession"`
	maxTurns         uint32 `cards:"maxTurns"` // 0 for no limit
}

// config checks the options and returns what a state keeps of them. An
// error wraps cards.ErrBadOptions.
func (o Options) config() (config, error) {
	switch {
	case o.Players != Players:
		return config{}, cards.BadOptions("Claim the Crown is for %d players, not %d", Players, o.Players)
	case o.MaxTurns < 0 || o.MaxTurns > MaxTurnsLimit:
		return config{}, cards.BadOptions("maxTurns is 0 (no limit) or a number of turns up to %d, not %d", MaxTurnsLimit, o.MaxTurns)
	}
	return config{
		players: Players, royalBloc: o.RoyalBloc, unitedHouse: o.UnitedHouse, lineOfSuccession: o.LineOfSuccession,
		maxTurns: uint32(o.MaxTurns),
	}, nil
}

// conds returns the win conditions that count: the two of every game and
// the variants the options add.
func (c config) conds() Conditions {
	cs := RoyalCouncil.Set() | FactionSupremacy.Set()
	if c.royalBloc {
		cs |= RoyalBloc.Set()
	}
	if c.unitedHouse {
		cs |= UnitedHouse.Set()
	}
	if c.lineOfSuccession {
		cs |= LineOfSuccession.Set()
	}
	return cs
}

// options returns the options a state was dealt with, but for the seed,
// which the state no longer knows, and NoLog, which its log tells.
func (c config) options() Options {
	return Options{
		Players:          Players,
		RoyalBloc:        c.royalBloc,
		UnitedHouse:      c.unitedHouse,
		LineOfSuccession: c.lineOfSuccession,
		MaxTurns:         int(c.maxTurns),
	}
}
