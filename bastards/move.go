package bastards

import (
	"strconv"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// A Kind is what a move does.
type Kind uint8

// The kinds of moves. The zero Kind is no kind; a move without one is
// never legal.
const (
	_ Kind = iota
	// KindPlay puts cards on the table: a single, pair, triple or quad, a
	// lone 2, or a lone joker with its declared rank.
	KindPlay
	// KindPass skips this turn; the leader of a trick may not pass.
	KindPass
	// KindGive is the King's choice of two cards from the hand as dealt,
	// for the Bastard, before each round after the first.
	KindGive
	numKinds
)

var kindNames = cards.Enum[Kind]{"", "play", "pass", "give"}

// String returns the kind's name: "play", "pass" or "give".
func (k Kind) String() string { return kindNames.Name(k) }

// MarshalText encodes the kind by its name.
func (k Kind) MarshalText() ([]byte, error) { return kindNames.MarshalText(k, "a move kind") }

// AppendText appends the kind's name to b, as MarshalText encodes it.
func (k Kind) AppendText(b []byte) ([]byte, error) { return kindNames.AppendText(b, k, "a move kind") }

// UnmarshalText decodes a kind from its name.
func (k *Kind) UnmarshalText(b []byte) error { return kindNames.UnmarshalText(b, k, "a move kind") }

// A Move is one player's decision: play cards, pass, or (for the King)
// give two cards to the Bastard. Moves are small comparable values; make
// them with the functions named after their kinds (Play, PlayJoker, Pass,
// Give). A move is legal exactly when it is == to one of LegalMoves.
type Move struct {
	// Who is the player who moves.
	Who cards.Player
	// Kind is what the move does.
	Kind Kind
	// Cards are the exact cards played or given; empty for a pass.
	Cards cards.Set
	// As is the rank a lone joker stands for (3 … A); NoRank for every
	// other move.
	As cards.Rank
}

// Play returns the move of p playing cs: a single, pair, triple or quad,
// jokers filling places, or a lone 2 (see PlayJoker for a lone joker).
func Play(p cards.Player, cs ...cards.Card) Move {
	return Move{Who: p, Kind: KindPlay, Cards: cards.SetOf(cs...)}
}

// PlayJoker returns the move of p playing joker j alone as rank r.
func PlayJoker(p cards.Player, j cards.Card, r cards.Rank) Move {
	return Move{Who: p, Kind: KindPlay, Cards: cards.SetOf(j), As: r}
}

// Pass returns the move of p passing.
func Pass(p cards.Player) Move { return Move{Who: p, Kind: KindPass} }

// Give returns the King p's choice of cards a and b for the Bastard.
func Give(p cards.Player, a, b cards.Card) Move {
	return Move{Who: p, Kind: KindGive, Cards: cards.SetOf(a, b)}
}

// Player returns the player who makes the move.
func (m Move) Player() cards.Player { return m.Who }

// String describes the move without its player: "play 7♣ 7♦", "play 🃏 as
// 9", "pass", "give A♥ 2♠".
func (m Move) String() string {
	switch m.Kind {
	case KindPass:
		return "pass"
	case KindPlay, KindGive:
		return string(m.appendText(make([]byte, 0, 16+8*m.Cards.Len())))
	}
	return "no move"
}

// appendText appends the text String returns to b.
func (m Move) appendText(b []byte) []byte {
	switch m.Kind {
	case KindPass:
		return append(b, "pass"...)
	case KindPlay, KindGive:
		b = appendHand(append(append(b, m.Kind.String()...), ' '), m.Cards)
		if m.As != cards.NoRank {
			b = append(append(b, " as "...), m.As.String()...)
		}
		return b
	}
	return append(b, "no move"...)
}

// AppendJSON appends the move's JSON to b: an object: {"player":0,"kind":"play",
// "cards":["7C","7D"],"text":"play 7♣ 7♦"}, with "as" for a lone joker's
// rank; a pass has no "cards". The text is for people; decoding skips it.
// It writes the members itself, rather than through cardjson.AppendFields, so
// that the move stays off the heap: the bundle encodes every legal move.
func (m Move) AppendJSON(b []byte) ([]byte, error) {
	b = strconv.AppendInt(append(b, `{"player":`...), int64(m.Who), 10)
	b, err := m.Kind.AppendText(append(b, `,"kind":"`...))
	if err != nil {
		return b, err
	}
	b = append(b, '"')
	if !m.Cards.Empty() || m.Kind != KindPass {
		if b, err = m.Cards.AppendJSON(append(b, `,"cards":`...)); err != nil {
			return b, err
		}
	}
	if m.As != cards.NoRank {
		as := m.As
		if b, err = cardjson.AppendValue(append(b, `,"as":`...), &as); err != nil {
			return b, err
		}
	}
	return cardjson.EndWithText(b, m.appendText)
}

// MarshalJSON encodes the move as AppendJSON does.
func (m Move) MarshalJSON() ([]byte, error) { return cardjson.Marshal(m) }

// UnmarshalJSON decodes what AppendJSON appends. A move names its
// player and its kind; decoding checks the form of the move, not its
// legality: Apply does that.
func (m *Move) UnmarshalJSON(b []byte) error {
	var v Move
	present, err := cardjson.DecodeFields(b, "a Kings & Bastards move", []cardjson.Field{
		{Name: "player", Ptr: &v.Who}, {Name: "kind", Ptr: &v.Kind}, {Name: "cards", Ptr: &v.Cards},
		{Name: "as", Ptr: &v.As}, {Name: "text", Ptr: new(cardjson.Skip)},
	})
	switch {
	case err != nil:
		return err
	case present&0b11 != 0b11 || v.Kind == 0:
		return cards.BadInput("a move names its player and its kind")
	case !v.Who.Valid(MaxPlayers):
		return cards.BadInput("player %d is not a seat of this game", v.Who)
	}
	*m = v
	return nil
}
