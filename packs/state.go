package packs

import (
	"github.com/cardrules/games/cards"
)

// A Phase is what the game waits for.
//
//cards:json enum "a phase"
type Phase uint8

// The phases. The zero Phase is no phase: the zero State is no game.
const (
	// PhaseAction: the turn player takes an action — buy, play or
	// discard — or passes when they can do none.
	PhaseAction Phase = iota + 1
	// PhaseIncome: the turn player takes their ♦ income from the market,
	// one coin at a time.
	PhaseIncome
	// PhasePay: a player pays a ♠ attack, a coin or a card at a time.
	PhasePay
	// PhaseDiscard: the attacker discards cards they received down to
	// their hand limit.
	PhaseDiscard
	// PhaseOver: the game has ended.
	PhaseOver
	numPhases
)

// String returns the phase's name: "action", "income", "pay", "discard"
// or "over".
func (ph Phase) String() string { return phaseCodes.Name(ph) }

// State is a game of Packs Kingdoms: a small value of bitsets and fixed
// arrays, copied by assignment. Apply returns new states and never changes
// one. The zero State is no game; make one with NewGame.
//
// The deck, the discard pile and the automaton's instruction deck are
// sets: a card is drawn from them at random, which is a shuffled pile
// whose order nobody sees. Coins are cards dealt face down; they are
// counted where they lie (with players, under market cards, loose in a
// column) and their faces are kept apart, in one set no view shows.
//
// Its JSON is the whole game, secrets and random source included: its
// tagged fields. Arrays by player hold one entry a seat. The market is
// given by row and column ("" for an empty position) with the coins under
// each card; coinCards are the faces of the coins, which no view shows;
// "played" counts the turns played by all.
//
//cards:json state gameName stateVersion
type State struct {
	n         uint8        `cards:"players"`
	solo      bool         `cards:"solo"`
	headStart uint8        `cards:"headStart"`
	limit     uint16       `cards:"turns"` // turns each after which the game is called
	phase     Phase        `cards:"phase"`
	turn      cards.Player `cards:"turn"`    // whose turn it is
	actions   uint8        `cards:"actions"` // actions taken (the automaton: purchases made) this turn
	turns     uint16       `cards:"played"`  // turns finished in the game
	winner    cards.Player `cards:"winner"`  // who completed three runs, or Spectator
	payer     cards.Player `cards:"payer"`   // who pays the ♠ attack now, or Spectator
	owed      uint8        `cards:"owed"`    // income coins still to take, or what the payer still owes
	extra     bool         // the automaton buys once more: it placed a ♥

	hands     [MaxPlayers]cards.Set     `cards:"hands,seats"`
	kingdoms  [MaxPlayers]cards.Set     `cards:"kingdoms,seats"`
	coins     [MaxPlayers]uint8         `cards:"coins,seats"`
	market    [Rows][Columns]cards.Card `cards:"market"`
	under     [Rows][Columns]uint8      `cards:"under"` // coins under each market card
	loose     [Columns]uint8            `cards:"loose"` // coins lying in a column with no card
	deck      cards.Set                 `cards:"deck"`
	known     cards.Set                 `cards:"deckKnown"` // the deck's cards everyone knows: what is left of the discard pile it was made from
	discards  cards.Set                 `cards:"discards"`
	coinCards cards.Set                 `cards:"coinCards"` // the cards dealt as coins, faces never shown
	coined    cards.Set                 `cards:"coined"`    // market cards the turn player put a coin under this turn
	received  cards.Set                 `cards:"received"`  // cards the attacker received in this attack

	used  cards.Set  `cards:"usedInstructions"` // the automaton's instructions turned over since its deck was made
	order cards.Card `cards:"instruction"`      // the instruction the automaton turned over last, or NoCard

	rng cards.Rand `cards:"rand"`
	log cards.Log
}

// Players returns the number of seats, the automaton's included.
func (s State) Players() int { return int(s.n) }

// np returns the number of players, within the bounds of the arrays.
func (s *State) np() int { return int(min(s.n, MaxPlayers)) }

// valid reports whether p is a seat of the game.
func (s *State) valid(p cards.Player) bool { return p >= 0 && int(p) < s.np() }

// Log returns the events the state holds and the number its game has
// produced.
func (s State) Log() cards.Log { return s.log }

// Solo reports whether this is the solo game against the automaton.
func (s State) Solo() bool { return s.solo }

// IsAutomaton reports whether p is the automaton's seat.
func (s State) IsAutomaton(p cards.Player) bool { return s.solo && p == Automaton }

// Phase returns what the game waits for.
func (s State) Phase() Phase { return s.phase }

// Turn returns the player whose turn it is.
func (s State) Turn() cards.Player { return s.turn }

// Actions returns the actions the turn player has taken this turn (the
// automaton: the cards it has bought).
func (s State) Actions() int { return int(s.actions) }

// Round returns the number of the round being played, from 1: every
// player has had Round-1 turns, and the game is called after TurnLimit.
func (s State) Round() int { return int(s.turns)/max(s.np(), 1) + 1 }

// TurnLimit returns the number of turns each after which the game is
// called.
func (s State) TurnLimit() int { return int(s.limit) }

// Hand returns player p's hand.
func (s State) Hand(p cards.Player) cards.Set {
	if !s.valid(p) {
		return cards.Set{}
	}
	return s.hands[p]
}

// Kingdom returns the cards player p has placed in their kingdom.
func (s State) Kingdom(p cards.Player) cards.Set {
	if !s.valid(p) {
		return cards.Set{}
	}
	return s.kingdoms[p]
}

// Coins returns the number of coins player p has.
func (s State) Coins(p cards.Player) int {
	if !s.valid(p) {
		return 0
	}
	return int(s.coins[p])
}

// Runs returns the number of runs in player p's kingdom.
func (s State) Runs(p cards.Player) int {
	if !s.valid(p) {
		return 0
	}
	return runs(s.kingdoms[p])
}

// HandLimit returns player p's hand limit: 1, and 1 for each ♥ in their
// kingdom.
func (s State) HandLimit(p cards.Player) int {
	if !s.valid(p) {
		return 0
	}
	return s.handLimit(p)
}

func (s *State) handLimit(p cards.Player) int { return 1 + count(s.kingdoms[p], cards.Hearts) }

// Market returns the card at row r and column c of the market (NoCard if
// the position is empty) and the coins under it.
func (s State) Market(r, c int) (cards.Card, int) {
	if r < 0 || r >= Rows || c < 0 || c >= Columns {
		return cards.NoCard, 0
	}
	return s.market[r][c], int(s.under[r][c])
}

// Loose returns the coins lying loose in column c of the market.
func (s State) Loose(c int) int {
	if c < 0 || c >= Columns {
		return 0
	}
	return int(s.loose[c])
}

// Price returns what a card in column c costs: 5 next to the deck, down to
// 0 in the far column.
func Price(c int) int { return Columns - 1 - c }

// DeckSize returns the number of cards in the deck.
func (s State) DeckSize() int { return s.deck.Len() }

// Discards returns the discard pile, which everyone sees.
func (s State) Discards() cards.Set { return s.discards }

// Winner returns the player who completed three runs, or cards.Spectator
// if nobody has (the game goes on, or it was called).
func (s State) Winner() cards.Player { return s.winner }

// Called reports whether the game ended because the turns ran out.
func (s State) Called() bool { return s.phase == PhaseOver && !s.valid(s.winner) }

// Drawn reports whether the game was called and ended in a draw: several
// players tied on runs, kingdom cards and coins share it, and the others
// lost.
func (s State) Drawn() bool { return s.Result().Drawn }

// Ending tells how the game ended: by a third run, or called at the turn
// limit (Options.Turns), a draw or not; an automaton's win says so.
func (s State) Ending() cards.Ending {
	e := cards.Ending{Name: "a third run"}
	switch {
	case s.Called() && s.Drawn():
		return cards.Ending{Name: "called at the turn limit, a draw", Limit: true}
	case s.Called():
		e = cards.Ending{Name: "called at the turn limit", Limit: true}
	}
	if r := s.Result(); r.Automata.Has(r.Winners.First()) {
		e.Name += ", the automaton's win"
	}
	return e
}

// Over reports whether the game has ended.
func (s State) Over() bool { return s.phase == PhaseOver }

// ToAct returns the player who must move: the turn player, or the player
// paying a ♠ attack; nobody once the game is over. The automaton never
// acts: its turn happens inside Apply.
func (s State) ToAct() cards.PlayerSet {
	switch s.phase {
	case PhaseAction, PhaseIncome, PhaseDiscard:
		return cards.PlayersOf(s.turn)
	case PhasePay:
		return cards.PlayersOf(s.payer)
	}
	return 0
}

// actor returns the player who must move, or Spectator.
func (s *State) actor() cards.Player {
	if s.phase == PhasePay {
		return s.payer
	}
	if s.phase == PhaseOver {
		return cards.Spectator
	}
	return s.turn
}

// Result returns each player's runs as the scores and, once the game is
// over, the winners: the player who completed three runs, or, in a called
// game, the players with the most runs, then the most kingdom cards, then
// the most coins. Several winners of a called game share a draw (Drawn).
func (s State) Result() cards.Result {
	r := cards.Result{Scores: make([]int, s.np())}
	for p := range r.Scores {
		r.Scores[p] = runs(s.kingdoms[p])
	}
	switch {
	case s.phase != PhaseOver:
	case s.valid(s.winner):
		r.Winners = cards.PlayersOf(s.winner)
	default:
		r.Winners = s.leaders()
		r.Drawn = r.Winners.Len() > 1
	}
	if s.solo {
		r.Automata = cards.PlayersOf(Automaton)
	}
	return r
}

// standing is what ranks players in a called game.
func (s *State) standing(p cards.Player) [3]int {
	return [3]int{runs(s.kingdoms[p]), s.kingdoms[p].Len(), int(s.coins[p])}
}

// leaders returns the players with the best standing.
func (s *State) leaders() cards.PlayerSet {
	var best [3]int
	var ps cards.PlayerSet
	for p := range cards.Player(s.np()) {
		st := s.standing(p)
		switch {
		case ps == 0 || st[0] > best[0] || st[0] == best[0] && (st[1] > best[1] || st[1] == best[1] && st[2] > best[2]):
			best, ps = st, cards.PlayersOf(p)
		case st == best:
			ps = ps.With(p)
		}
	}
	return ps
}

// orders returns the automaton's instruction deck: the instructions not
// turned over since it was made.
func (s *State) orders() cards.Set {
	if !s.solo {
		return cards.Set{}
	}
	return instructionCards.Minus(s.used)
}

// marketCoins returns the coins in the market: under cards and loose.
func (s *State) marketCoins() int {
	n := 0
	for r := range Rows {
		for c := range Columns {
			n += int(s.under[r][c])
		}
	}
	for c := range Columns {
		n += int(s.loose[c])
	}
	return n
}

// find returns the market position of card c, and false if it is not in
// the market.
func (s *State) find(c cards.Card) (int, int, bool) {
	if c == cards.NoCard {
		return 0, 0, false
	}
	for r := range Rows {
		for col := range Columns {
			if s.market[r][col] == c {
				return r, col, true
			}
		}
	}
	return 0, 0, false
}

// marketCards returns the cards in the market.
func (s *State) marketCards() cards.Set {
	var m cards.Set
	for r := range Rows {
		for c := range Columns {
			m.Add(s.market[r][c])
		}
	}
	return m
}
