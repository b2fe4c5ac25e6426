package crown

import (
	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// Options describe a game of Claim the Crown. Every field means what it
// says: false and 0 are values, not defaults. DefaultOptions gives the
// game of the published rules.
type Options struct {
	// Players is the number of players. Claim the Crown is for exactly
	// 2; the field exists so that tools written for every game can read
	// and set it.
	Players int `json:"players"`
	// Seed makes the game reproducible: the same seed and moves give the
	// same game.
	Seed cards.Seed `json:"seed"`
	// NoLog turns the event log off, for search and simulation: Apply
	// then allocates nothing.
	NoLog bool `json:"noLog"`
	// RoyalBloc adds the win condition Royal Bloc: four cards of one rank,
	// Face cards included.
	RoyalBloc bool `json:"royalBloc"`
	// UnitedHouse adds the win condition United House: five cards of one
	// suit, Face cards included.
	UnitedHouse bool `json:"unitedHouse"`
	// LineOfSuccession adds the win condition Line of Succession: five
	// ranks in a row of any suits, the Ace high (10 to A) or low (A to
	// 5), never from the King to the 2.
	LineOfSuccession bool `json:"lineOfSuccession"`
	// MaxTurns ends the game in a draw once that many turns have been
	// played without a win; 0 means no limit, as in the published rules.
	MaxTurns int `json:"maxTurns"`
}

// Fields lists the members of the options' JSON, in order.
func (o *Options) Fields() []cardjson.Field {
	return []cardjson.Field{
		{Name: "players", Ptr: &o.Players},
		{Name: "seed", Ptr: &o.Seed},
		{Name: "noLog", Ptr: &o.NoLog},
		{Name: "royalBloc", Ptr: &o.RoyalBloc},
		{Name: "unitedHouse", Ptr: &o.UnitedHouse},
		{Name: "lineOfSuccession", Ptr: &o.LineOfSuccession},
		{Name: "maxTurns", Ptr: &o.MaxTurns},
	}
}

// AppendJSON appends the options' JSON to b: an object that names every
// option.
func (o Options) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, o.Fields()) }

// MarshalJSON encodes the options as AppendJSON does.
func (o Options) MarshalJSON() ([]byte, error) { return o.AppendJSON(nil) }

// UnmarshalJSON decodes options strictly, starting from DefaultOptions:
// a member left out keeps its default, so {} is the published game.
func (o *Options) UnmarshalJSON(b []byte) error {
	p := DefaultOptions()
	if _, err := cardjson.DecodeFields(b, "Claim the Crown options", p.Fields()); err != nil {
		return err
	}
	*o = p
	return nil
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

// config is the part of the options a state keeps.
type config struct {
	conds    Conditions // the win conditions that count
	maxTurns uint32     // 0 for no limit
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
	c := config{conds: RoyalCouncil.Set() | FactionSupremacy.Set(), maxTurns: uint32(o.MaxTurns)}
	if o.RoyalBloc {
		c.conds |= RoyalBloc.Set()
	}
	if o.UnitedHouse {
		c.conds |= UnitedHouse.Set()
	}
	if o.LineOfSuccession {
		c.conds |= LineOfSuccession.Set()
	}
	return c, nil
}

// options returns the options a state was dealt with, but for the seed,
// which the state no longer knows, and NoLog, which its log tells.
func (c config) options() Options {
	return Options{
		Players:          Players,
		RoyalBloc:        c.conds.Has(RoyalBloc),
		UnitedHouse:      c.conds.Has(UnitedHouse),
		LineOfSuccession: c.conds.Has(LineOfSuccession),
		MaxTurns:         int(c.maxTurns),
	}
}
