// Package crazyeights plays Crazy Eights, the classic shedding game for 2
// to 5 players, written against this module's contract (cards.Rules) as a
// designer writes a game of their own: one package of rules, its JSON, its
// rules tests and the property harness (package cardstest). Every tool of
// the module serves it, beside the module's own games or alone: the
// terminal player, the tournament, the server and its page.
//
// # The game
//
// One deck of 52 cards, no jokers. Each player is dealt five cards, seven
// when two play; the rest is the stock, face down, and its top card is
// turned up to start the discard pile. In turn, from P1, each player plays
// a card onto the discard pile that matches the top card's rank or suit.
// An eight may be played on anything, and its player names the suit to
// follow. A player who cannot play draws from the stock, a card at a time,
// until they can. The first player to play their last card wins, and
// scores the cards left in the other hands: 50 for an eight, 10 for a K,
// Q or J, 1 for an ace, the number for the others.
//
// # Rulings
//
// Where the classic rules leave a choice open, this package decides:
//   - An eight turned up to start the discard pile goes back into the
//     stock, and the next card is turned up instead.
//   - A player draws only when they hold no card they can play, a card at
//     a time, and plays the card drawn as soon as it can be played: it is
//     not kept back.
//   - An eight names any suit, its own included, and may be played on an
//     eight.
//   - When the stock is empty and a player must draw, the discard pile
//     beneath its top card is shuffled into a new stock.
//   - A player who cannot play while both the stock and the discard pile
//     beneath its top card are empty passes. The game cannot be blocked:
//     the stock and the pile are empty only when the hands hold every
//     other card, eights among them, and an eight can always be played.
//   - Higher scores are better; before the end every score is 0.
//
// # Using the package
//
// NewGame deals a game from Options (DefaultOptions: four players);
// AppendLegalMoves lists the moves of the player to act; Apply returns the
// state after a move and never changes its input; ViewOf gives what one
// player, or cards.Spectator, may know; Determinize deals a full state
// consistent with a view, for the search bots. Rules implements
// cards.Rules with them, and cards.Explainer, so that a program can say
// why a card is not offered.
//
// Options, states, moves and views encode to JSON and back, strictly: a
// move is an object such as {"player":0,"kind":"play","card":"8S",
// "suit":"hearts","text":"play 8♠ naming hearts"}; a state holds every
// hand and the random source, so a program keeps it and sends views. Each
// type declares its JSON where it is declared (a //cards:json directive,
// its fields' cards tags), and go generate writes the codec, json_gen.go,
// with package jsongen.
//
// Events say what happened in words, for people, and as data, for
// programs (events.go): each event's data is an EventData, its kind an
// EventKind and its members those its kind names, declared as a move's
// are. In JSON an entry of the log reads
// {"seq":4,"text":"P1 played 8♠ naming hearts","data":{"kind":"played",
// "player":0,"card":"8S","suit":"hearts"}}. The card a player draws is
// theirs alone, in data as in words: the others read "P1 drew a card"
// and {"kind":"drew","player":0}.
package crazyeights
