package bastards

import (
	"github.com/cardrules/games/cards"
)

// Options describe a game of Kings & Bastards. Their values are literal:
// start from DefaultOptions and change what you need.
//
//cards:json options "Kings & Bastards options"
type Options struct {
	// Players is the number of players: 4 to 6 as in the rules, 3, or 7 to
	// 10 with two decks.
	Players int
	// Jokers is the number of jokers in each deck: 0, 1 or 2.
	Jokers int
	// Rounds ends the game after that many rounds; 0 means no limit, and
	// the game never ends.
	Rounds int
	// Seed makes the deals reproducible.
	Seed cards.Seed
	// NoLog turns the event log off, for search and simulation.
	NoLog bool
}

// DefaultOptions returns the options of a game as the rules set it up: four
// players, one deck with two jokers, and DefaultRounds rounds.
func DefaultOptions() Options {
	return Options{Players: 4, Jokers: 2, Rounds: DefaultRounds}
}

// The bounds on the options.
const (
	MinPlayers = 3  // fewest players (the rules' 4, and 3 as allowed)
	MaxPlayers = 10 // most players (two decks from 7 on)
	// TwoDecksFrom is the number of players from which the game uses two
	// decks.
	TwoDecksFrom = 7
	// DefaultRounds is the number of rounds of a game of the default
	// options. The rules set no end; a game of five rounds lets every
	// seat of the default table deal at least once.
	DefaultRounds = 5
	// MaxRounds bounds the round limit.
	MaxRounds = 1 << 30
)

// config is the part of the options a state keeps: the table and the deck.
type config struct {
	players int8  `cards:"players"` // 3 to 10
	decks   int8  `cards:"decks"`   // 1 or 2
	jokers  int8  `cards:"jokers"`  // per deck, 0 to 2
	rounds  int32 `cards:"rounds"`  // round limit, 0 for none
	noLog   bool
}

// resolve checks the options and returns the configuration they describe.
func (o Options) resolve() (config, error) {
	n := o.Players
	switch {
	case n < MinPlayers || n > MaxPlayers:
		return config{}, cards.BadOptions("Kings & Bastards is for %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	case o.Jokers < 0 || o.Jokers > 2:
		return config{}, cards.BadOptions("jokers is 0, 1 or 2 per deck, not %d", o.Jokers)
	case o.Rounds < 0 || o.Rounds > MaxRounds:
		return config{}, cards.BadOptions("rounds is 0 (no limit) or a number of rounds up to %d, not %d", MaxRounds, o.Rounds)
	}
	return config{players: int8(n), decks: decksFor(n), jokers: int8(o.Jokers), noLog: o.NoLog, rounds: int32(o.Rounds)}, nil
}

// decksFor returns the number of decks for n players.
func decksFor(n int) int8 {
	if n >= TwoDecksFrom {
		return 2
	}
	return 1
}

// deck returns every card of the game: one or two standard decks with
// their jokers.
func (c config) deck() cards.Set {
	d := cards.Standard().Union(cards.Jokers(int(c.jokers)))
	if c.decks == 2 {
		d = d.Union(d.Twins())
	}
	return d
}
