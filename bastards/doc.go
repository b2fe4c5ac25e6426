// Package bastards plays Kings & Bastards, a card-shedding game for 4 to 6
// players (3, and 7 to 10 with two decks, as options): be the first to
// play all your cards and become King; the last left holding cards is the
// Bastard, who deals the next round and gives the King their two highest
// cards. The score is the number of rounds each player was King.
//
// # Using the package
//
// NewGame deals a game from Options; LegalMoves (or AppendLegalMoves, into
// a buffer the caller reuses) lists the moves of the player to act; Apply
// returns the state after a move and never changes its input; ViewOf shows
// what one player, or cards.Spectator, may know; Determinize deals a full
// state consistent with a view, for search. Rules implements
// cards.Rules with them.
//
//	s, _ := bastards.NewGame(bastards.Options{Players: 4, Rounds: 5, Seed: 42, Jokers: 2})
//	moves := bastards.LegalMoves(s)
//	s, err := bastards.Apply(s, moves[0])
//
// A Move names its player (Who), its Kind (KindPlay, KindPass, KindGive),
// the exact cards played or given, and for a lone joker the rank it stands
// for (As); Play, PlayJoker, Pass and Give make them. Apply accepts
// exactly the moves LegalMoves lists; any other is an error wrapping
// cards.ErrIllegalMove that says why. Alike cards make one move: a play or
// a gift that leaves the same game but for which of two alike cards moved
// is listed once (see the decisions below).
//
// Options are literal values: start from DefaultOptions (four players, two
// jokers, DefaultRounds rounds) and change what you need. Players is 3 to
// 10, Jokers per deck 0, 1 or 2, Rounds the number of rounds (0 plays on
// without end), Seed makes the deals reproducible, and NoLog turns the
// event log off for search and simulation (Apply then allocates nothing).
//
// # Rulings
//
// The package follows the rules of the game's design note and these
// rulings for what it leaves open (none of them contradicts the note):
//
//   - One 52-card deck with 0, 1 or 2 jokers (default 2). 4 to 6 players;
//     3 players, and 7 to 10 players with two decks, as options.
//   - Cards rank, low to high, 3 4 5 6 7 8 9 10 J Q K A. Suits have no
//     effect on play.
//   - A 2 is a trump: it is always played alone, and played on any play it
//     wins that trick at once. A 2 may also lead; it then wins the trick at
//     once and the same player leads again.
//   - A joker stands for any rank from 3 to A, never a 2. Played alone it
//     is a single of the rank the player declares. In a pair, triple or
//     quad it fills a place; such a set holds at least one natural card,
//     and the set's rank is the natural cards' rank.
//   - A play is a single, pair, triple or quad of one rank. It beats the
//     current play only with the same number of cards and a strictly
//     higher rank; a 2 beats anything.
//   - The leader of a trick must play. Anyone else may pass even when able
//     to play; a pass lasts for that turn only. When play comes back to
//     the player who made the last play (everyone else still in the round
//     having passed since), that player wins the trick and leads the next.
//     If that player has gone out, the next player to their left who still
//     has cards leads.
//   - Every round the player holding 3♣ leads the first trick, and that
//     play includes 3♣.
//   - The first player out is the King. Play goes on until one player
//     alone holds cards: the Bastard. The round ends there.
//   - The score counts the rounds each player was King (Result.Scores),
//     and beside it the rounds as Bastard (View.Bastards).
//   - Before each round after the first, the Bastard deals, and then the
//     exchange: the Bastard's two highest cards (jokers above 2s, 2s above
//     aces, then the order above) and two cards the King chooses from the
//     King's hand as dealt change hands. The King's choice is a move; the
//     Bastard's part is automatic.
//   - Option Rounds (0 = no limit) ends the game after that many rounds;
//     the most rounds as King wins, tied players share it.
//
// Where both the rules and the rulings are silent, the package decided:
//
//   - Dealing: the last player deals the first round, so that P1 is dealt
//     the first card; every round deals all cards one at a time, starting
//     on the dealer's left. Later rounds are dealt by the Bastard.
//   - Two decks (7 to 10 players) are the standard deck and its twins, each
//     deck with the chosen number of jokers. The first deck's 3♣ leads.
//     Twin cards are distinct cards but equal in play. Sets stay at most
//     quads, as the rules name singles, pairs, triples and quads.
//   - Alike cards make one move: the jokers (all alike), and twin cards of
//     two decks, but for 3♣ and its twin (3♣ decides who leads). Of the
//     choices that differ only in which alike cards move, LegalMoves lists
//     the one with the first deck's twin and the first jokers held in the
//     card order X1, X2, X1', X2'; Apply refuses the others and names the
//     listed move ("play 🃏 as K (X1) for this: the jokers are alike").
//   - The Bastard's gift among cards of equal rank (jokers count as one
//     rank): second-deck cards before first-deck ones, and within a deck
//     the higher suit in the order ♣ ♦ ♥ ♠ first, and X2 before X1.
//   - The exchange: the King chooses first, from the hand as dealt (so the
//     King cannot give back the cards about to be received); then both
//     pairs of cards change hands at once, and the holder of 3♣ after the
//     exchange leads.
//   - The first play of a round holds 3♣, so it is a single, pair, triple
//     or quad of 3s (jokers may fill places), never a 2 or a lone joker.
//   - A lone joker played on a single must be declared above it; a 2 is
//     never declared. Only a lone joker carries a declared rank.
//   - A player who plays their last card, even a 2, goes out at once; if
//     their play wins the trick, the next player to their left who holds
//     cards leads.
//   - A trick ends only when everyone else still in has passed since its
//     last play, so a player who passed plays again if the trick comes
//     round to them after someone else played.
//   - When the round limit is reached the game is over; the Bastard's last
//     cards stay in their hand, unrevealed. With no limit the game never
//     ends.
//   - What players know: every hand's size, every card played (the plays
//     of the trick, in order and by whom, and the pile of this round's
//     earlier tricks); the King and the Bastard see the cards they gave and
//     received in the exchange, everyone else only that it happened.
//   - Determinize returns a state whose log is off, as the shared harness
//     and bots expect; it keeps everything the viewer knows, including the
//     King's knowledge that the Bastard kept nothing higher than the two
//     cards the King received.
package bastards
