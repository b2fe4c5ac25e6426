package ninekingdoms

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
	// EventGameBegan: Game of the match began.
	EventGameBegan
	// EventRoundBegan: Round began, Player being its first player.
	EventRoundBegan
	// EventDealt: the dealer dealt five cards to each player, Count cards
	// being left in the deck.
	EventDealt
	// EventDealtHand: Player was dealt Count cards: Hand, which only they
	// read.
	EventDealtHand
	// EventReshuffled: the deck ran out, and the dealer shuffled the Count
	// cards of the discard pile into a new deck.
	EventReshuffled
	// EventChose: Player chose two cards, Chosen, and discarded the Count
	// others face down, Discarded; only Player reads the cards.
	EventChose
	// EventRevealed: Player revealed Pair, which makes Combination.
	EventRevealed
	// EventBuried: Player buried $ $ in their scoring pile.
	EventBuried
	// EventNoEffect: Player's Combination had no effect: no other tableau
	// held a card it could reach.
	EventNoEffect
	// EventClaimed: Player claimed Kingdom Kingdom from the centre.
	EventClaimed
	// EventClaimedFrom: Player claimed Kingdom Kingdom from Target.
	EventClaimedFrom
	// EventBribed: Player bribed Target: the $ went to Target's scoring
	// pile, and Player took Target's Card.
	EventBribed
	// EventBribedOwn: Player bribed Target: the $ went to Player's own
	// scoring pile (Kingdom 6), and Player took Target's Card.
	EventBribedOwn
	// EventAttacked: Player's Combination (Siege or Flank) discarded
	// Target's Card.
	EventAttacked
	// EventCanAnswer: Player could answer the attack with Kingdom 7.
	EventCanAnswer
	// EventCountered: Player answered with Kingdom 7 and discarded
	// Target's Card.
	EventCountered
	// EventNotAnswered: Player did not answer with Kingdom 7.
	EventNotAnswered
	// EventSecondDiscard: Player held Kingdom 3 and could discard a second
	// card.
	EventSecondDiscard
	// EventDeclinedSecond: Player declined a second Flank discard.
	EventDeclinedSecond
	// EventDeclined: Player declined the Combination.
	EventDeclined
	// EventDiscardedBribe: Player discarded the Bribe's $.
	EventDiscardedBribe
	// EventStashed: Player used Kingdom 8: their tableau's Card went face
	// down to their scoring pile.
	EventStashed
	// EventLostKingdom: Player lost their last card of value Kingdom, and
	// Kingdom Kingdom returned to the centre.
	EventLostKingdom
	// EventEnded: Player ended their turn.
	EventEnded
	// EventRoundEnded: Round ended.
	EventRoundEnded
	// EventGameEnded: the game ended with Points, and Players won.
	EventGameEnded
	// EventMatchGameEnded: Game of the match ended with Points.
	EventMatchGameEnded
	// EventMatchTotals: after Game, the match totals were Points; Players
	// won the match, when it ended.
	EventMatchTotals
)

// EventData is what an event of Nine Kingdoms tells as data, beside its
// text: its kind and the members its kind names. A player's hand, and the
// pair they chose, are their data alone: the others' data of the same
// event leave them out.
//
//cards:json event seats=MaxPlayers "an event of Nine Kingdoms"
type EventData struct {
	Kind EventKind
	// Player is the player the event concerns: who acted, was dealt,
	// revealed or lost a kingdom, or the first player of a round.
	Player cards.Player `kinds:"roundBegan,dealtHand,chose,revealed,buried,noEffect,claimed,claimedFrom,bribed,bribedOwn,attacked,canAnswer,countered,notAnswered,secondDiscard,declinedSecond,declined,discardedBribe,stashed,lostKingdom,ended"`
	// Target is the player a kingdom was claimed from, or whose card was
	// taken or discarded.
	Target cards.Player `kinds:"claimedFrom,bribed,bribedOwn,attacked,countered"`
	// Kingdom is the kingdom claimed, or returned to the centre.
	Kingdom uint8 `kinds:"claimed,claimedFrom,lostKingdom"`
	// Card is the card taken, discarded or stashed.
	Card Card `kinds:"bribed,bribedOwn,attacked,countered,stashed"`
	// Pair is the pair revealed, in order.
	Pair [2]Card `kinds:"revealed"`
	// Combination is what the pair revealed makes: "Bury", "Bribe",
	// "Siege", "Flank" or "no combination".
	Combination string `kinds:"revealed,noEffect,attacked,declined" ts:"\"no combination\" | \"Bury\" | \"Bribe\" | \"Siege\" | \"Flank\""`
	// Hand is the hand dealt; Chosen the pair chosen and Discarded the
	// cards discarded face down.
	Hand      Counts `kinds:"dealtHand?"`
	Chosen    Counts `kinds:"chose?"`
	Discarded Counts `kinds:"chose?"`
	// Count is a number of cards: left in the deck, dealt, shuffled into a
	// new deck, or discarded face down.
	Count int `kinds:"dealt,dealtHand,reshuffled,chose"`
	// Round and Game are the round of the game and the game of the match.
	Round uint8  `kinds:"roundBegan,roundEnded"`
	Game  uint16 `kinds:"gameBegan,matchGameEnded,matchTotals"`
	// Points are every player's points in the game, or their match
	// totals.
	Points cards.PerPlayer `kinds:"gameEnded,matchGameEnded,matchTotals"`
	// Players are who won the game, or the match.
	Players cards.PlayerSet `kinds:"gameEnded,matchTotals?"`
}

// event adds an event everyone reads, its text formatted as fmt.Sprintf
// formats it, with its data. Callers test s.log.On() first, so that
// nothing is formatted when the log is off.
func (s *State) event(d EventData, format string, args ...any) {
	s.log = s.log.Add(cards.Public(format, args...).With(d))
}

// secret adds an event whose text and data only p reads; the others read
// others and the data without its cards.
func (s *State) secret(p cards.Player, d EventData, text, others string) {
	hidden := d
	hidden.Hand, hidden.Chosen, hidden.Discarded = Counts{}, Counts{}, Counts{}
	s.log = s.log.Add(cards.Private(p, text, others).With(d).WithOthers(hidden))
}
