package ninekingdoms

import (
	"github.com/cardrules/games/cards"
)

// Options are the options of a game. Their values are literal: start from
// DefaultOptions and change what you need.
//
//cards:json options "Nine Kingdoms options"
type Options struct {
	// Players is the number of players, 2 to 4.
	Players int
	// Seed makes the game reproducible: the same seed and moves give the
	// same game.
	Seed cards.Seed
	// NoLog turns the event log off, for search and simulation: Apply
	// then allocates nothing.
	NoLog bool
	// Match plays a match instead of one game: games follow one another,
	// the first player rotating, until a player's total reaches 100 (see
	// the package documentation).
	Match bool
}

// The bounds of the game.
const (
	MinPlayers = 2
	MaxPlayers = 4
	// Rounds is the number of rounds of a game.
	Rounds = 6
	// MatchTarget is the total that ends a match.
	MatchTarget = 100
	// HandSize is the number of cards dealt to each player each round.
	HandSize = 5
)

// DefaultOptions returns the options of a single game for two players.
func DefaultOptions() Options { return Options{Players: 2} }

// players returns the number of players the options ask for, or an error
// wrapping cards.ErrBadOptions.
func (o Options) players() (int, error) {
	if n := o.Players; n < MinPlayers || n > MaxPlayers {
		return 0, cards.BadOptions("Nine Kingdoms is for %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	}
	return o.Players, nil
}
