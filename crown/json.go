package crown

import (
	"math"
	"strconv"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// The names of the enumerations in JSON.
var (
	kindCodes      = cards.Enum[Kind]{"", "play", "decree", "decline", "club", "bribe", "dig", "inspire"}
	phaseCodes     = cards.Enum[Phase]{"", "play", "decree", "ability", "over"}
	abilityCodes   = cards.Enum[Ability]{"", "club", "bribe", "dig", "inspire", "recruit"}
	conditionCodes = cards.Enum[Condition]{"", "royalCouncil", "factionSupremacy", "royalBloc", "unitedHouse", "lineOfSuccession"}
)

// MarshalText encodes the kind by its name: "play", "decree" …
func (k Kind) MarshalText() ([]byte, error) { return kindCodes.MarshalText(k, "a kind of move") }

// AppendText appends the kind's name to b, as MarshalText encodes it.
func (k Kind) AppendText(b []byte) ([]byte, error) {
	return kindCodes.AppendText(b, k, "a kind of move")
}

// UnmarshalText decodes a kind from its name.
func (k *Kind) UnmarshalText(b []byte) error { return kindCodes.UnmarshalText(b, k, "a kind of move") }

// MarshalText encodes the phase by its name: "play", "decree", "ability"
// or "over"; the zero Phase, of no game, as "".
func (ph Phase) MarshalText() ([]byte, error) { return phaseCodes.MarshalText(ph, "a phase") }

// AppendText appends the phase's name to b, as MarshalText encodes it.
func (ph Phase) AppendText(b []byte) ([]byte, error) { return phaseCodes.AppendText(b, ph, "a phase") }

// UnmarshalText decodes a phase from its name.
func (ph *Phase) UnmarshalText(b []byte) error { return phaseCodes.UnmarshalText(b, ph, "a phase") }

// MarshalText encodes the ability by its name in lower case: "club",
// "bribe", "dig", "inspire" or "recruit"; the zero Ability as "".
func (a Ability) MarshalText() ([]byte, error) { return abilityCodes.MarshalText(a, "an ability") }

// AppendText appends the ability's name to b, as MarshalText encodes it.
func (a Ability) AppendText(b []byte) ([]byte, error) {
	return abilityCodes.AppendText(b, a, "an ability")
}

// UnmarshalText decodes an ability from its name in lower case.
func (a *Ability) UnmarshalText(b []byte) error {
	return abilityCodes.UnmarshalText(b, a, "an ability")
}

// MarshalText encodes the condition by its name as an option spells it:
// "royalCouncil", "factionSupremacy", "royalBloc", "unitedHouse" or
// "lineOfSuccession"; the zero Condition as "".
func (c Condition) MarshalText() ([]byte, error) {
	return conditionCodes.MarshalText(c, "a win condition")
}

// AppendText appends the condition's name to b, as MarshalText encodes it.
func (c Condition) AppendText(b []byte) ([]byte, error) {
	return conditionCodes.AppendText(b, c, "a win condition")
}

// UnmarshalText decodes a condition from its name.
func (c *Condition) UnmarshalText(b []byte) error {
	return conditionCodes.UnmarshalText(b, c, "a win condition")
}

// AppendJSON appends the move's JSON to b: an object {"player":0,
// "kind":"play","card":"7D","text":"play 7♦"}. A decree names its Face
// card as "card" and the card beneath as "other", a Dig the player whose
// pile it takes from as "from", an Inspire its ability as "ability"
// ("club"). The text is for people; decoding skips it.
func (m Move) AppendJSON(b []byte) ([]byte, error) {
	b = strconv.AppendInt(append(b, `{"player":`...), int64(m.Who), 10)
	b, err := cardjson.AppendText(append(b, `,"kind":`...), m.Kind)
	if err == nil && m.Card != cards.NoCard {
		b, err = cardjson.AppendText(append(b, `,"card":`...), m.Card)
	}
	if err == nil && m.Other != cards.NoCard {
		b, err = cardjson.AppendText(append(b, `,"other":`...), m.Other)
	}
	if m.Kind == KindDig || m.From != 0 {
		b = strconv.AppendInt(append(b, `,"from":`...), int64(m.From), 10)
	}
	if err == nil && m.Ability != 0 {
		b, err = cardjson.AppendText(append(b, `,"ability":`...), m.Ability)
	}
	if err != nil {
		return b, err
	}
	return cardjson.EndWithText(b, m.appendText)
}

// MarshalJSON encodes the move as AppendJSON does.
func (m Move) MarshalJSON() ([]byte, error) { return cardjson.Marshal(m) }

// UnmarshalJSON decodes what AppendJSON appends. It checks the form of
// the move — a seat of the game, a kind, the fields the kind uses and no
// others — not whether it is legal: Apply does that.
func (m *Move) UnmarshalJSON(b []byte) error {
	var v Move
	has, err := cardjson.DecodeFields(b, "a Claim the Crown move", []cardjson.Field{
		{Name: "player", Ptr: &v.Who}, {Name: "kind", Ptr: &v.Kind}, {Name: "card", Ptr: &v.Card},
		{Name: "other", Ptr: &v.Other}, {Name: "from", Ptr: &v.From}, {Name: "ability", Ptr: &v.Ability},
		{Name: "text", Ptr: new(cardjson.Skip)},
	})
	const hasPlayer, hasFrom = 1 << 0, 1 << 4
	switch {
	case err != nil:
		return err
	case has&hasPlayer == 0 || !v.Who.Valid(Players):
		return cards.BadInput("a move names its player: 0 (P1) or 1 (P2)")
	case v.Kind == 0:
		return cards.BadInput("a move names its kind: play, decree, decline, club, bribe, dig or inspire")
	case has&hasFrom != 0 && !v.From.Valid(Players):
		return cards.BadInput("a Dig takes from the pile of 0 (P1) or 1 (P2)")
	case !v.tidy() || (v.Kind == KindDig) != (has&hasFrom != 0):
		return cards.BadInput("a %v move names %s", v.Kind, kindFields[v.Kind])
	}
	*m = v
	return nil
}

// kindFields says which fields of a move each kind names.
var kindFields = [numKinds]string{
	KindPlay:    "a card and nothing else",
	KindDecree:  "its Face card as card and the card beneath as other, and nothing else",
	KindDecline: "nothing but its player and kind",
	KindClub:    "a card and nothing else",
	KindBribe:   "a card and nothing else",
	KindDig:     "the card it takes and the player whose pile it is, as from, and nothing else",
	KindInspire: "an ability and nothing else",
}

// stateVersion is the version of the state's JSON encoding.
const stateVersion = 1

// stateJSON is a state as JSON: the whole game as it stands, secrets and
// random source included, and no history. Per-player fields are arrays
// indexed by player; a discard pile lists its cards from the bottom up.
type stateJSON struct {
	cardjson.Header
	Players          int
	RoyalBloc        bool
	UnitedHouse      bool
	LineOfSuccession bool
	MaxTurns         int
	Turn             int
	Mover            cards.Player
	Phase            Phase
	Played           cards.Card
	Decrees          int
	Pending          Ability
	Winner           cards.Player
	WonWith          Condition
	Hands            []cards.Set
	Courts           []cards.Set
	Piles            [][]cards.Card
	Draw             cards.Set
	Rand             cards.Rand

	fields [32]cardjson.Field // room for the list of fields
}

// Fields lists the members of a state's JSON, in order.
func (j *stateJSON) Fields() []cardjson.Field {
	return append(j.Header.AppendFields(j.fields[:0]),
		cardjson.Field{Name: "players", Ptr: &j.Players},
		cardjson.Field{Name: "royalBloc", Ptr: &j.RoyalBloc},
		cardjson.Field{Name: "unitedHouse", Ptr: &j.UnitedHouse},
		cardjson.Field{Name: "lineOfSuccession", Ptr: &j.LineOfSuccession},
		cardjson.Field{Name: "maxTurns", Ptr: &j.MaxTurns},
		cardjson.Field{Name: "turn", Ptr: &j.Turn},
		cardjson.Field{Name: "mover", Ptr: &j.Mover},
		cardjson.Field{Name: "phase", Ptr: &j.Phase},
		cardjson.Field{Name: "played", Ptr: &j.Played},
		cardjson.Field{Name: "decrees", Ptr: &j.Decrees},
		cardjson.Field{Name: "pending", Ptr: &j.Pending},
		cardjson.Field{Name: "winner", Ptr: &j.Winner},
		cardjson.Field{Name: "wonWith", Ptr: &j.WonWith},
		cardjson.Field{Name: "hands", Ptr: &j.Hands},
		cardjson.Field{Name: "courts", Ptr: &j.Courts},
		cardjson.Field{Name: "piles", Ptr: &j.Piles},
		cardjson.Field{Name: "draw", Ptr: &j.Draw},
		cardjson.Field{Name: "rand", Ptr: &j.Rand},
	)
}

// AppendJSON appends the whole state's JSON to b, secrets included: a server keeps
// it and sends players views, never states.
func (s State) AppendJSON(b []byte) ([]byte, error) {
	return cardjson.StateOf(s.encoding()).AppendJSON(b)
}

// Fields lists the members of the state's JSON encoding, each with its
// value, as AppendJSON writes them: for encoders that work member by
// member (cardjson.Object). A State that is no game has none.
func (s State) Fields() []cardjson.Field { return cardjson.StateOf(s.encoding()).Fields() }

// encoding returns the state's JSON form.
func (s State) encoding() (*stateJSON, error) {
	o := s.cfg.options()
	return &stateJSON{
		Header:  cardjson.HeaderOf(gameName, stateVersion, s.log),
		Players: Players, RoyalBloc: o.RoyalBloc, UnitedHouse: o.UnitedHouse, LineOfSuccession: o.LineOfSuccession,
		MaxTurns: o.MaxTurns, Turn: int(s.turn), Mover: s.mover, Phase: s.phase, Played: s.played,
		Decrees: int(s.decrees), Pending: s.ability, Winner: s.winner, WonWith: s.won,
		Hands:  []cards.Set{s.hands[0], s.hands[1]},
		Courts: []cards.Set{s.courts[0], s.courts[1]},
		Piles:  [][]cards.Card{s.piles[0].list(), s.piles[1].list()},
		Draw:   s.draw, Rand: s.rng,
	}, nil
}

// MarshalJSON encodes the state as AppendJSON does.
func (s State) MarshalJSON() ([]byte, error) { return cardjson.Marshal(s) }

// UnmarshalJSON decodes a state and checks it: a state that breaks the
// rules is refused with an error wrapping cards.ErrBadInput.
func (s *State) UnmarshalJSON(b []byte) error {
	return cardjson.DecodeState(s, b, gameName, stateVersion, stateJSON.state)
}

// state builds the state the JSON describes, checking the sizes and
// ranges the building needs; Check does the rest.
func (j stateJSON) state() (State, error) {
	switch {
	case j.Players != Players:
		return State{}, cards.BadInput("Claim the Crown is for %d players, not %d", Players, j.Players)
	case len(j.Hands) != Players || len(j.Courts) != Players || len(j.Piles) != Players:
		return State{}, cards.BadInput("hands, courts and piles hold one entry a player")
	case j.Turn < 1 || j.Turn > math.MaxUint32:
		return State{}, cards.BadInput("turn %d is out of range", j.Turn)
	case j.Decrees < 0 || j.Decrees > 12:
		return State{}, cards.BadInput("%d decrees: the deck has 12 Face cards", j.Decrees)
	}
	cfg, err := Options{
		Players: Players, RoyalBloc: j.RoyalBloc, UnitedHouse: j.UnitedHouse,
		LineOfSuccession: j.LineOfSuccession, MaxTurns: j.MaxTurns,
	}.config()
	if err != nil {
		return State{}, cards.BadInput("%v", err)
	}
	s := State{
		cfg: cfg, phase: j.Phase, turn: uint32(j.Turn), mover: j.Mover, played: j.Played,
		decrees: uint8(j.Decrees), ability: j.Pending, winner: j.Winner, won: j.WonWith,
		draw: j.Draw, rng: j.Rand, log: j.Header.Log(),
	}
	for p := range Players {
		s.hands[p], s.courts[p] = j.Hands[p], j.Courts[p]
		if len(j.Piles[p]) > pileCap {
			return State{}, cards.BadInput("%v's discard pile holds %d cards, more than the deck", cards.Player(p), len(j.Piles[p]))
		}
		s.piles[p].n = uint8(copy(s.piles[p].cards[:], j.Piles[p]))
	}
	return s, nil
}
