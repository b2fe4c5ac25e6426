// Package cards is the shared vocabulary of the card games of this module
// and the contract every game meets.
//
// The vocabulary: suits, ranks and cards of the standard deck with its
// jokers (Card), sets of cards held as bitsets (Set), deck builders, a
// seeded random source that lives inside a game state (Rand), players
// (Player, PlayerSet), a game's log of events (Log), and the sentinel errors
// every game wraps (ErrIllegalMove, ErrBadInput, …).
//
// The contract: every game package offers NewGame, LegalMoves, Apply and
// View over its own Options, State, Move and View types, and a zero-size
// type that implements Rules with them. Code written once over Rules serves
// every game: the JSON adapter (package anygame), bots (package bot) and
// the property-test harness (package cardstest).
//
// Properties every game keeps, and that cardstest checks:
//   - Purity: Apply never changes its input; a state may be continued with
//     different moves, each branch independent.
//   - Determinism: the same options, seed and moves give the same states and
//     views on every platform.
//   - Legality: every listed move applies; any other is refused with an
//     error wrapping ErrIllegalMove.
//   - Conservation: no card is created, lost or duplicated (State.Check).
//   - Secrecy: a view holds nothing its viewer may not know.
//   - Progress: a game of random legal moves ends.
//   - No panics: bad input of any kind gives an error.
package cards
