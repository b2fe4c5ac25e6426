package crown

import (
	"math"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/cardrules/games/cards"
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

// UnmarshalText decodes a kind from its name.
func (k *Kind) UnmarshalText(b []byte) error { return kindCodes.UnmarshalText(b, k, "a kind of move") }

// MarshalText encodes the phase by its name: "play", "decree", "ability"
// or "over"; the zero Phase, of no game, as "".
func (ph Phase) MarshalText() ([]byte, error) { return phaseCodes.MarshalText(ph, "a phase") }

// UnmarshalText decodes a phase from its name.
func (ph *Phase) UnmarshalText(b []byte) error { return phaseCodes.UnmarshalText(b, ph, "a phase") }

// MarshalText encodes the ability by its name in lower case: "club",
// "bribe", "dig", "inspire" or "recruit"; the zero Ability as "".
func (a Ability) MarshalText() ([]byte, error) { return abilityCodes.MarshalText(a, "an ability") }

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

// UnmarshalText decodes a condition from its name.
func (c *Condition) UnmarshalText(b []byte) error {
	return conditionCodes.UnmarshalText(b, c, "a win condition")
}

// UnmarshalJSONFrom decodes options strictly, starting from
// DefaultOptions: a member left out keeps its default, so {} is the
// published game.
func (o *Options) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	type plain Options
	p := plain(DefaultOptions())
	if err := cards.UnmarshalDecode(dec, &p, "Claim the Crown options"); err != nil {
		return err
	}
	*o = Options(p)
	return nil
}

// UnmarshalJSON decodes as UnmarshalJSONFrom does, for encoding/json.
func (o *Options) UnmarshalJSON(b []byte) error {
	return cards.Unmarshal(b, o, "Claim the Crown options")
}

// moveJSON is a move as JSON: the player, the kind, the fields the kind
// uses and the move's text, which decoding ignores.
type moveJSON struct {
	Player  *cards.Player `json:"player"`
	Kind    Kind          `json:"kind"`
	Card    cards.Card    `json:"card,omitzero"`
	Other   cards.Card    `json:"other,omitzero"`
	From    *cards.Player `json:"from,omitzero"`
	Ability Ability       `json:"ability,omitzero"`
	Text    string        `json:"text"`
}

// MarshalJSONTo encodes the move as an object: {"player":0,"kind":"play",
// "card":"7D","text":"play 7♦"}. A decree names its Face card as "card"
// and the card beneath as "other", a Dig the player whose pile it takes
// from as "from", an Inspire its ability as "ability" ("club").
func (m Move) MarshalJSONTo(enc *jsontext.Encoder) error {
	j := moveJSON{Player: &m.Who, Kind: m.Kind, Card: m.Card, Other: m.Other, Ability: m.Ability, Text: m.String()}
	if m.Kind == KindDig || m.From != 0 {
		j.From = &m.From
	}
	return cards.Encode(enc, j)
}

// MarshalJSON encodes as MarshalJSONTo does, for encoding/json.
func (m Move) MarshalJSON() ([]byte, error) { return cards.Marshal(m) }

// UnmarshalJSON decodes as UnmarshalJSONFrom does, for encoding/json.
func (m *Move) UnmarshalJSON(b []byte) error { return cards.Unmarshal(b, m, "a Claim the Crown move") }

// UnmarshalJSONFrom decodes what MarshalJSONTo encodes. It checks the form
// of the move — a seat of the game, a kind, the fields the kind uses and
// no others — not whether it is legal: Apply does that.
func (m *Move) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	var j moveJSON
	if err := cards.UnmarshalDecode(dec, &j, "a Claim the Crown move"); err != nil {
		return err
	}
	switch {
	case j.Player == nil || !j.Player.Valid(Players):
		return cards.BadInput("a move names its player: 0 (P1) or 1 (P2)")
	case j.Kind == 0:
		return cards.BadInput("a move names its kind: play, decree, decline, club, bribe, dig or inspire")
	case j.From != nil && !j.From.Valid(Players):
		return cards.BadInput("a Dig takes from the pile of 0 (P1) or 1 (P2)")
	}
	v := Move{Who: *j.Player, Kind: j.Kind, Card: j.Card, Other: j.Other, Ability: j.Ability}
	if j.From != nil {
		v.From = *j.From
	}
	if !v.tidy() || (v.Kind == KindDig) != (j.From != nil) {
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
	cards.Header
	Players          int            `json:"players"`
	RoyalBloc        bool           `json:"royalBloc"`
	UnitedHouse      bool           `json:"unitedHouse"`
	LineOfSuccession bool           `json:"lineOfSuccession"`
	MaxTurns         int            `json:"maxTurns"`
	Turn             int64          `json:"turn"`
	Mover            cards.Player   `json:"mover"`
	Phase            Phase          `json:"phase"`
	Played           cards.Card     `json:"played"`
	Decrees          int            `json:"decrees"`
	Pending          Ability        `json:"pending"`
	Winner           cards.Player   `json:"winner"`
	WonWith          Condition      `json:"wonWith"`
	Hands            []cards.Set    `json:"hands"`
	Courts           []cards.Set    `json:"courts"`
	Piles            [][]cards.Card `json:"piles"`
	Draw             cards.Set      `json:"draw"`
	Rand             cards.Rand     `json:"rand"`
}

// MarshalJSONTo encodes the whole state, secrets included: a server keeps
// it and sends players views, never states.
func (s State) MarshalJSONTo(enc *jsontext.Encoder) error {
	o := s.cfg.options()
	return cards.Encode(enc, stateJSON{
		Header:  cards.HeaderOf(gameName, stateVersion, s.log),
		Players: Players, RoyalBloc: o.RoyalBloc, UnitedHouse: o.UnitedHouse, LineOfSuccession: o.LineOfSuccession,
		MaxTurns: o.MaxTurns, Turn: int64(s.turn), Mover: s.mover, Phase: s.phase, Played: s.played,
		Decrees: int(s.decrees), Pending: s.ability, Winner: s.winner, WonWith: s.won,
		Hands:  []cards.Set{s.hands[0], s.hands[1]},
		Courts: []cards.Set{s.courts[0], s.courts[1]},
		Piles:  [][]cards.Card{s.piles[0].list(), s.piles[1].list()},
		Draw:   s.draw, Rand: s.rng,
	})
}

// MarshalJSON encodes as MarshalJSONTo does, for encoding/json.
func (s State) MarshalJSON() ([]byte, error) { return cards.Marshal(s) }

// UnmarshalJSONFrom decodes a state and checks it: a state that breaks the
// rules is refused with an error wrapping cards.ErrBadInput.
func (s *State) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	t, err := cards.DecodeState(dec, gameName, stateVersion, stateJSON.state)
	if err != nil {
		return err
	}
	*s = t
	return nil
}

// UnmarshalJSON decodes as UnmarshalJSONFrom does, for encoding/json.
func (s *State) UnmarshalJSON(b []byte) error {
	return cards.Unmarshal(b, s, "a Claim the Crown state")
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
