package anygame

import (
	"encoding/json"
	"strings"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// MoveKind returns the kind of a move: the member "kind" of its JSON, as
// every game of this module writes one, or else the first word of its
// text ("draw" of a move that reads "draw a card"). A move that does not
// encode has no kind: "". The harness's coverage line and the balance
// lab count moves by it.
func MoveKind[M cards.Move](m M) string {
	var members struct {
		Kind *string `json:"kind"`
	}
	b, err := cardjson.Marshal(m)
	switch {
	case err != nil || json.Unmarshal(b, &members) != nil:
		return ""
	case members.Kind != nil:
		return *members.Kind
	}
	k, _, _ := strings.Cut(m.String(), " ")
	return k
}
