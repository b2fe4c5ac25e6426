package anygame

import (
	"encoding/json"
	"slices"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// A Try is a move a player might try, and whether the rules allow it now:
// Game.Tries lists them, so that a program can tell a player why a card
// or a move is not offered.
type Try struct {
	// Move is the move as the game encodes it, and Text as it reads.
	Move json.RawMessage `json:"move"`
	Text string          `json:"text"`
	// Legal reports a move the rules allow now, one of the view's moves.
	Legal bool `json:"legal"`
	// Refusal says why the rules refuse the move now, in a player's words
	// ("7♦ does not beat 9♠: play a higher single, or a 2, or pass"); it
	// is empty for a legal move.
	Refusal string `json:"refusal,omitempty"`
}

// Fields lists the members of the try's JSON, in order.
func (t *Try) Fields() []cardjson.Field {
	return []cardjson.Field{
		{Name: "move", Ptr: &t.Move}, {Name: "text", Ptr: &t.Text}, {Name: "legal", Ptr: &t.Legal},
		{Name: "refusal", Ptr: &t.Refusal},
	}
}

// AppendJSON appends the try's JSON to b, without refusal for a legal
// move.
func (t Try) AppendJSON(b []byte) ([]byte, error) {
	fields := t.Fields()
	if t.Refusal == "" {
		fields = fields[:len(fields)-1]
	}
	return cardjson.AppendFields(b, fields)
}

// MarshalJSON encodes the try as AppendJSON does.
func (t Try) MarshalJSON() ([]byte, error) { return t.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends.
func (t *Try) UnmarshalJSON(b []byte) error {
	_, err := cardjson.DecodeFields(b, "a try", t.Fields())
	return err
}

func (a adapter[O, S, M, V]) BriefText(view []byte) (_ string, err error) {
	defer guard(&err)
	v, err := a.view(view)
	if err != nil {
		return "", err
	}
	if b, ok := any(v).(cards.Briefer); ok {
		return b.Brief(), nil
	}
	return v.String(), nil
}

// triesSeed deals the state Tries asks the rules about: any state the view
// allows gives the same refusals.
const triesSeed = 1

func (a adapter[O, S, M, V]) Tries(view []byte) (_ []Try, err error) {
	defer guard(&err)
	v, err := a.view(view)
	if err != nil {
		return nil, err
	}
	legal := v.Base().Moves
	tries := make([]Try, 0, len(legal))
	for _, m := range legal {
		if tries, err = appendTry(tries, m, nil); err != nil {
			return nil, err
		}
	}
	explainer, ok := a.rules.(cards.Explainer[M, V])
	if !ok {
		return tries, nil
	}
	candidates := explainer.AppendCandidates(nil, v)
	if len(candidates) == 0 {
		return tries, nil
	}
	s, err := a.rules.Determinize(v, triesSeed)
	if err != nil {
		return nil, err
	}
	for _, m := range candidates {
		if slices.Contains(legal, m) {
			continue
		}
		if _, refused := a.rules.Apply(s, m); refused != nil {
			if tries, err = appendTry(tries, m, refused); err != nil {
				return nil, err
			}
		}
	}
	return tries, nil
}

// appendTry appends the try of m, refused with the error refused or legal
// if it is nil.
func appendTry[M cards.Move](tries []Try, m M, refused error) ([]Try, error) {
	b, err := encode(m)
	if err != nil {
		return tries, err
	}
	t := Try{Move: b, Text: m.String(), Legal: refused == nil}
	if refused != nil {
		t.Refusal = cards.Reason(refused)
	}
	return append(tries, t), nil
}
