// Package packs plays Packs Kingdoms, a card game for 2 to 4 players, or
// one player against an automaton: buy cards from a market whose prices
// fall toward its far column, play them into your kingdom, and be the
// first with three runs — three cards of a suit, one number up or down
// from the next, nobles wild — in three suits.
//
// # The game
//
// The players use part of a standard deck (2 players: 5 to 10, Kings and
// Aces; 3 players: 3 to 10, Queens, Kings and Aces; 4 players: all 52).
// Coins are number cards dealt face down. The market is two rows of six
// cards: a card in column c (0 next to the deck, 5 the far column) costs
// 5-c, paid by putting a coin under each card to its right; the buyer
// takes the coins under the card bought. A turn is two actions — buy,
// play a card into one's kingdom, or discard — and then the market slides
// toward the far column and is refilled. Every card played has the power
// of its suit: ♦ income from the market's coins, ♥ a larger hand, ♠ an
// attack that every other player pays in coins or cards, ♣ a defence
// against attacks. The third run wins at once. After 40 turns each the
// game is called: the most runs, then kingdom cards, then coins win, and
// a tie is a draw.
//
// # Using the package
//
// NewGame deals a game from Options; DefaultOptions gives the rules'
// defaults, and every option means what it says (zero is zero). LegalMoves
// (or AppendLegalMoves, into a buffer the caller reuses) lists the moves
// of the player who must act; Apply returns the state after a move and
// never changes its input; ViewOf shows what one player, or
// cards.Spectator, may know; Determinize deals a full state consistent
// with a view, for search.
//
//	s, _ := packs.NewGame(packs.DefaultOptions())
//	moves := packs.LegalMoves(s)
//	s, err := packs.Apply(s, moves[0])
//
// A Move names its player (Who), its Kind and the card it acts on: Buy,
// Play and Discard are the actions, Pass ends a turn in which no action is
// possible, Take takes one coin of ♦ income (TakeLoose one lying loose in a
// column), and Pay and Give pay one unit of a ♠ attack. State.Phase says
// what the game waits for. Result gives each player's runs as the scores
// and, once the game is over, the winners; Result.Drawn (State.Drawn,
// View.Drawn) tells a called game's draw from a win, and Result.Automata
// names the automaton's seat in the solo game. Apply accepts exactly the moves
// LegalMoves lists; any other is an error wrapping cards.ErrIllegalMove
// that says why. Options.NoLog turns the event log off, and Apply then
// allocates nothing.
//
// Rules implements cards.Rules with these functions, and describes the
// game and its options (Info), for code written once for every game.
//
// States, moves, views and options encode to JSON and back. A state's JSON
// is the game as it stands, secrets and random source included (the coins'
// faces, the deck), opened by a header naming the game, the encoding's
// version and the count of events; it holds no history and stays under
// 2 KB. A move is an object such as {"player":0,"kind":"buy","card":"7D",
// "text":"buy 7♦"}, or {"player":0,"kind":"take","column":3,…} for a loose
// coin. Decoding is strict and a decoded state is checked (State.Check).
//
// In the solo game (Options.Solo) you are P1 and the automaton sits in
// P2's seat. It never moves: its whole turn happens inside the Apply that
// ends yours, step by step in the log — but for a ♠ attack of its own,
// which you pay with moves of yours during its turn.
//
// # Rulings
//
// The package follows the seed's rules, including its section "How this
// version differs", and these rulings for what the rules leave open:
//   - The market: two rows (0 the top) of six columns; column c costs 5-c.
//     The coins of a purchase go, column by column from the next one to the
//     far column, under the card of the same row, or failing that of the
//     other row, or failing both lie loose in the column; the price is the
//     number of coins placed. The buyer takes the coins under the card
//     bought, never loose ones.
//   - Loose coins go under the first card to arrive in their column at the
//     refresh: sliding goes row by row (the top row first), then filling
//     from the deck, row by row, each from the far column toward the deck;
//     a card dealt to a column takes its loose coins too.
//   - A card one put a coin under this turn cannot be bought this turn;
//     only cards one can afford, and only with a hand below its limit.
//   - P1 (player 0) begins; play goes in player order; coins are dealt in
//     that order (2 players: 2 and 3; 3: 2, 3, 3; 4: 1, 2, 3, 4).
//   - Nobles stand for any number 2 to 10 of their suit. A suit of a
//     kingdom is legal when its cards, at most three, can take distinct
//     consecutive numbers; three cards are a run.
//   - Coins are number cards dealt face down, coins forever; no view shows
//     their faces. Coin counts, kingdoms, the market with its coins, loose
//     coins and the discard pile are public; hands are private, their
//     sizes public; the deck's order is hidden, its size public.
//   - A turn is two actions, then the refresh. What a power calls for —
//     taking income, paying an attack, discarding down to the limit — is
//     no action. A player with no legal action has Pass alone, which ends
//     the whole turn; the refresh still happens.
//   - ♦ income: min(2 × ♦ in the kingdom, coins in the market), taken one
//     coin at a time from a card's coins or a column's loose coins.
//   - ♠ attack: every other player, in turn order from the attacker's left,
//     owes the attacker's ♠ less their own ♣ (never below zero), and pays
//     each unit with a coin or a card of their choice; who has no more
//     coins and cards than they owe gives everything. After everyone has
//     paid, an attacker over their hand limit discards, among the cards
//     received, down to it.
//   - The third run wins at once; that card's power does not happen.
//   - After every player has had 40 turns (a pass is a turn) the game is
//     called: most runs, then most kingdom cards, then most coins; a tie
//     after that is a draw that all tied players share.
//   - Solo: you are P1 with 2 coins and go first; the automaton (P2) has
//     3. Its head start (0 to 3) is dealt from the deck into its kingdom;
//     a card of a suit it holds goes to the discard pile and another is
//     dealt; no powers. Its instruction deck is the 2s, 3s, 4s, Jacks and
//     Queens, shuffled, and the used ones are shuffled into a new deck when
//     it runs out. It buys only what it can afford, and passes when it
//     can afford nothing. A card "fits" a kingdom when it could be played
//     there now. Its ♦ income takes from the spots with the most coins
//     first, ties to the cheaper column, then the top row, loose coins
//     last. Its ♠ attack is paid by you as any attack, and a card you give
//     it goes to the discard pile; your ♠ attack makes it pay coins only.
//     A ♥ it places makes it buy once more on the Queen's question, and
//     that purchase never buys again. The market refreshes after its turn,
//     and its turns count toward the 40.
//
// # Decisions of this package
//
// Where the rules and the rulings are silent, the package decides:
//   - Options are literal: Players is the number of seats, 2 in the solo
//     game (you and the automaton); a head start needs Solo; Turns (40 by
//     the rules) is the number of turns each before the game is called,
//     from 1 to 1000.
//   - The deck, the discard pile and the instruction deck are sets, and a
//     card is drawn from them at random: the same as a shuffled pile whose
//     order nobody sees. A new deck made from the discard pile is the same.
//   - A decision with a single outcome is made by Apply, not asked of the
//     player: a payer with no card in hand pays in coins; income that
//     takes every coin of the market, or whose coins all lie in one spot,
//     is taken at once. A turn with no action is the exception: it waits
//     for an explicit Pass, as the version's rules ask.
//   - The automaton's ♦ income takes as many coins as it needs from the
//     spot with the most coins, then from the next, and so on.
//   - The automaton's second purchase (for a ♥) follows the same order as
//     its first — a card that completes its third run, then one that would
//     complete yours — with the Queen's question in place of the
//     instruction, then the most coins.
//   - Like anyone, the automaton cannot buy a card it put a coin under in
//     the same turn, which matters for its second purchase. Its purchases
//     are counted as its actions (State.Actions).
//   - A card given in an attack is known to the giver and the attacker
//     only. The giver's event names it; the attacker reads, once the
//     attack is paid, which cards they received in all (the log tells no
//     more than a view can show, and a view shows the cards received, not
//     who gave which); everyone else reads how many cards changed hands.
//     A card given to the automaton goes to the discard pile in sight of
//     all.
//   - Result.Scores are the players' runs. The winner of three runs wins
//     alone; in a called game the winners are the players of the best
//     standing, and several share a draw (Result.Drawn).
//   - A deck remade from the discard pile holds cards everyone saw there:
//     the state keeps them (the view's DeckKnown) until they are drawn.
//     Determinize keeps them in the deck, deals the coins from the unseen
//     number cards and the other hands and the rest of the deck from the
//     rest. Its state's log is off.
//   - In moves and the log, market columns are numbered 0 (next to the
//     deck, price 5) to 5 (the far column, price 0), as in the rulings.
//
// # Invariants
//
// State.Check holds that every card of the game is in one place —
// deck, discard pile, market, hands, kingdoms, the coins, the automaton's
// instructions — and once; that the coins counted where they lie are the
// coins dealt; that kingdoms hold legal suits and no one but a winner has
// three runs; that hands keep their limits (but the attacker's during an
// attack); that coins lie only under cards or in empty columns; and that
// the phase agrees with who acts and what is owed.
package packs
