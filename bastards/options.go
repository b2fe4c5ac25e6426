package bastards

import "github.com/cardrules/games/cards"

// NoJokers is the value of Options.Jokers for a game without jokers. The
// zero value of Options.Jokers means the default, two jokers per deck.
const NoJokers = -1

// Options describe a game of Kings & Bastards. The zero Options is a valid
// game: four players, one deck with two jokers, no limit on rounds.
type Options struct {
	// Players is the number of players: 4 to 6 as in the rules, 3, or 7 to
	// 10 with two decks. Zero means 4.
	Players int `json:"players"`
	// Jokers is the number of jokers in each deck: 1 or 2, NoJokers (-1)
	// for none, and 0 for the default of 2.
	Jokers int `json:"jokers"`
	// Rounds ends the game after that many rounds; 0 means no limit, and
	// the game never ends.
	Rounds int `json:"rounds"`
	// Seed makes the deals reproducible.
	Seed cards.Seed `json:"seed"`
	// NoLog turns the event log off, for search and simulation.
	NoLog bool `json:"noLog"`
}

// The bounds on the options.
const (
	MinPlayers = 3  // fewest players (the rules' 4, and 3 as allowed)
	MaxPlayers = 10 // most players (two decks from 7 on)
	// TwoDecksFrom is the number of players from which the game uses two
	// decks.
	TwoDecksFrom = 7
)

// config is the part of the options a state keeps: the table and the deck.
type config struct {
	players int8 // 3 to 10
	decks   int8 // 1 or 2
	jokers  int8 // per deck, 0 to 2
	noLog   bool
	rounds  int32 // round limit, 0 for none
}

// resolve checks the options and fills in their defaults.
func (o Options) resolve() (config, error) {
	n := o.Players
	if n == 0 {
		n = 4
	}
	if n < MinPlayers || n > MaxPlayers {
		return config{}, cards.BadOptions("Kings & Bastards is for %d to %d players, not %d", MinPlayers, MaxPlayers, o.Players)
	}
	j := o.Jokers
	switch {
	case j == 0:
		j = 2
	case j == NoJokers:
		j = 0
	case j < 0 || j > 2:
		return config{}, cards.BadOptions("jokers is 1 or 2 per deck, %d for none, or 0 for the default 2; not %d", NoJokers, o.Jokers)
	}
	if o.Rounds < 0 || o.Rounds > maxRounds {
		return config{}, cards.BadOptions("rounds is 0 (no limit) or a number of rounds up to %d, not %d", maxRounds, o.Rounds)
	}
	return config{players: int8(n), decks: decksFor(n), jokers: int8(j), noLog: o.NoLog, rounds: int32(o.Rounds)}, nil
}

// decksFor returns the number of decks for n players.
func decksFor(n int) int8 {
	if n >= TwoDecksFrom {
		return 2
	}
	return 1
}

// maxRounds bounds the round limit so that counts stay in their fields.
const maxRounds = 1 << 30

// deck returns every card of the game: one or two standard decks with
// their jokers.
func (c config) deck() cards.Set {
	d := cards.Standard().Union(cards.Jokers(int(c.jokers)))
	if c.decks == 2 {
		d = d.Union(d.Twins())
	}
	return d
}
