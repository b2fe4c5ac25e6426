package cards

import (
	"strconv"

	"github.com/cardrules/games/cards/internal/strict"
)

// GameInfo describes a game to programs that offer it: a lobby, a form of
// options, a command line. Rules.Info returns it.
type GameInfo struct {
	// Name is the game's short name, as used in URLs and flags
	// ("bastards").
	Name string `json:"name"`
	// Title is the game's name as people write it ("Kings & Bastards").
	Title string `json:"title"`
	// Summary tells in a line what the game is.
	Summary string `json:"summary"`
	// MinPlayers and MaxPlayers bound the number of players.
	MinPlayers int `json:"minPlayers"`
	MaxPlayers int `json:"maxPlayers"`
	// Options describes every option, in the order a form shows them;
	// each is a member of the options' JSON object.
	Options []OptionInfo `json:"options"`
	// RankOrder, when set, lists every rank once, from the lowest to the
	// highest as the game ranks them (jokers rank above all). Programs
	// that show cards to people sort them by it: a hand, or a menu of
	// moves by the cards each names. When it is empty, programs keep the
	// game's own order.
	RankOrder []Rank `json:"rankOrder,omitempty"`
	// HowToPlay is the game's rules as written for people, in sections
	// (the goal, the setup, a turn, the powers, the end and the score,
	// the rulings and the variants), a few minutes' reading.
	HowToPlay []Section `json:"howToPlay,omitempty"`
	// Glossary explains the game's terms, each in a sentence or two, in
	// the order a reader meets them; each appears in HowToPlay.
	Glossary []Term `json:"glossary,omitempty"`
	// Legend, when set, is what the game's cards or powers do, a line
	// each ("♣ Club", "Kingdom 7"), as the text of a view says it: a
	// program that shows view after view shows the legend once, and each
	// view without it (see Briefer).
	Legend []Term `json:"legend,omitempty"`
}

// fields lists the members of the info's JSON, in order.
func (info *GameInfo) fields() []field {
	return []field{
		{Name: "name", Ptr: &info.Name}, {Name: "title", Ptr: &info.Title}, {Name: "summary", Ptr: &info.Summary},
		{Name: "minPlayers", Ptr: &info.MinPlayers}, {Name: "maxPlayers", Ptr: &info.MaxPlayers},
		{Name: "options", Ptr: (*strict.List[OptionInfo])(&info.Options)}, {Name: "rankOrder", Ptr: (*strict.List[Rank])(&info.RankOrder), OmitZero: true},
		{Name: "howToPlay", Ptr: (*strict.List[Section])(&info.HowToPlay), OmitZero: true}, {Name: "glossary", Ptr: (*strict.List[Term])(&info.Glossary), OmitZero: true},
		{Name: "legend", Ptr: (*strict.List[Term])(&info.Legend), OmitZero: true},
	}
}

// AppendJSON appends the info's JSON to b: an object of its members, in
// the order of its fields, without rankOrder, howToPlay, glossary or
// legend when it is empty.
func (info GameInfo) AppendJSON(b []byte) ([]byte, error) { return appendFields(b, info.fields()) }

// MarshalJSON encodes the info as AppendJSON does.
func (info GameInfo) MarshalJSON() ([]byte, error) { return info.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends.
func (info *GameInfo) UnmarshalJSON(v []byte) error {
	_, err := decodeFields(v, "a game's description", info.fields())
	return err
}

// CheckRankOrder reports whether info's RankOrder is empty or lists each
// rank from Ace to King exactly once. An error wraps ErrBadInput.
func (info GameInfo) CheckRankOrder() error {
	if len(info.RankOrder) == 0 {
		return nil
	}
	var seen [King + 1]bool
	for _, r := range info.RankOrder {
		if r < Ace || r > King || seen[r] {
			return BadInput("a rank order lists each rank from A to K once, not %v", info.RankOrder)
		}
		seen[r] = true
	}
	if len(info.RankOrder) != int(King) {
		return BadInput("a rank order lists all 13 ranks, not %d", len(info.RankOrder))
	}
	return nil
}

// An OptionType is the type of an option's value.
type OptionType uint8

// The types of options.
const (
	// IntOption is a whole number from Min to Max.
	IntOption OptionType = iota + 1
	// BoolOption is true or false.
	BoolOption
	// SeedOption is a seed: a number from 0 to 2^64-1 (in JSON a number,
	// or a decimal string beyond 2^53).
	SeedOption
)

var optionTypes = Enum[OptionType]{"", "int", "bool", "seed"}

// String returns "int", "bool" or "seed".
func (t OptionType) String() string { return optionTypes.Name(t) }

// MarshalText encodes the type by its name.
func (t OptionType) MarshalText() ([]byte, error) {
	return optionTypes.MarshalText(t, "an option type")
}

// UnmarshalText decodes a type from its name.
func (t *OptionType) UnmarshalText(b []byte) error {
	return optionTypes.UnmarshalText(b, t, "an option type")
}

// OptionInfo describes one option of a game.
type OptionInfo struct {
	// Name is the option's member name in the options' JSON ("players").
	Name string `json:"name"`
	// Type is the type of its value.
	Type OptionType `json:"type"`
	// Default is its value in the rules' setup: an int, a bool, or a
	// Seed.
	Default any `json:"default"`
	// Min and Max bound an int option.
	Min int `json:"min,omitzero"`
	Max int `json:"max,omitzero"`
	// Description tells in a line what the option does.
	Description string `json:"description"`
}

// AppendJSON appends the option's JSON to b, without min and max when
// they are 0.
func (o OptionInfo) AppendJSON(b []byte) ([]byte, error) {
	return appendFields(b, []field{
		{Name: "name", Ptr: &o.Name}, {Name: "type", Ptr: &o.Type}, {Name: "default", Ptr: (*optionDefault)(&o)},
		{Name: "min", Ptr: &o.Min, OmitZero: true}, {Name: "max", Ptr: &o.Max, OmitZero: true}, {Name: "description", Ptr: &o.Description},
	})
}

// MarshalJSON encodes the option as AppendJSON does.
func (o OptionInfo) MarshalJSON() ([]byte, error) { return o.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends: the default an int, a
// bool or a Seed, as the option's type says.
func (o *OptionInfo) UnmarshalJSON(v []byte) error {
	var def rawJSON
	_, err := decodeFields(v, "an option's description", []field{
		{Name: "name", Ptr: &o.Name}, {Name: "type", Ptr: &o.Type}, {Name: "default", Ptr: &def},
		{Name: "min", Ptr: &o.Min}, {Name: "max", Ptr: &o.Max}, {Name: "description", Ptr: &o.Description},
	})
	if err != nil || def == nil {
		return err
	}
	switch o.Type {
	case IntOption:
		o.Default, err = decodeDefault[int](def)
	case BoolOption:
		o.Default, err = decodeDefault[bool](def)
	case SeedOption:
		o.Default, err = decodeDefault[Seed](def)
	default:
		err = BadInput("option %s has a default but no type", o.Name)
	}
	return strict.InputError("option "+o.Name+"'s default", err)
}

func decodeDefault[T any](v []byte) (any, error) {
	var x T
	err := strict.DecodeValue(v, &x)
	return x, err
}

// optionDefault encodes the default of an option, an int, a bool or a
// Seed.
type optionDefault OptionInfo

func (o *optionDefault) AppendJSON(b []byte) ([]byte, error) {
	if o.Default == nil {
		return append(b, "null"...), nil
	}
	return strict.AppendPlain(b, o.Default, strict.AppendValue)
}

// rawJSON holds a valid JSON value as it is, for a decoder to read later.
type rawJSON []byte

func (r *rawJSON) UnmarshalJSON(v []byte) error {
	*r = append((*r)[:0], v...)
	return nil
}

// IntOpt describes an int option from min to max.
func IntOpt(name string, def, min, max int, description string) OptionInfo {
	return OptionInfo{Name: name, Type: IntOption, Default: def, Min: min, Max: max, Description: description}
}

// BoolOpt describes a bool option.
func BoolOpt(name string, def bool, description string) OptionInfo {
	return OptionInfo{Name: name, Type: BoolOption, Default: def, Description: description}
}

// SeedOpt describes the seed option every game has.
func SeedOpt() OptionInfo {
	return OptionInfo{Name: "seed", Type: SeedOption, Default: Seed(0), Description: "makes the game reproducible: the same seed and moves give the same game"}
}

// NoLogOpt describes the noLog option every game has.
func NoLogOpt() OptionInfo {
	return BoolOpt("noLog", false, "keeps no log of events, for search and simulation")
}

// Parse reads a value of the option from text, as a person types it:
// "5", "true", "12345678901234567890". It checks an int against the bounds
// and returns an int, a bool or a Seed, or an error wrapping ErrBadOptions.
func (o OptionInfo) Parse(text string) (any, error) {
	switch o.Type {
	case IntOption:
		n, err := strconv.Atoi(text)
		if err != nil || n < o.Min || n > o.Max {
			return nil, BadOptions("%s is a whole number from %d to %d, not %q", o.Name, o.Min, o.Max, text)
		}
		return n, nil
	case BoolOption:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return nil, BadOptions("%s is true or false, not %q", o.Name, text)
		}
		return b, nil
	case SeedOption:
		n, err := strconv.ParseUint(text, 10, 64)
		if err != nil {
			return nil, BadOptions("%s is a whole number from 0 to 2^64-1, not %q", o.Name, text)
		}
		return Seed(n), nil
	}
	return nil, BadOptions("option %s has no type", o.Name)
}

// An Enum names the values of a small enumeration, indexed by value: the
// types of moves or the phases of a game. The zero value's name is
// usually "", for no value. Its methods give the enumeration's String,
// MarshalText and UnmarshalText one body.
type Enum[T ~uint8] []string

// Name returns the name of v, or a placeholder such as "Kind(9)" for a
// value without one.
func (e Enum[T]) Name(v T) string {
	if int(v) < len(e) && e[v] != "" {
		return e[v]
	}
	return "(" + strconv.Itoa(int(v)) + ")"
}

// MarshalText encodes v by its name. A value without one is an error
// wrapping ErrBadInput; what names the enumeration ("a move kind").
func (e Enum[T]) MarshalText(v T, what string) ([]byte, error) {
	return e.AppendText(nil, v, what)
}

// AppendText appends the name of v to b, as MarshalText encodes it.
func (e Enum[T]) AppendText(b []byte, v T, what string) ([]byte, error) {
	if int(v) >= len(e) || (v != 0 && e[v] == "") {
		return b, BadInput("%d is not %s", v, what)
	}
	return append(b, e[v]...), nil
}

// UnmarshalText decodes *v from its name, exactly as written. An unknown
// name is an error wrapping ErrBadInput that lists the names.
func (e Enum[T]) UnmarshalText(b []byte, v *T, what string) error {
	for i, name := range e {
		if name == string(b) && (name != "" || i == 0) {
			*v = T(i)
			return nil
		}
	}
	return BadInput("%q is not %s (%s)", b, what, e.list())
}

func (e Enum[T]) list() string {
	var s string
	for _, name := range e {
		if name == "" {
			continue
		}
		if s != "" {
			s += ", "
		}
		s += name
	}
	return s
}
