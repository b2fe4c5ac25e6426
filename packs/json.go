package packs

import (
	"github.com/go-json-experiment/json/jsontext"

	"github.com/cardrules/games/cards"
)

// stateJSON is a state as JSON: the whole game, secrets and random source
// included. Arrays by player hold one entry a seat. The market is given
// by row and column ("" for an empty position) with the coins under each
// card; coinCards are the faces of the coins, which no view shows;
// "played" counts the turns played by all.
type stateJSON struct {
	cards.Header
	Players     int                       `json:"players"`
	Solo        bool                      `json:"solo"`
	HeadStart   int                       `json:"headStart"`
	Turns       int                       `json:"turns"`
	Phase       Phase                     `json:"phase"`
	Turn        cards.Player              `json:"turn"`
	Actions     int                       `json:"actions"`
	Played      int                       `json:"played"`
	Winner      cards.Player              `json:"winner"`
	Payer       cards.Player              `json:"payer"`
	Owed        int                       `json:"owed"`
	Hands       []cards.Set               `json:"hands"`
	Kingdoms    []cards.Set               `json:"kingdoms"`
	Coins       []int                     `json:"coins"`
	Market      [Rows][Columns]cards.Card `json:"market"`
	Under       [Rows][Columns]int        `json:"under"`
	Loose       [Columns]int              `json:"loose"`
	Deck        cards.Set                 `json:"deck"`
	Discards    cards.Set                 `json:"discards"`
	CoinCards   cards.Set                 `json:"coinCards"`
	Coined      cards.Set                 `json:"coined"`
	Received    cards.Set                 `json:"received"`
	Used        cards.Set                 `json:"usedInstructions"`
	Instruction cards.Card                `json:"instruction"`
	Rand        cards.Rand                `json:"rand"`
}

// stateVersion is the version of the state's JSON encoding.
const stateVersion = 1

// MarshalJSONTo encodes the whole state, secrets included: a server keeps
// it and sends players views.
func (s State) MarshalJSONTo(enc *jsontext.Encoder) error {
	if s.n < MinPlayers || s.n > MaxPlayers {
		return cards.BadInput("the zero State is no game to encode")
	}
	n := s.np()
	j := stateJSON{
		Header:  cards.HeaderOf(gameName, stateVersion, s.log),
		Players: n, Solo: s.solo, HeadStart: int(s.headStart), Turns: int(s.limit),
		Phase: s.phase, Turn: s.turn, Actions: int(s.actions), Played: int(s.turns),
		Winner: s.winner, Payer: s.payer, Owed: int(s.owed),
		Hands: s.hands[:n], Kingdoms: s.kingdoms[:n], Coins: make([]int, n),
		Market: s.market, Deck: s.deck, Discards: s.discards, CoinCards: s.coinCards,
		Coined: s.coined, Received: s.received, Used: s.used, Instruction: s.order, Rand: s.rng,
	}
	for p := range n {
		j.Coins[p] = int(s.coins[p])
	}
	for r := range Rows {
		for c := range Columns {
			j.Under[r][c] = int(s.under[r][c])
		}
	}
	for c := range Columns {
		j.Loose[c] = int(s.loose[c])
	}
	return cards.Encode(enc, j)
}

// MarshalJSON encodes as MarshalJSONTo does, for encoding/json.
func (s State) MarshalJSON() ([]byte, error) { return cards.Marshal(s) }

// UnmarshalJSONFrom decodes a state and checks it: a state that breaks
// the rules is refused with an error wrapping cards.ErrBadInput.
func (s *State) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	t, err := cards.DecodeState(dec, gameName, stateVersion, stateJSON.state)
	if err != nil {
		return err
	}
	*s = t
	return nil
}

// UnmarshalJSON decodes as UnmarshalJSONFrom does, for encoding/json.
func (s *State) UnmarshalJSON(b []byte) error { return cards.Unmarshal(b, s, "a Packs Kingdoms state") }

// state builds the state the JSON describes, checking that its numbers fit
// their fields; State.Check does the rest.
func (j stateJSON) state() (State, error) {
	n := j.Players
	if n < MinPlayers || n > MaxPlayers {
		return State{}, cards.BadInput("a game has %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	}
	if len(j.Hands) != n || len(j.Kingdoms) != n || len(j.Coins) != n {
		return State{}, cards.BadInput("hands, kingdoms and coins hold one entry a player")
	}
	switch {
	case j.HeadStart < 0 || j.HeadStart > MaxHeadStart, j.Turns < 1 || j.Turns > MaxTurns,
		j.Actions < 0 || j.Actions > 2, j.Played < 0 || j.Played > MaxTurns*MaxPlayers, !byteSized(j.Owed):
		return State{}, cards.BadInput("the head start, turns, actions or debt is out of range")
	}
	s := State{
		n: uint8(n), solo: j.Solo, headStart: uint8(j.HeadStart), limit: uint16(j.Turns),
		phase: j.Phase, turn: j.Turn, actions: uint8(j.Actions), turns: uint16(j.Played),
		winner: j.Winner, payer: j.Payer, owed: uint8(j.Owed),
		market: j.Market, deck: j.Deck, discards: j.Discards, coinCards: j.CoinCards,
		coined: j.Coined, received: j.Received, used: j.Used, order: j.Instruction,
		rng: j.Rand, log: j.Header.Log(),
	}
	copy(s.hands[:], j.Hands)
	copy(s.kingdoms[:], j.Kingdoms)
	for p, k := range j.Coins {
		if !byteSized(k) {
			return State{}, cards.BadInput("%v's %d coins are out of range", cards.Player(p), k)
		}
		s.coins[p] = uint8(k)
	}
	for r := range Rows {
		for c := range Columns {
			if !byteSized(j.Under[r][c]) {
				return State{}, cards.BadInput("the coins under a market card are out of range")
			}
			s.under[r][c] = uint8(j.Under[r][c])
		}
	}
	for c, k := range j.Loose {
		if !byteSized(k) {
			return State{}, cards.BadInput("the loose coins of column %d are out of range", c)
		}
		s.loose[c] = uint8(k)
	}
	return s, nil
}

// byteSized reports whether a count fits a byte.
func byteSized(n int) bool { return n >= 0 && n <= 255 }

// moveJSON is a move as JSON: its player and kind, the card it acts on,
// the column of a loose coin taken, and its text, which decoding ignores.
type moveJSON struct {
	Player *cards.Player `json:"player"`
	Kind   Kind          `json:"kind"`
	Card   *cards.Card   `json:"card,omitempty"`
	Column *int          `json:"column,omitempty"`
	Text   string        `json:"text"`
}

// MarshalJSONTo encodes the move as an object: {"player":0,"kind":"buy",
// "card":"7D","text":"buy 7♦"}; a loose coin taken names its column,
// {"player":0,"kind":"take","column":3,…}.
func (m Move) MarshalJSONTo(enc *jsontext.Encoder) error {
	j := moveJSON{Player: &m.Who, Kind: m.Kind, Text: m.String()}
	if m.Card != cards.NoCard {
		j.Card = &m.Card
	}
	if m.Column != 0 || m.Kind == KindTake && m.Card == cards.NoCard {
		col := int(m.Column)
		j.Column = &col
	}
	return cards.Encode(enc, j)
}

// MarshalJSON encodes as MarshalJSONTo does, for encoding/json.
func (m Move) MarshalJSON() ([]byte, error) { return cards.Marshal(m) }

// UnmarshalJSONFrom decodes what MarshalJSONTo encodes. It checks the form
// of the move, not whether it is legal: Apply does that.
func (m *Move) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	var j moveJSON
	if err := cards.UnmarshalDecode(dec, &j, "a Packs Kingdoms move"); err != nil {
		return err
	}
	if j.Player == nil || j.Kind == 0 {
		return cards.BadInput("a move names its player and its kind")
	}
	if *j.Player < 0 || *j.Player >= MaxPlayers {
		return cards.BadInput("player %d is no seat of a game of Packs Kingdoms", *j.Player)
	}
	v := Move{Who: *j.Player, Kind: j.Kind}
	if j.Card != nil {
		v.Card = *j.Card
	}
	if j.Column != nil {
		if *j.Column < 0 || *j.Column >= Columns {
			return cards.BadInput("column %d is no column of the market (0 to %d)", *j.Column, Columns-1)
		}
		v.Column = int8(*j.Column)
	}
	*m = v
	return nil
}

// UnmarshalJSON decodes as UnmarshalJSONFrom does, for encoding/json.
func (m *Move) UnmarshalJSON(b []byte) error { return cards.Unmarshal(b, m, "a Packs Kingdoms move") }
