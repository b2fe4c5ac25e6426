package crazyeights

import "github.com/cardrules/games/cards"

// An EventKind is what an event tells: "dealt", "played", "wentOut",
// "reshuffled", "drew" or "passed" in JSON. Each kind has one text, whose
// parts are the members its data names, so that a program can animate,
// count or translate what happened without reading English.
//
//cards:json enum "a kind of event"
type EventKind uint8

// The kinds of events; the zero EventKind is none.
const (
	_ EventKind = iota
	// EventDealt: the dealer dealt Count cards to each player and turned
	// up Card.
	EventDealt
	// EventPlayed: Player played Card, an eight naming Suit.
	EventPlayed
	// EventWentOut: Player went out and scored Points.
	EventWentOut
	// EventReshuffled: the discard pile beneath Card was shuffled into a
	// new stock of Count cards.
	EventReshuffled
	// EventDrew: Player drew a card: Card, which only they read.
	EventDrew
	// EventPassed: Player passed.
	EventPassed
)

// EventData is what an event tells as data, beside its text: its kind
// and the members its kind names, as a move's are. The card a player
// drew is theirs alone, as the text that names it is: the others read
// the same event's data without it. In JSON:
// {"kind":"played","player":0,"card":"8S","suit":"hearts"}.
//
//cards:json event seats=MaxPlayers "an event of Crazy Eights"
type EventData struct {
	Kind EventKind
	// Player is who played, went out, drew or passed.
	Player cards.Player `kinds:"played,wentOut,drew,passed"`
	// Card is the card turned up, played, drawn, or the top of the
	// discard pile left when the rest was shuffled.
	Card cards.Card `kinds:"dealt,played,reshuffled,drew?"`
	// Suit is the suit an eight named.
	Suit Suit `kinds:"played?"`
	// Count is the number of cards dealt to each player, or of the new
	// stock.
	Count int `kinds:"dealt,reshuffled"`
	// Points is the score of the player who went out.
	Points int `kinds:"wentOut"`
}

// event adds an event everyone reads, its text formatted as fmt.Sprintf
// formats it, with its data. Callers test s.log.On() first, so that a
// game without a log builds nothing.
func (s *State) event(d EventData, format string, args ...any) {
	s.log = s.log.Add(cards.Public(format, args...).With(d))
}

// secret adds an event whose text and data only p reads; the others
// read others, and the data without its card.
func (s *State) secret(p cards.Player, d EventData, text, others string) {
	hidden := d
	hidden.Card = cards.NoCard
	s.log = s.log.Add(cards.Private(p, text, others).With(d).WithOthers(hidden))
}
