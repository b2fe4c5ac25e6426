package packs

import (
	"strconv"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// stateJSON is a state as JSON: the whole game, secrets and random source
// included. Arrays by player hold one entry a seat. The market is given
// by row and column ("" for an empty position) with the coins under each
// card; coinCards are the faces of the coins, which no view shows;
// "played" counts the turns played by all.
type stateJSON struct {
	cardjson.Header
	Players     int
	Solo        bool
	HeadStart   int
	Turns       int
	Phase       Phase
	Turn        cards.Player
	Actions     int
	Played      int
	Winner      cards.Player
	Payer       cards.Player
	Owed        int
	Hands       []cards.Set
	Kingdoms    []cards.Set
	Coins       []int
	Market      [Rows][Columns]cards.Card
	Under       [Rows][Columns]int
	Loose       [Columns]int
	Deck        cards.Set
	DeckKnown   cards.Set
	Discards    cards.Set
	CoinCards   cards.Set
	Coined      cards.Set
	Received    cards.Set
	Used        cards.Set
	Instruction cards.Card
	Rand        cards.Rand

	// Room for what the slices and the list of fields hold, so that an
	// encoding allocates nothing but itself.
	hands, kingdoms [MaxPlayers]cards.Set
	coins           [MaxPlayers]int
	fields          [32]cardjson.Field
}

// Fields lists the members of a state's JSON, in order.
func (j *stateJSON) Fields() []cardjson.Field {
	return append(j.Header.AppendFields(j.fields[:0]),
		cardjson.Field{Name: "players", Ptr: &j.Players},
		cardjson.Field{Name: "solo", Ptr: &j.Solo},
		cardjson.Field{Name: "headStart", Ptr: &j.HeadStart},
		cardjson.Field{Name: "turns", Ptr: &j.Turns},
		cardjson.Field{Name: "phase", Ptr: &j.Phase},
		cardjson.Field{Name: "turn", Ptr: &j.Turn},
		cardjson.Field{Name: "actions", Ptr: &j.Actions},
		cardjson.Field{Name: "played", Ptr: &j.Played},
		cardjson.Field{Name: "winner", Ptr: &j.Winner},
		cardjson.Field{Name: "payer", Ptr: &j.Payer},
		cardjson.Field{Name: "owed", Ptr: &j.Owed},
		cardjson.Field{Name: "hands", Ptr: &j.Hands},
		cardjson.Field{Name: "kingdoms", Ptr: &j.Kingdoms},
		cardjson.Field{Name: "coins", Ptr: &j.Coins},
		cardjson.Field{Name: "market", Ptr: (*market)(&j.Market)},
		cardjson.Field{Name: "under", Ptr: (*grid)(&j.Under)},
		cardjson.Field{Name: "loose", Ptr: (*columns)(&j.Loose)},
		cardjson.Field{Name: "deck", Ptr: &j.Deck},
		cardjson.Field{Name: "deckKnown", Ptr: &j.DeckKnown},
		cardjson.Field{Name: "discards", Ptr: &j.Discards},
		cardjson.Field{Name: "coinCards", Ptr: &j.CoinCards},
		cardjson.Field{Name: "coined", Ptr: &j.Coined},
		cardjson.Field{Name: "received", Ptr: &j.Received},
		cardjson.Field{Name: "usedInstructions", Ptr: &j.Used},
		cardjson.Field{Name: "instruction", Ptr: &j.Instruction},
		cardjson.Field{Name: "rand", Ptr: &j.Rand},
	)
}

// stateVersion is the version of the state's JSON encoding.
const stateVersion = 1

// AppendJSON appends the whole state's JSON to b, secrets included: a server keeps
// it and sends players views.
func (s State) AppendJSON(b []byte) ([]byte, error) {
	return cardjson.StateOf(s.encoding()).AppendJSON(b)
}

// Fields lists the members of the state's JSON encoding, each with its
// value, as AppendJSON writes them: for encoders that work member by
// member (cardjson.Object). A State that is no game has none.
func (s State) Fields() []cardjson.Field { return cardjson.StateOf(s.encoding()).Fields() }

// encoding returns the state's JSON form.
func (s State) encoding() (*stateJSON, error) {
	if s.n < MinPlayers || s.n > MaxPlayers {
		return nil, cards.BadInput("the zero State is no game to encode")
	}
	n := s.np()
	j := &stateJSON{
		Header:  cardjson.HeaderOf(gameName, stateVersion, s.log),
		Players: n, Solo: s.solo, HeadStart: int(s.headStart), Turns: int(s.limit),
		Phase: s.phase, Turn: s.turn, Actions: int(s.actions), Played: int(s.turns),
		Winner: s.winner, Payer: s.payer, Owed: int(s.owed),
		hands: s.hands, kingdoms: s.kingdoms,
		Market: s.market, Deck: s.deck, DeckKnown: s.known, Discards: s.discards, CoinCards: s.coinCards,
		Coined: s.coined, Received: s.received, Used: s.used, Instruction: s.order, Rand: s.rng,
	}
	j.Hands, j.Kingdoms, j.Coins = j.hands[:n], j.kingdoms[:n], j.coins[:n]
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
	return j, nil
}

// MarshalJSON encodes the state as AppendJSON does.
func (s State) MarshalJSON() ([]byte, error) { return cardjson.Marshal(s) }

// UnmarshalJSON decodes a state and checks it: a state that breaks
// the rules is refused with an error wrapping cards.ErrBadInput.
func (s *State) UnmarshalJSON(b []byte) error {
	return cardjson.DecodeState(s, b, gameName, stateVersion, stateJSON.state)
}

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
		market: j.Market, deck: j.Deck, known: j.DeckKnown, discards: j.Discards, coinCards: j.CoinCards,
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

// AppendJSON appends the move's JSON to b: an object {"player":0,
// "kind":"buy","card":"7D","text":"buy 7♦"}; a loose coin taken names its
// column, {"player":0,"kind":"take","column":3,…}. The text is for people;
// decoding skips it.
func (m Move) AppendJSON(b []byte) ([]byte, error) {
	b = strconv.AppendInt(append(b, `{"player":`...), int64(m.Who), 10)
	b, err := cardjson.AppendText(append(b, `,"kind":`...), m.Kind)
	if err == nil && m.Card != cards.NoCard {
		b, err = cardjson.AppendText(append(b, `,"card":`...), m.Card)
	}
	if err != nil {
		return b, err
	}
	if m.Column != 0 || m.Kind == KindTake && m.Card == cards.NoCard {
		b = strconv.AppendInt(append(b, `,"column":`...), int64(m.Column), 10)
	}
	return cardjson.EndWithText(b, m.appendText)
}

// MarshalJSON encodes the move as AppendJSON does.
func (m Move) MarshalJSON() ([]byte, error) { return cardjson.Marshal(m) }

// UnmarshalJSON decodes what AppendJSON appends. It checks the form of
// the move, not whether it is legal: Apply does that.
func (m *Move) UnmarshalJSON(b []byte) error {
	var v Move
	column := 0
	has, err := cardjson.DecodeFields(b, "a Packs Kingdoms move", []cardjson.Field{
		{Name: "player", Ptr: &v.Who}, {Name: "kind", Ptr: &v.Kind}, {Name: "card", Ptr: &v.Card},
		{Name: "column", Ptr: &column}, {Name: "text", Ptr: new(cardjson.Skip)},
	})
	switch {
	case err != nil:
		return err
	case has&1 == 0 || v.Kind == 0:
		return cards.BadInput("a move names its player and its kind")
	case !v.Who.Valid(MaxPlayers):
		return cards.BadInput("player %d is no seat of a game of Packs Kingdoms", v.Who)
	case column < 0 || column >= Columns:
		return cards.BadInput("column %d is no column of the market (0 to %d)", column, Columns-1)
	}
	v.Column = int8(column)
	*m = v
	return nil
}

// market, grid and columns give the market's arrays their JSON: the cards
// by row and column (NoCard as ""), the coins under them, the loose coins
// by column.
type (
	market  [Rows][Columns]cards.Card
	grid    [Rows][Columns]int
	columns [Columns]int
)

func (m *market) AppendJSON(b []byte) ([]byte, error) {
	return appendRows(b, (*[Rows][Columns]cards.Card)(m))
}

func (m *market) UnmarshalJSON(b []byte) error {
	return decodeRows(b, (*[Rows][Columns]cards.Card)(m), "the market has %d rows of %d positions")
}

func (g *grid) AppendJSON(b []byte) ([]byte, error) { return appendRows(b, (*[Rows][Columns]int)(g)) }

func (g *grid) UnmarshalJSON(b []byte) error {
	return decodeRows(b, (*[Rows][Columns]int)(g), "the coins under the market are %d rows of %d counts")
}

func (c *columns) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendList(b, c[:]) }

func (c *columns) UnmarshalJSON(b []byte) error {
	var ns []int
	if err := cardjson.DecodeValue(b, &ns); err != nil {
		return err
	}
	if len(ns) != Columns {
		return cards.BadInput("the loose coins are %d counts, one a column", Columns)
	}
	copy(c[:], ns)
	return nil
}

// appendRows appends the rows of the market's positions as a JSON array of
// arrays, each value as a field's is; it spends no allocation, where a
// slice of the rows handed to cardjson.AppendValue would.
func appendRows[T any](b []byte, rows *[Rows][Columns]T) ([]byte, error) {
	b = append(b, '[')
	var err error
	for r := range rows {
		if r > 0 {
			b = append(b, ',')
		}
		if b, err = cardjson.AppendList(b, rows[r][:]); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

// decodeRows decodes what appendRows appends into rows; shape, a format of
// the numbers of rows and columns, says what a JSON of another shape lacks.
func decodeRows[T any](b []byte, rows *[Rows][Columns]T, shape string) error {
	var rs [][]T
	if err := cardjson.DecodeValue(b, &rs); err != nil {
		return err
	}
	if len(rs) != Rows || len(rs[0]) != Columns || len(rs[1]) != Columns {
		return cards.BadInput(shape, Rows, Columns)
	}
	copy(rows[0][:], rs[0])
	copy(rows[1][:], rs[1])
	return nil
}
