package crown

import (
	"math"

	"github.com/cardrules/games/cards"
)

// A Phase is what the game waits for.
//
//cards:json enum "a phase"
type Phase uint8

// The phases of a turn. The draw that opens a turn happens on its own,
// inside Apply, so no phase waits for it.
const (
	// PhasePlay: the turn player plays a card from hand into their court.
	PhasePlay Phase = iota + 1
	// PhaseDecree: the decree exchange over the card just played; the
	// player whose answer it is decrees or declines.
	PhaseDecree
	// PhaseAbility: the turn player chooses what the ability of their
	// card acts on.
	PhaseAbility
	// PhaseOver: the game has ended in a win or a called draw.
	PhaseOver
	numPhases
)

var phaseNames = [numPhases]string{"", "play", "decree", "ability", "over"}

// String returns "play", "decree", "ability" or "over".
func (ph Phase) String() string {
	if ph == 0 || ph >= numPhases {
		return "no phase"
	}
	return phaseNames[ph]
}

// pileCap bounds a discard pile: it cannot hold more than every card.
const pileCap = 52

// A pile is a discard pile: its cards from the bottom up, face up. Its
// JSON is the array of its cards' codes, the top card last.
//
//cards:ts Card[]
type pile struct {
	n     uint8
	cards [pileCap]cards.Card
}

// top returns the top card of the pile, or NoCard if it is empty.
func (p *pile) top() cards.Card {
	if p.n == 0 || int(p.n) > pileCap {
		return cards.NoCard
	}
	return p.cards[p.n-1]
}

// push puts c on top of the pile. A full pile, which a state that keeps
// the rules never has, takes nothing.
func (p *pile) push(c cards.Card) {
	if int(p.n) < pileCap {
		p.cards[p.n] = c
		p.n++
	}
}

// pop takes the top card off the pile and returns it.
func (p *pile) pop() cards.Card {
	c := p.top()
	if c != cards.NoCard {
		p.n--
		p.cards[p.n] = cards.NoCard
	}
	return c
}

// list returns the pile's cards from the bottom up.
func (p *pile) list() []cards.Card {
	return append([]cards.Card{}, p.cards[:min(int(p.n), pileCap)]...)
}

// set returns the pile's cards as a set.
func (p *pile) set() cards.Set {
	var s cards.Set
	for _, c := range p.cards[:min(int(p.n), pileCap)] {
		s.Add(c)
	}
	return s
}

// State is a game of Claim the Crown: a small value of bitsets and fixed
// arrays, copied by assignment. Apply returns new states and never changes
// one. The zero State is no game; make one with NewGame.
//
// The draw pile's order is hidden from everyone, so the state keeps its
// cards as a set and each draw takes one of them chosen by the state's
// random source: the same, for every player, as drawing the top card of a
// shuffled pile.
//
// Its JSON is the whole game as it stands, secrets and random source
// included, and no history: the options it was dealt with, then its
// tagged fields. Per-player members are arrays indexed by player; a
// discard pile lists its cards from the bottom up.
//
//cards:json state gameName stateVersion
type State struct {
	cfg     config       `cards:",inline"`
	turn    uint32       `cards:"turn"`    // turns begun, from 1
	mover   cards.Player `cards:"mover"`   // whose turn it is
	phase   Phase        `cards:"phase"`   // what the game waits for
	played  cards.Card   `cards:"played"`  // the card played this turn, in the mover's court
	decrees uint8        `cards:"decrees"` // decrees issued in this exchange
	ability Ability      `cards:"pending"` // the ability waiting for its choice
	winner  cards.Player `cards:"winner"`  // Spectator unless someone won
	won     Condition    `cards:"wonWith"` // the condition the winner completed

	hands  [Players]cards.Set `cards:"hands"`
	courts [Players]cards.Set `cards:"courts"`
	piles  [Players]pile      `cards:"piles"` // each from the bottom up: the last card is the top
	draw   cards.Set          `cards:"draw"`

	rng cards.Rand `cards:"rand"`
	log cards.Log
}

// other returns the opponent of p.
func other(p cards.Player) cards.Player { return 1 - p }

// Players returns 2, the number of players.
func (s State) Players() int { return Players }

// Log returns the events the state holds and the number its game has
// produced.
func (s State) Log() cards.Log { return s.log }

// Options returns the options the game was dealt with, but for the seed,
// which the state no longer knows.
func (s State) Options() Options {
	o := s.cfg.options()
	o.NoLog = !s.log.On()
	return o
}

// Phase returns what the game waits for.
func (s State) Phase() Phase { return s.phase }

// Turn returns the number of the turn being played, from 1.
func (s State) Turn() int { return int(s.turn) }

// Mover returns the player whose turn it is: P1 in odd turns, P2 in even
// ones.
func (s State) Mover() cards.Player { return s.mover }

// Played returns the card played this turn, which waits in the mover's
// court for the decree exchange and its ability, or NoCard.
func (s State) Played() cards.Card { return s.played }

// Decrees returns the number of decrees issued in the exchange under way.
func (s State) Decrees() int { return int(s.decrees) }

// Pending returns the ability waiting for the mover's choice in
// PhaseAbility, or 0.
func (s State) Pending() Ability { return s.ability }

// Hand returns player p's hand.
func (s State) Hand(p cards.Player) cards.Set {
	if !p.Valid(Players) {
		return cards.Set{}
	}
	return s.hands[p]
}

// Court returns player p's court.
func (s State) Court(p cards.Player) cards.Set {
	if !p.Valid(Players) {
		return cards.Set{}
	}
	return s.courts[p]
}

// Pile returns player p's discard pile from the bottom up: its last card
// is the top.
func (s State) Pile(p cards.Player) []cards.Card {
	if !p.Valid(Players) {
		return nil
	}
	return s.piles[p].list()
}

// DrawSize returns the number of cards in the draw pile.
func (s State) DrawSize() int { return s.draw.Len() }

// Conditions returns the win conditions that count in this game.
func (s State) Conditions() Conditions { return s.cfg.conds() }

// ToAct returns the player who must move: the mover when they play or
// choose for an ability, the player whose answer it is in the decree
// exchange, and nobody once the game is over.
func (s State) ToAct() cards.PlayerSet {
	if s.phase == PhaseOver || !s.mover.Valid(Players) {
		return 0
	}
	return cards.PlayersOf(s.actor())
}

// actor returns the player who must move now.
func (s *State) actor() cards.Player {
	if s.phase == PhaseDecree {
		return s.answerer()
	}
	return s.mover
}

// answerer returns whose answer it is in the decree exchange: the mover's
// opponent when an even number of decrees has been issued, the mover when
// an odd number has.
func (s *State) answerer() cards.Player {
	if s.decrees%2 == 0 {
		return other(s.mover)
	}
	return s.mover
}

// Over reports whether the game has ended.
func (s State) Over() bool { return s.phase == PhaseOver }

// Winner returns the player who won, or cards.Spectator if nobody has (the
// game goes on, or was called a draw).
func (s State) Winner() cards.Player {
	if s.phase != PhaseOver {
		return cards.Spectator
	}
	return s.winner
}

// WonWith returns the win condition the winner completed, or 0.
func (s State) WonWith() Condition {
	if s.Winner() == cards.Spectator {
		return 0
	}
	return s.won
}

// Drawn reports whether the game was called a draw when it reached
// Options.MaxTurns.
func (s State) Drawn() bool { return s.phase == PhaseOver && s.winner == cards.Spectator }

// Ending tells how the game ended: by the name of the win condition
// completed, or as a draw at the turn limit (Options.MaxTurns).
func (s State) Ending() cards.Ending {
	if s.Drawn() {
		return cards.Ending{Name: "a draw at the turn limit", Limit: true}
	}
	return cards.Ending{Name: s.WonWith().String()}
}

// Score returns how close player p's court is to a win: 5 less the fewest
// cards it lacks for any win condition that counts, so 5 for a court
// that completes one.
func (s State) Score(p cards.Player) int {
	if !p.Valid(Players) {
		return 0
	}
	_, n := s.cfg.conds().Nearest(s.courts[p])
	return max(5-n, 0)
}

// Result returns the players' scores (see Score) and, once the game is
// over, the winner. A called draw has no winner.
func (s State) Result() cards.Result {
	r := cards.Result{Scores: []int{s.Score(0), s.Score(1)}}
	switch {
	case s.Winner() != cards.Spectator:
		r.Winners = cards.PlayersOf(s.Winner())
	case s.Drawn():
		r.Winners, r.Drawn = cards.AllPlayers(Players), true
	}
	return r
}

// nextTurn returns the number of the turn after t; the count stops at the
// largest number it can hold.
func nextTurn(t uint32) uint32 {
	if t == math.MaxUint32 {
		return t
	}
	return t + 1
}
