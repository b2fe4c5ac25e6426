package bastards

import "github.com/cardrules/games/cards"

// An EventKind is what an event tells. Each kind has one text, whose
// parts are the members its data names, so that a program can tell the
// event in words of its own.
//
//cards:json enum "a kind of event"
type EventKind uint8

// The kinds of events.
const (
	_ EventKind = iota
	// EventBegan: a game began, of Count players, Decks decks with Jokers
	// jokers in all, and Rounds rounds (without end when it is not there).
	EventBegan
	// EventRoundDealt: round Round began: Player dealt.
	EventRoundDealt
	// EventDealt: Player was dealt Count cards: Cards, which only they
	// read.
	EventDealt
	// EventLeads: Player held Card, the 3♣, and leads.
	EventLeads
	// EventKingChose: Player, the King, chose two cards for Target, the
	// Bastard: Cards, which only the two read.
	EventKingChose
	// EventBastardGave: Player, the Bastard, gave their two highest cards
	// to Target, the King: Cards, which only the two read.
	EventBastardGave
	// EventPlayed: Player played Cards (a lone joker as the rank As).
	EventPlayed
	// EventWentOutFirst: Player went out first, and is King.
	EventWentOutFirst
	// EventWentOut: Player went out.
	EventWentOut
	// EventPassed: Player passed.
	EventPassed
	// EventWonTrick: Player won the trick (with a trump, a 2, if Trump),
	// and Leader leads.
	EventWonTrick
	// EventRoundEnded: round Round ended: King is King, Bastard is
	// Bastard.
	EventRoundEnded
	// EventGameEnded: the game ended: Players won, each with Count rounds
	// as King.
	EventGameEnded
)

// EventData is what an event of Kings & Bastards tells as data, beside
// its text: its kind and the members its kind names. A hand dealt, and
// the cards of the exchange, are the data of those who read them: the
// others' data of the same event leave them out.
//
//cards:json event seats=MaxPlayers "an event of Kings & Bastards"
type EventData struct {
	Kind EventKind
	// Player is the player the event concerns: who dealt, was dealt,
	// led, chose, gave, played, went out, passed or won the trick.
	Player cards.Player `kinds:"roundDealt,dealt,leads,kingChose,bastardGave,played,wentOutFirst,wentOut,passed,wonTrick"`
	// Target is who received the cards of the exchange.
	Target cards.Player `kinds:"kingChose,bastardGave"`
	// Leader is who leads the next trick.
	Leader cards.Player `kinds:"wonTrick"`
	// King and Bastard are those of the round that ended.
	King    cards.Player `kinds:"roundEnded"`
	Bastard cards.Player `kinds:"roundEnded"`
	// Card is the card that makes its holder lead.
	Card cards.Card `kinds:"leads"`
	// Cards are the cards dealt, played, or given in the exchange.
	Cards cards.Set `kinds:"played,dealt?,kingChose?,bastardGave?"`
	// As is the rank a lone joker played stands for.
	As cards.Rank `kinds:"played?"`
	// Trump reports a trick won by a 2.
	Trump bool `kinds:"wonTrick?"`
	// Round is the round dealt or ended.
	Round int `kinds:"roundDealt,roundEnded"`
	// Count is a number of players (of a game), of cards (dealt) or of
	// rounds as King (of the winners).
	Count int `kinds:"began,dealt,gameEnded"`
	// Decks and Jokers are the decks of a game and their jokers in all;
	// Rounds its round limit.
	Decks  uint8 `kinds:"began"`
	Jokers uint8 `kinds:"began"`
	Rounds int   `kinds:"began?"`
	// Players are the winners of the game.
	Players cards.PlayerSet `kinds:"gameEnded"`
}

// event adds an event everyone reads, its text formatted as fmt.Sprintf
// formats it, with its data. Callers test s.log.On() first, so that a
// game without a log builds nothing.
func (s *State) event(d EventData, format string, args ...any) {
	s.log = s.log.Add(cards.Public(format, args...).With(d))
}

// secret adds an event whose text and data only the players of to read;
// the others read others and the data without its cards.
func (s *State) secret(to cards.PlayerSet, d EventData, text, others string) {
	hidden := d
	hidden.Cards = cards.Set{}
	s.log = s.log.Add(cards.Event{Text: text, To: to, Others: others}.With(d).WithOthers(hidden))
}
