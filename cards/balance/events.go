package balance

import "github.com/cardrules/games/cards"

// eventData returns an event's data as JSON, as its game declares it: its
// kind, the players concerned and its members, as the readers of its
// text read them; nil for an event told in words alone, which the lab
// does not read.
func eventData(e cards.Event) []byte {
	if e.Data == nil {
		return nil
	}
	b, err := e.Data.AppendJSON(nil)
	if err != nil {
		return nil
	}
	return b
}
