// Package crown plays Claim the Crown, a card game for two: play cards into
// your court, cancel your opponent's with decrees, use each card's ability,
// and be the first whose court completes a win condition.
//
// # The game
//
// One 52-card deck without jokers: J, Q and K are Face cards, A to 10
// Number cards. P1, who plays first, is dealt 4 cards, P2 5; the rest is
// the draw pile, and each player has a discard pile, face up. A turn: draw
// a card; play a card from hand into one's court; the opponent may issue a
// Decree (a Face card and one other card from hand to their own discard
// pile), which the player may answer with a Decree of their own, and so
// back and forth; after an odd number of Decrees the card is canceled and
// goes to its owner's discard pile. A card that stands uses its ability:
// a Number card's comes from its suit — ♣ Club (a card of the opponent's
// court to their discard pile), ♦ Bribe (look at the opponent's hand; a
// card of it to their discard pile), ♠ Dig (the top card of either discard
// pile into one's hand), ♥ Inspire (use the ability of another card of
// one's court that is not a ♥ Number card) — and every Face card has
// Recruit (draw a card). Then a court that completes a win condition wins
// at once: Royal Council (a Number card of each suit and a Face card) and
// Faction Supremacy (five Face cards, or five Number cards of one suit)
// always; Royal Bloc (four of a rank), United House (five of a suit) and
// Line of Succession (five ranks in a row, the Ace high or low) as
// variants.
//
// # Using the package
//
// NewGame deals a game from Options; DefaultOptions gives the published
// game, and every option means what it says (false and 0 are values):
// Players (always 2), Seed, NoLog (the event log off, for search: Apply
// then allocates nothing), RoyalBloc, UnitedHouse and LineOfSuccession
// (the variant win conditions) and MaxTurns (0: no limit, as published; n:
// a draw once n turns have been played). LegalMoves, or AppendLegalMoves
// into a buffer the caller reuses, lists the moves of the player who must
// act; Apply returns the state after a move and never changes its input;
// ViewOf gives what one player, or cards.Spectator, may know; Determinize
// deals a full state consistent with a view, for search.
//
//	s, _ := crown.NewGame(crown.DefaultOptions())
//	s, err := crown.Apply(s, crown.LegalMoves(s)[0])
//
// Rules implements cards.Rules with these functions, so that the tools
// written once for every game — the JSON face of package anygame, the bots,
// the terminal player — serve this one too.
//
// Moves are made with Play, Decree, Decline, Club, Bribe, Dig and Inspire.
// Decisions outside one's turn — a decree, or declining to issue one — are
// moves of the player who makes them. The draw that opens a turn, its
// reshuffle, Recruit, canceling a card and the check for a win happen
// inside Apply.
//
// Options, states, moves and views encode to JSON and back without loss,
// strictly: a move is an object such as {"player":1,"kind":"decree",
// "card":"KS","other":"3D"}, a state holds the game as it stands (both
// hands, the draw pile and the random source included, so a server keeps
// it and sends views) and no history, and decoding a state checks it
// (State.Check). Options decode from their defaults: {} is the published
// game.
//
// # Rulings
//
// The package follows the seed's rules and these rulings (none contradicts
// the seed):
//   - 52 cards; J, Q, K are Face cards, A to 10 Number cards.
//   - Hands are private and their sizes public. Courts and both discard
//     piles, every card and its order, are public. The draw pile's order
//     is hidden and its size public.
//   - Bribe lets the briber look at the opponent's hand: the briber's view
//     shows it while they choose, and the log tells which card went to the
//     discard pile.
//   - The draw that opens a turn is automatic. If the draw pile is empty,
//     both discard piles are shuffled into a new one first; if they are
//     empty too, nothing is drawn. Then the player plays one card from
//     hand into their court.
//   - The decree exchange: the opponent may decree — a Face card and one
//     other card from hand onto their own discard pile, the other card
//     first and the Face card on top — or decline; after each decree the
//     other side may answer with a decree or decline; the exchange ends at
//     the first decline. After an odd number of decrees the played card is
//     canceled: it goes on top of its owner's discard pile, its ability
//     does not happen, and the turn ends.
//   - Abilities of a card that stands; an ability with nothing to act on
//     does nothing and asks no choice: Club, a card of the opponent's
//     court to their discard pile; Bribe, a card of the opponent's hand to
//     their discard pile; Dig, the top card of a non-empty discard pile,
//     either player's, into one's hand; Inspire, the ability of another
//     card of one's court that is not a ♥ Number card (a Face card of any
//     suit gives Recruit); Recruit, a card from the draw pile if it has
//     one, never a reshuffle.
//   - Then the player's court is checked against the win conditions that
//     count, and one completed wins at once. A court may hold more cards
//     than a condition needs.
//   - Royal Council and Faction Supremacy always count; Royal Bloc, United
//     House and Line of Succession (A-2-3-4-5 up to 10-J-Q-K-A, never
//     K-A-2) each by its option.
//   - The published game ends only with a win; Options.MaxTurns (0, no
//     limit, by default) calls a draw so that simulations end.
//   - P1 (player 0) plays first and is dealt 4 cards; P2 is dealt 5.
//
// # Decisions of this package
//
// Where the seed and the rulings are silent, the package decides:
//   - P1 draws at the start of the first turn too, as every turn begins
//     with a draw.
//   - The other card of a decree may be any card, a Face card included.
//     With two Face cards either may lie on top; the two orders are
//     distinct moves, for a Dig tells them apart.
//   - A player is always asked to decree or decline, and always asked to
//     answer a decree, even when their hand holds no decree: whether it
//     does is hidden, and skipping the question would tell.
//   - An Inspire names the ability it uses (Inspire(p, AbilityClub):
//     "inspire to club"), not a card: cards of one ability lend the same
//     thing, and equivalent moves are listed once. Every ability of the
//     court's eligible cards is offered, even one that will then find
//     nothing to act on (and so does nothing).
//   - A Club, Bribe or Dig with something to act on asks the player's
//     choice even when there is only one; Recruit asks none.
//   - A player who holds no card after the draw that opens their turn has
//     nothing to play, and their turn ends at once. (It cannot happen to
//     both: the two courts hold at most 32 cards that complete no win
//     condition.)
//   - A canceled card ends the turn without the court check the seed names
//     after the ability: the court is then as it was at the start of the
//     turn, and a court that completes nothing cannot gain a win by losing
//     nothing.
//   - Only the mover's court is checked, as the seed says: the opponent's
//     court never gains a card in the mover's turn.
//   - A court that completes several conditions at once wins with the
//     first of Royal Council, Faction Supremacy, Royal Bloc, United House,
//     Line of Succession; a run of Line of Succession counts each rank
//     once.
//   - MaxTurns counts turns, each player's turn one, an empty-handed one
//     too; when turn MaxTurns ends without a win the game is a draw.
//     Result then names both players, who drew, with Drawn set (as does
//     State.Drawn).
//   - Result's scores tell how near each court is to a win: 5 less the
//     fewest cards it lacks for any condition that counts (Score).
//   - The draw pile's order is hidden from everyone, so a state keeps its
//     cards as a set and each draw takes one chosen by the state's random
//     source, which is the same as drawing the top card of a shuffled
//     pile. The opening deal draws the same way.
//   - The briber's view shows the opponent's hand only while the Bribe
//     waits; remembering it is up to the player, as it is to remember a
//     card the opponent dug from a discard pile, in sight of all, into
//     their hand. Views hold what the rulings name, and Determinize deals
//     such cards as it deals any card the view does not show.
//   - Determinize returns a state whose log is off at the view's count of
//     events, as the contract of cards.Rules asks.
//
// # Invariants
//
// State.Check holds that all 52 cards are each in one place (hands,
// courts, discard piles, draw pile), that the phase, the turn and the card
// in play agree, that the decrees of an exchange lie on their issuers'
// piles with Face cards on top, that a waiting ability has something to
// act on, and that no court completes a win condition but the winner's
// (and the mover's while their card is in play).
package crown
