package packs

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
	// EventCoinsDealt: the coins were dealt face down, Dealt to each seat.
	EventCoinsDealt
	// EventMarketDealt: the market was dealt: Cards.
	EventMarketDealt
	// EventHeadStart: the automaton (Player) was dealt Card into its
	// kingdom as a head start.
	EventHeadStart
	// EventHeadStartDiscarded: the automaton (Player) was dealt Card for
	// its head start, which went to the discard pile: it holds a card of
	// that suit.
	EventHeadStartDiscarded
	// EventPassed: Player passed, for they could take no action.
	EventPassed
	// EventBought: Player bought Card for Price coins and took the Took
	// coins that lay under it.
	EventBought
	// EventBoughtNothing: the automaton (Player) could afford no card and
	// bought nothing.
	EventBoughtNothing
	// EventDiscarded: Player discarded Card as an action.
	EventDiscarded
	// EventMisfit: the automaton (Player) discarded Card, which does not
	// fit its kingdom.
	EventMisfit
	// EventPlayed: Player played Card to their kingdom, completing a run
	// if Run.
	EventPlayed
	// EventPlaced: the automaton (Player) placed Card in its kingdom,
	// completing a run if Run.
	EventPlaced
	// EventWon: Player completed their third run and won the game.
	EventWon
	// EventBuysAgain: the automaton (Player) buys once more for its ♥, on
	// the Queen's question.
	EventBuysAgain
	// EventEnded: Player ended their turn.
	EventEnded
	// EventInstructionsShuffled: the automaton (Player) shuffled its Count
	// used instructions into a new instruction deck.
	EventInstructionsShuffled
	// EventInstruction: the automaton (Player) turned over the
	// instruction Card.
	EventInstruction
	// EventRefilled: the market was refilled with Cards.
	EventRefilled
	// EventMarketShort: the market stays Count cards short, the deck and
	// the discard pile being empty.
	EventMarketShort
	// EventReshuffled: the discard pile was shuffled into a new deck of
	// Count cards.
	EventReshuffled
	// EventNoIncome: Player took no income: the market holds no coins.
	EventNoIncome
	// EventIncome: Player took Count coins of income, from the market's
	// spots with the most.
	EventIncome
	// EventTookCoin: Player took a coin of income from under Card, or
	// loose from Column.
	EventTookCoin
	// EventOwedNothing: Player owed Target, the attacker, nothing: Clubs
	// ♣ against Spades ♠.
	EventOwedNothing
	// EventOwed: Player owed Target Count for the ♠ attack.
	EventOwed
	// EventPaid: Player paid Target Count coins.
	EventPaid
	// EventPaidCoin: Player paid Target a coin.
	EventPaidCoin
	// EventHadNothing: Player had nothing to give Target.
	EventHadNothing
	// EventGaveAll: Player gave Target everything they had: Count coins
	// and CardCount cards, Cards, which only Player reads.
	EventGaveAll
	// EventGaveAllDiscarded: Player gave the automaton (Target) everything
	// they had, Count coins and the CardCount cards Cards, which went to
	// the discard pile.
	EventGaveAllDiscarded
	// EventGave: Player gave Target Card, which only Player reads.
	EventGave
	// EventGaveDiscarded: Player gave the automaton (Target) Card, which
	// went to the discard pile.
	EventGaveDiscarded
	// EventReceived: Player received CardCount cards in the attack, Cards,
	// which only they read.
	EventReceived
	// EventDiscardedDown: Player discarded Cards, received in the attack,
	// down to their hand limit.
	EventDiscardedDown
	// EventCalled: the game was called after Count turns each, and Players
	// won with Runs runs, KingdomCards kingdom cards and Coins coins.
	EventCalled
	// EventCalledDrawn: the game was called after Count turns each, and
	// Players drew with Runs runs, KingdomCards kingdom cards and Coins
	// coins each.
	EventCalledDrawn
)

// EventData is what an event of Packs Kingdoms tells as data, beside its
// text: its kind and the members its kind names. Cards given or received
// in an attack are the data of their giver or receiver alone: the
// others' data of the same event leave them out.
//
//cards:json event seats=MaxPlayers "an event of Packs Kingdoms"
type EventData struct {
	Kind EventKind
	// Player is the player the event concerns: who acted, paid or gave.
	Player cards.Player `kinds:"headStart,headStartDiscarded,passed,bought,boughtNothing,discarded,misfit,played,placed,won,buysAgain,ended,instructionsShuffled,instruction,noIncome,income,tookCoin,owedNothing,owed,paid,paidCoin,hadNothing,gaveAll,gaveAllDiscarded,gave,gaveDiscarded,received,discardedDown"`
	// Target is the attacker a payer owed, paid or gave to.
	Target cards.Player `kinds:"owedNothing,owed,paid,paidCoin,hadNothing,gaveAll,gaveAllDiscarded,gave,gaveDiscarded"`
	// Card is the card bought, discarded, played, placed, dealt for a head
	// start, given, turned over as an instruction, or under which a coin
	// was taken.
	Card cards.Card `kinds:"headStart,headStartDiscarded,bought,discarded,misfit,played,placed,instruction,gaveDiscarded,gave?,tookCoin?"`
	// Column is the column a loose coin was taken from.
	Column int8 `kinds:"tookCoin" when:"x.Card == cards.NoCard"`
	// Cards are the cards of the market dealt or refilled, given or
	// received in an attack, or discarded down to a hand limit.
	Cards cards.Set `kinds:"marketDealt,refilled,gaveAll?,gaveAllDiscarded,received?,discardedDown"`
	// Count is a number of coins (owed, paid, given, of income), of cards
	// (of a new deck or instruction deck, missing from the market) or of
	// turns each (of a called game).
	Count int `kinds:"instructionsShuffled,marketShort,reshuffled,income,owed,paid,gaveAll,gaveAllDiscarded,called,calledDrawn"`
	// CardCount is the number of cards given or received in an attack.
	CardCount uint8 `kinds:"gaveAll,gaveAllDiscarded,received"`
	// Price is what a card bought cost, and Took the coins that lay
	// under it.
	Price uint8 `kinds:"bought"`
	Took  uint8 `kinds:"bought"`
	// Run reports a card that completed a run.
	Run bool `kinds:"played?,placed?"`
	// Clubs and Spades are the ♣ of a payer and the ♠ of the attacker.
	Clubs  uint8 `kinds:"owedNothing"`
	Spades uint8 `kinds:"owedNothing"`
	// Players are the winners of a called game, or those who drew.
	Players cards.PlayerSet `kinds:"called,calledDrawn"`
	// Runs, KingdomCards and Coins are the standing of each of Players.
	Runs         uint8 `kinds:"called,calledDrawn"`
	KingdomCards uint8 `kinds:"called,calledDrawn"`
	Coins        uint8 `kinds:"called,calledDrawn"`
	// Dealt is the coins dealt to each seat.
	Dealt cards.PerPlayer `kinds:"coinsDealt"`
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
