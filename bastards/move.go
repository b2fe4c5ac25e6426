package bastards

import (
	"strings"

	"github.com/cardrules/games/cards"
)

// An Action is what a move does.
type Action uint8

// The actions. The zero Action is no action; a move without one is never
// legal.
const (
	// Play puts cards on the table: a single, pair, triple or quad, a lone
	// 2, or a lone joker with its declared rank.
	Play Action = iota + 1
	// Pass skips this turn; the leader of a trick may not pass.
	Pass
	// Give is the King's choice of two cards from the hand as dealt, for
	// the Bastard, before each round after the first.
	Give
)

var actionNames = [...]string{"", "play", "pass", "give"}

// String returns "play", "pass" or "give".
func (a Action) String() string {
	if int(a) < len(actionNames) && a != 0 {
		return actionNames[a]
	}
	return "no action"
}

// MarshalText encodes the action as its name, and the zero Action as the
// empty string.
func (a Action) MarshalText() ([]byte, error) {
	if int(a) >= len(actionNames) {
		return nil, cards.BadInput("action value %d is not an action", uint8(a))
	}
	return []byte(actionNames[a]), nil
}

// UnmarshalText decodes an action from its name.
func (a *Action) UnmarshalText(b []byte) error {
	for i, name := range actionNames {
		if name == strings.ToLower(string(b)) {
			*a = Action(i)
			return nil
		}
	}
	return cards.BadInput("%q is not an action (play, pass or give)", b)
}

// A Move is one player's decision: play cards, pass, or (for the King)
// give two cards to the Bastard. Moves are small comparable values; a move
// is legal exactly when it is == to one of LegalMoves.
type Move struct {
	// Seat is the player who moves.
	Seat cards.Player
	// Action is what the move does.
	Action Action
	// Cards are the exact cards played or given; empty for a pass.
	Cards cards.Set
	// As is the rank a lone joker stands for (3 … A); NoRank for every
	// other move.
	As cards.Rank
}

// PlayMove returns the move of p playing cs (a natural play or a set with
// jokers; see JokerMove for a lone joker).
func PlayMove(p cards.Player, cs ...cards.Card) Move {
	return Move{Seat: p, Action: Play, Cards: cards.SetOf(cs...)}
}

// JokerMove returns the move of p playing joker j alone as rank r.
func JokerMove(p cards.Player, j cards.Card, r cards.Rank) Move {
	return Move{Seat: p, Action: Play, Cards: cards.SetOf(j), As: r}
}

// PassMove returns the move of p passing.
func PassMove(p cards.Player) Move { return Move{Seat: p, Action: Pass} }

// GiveMove returns the King p's choice of cards a and b for the Bastard.
func GiveMove(p cards.Player, a, b cards.Card) Move {
	return Move{Seat: p, Action: Give, Cards: cards.SetOf(a, b)}
}

// Player returns the player who makes the move.
func (m Move) Player() cards.Player { return m.Seat }

// String describes the move without its player: "play 7♣ 7♦", "play 🃏 as
// 9", "pass", "give A♥ 2♠".
func (m Move) String() string {
	switch m.Action {
	case Pass:
		return "pass"
	case Play, Give:
		s := m.Action.String() + " " + m.Cards.String()
		if m.As != cards.NoRank {
			s += " as " + m.As.String()
		}
		return s
	}
	return "no move"
}

// AppendJSON appends the move's JSON to b: an object: {"player":0,"kind":"play",
// "cards":["7C","7D"],"text":"play 7♣ 7♦"}, with "as" for a lone joker's
// rank; a pass has no "cards". The text is for people; decoding skips it.
func (m Move) AppendJSON(b []byte) ([]byte, error) {
	text := m.String()
	fields := append(make([]cards.Field, 0, 5), cards.Field{Name: "player", Ptr: &m.Seat}, cards.Field{Name: "kind", Ptr: &m.Action})
	if !m.Cards.Empty() || m.Action != Pass {
		fields = append(fields, cards.Field{Name: "cards", Ptr: &m.Cards})
	}
	if m.As != cards.NoRank {
		fields = append(fields, cards.Field{Name: "as", Ptr: &m.As})
	}
	return cards.AppendFields(b, append(fields, cards.Field{Name: "text", Ptr: &text}))
}

// MarshalJSON encodes the move as AppendJSON does.
func (m Move) MarshalJSON() ([]byte, error) { return cards.Marshal(m) }

// UnmarshalJSON decodes what AppendJSON appends. A move names its
// player and its kind; decoding checks the form of the move, not its
// legality: Apply does that.
func (m *Move) UnmarshalJSON(b []byte) error {
	var v Move
	present, err := cards.DecodeFields(b, "a Kings & Bastards move", []cards.Field{
		{Name: "player", Ptr: &v.Seat}, {Name: "kind", Ptr: &v.Action}, {Name: "cards", Ptr: &v.Cards},
		{Name: "as", Ptr: &v.As}, {Name: "text", Ptr: new(cards.Skip)},
	})
	switch {
	case err != nil:
		return err
	case present&0b11 != 0b11 || v.Action == 0:
		return cards.BadInput("a move names its player and its kind")
	case !v.Seat.Valid(MaxPlayers):
		return cards.BadInput("player %d is not a seat of this game", v.Seat)
	}
	*m = v
	return nil
}
