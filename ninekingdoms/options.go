package ninekingdoms

import "github.com/cardrules/games/cards"

// Options are the options of a game.
type Options struct {
	// Players is the number of players, 2 to 4.
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

func (o Options) check() error {
	if o.Players < MinPlayers || o.Players > MaxPlayers {
		return cards.BadOptions("Nine Kingdoms is for %d to %d players, not %d", MinPlayers, MaxPlayers, o.Players)
	}
	return nil
}
