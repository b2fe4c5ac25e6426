package crown

import (
	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// An EventKind is what an event tells. Each kind has one text, whose
// parts are the members its data names, so that a program can tell the
// event in words of its own.
//
//cards:json enum "a kind of event"
type EventKind uint8

// The kinds of events.
const (
	_ EventKind = iota
	// EventBegan: a game began, whose win conditions are Conditions, and
	// which a draw ends after MaxTurns turns (when it is there).
	EventBegan
	// EventDealt: Player was dealt Count cards: Cards, which only they read.
	EventDealt
	// EventDrew: Player drew a card at the start of their turn: Card,
	// which only they read.
	EventDrew
	// EventDrewNothing: Player drew nothing, for no card was left.
	EventDrewNothing
	// EventReshuffled: Player shuffled both discard piles into a new draw
	// pile of Count cards.
	EventReshuffled
	// EventStuck: Player had no card to play, and their turn ended.
	EventStuck
	// EventDrawn: the game ended in a draw after Count turns.
	EventDrawn
	// EventPlayed: Player played Card to their court.
	EventPlayed
	// EventDecreed: Player decreed with Card, a Face card, on top of Other.
	EventDecreed
	// EventDeclined: Player declined to decree.
	EventDeclined
	// EventCanceled: Player's Card was canceled and went to their discard
	// pile.
	EventCanceled
	// EventInspired: Player used Inspire to use Ability.
	EventInspired
	// EventIdle: the Ability of Player's card had nothing to act on:
	// Target's court (Club) or hand (Bribe) was empty, or the discard
	// piles (Dig), or Player's court held nothing to inspire.
	EventIdle
	// EventClubbed: Player clubbed Target's Card, which went to Target's
	// discard pile.
	EventClubbed
	// EventBribed: Player bribed Card from Target's hand, which went to
	// Target's discard pile.
	EventBribed
	// EventDug: Player dug Card from the top of From's discard pile.
	EventDug
	// EventRecruited: Player recruited a card from the draw pile: Card,
	// which only they read.
	EventRecruited
	// EventRecruitedNothing: Player recruited nothing, the draw pile being
	// empty.
	EventRecruitedNothing
	// EventWon: Player completed Condition and won the game.
	EventWon
)

// EventData is what an event of Claim the Crown tells as data, beside its
// text: its kind and the members its kind names. A drawn, dealt or
// recruited card is the data of its player alone: the others' data of
// the same event leave it out.
//
//cards:json event seats=Players "an event of Claim the Crown"
type EventData struct {
	Kind EventKind
	// Player is the player the event concerns: who acted, or whose card
	// or hand it tells of.
	Player cards.Player `kinds:"dealt,drew,drewNothing,reshuffled,stuck,played,decreed,declined,canceled,inspired,idle,clubbed,bribed,dug,recruited,recruitedNothing,won"`
	// Target is the player a Club or a Bribe took a card from, or whose
	// empty court or hand left an ability idle.
	Target cards.Player `kinds:"clubbed,bribed,idle?"`
	// From is the player whose discard pile a Dig took from.
	From cards.Player `kinds:"dug"`
	// Card is the card played, decreed with (the Face card), canceled,
	// clubbed, bribed, dug, drawn or recruited.
	Card cards.Card `kinds:"played,decreed,canceled,clubbed,bribed,dug,drew?,recruited?"`
	// Other is the card beneath a decree's Face card.
	Other cards.Card `kinds:"decreed"`
	// Cards are the cards dealt.
	Cards cards.Set `kinds:"dealt?"`
	// Count is the number of cards dealt, of the new draw pile, or of
	// turns before a draw.
	Count int `kinds:"dealt,reshuffled,drawn"`
	// Ability is the ability inspired, or the one that had nothing to act
	// on.
	Ability Ability `kinds:"inspired,idle"`
	// Condition is the win condition completed.
	Condition Condition `kinds:"won"`
	// Conditions are the win conditions of the game.
	Conditions Conditions `kinds:"began"`
	// MaxTurns is the number of turns after which the game is a draw.
	MaxTurns int `kinds:"began?"`
}

// event adds an event everyone reads, its text formatted as fmt.Sprintf
// formats it, with its data. Callers test s.log.On() first, so that a
// game without a log builds nothing.
func (s *State) event(d EventData, format string, args ...any) {
	s.log = s.log.Add(cards.Public(format, args...).With(d))
}

// secret adds an event whose text and data only p reads; the others read
// others and the data without its card and cards.
func (s *State) secret(p cards.Player, d EventData, text, others string) {
	hidden := d
	hidden.Card, hidden.Cards = cards.NoCard, cards.Set{}
	s.log = s.log.Add(cards.Private(p, text, others).With(d).WithOthers(hidden))
}

// AppendJSON appends the conditions to b as a JSON array of their names,
// in order: ["royalCouncil","factionSupremacy"].
func (cs Conditions) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, '[')
	for c := RoyalCouncil; c < numConditions; c++ {
		if !cs.Has(c) {
			continue
		}
		if b[len(b)-1] != '[' {
			b = append(b, ',')
		}
		b = append(append(append(b, '"'), conditionCodes[c]...), '"')
	}
	return append(b, ']'), nil
}

// UnmarshalJSON decodes what AppendJSON appends.
func (cs *Conditions) UnmarshalJSON(b []byte) error {
	var set Conditions
	err := cardjson.ParseStrings(b, "a list of win conditions", func(name []byte) error {
		var c Condition
		if err := c.UnmarshalText(name); err != nil || c == 0 {
			return cards.BadInput("%q is not a win condition", name)
		}
		set |= c.Set()
		return nil
	})
	if err != nil {
		return err
	}
	*cs = set
	return nil
}
