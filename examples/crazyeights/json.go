package crazyeights

import (
	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// Each value of the game's JSON lists its members once, as fields, for
// encoding and decoding alike (package cardjson).

// Fields lists the members of the options' JSON.
func (o *Options) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "players", Ptr: &o.Players}, {Name: "seed", Ptr: &o.Seed}, {Name: "noLog", Ptr: &o.NoLog}}
}

// AppendJSON appends the options' JSON to b.
func (o Options) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, o.Fields()) }

// MarshalJSON encodes the options as AppendJSON does.
func (o Options) MarshalJSON() ([]byte, error) { return o.AppendJSON(nil) }

// UnmarshalJSON decodes options; a member left out keeps its default.
func (o *Options) UnmarshalJSON(b []byte) error {
	d := DefaultOptions()
	if _, err := cardjson.DecodeFields(b, "Crazy Eights options", d.Fields()); err != nil {
		return err
	}
	*o = d
	return nil
}

var (
	kindNames = cards.Enum[Kind]{"", "play", "draw", "pass"}
	suitNames = cards.Enum[cards.Suit]{"clubs", "diamonds", "hearts", "spades"}
)

// AppendText appends the kind's name: "play", "draw" or "pass".
func (k Kind) AppendText(b []byte) ([]byte, error) {
	return kindNames.AppendText(b, k, "a kind of move")
}

// MarshalText encodes the kind by its name.
func (k Kind) MarshalText() ([]byte, error) { return k.AppendText(nil) }

// UnmarshalText decodes a kind from its name.
func (k *Kind) UnmarshalText(b []byte) error { return kindNames.UnmarshalText(b, k, "a kind of move") }

// suit is a suit in JSON, by its name: "clubs", "diamonds", "hearts" or
// "spades".
type suit cards.Suit

func (s suit) AppendText(b []byte) ([]byte, error) {
	return suitNames.AppendText(b, cards.Suit(s), "a suit")
}

func (s suit) MarshalText() ([]byte, error) { return s.AppendText(nil) }

func (s *suit) UnmarshalText(b []byte) error {
	return suitNames.UnmarshalText(b, (*cards.Suit)(s), "a suit")
}

// fields lists the members of the move's JSON: the suit for an eight
// alone, the card for a play alone.
func (m *Move) fields() []cardjson.Field {
	fs := []cardjson.Field{{Name: "player", Ptr: &m.Who}, {Name: "kind", Ptr: &m.Kind}}
	if m.Kind == KindPlay {
		fs = append(fs, cardjson.Field{Name: "card", Ptr: &m.Card})
	}
	if m.Kind == KindPlay && m.Card.Rank() == cards.Eight {
		fs = append(fs, cardjson.Field{Name: "suit", Ptr: (*suit)(&m.Suit)})
	}
	return fs
}

// AppendJSON appends the move's JSON to b, with its text for people:
// {"player":0,"kind":"play","card":"8S","suit":"hearts","text":"play 8♠
// naming hearts"}.
func (m Move) AppendJSON(b []byte) ([]byte, error) {
	text := m.String()
	return cardjson.AppendFields(b, append(m.fields(), cardjson.Field{Name: "text", Ptr: &text}))
}

// MarshalJSON encodes the move as AppendJSON does.
func (m Move) MarshalJSON() ([]byte, error) { return m.AppendJSON(nil) }

// UnmarshalJSON decodes a move and checks its form, not its legality: a
// kind, a card for a play and none otherwise, a suit for an eight alone.
func (m *Move) UnmarshalJSON(b []byte) error {
	var v Move
	has, err := cardjson.DecodeFields(b, "a Crazy Eights move", []cardjson.Field{
		{Name: "player", Ptr: &v.Who}, {Name: "kind", Ptr: &v.Kind}, {Name: "card", Ptr: &v.Card},
		{Name: "suit", Ptr: (*suit)(&v.Suit)}, {Name: "text", Ptr: new(cardjson.Skip)},
	})
	const hasPlayer, hasSuit = 1 << 0, 1 << 3
	switch {
	case err != nil:
		return err
	case has&hasPlayer == 0 || !v.Who.Valid(MaxPlayers):
		return cards.BadInput("a move names its player, from 0 to %d", MaxPlayers-1)
	case v.Kind == 0:
		return cards.BadInput("a move names its kind: play, draw or pass")
	case (v.Kind == KindPlay) != (v.Card != cards.NoCard) || v.Card.IsJoker():
		return cards.BadInput("a play names the card it plays, and no other move names a card")
	case (v.Kind == KindPlay && v.Card.Rank() == cards.Eight) != (has&hasSuit != 0):
		return cards.BadInput("an eight names the suit to follow, and no other card does")
	}
	*m = v
	return nil
}

// stateJSON is a state's JSON: the header every state opens with, then
// the game as it stands, secrets and random source included.
type stateJSON struct {
	cardjson.Header
	Players int
	Turn    cards.Player
	Hands   []cards.Set
	Stock   cards.Set
	Pile    cards.Set
	Top     cards.Card
	Suit    cards.Suit
	Rand    cards.Rand
}

// Fields lists the members of a state's JSON.
func (j *stateJSON) Fields() []cardjson.Field {
	return append(j.Header.AppendFields(nil),
		cardjson.Field{Name: "players", Ptr: &j.Players}, cardjson.Field{Name: "turn", Ptr: &j.Turn},
		cardjson.Field{Name: "hands", Ptr: &j.Hands}, cardjson.Field{Name: "stock", Ptr: &j.Stock},
		cardjson.Field{Name: "pile", Ptr: &j.Pile}, cardjson.Field{Name: "top", Ptr: &j.Top},
		cardjson.Field{Name: "suit", Ptr: (*suit)(&j.Suit)},
		cardjson.Field{Name: "rand", Ptr: &j.Rand})
}

// encoding returns the state's JSON form.
func (s State) encoding() (*stateJSON, error) {
	return &stateJSON{
		Header:  cardjson.HeaderOf(name, 1, s.log),
		Players: s.players, Turn: s.turn, Hands: s.hands[:s.players],
		Stock: s.stock, Pile: s.pile, Top: s.top, Suit: s.suit, Rand: s.rng,
	}, nil
}

// Fields lists the members of the state's JSON, each with its value.
func (s State) Fields() []cardjson.Field { return cardjson.StateOf(s.encoding()).Fields() }

// AppendJSON appends the state's JSON to b.
func (s State) AppendJSON(b []byte) ([]byte, error) {
	return cardjson.StateOf(s.encoding()).AppendJSON(b)
}

// MarshalJSON encodes the state as AppendJSON does.
func (s State) MarshalJSON() ([]byte, error) { return s.AppendJSON(nil) }

// UnmarshalJSON decodes a state and checks it (State.Check).
func (s *State) UnmarshalJSON(b []byte) error {
	return cardjson.DecodeState(s, b, name, 1, func(j stateJSON) (State, error) {
		if len(j.Hands) != j.Players || j.Players > MaxPlayers {
			return State{}, cards.BadInput("a state holds a hand for each of its %d players", j.Players)
		}
		s := State{players: j.Players, turn: j.Turn, stock: j.Stock, pile: j.Pile, top: j.Top, suit: j.Suit,
			rng: j.Rand, log: j.Header.Log()}
		copy(s.hands[:], j.Hands)
		return s, nil
	})
}

// Fields lists the members of the view's JSON: those every view has, then
// the game's.
func (v *View) Fields() []cardjson.Field {
	return append(cardjson.ViewFields(&v.ViewBase),
		cardjson.Field{Name: "hand", Ptr: &v.Hand}, cardjson.Field{Name: "handSizes", Ptr: &v.HandSizes},
		cardjson.Field{Name: "stock", Ptr: &v.Stock}, cardjson.Field{Name: "pile", Ptr: &v.Pile},
		cardjson.Field{Name: "top", Ptr: &v.Top}, cardjson.Field{Name: "suit", Ptr: (*suit)(&v.Suit)},
		cardjson.Field{Name: "shown", Ptr: &v.Shown})
}

// AppendJSON appends the view's JSON to b.
func (v View) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, v.Fields()) }

// MarshalJSON encodes the view as AppendJSON does.
func (v View) MarshalJSON() ([]byte, error) { return v.AppendJSON(nil) }

// UnmarshalJSON decodes a view.
func (v *View) UnmarshalJSON(b []byte) error {
	_, err := cardjson.DecodeFields(b, "a Crazy Eights view", v.Fields())
	return err
}
