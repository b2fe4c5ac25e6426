package ninekingdoms

import "github.com/cardrules/games/cards"

// Options are the options of a game. The zero Options is a valid game: a
// single game for two players.
type Options struct {
	// Players is the number of players, 2 to 4. Zero means 2.
	Players int `json:"players"`
	// Seed makes the game reproducible: the same seed and moves give the
	// same game.
	Seed cards.Seed `json:"seed"`
	// NoLog turns the event log off, for search and simulation: Apply
	// then allocates nothing.
	NoLog bool `json:"noLog"`
	// Match plays a match instead of one game: games follow one another,
	// the first player rotating, until a player's total reaches 100 (see
	// the package documentation).
	Match bool `json:"match"`
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

// players returns the number of players the options ask for, or an error
// wrapping cards.ErrBadOptions.
func (o Options) players() (int, error) {
	switch n := o.Players; {
	case n == 0:
		return MinPlayers, nil
	case n < MinPlayers || n > MaxPlayers:
		return 0, cards.BadOptions("Nine Kingdoms is for %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	default:
		return n, nil
	}
}
