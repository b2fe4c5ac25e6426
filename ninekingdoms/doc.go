// Package ninekingdoms plays Nine Kingdoms, a card game for 2 to 4 players
// who claim nine kingdoms by infiltrating courts, bribing and assassinating
// rivals, and score for the kingdoms they hold and the cards of their
// scoring piles — one game of six rounds, or a match of games to 100.
//
// # The game
//
// The Influence deck holds 60 cards: one 1, two 2s … nine 9s and fifteen
// Money cards ($); nine Kingdom cards, numbered 1 to 9, start face up in
// the centre. Each round every player is dealt five cards and secretly
// chooses two; the other three are discarded face down. Then, from the
// round's first player and to the left, each player's pair is revealed:
// number cards go to their tableau, and the pair's combination acts — Bury
// ($ $: both to one's scoring pile), Bribe (X $: put the $ in another
// player's scoring pile and take their X−1, X or X+1), Siege (X−1 X+1:
// discard another player's X) or Flank (X X+1: discard another player's
// X−1 or X+2). A player with more cards of a value than every other may
// claim that kingdom, from the centre or from its holder, and use its
// ability. After six rounds, kingdoms score their number and scoring-pile
// cards 1 each; most points wins.
//
// # Using the package
//
// NewGame deals a game from Options (Players, Seed, NoLog, Match; the zero
// Options is a single game for two).
// LegalMoves (or AppendLegalMoves into a reused buffer) lists every move
// legal now, for every player who must act; Apply returns the state after
// a move and never changes its input; ViewOf gives what one player, or
// cards.Spectator, may know; Determinize deals a full state consistent
// with a view, for search. Rules implements cards.Rules with these
// functions.
//
// A Card is $ or a value from 1 to 9, written "$", "1" … "9" in text and
// JSON. Cards of one value are interchangeable, so groups of cards — a
// hand, a tableau, a scoring pile — are Counts: the number of cards of
// each value. Moves are made with Choose, Claim, Bribe, Siege, Flank,
// Decline, Stash (Kingdom 8), Counter (Kingdom 7) and End.
//
// The choice of the pairs is simultaneous: while it lasts, State.ToAct
// holds every player who has not chosen, each may choose in any order, and
// no one's choice shows in another's view until the pairs are revealed.
// Everything that follows on its own — revealing a pair at the start of a
// turn, a Bury, dealing the next round, scoring — happens inside Apply.
// State.Phase tells what the game waits for: PhaseChoose (the choice of
// the pairs), PhaseTurn (the turn player), PhaseReact (a Kingdom 7 holder
// answering an attack) or PhaseOver; State.Stage what is left of the
// combination of the pair revealed this turn.
//
// Events are told in the past tense, the actor first ("P2 revealed 2 4: a
// Siege", "P1 claimed Kingdom 4 from the centre"); a view's String shows
// the table with each kingdom's holder and power, and what each pair the
// viewer may choose, or has chosen, makes.
//
// # Rulings
//
// The package follows the seed's rules and these rulings:
//   - Hands, the pairs chosen (until revealed) and face-down discards are
//     private. Tableaus, the kingdoms' holders, the first player, the round
//     and the size of every scoring pile, hand, deck and discard pile are
//     public. A scoring pile's contents are known to its owner only.
//   - Six rounds; player 0 (P1) is first player in round 1 and the first
//     player passes to the left each round. Each round deals five cards to
//     each player; when the deck runs out, the discard pile is shuffled
//     into a new deck and dealing goes on.
//   - Every player chooses 2 of their 5 cards, secretly and at once; the
//     other 3 go face down to the discard pile.
//   - From the first player, in turn order, each turn reveals the player's
//     pair, puts its number cards in their tableau and offers its
//     combination: Bury (automatic); Bribe (optional; the $ goes to the
//     target's scoring pile, or one's own with Kingdom 6; only an X may be
//     taken from a Kingdom 4 holder; declined or impossible, the $ is
//     discarded); Siege (optional); Flank (optional; with Kingdom 3 up to
//     two discards from one or two players; never against a Kingdom 5
//     holder). Any other pair, X X included, does nothing.
//   - Kingdom 7: after a Siege or Flank discards a card of the Kingdom 7
//     holder, they may discard one of the two cards the attacker played
//     for it from the attacker's tableau, if still there; once an attack.
//   - Claims: at any time in one's turn, every kingdom of which one's
//     tableau holds more cards than any other player's (at least as many
//     with Kingdom 1), and at least one, from the centre or its holder.
//   - Kingdom 8: once a turn, one tableau card goes face down to one's
//     scoring pile.
//   - A turn ends with an explicit end-of-turn move.
//   - Losing one's last card of a value returns its kingdom to the centre
//     at once, in anyone's turn.
//   - After round six, held kingdoms score their number and scoring-pile
//     cards 1 each (2 with Kingdom 2); most points wins; ties share.
//   - Match (Options.Match): games follow one another with the first
//     player rotating, scores accumulate, and after the game in which
//     someone reaches 100 the highest total wins; a tie at the top plays
//     another game.
//
// # Decisions of this package
//
// Where the seed and the rulings are silent, the package decides:
//   - Reveal is automatic at the start of a turn, so no move of the turn
//     player — a claim, Kingdom 8 — comes before it.
//   - A Bribe, Siege or Flank is impossible, and has no effect at once (a
//     Bribe's $ is discarded), when no other player's tableau holds a card
//     it could reach (X−1, X, X+1; X; X−1, X+2), whatever the kingdoms.
//     Otherwise it waits, and the player uses it (Bribe, Siege, Flank) or
//     declines it (Decline) before ending the turn; claims and Kingdom 8
//     may come before, between or after. A combination blocked only by
//     Kingdom 4 or 5 thus still waits: claiming that kingdom from its
//     holder lifts the protection.
//   - Kingdoms act as held at the moment of each move: Kingdom 6 when the
//     Bribe is made, Kingdom 4 and 5 when a card is taken or discarded.
//   - Kingdom 3: a Flank discards its first card; if the attacker holds
//     Kingdom 3 once that discard (and any Kingdom 7 answer) is over, and
//     another tableau holds an X−1 or X+2, a second discard follows, from
//     the same or another player, or is declined. Claiming Kingdom 3 after
//     the first discard is too late; losing it before the second ends it.
//   - Kingdom 7: the holder is the player who holds it when a discard
//     targets them — the discard may cost them Kingdom 7, and they answer
//     all the same. They answer at once, right after the discard and before
//     anything else in the turn (a Kingdom 3 second discard included), as a
//     move of theirs: ToAct is them while they decide (Counter or
//     Decline). Cards of one value being interchangeable, they may discard
//     from the attacker's tableau a card of either value played for the
//     attack while the attacker has one; if the attacker has neither, no
//     answer is offered. A holder hit twice by one Flank answers once.
//   - Kingdom 8 may be used before or after the turn's combination, and on
//     any tableau card, those just revealed included; its card leaves the
//     tableau in sight of all.
//   - A choice names its two cards in order — numbers from low to high,
//     then $ ("choose 6 $"); Choose puts them in order, and a choice
//     written otherwise is refused, for moves are compared with ==.
//   - Alike moves: every move names card values, never one card of a
//     value, for cards of one value are interchangeable (Counts). So no
//     two legal moves are alike — none leaves the same state as another —
//     and none needs listing once in place of several, as the jokers or
//     twin cards of other games do.
//   - Each round is dealt one card at a time from the first player; the
//     deck is remade only when it runs out during a deal.
//   - The discard pile: each view shows its size, the cards discarded in
//     sight of all (attacked cards, Kingdom 7's discards, a Bribe's $) and
//     the viewer's own face-down discards since the deck was last made
//     from it, and how many cards each player discarded face down.
//   - Scoring piles: every view shows their sizes and the viewer's own
//     contents only, as the rulings say, though every card reaches a
//     scoring pile in sight of all. Determinize keeps their sizes and
//     re-deals other players' contents.
//   - In a match, game g (from 0) has player g (modulo the number of
//     players) as its first player in round 1. Result.Scores are the match
//     totals of the games finished; views show the running game's points
//     too. The game number and totals are bounded (a total stops at 2^30),
//     so no hand-made state overflows.
//   - Determinize returns a state whose log is off, as the contract of
//     cards.Rules asks.
//
// # Invariants
//
// State.Check, run on every decoded state, holds that the 60 cards are all
// somewhere once each (deck, hands, chosen pairs, tableaus, scoring piles,
// discard pile), that hands and pairs fit the moment of the round, that a
// kingdom's holder has a card of its value, and that tableaus and scoring
// piles hold no more than two cards per pair revealed this game, which
// keeps every deal whole.
package ninekingdoms
