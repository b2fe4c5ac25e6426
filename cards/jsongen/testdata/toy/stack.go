package toy

import (
	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

func cardjsonCards(b []byte, cs []cards.Card) []byte { return cardjson.AppendCards(b, cs) }

func decodeStack(s *stack, b []byte) error {
	var cs []cards.Card
	if err := cardjson.DecodeValue(b, &cs); err != nil {
		return err
	}
	if len(cs) > len(s.cards) {
		return cards.BadInput("a stack of %d cards", len(cs))
	}
	var t stack
	t.n = uint8(copy(t.cards[:], cs))
	*s = t
	return nil
}
