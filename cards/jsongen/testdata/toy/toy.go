// Package toy declares one type of every role jsongen takes, as a game
// outside the module would, for jsongen's tests: they copy it into a
// module of its own, generate its codec and run its tests.
package toy

import (
	"errors"

	"github.com/cardrules/games/cards"
)

//go:generate go run github.com/cardrules/games/cards/jsongen -title "Toy" -ts toy.d.ts

// MaxPlayers is the most seats of a table.
const MaxPlayers = 4

const gameName = "toy"

// Options of a toy game.
//
//cards:json options "toy options"
type Options struct {
	Players int
	Seed    cards.Seed
	NoLog   bool
	Rounds  int
}

// DefaultOptions returns three players and two rounds.
func DefaultOptions() Options { return Options{Players: 3, Rounds: 2} }

// A Phase is what the game waits for.
//
//cards:json enum "a phase"
type Phase uint8

// The phases.
const (
	_ Phase = iota
	// PhaseBid: bids are made.
	PhaseBid
	// PhaseOver: the game is over.
	PhaseOver
)

// A Kind is what a move does.
//
//cards:json enum "a kind of move"
type Kind uint8

// The kinds of moves.
const (
	_ Kind = iota
	// KindBid bids Amount, with Card as a trump when there is one.
	KindBid
	// KindPass passes.
	KindPass
	// KindSwap swaps Card for a card of Column.
	KindSwap
)

// A Move is a player's move.
//
//cards:json move text=appendText seats=MaxPlayers "a toy move"
type Move struct {
	Who    cards.Player `cards:"player"`
	Kind   Kind
	Amount uint8      `kinds:"bid"`
	Card   cards.Card `kinds:"bid?,swap"`
	Column int8       `kinds:"swap" when:"x.Card != cards.NoCard"`
	Pair   [2]uint8   `kinds:"swap"`
}

func (m Move) appendText(b []byte) []byte { return append(b, Kind(m.Kind).String()...) }

// String names the kind.
func (k Kind) String() string { return kindCodes.Name(k) }

// config is what a state keeps of the options.
type config struct {
	players uint8 `cards:"players"`
	rounds  int16 `cards:"rounds"`
}

// A stack is cards from the bottom up; its JSON is their codes.
//
//cards:ts Card[]
type stack struct {
	n     uint8
	cards [8]cards.Card
}

// AppendJSON appends the stack's codes.
func (s stack) AppendJSON(b []byte) ([]byte, error) { return cardjsonCards(b, s.cards[:s.n]), nil }

// UnmarshalJSON decodes what AppendJSON appends.
func (s *stack) UnmarshalJSON(b []byte) error { return decodeStack(s, b) }

// State is a toy game.
//
//cards:json state gameName 3
type State struct {
	cfg     config                `cards:",inline"`
	phase   Phase                 `cards:"phase"`
	turn    uint16                `cards:"turn"`
	bids    [MaxPlayers]int8      `cards:"bids,seats"`
	hands   [MaxPlayers]cards.Set `cards:"hands,seats"`
	nTrick  uint8                 // how many of trick are played
	trick   [5]cards.Card         `cards:"trick,len=nTrick"`
	grid    [2][3]uint8           `cards:"grid"`
	stacks  [2]stack              `cards:"stacks"`
	winners cards.PlayerSet       `cards:"winners"`
	rng     cards.Rand            `cards:"rand"`
	log     cards.Log
}

// Players returns the number of players.
func (s State) Players() int { return int(s.cfg.players) }

// decoded checks what the members do not: a player count of the table.
func (s *State) decoded() error {
	if s.cfg.players < 2 || s.cfg.players > MaxPlayers {
		return cards.BadInput("%d players", s.cfg.players)
	}
	return nil
}

// Check finds nothing wrong but a turn 0.
func (s State) Check() error {
	if s.turn == 0 {
		return errors.Join(cards.ErrBadInput, errors.New("turn 0"))
	}
	return nil
}

// A Bid is a player's bid, as a view shows it.
//
//cards:json object "a bid"
type Bid struct {
	By     cards.Player
	Amount int
}

// View is what a player sees.
//
//cards:json view "a toy view"
type View struct {
	cards.ViewBase[Move]
	Phase Phase
	Hand  cards.Set
	Bids  []Bid
	Grid  [2][3]int
	Last  [3]int `cards:"lastThree"`
	Note  string `ts:"\"\" | \"hurry\""`
	Drawn bool   `cards:"drawn,omitzero"`
}

// An EventKind is what an event tells.
//
//cards:json enum "a kind of event"
type EventKind uint8

// The kinds of events.
const (
	_ EventKind = iota
	// EventDealt: Player was dealt Cards, which only they read.
	EventDealt
	// EventWon: Players won with Points.
	EventWon
)

// Happened is what an event tells as data.
//
//cards:json event seats=MaxPlayers
type Happened struct {
	Kind    EventKind
	Player  cards.Player    `kinds:"dealt"`
	Cards   cards.Set       `kinds:"dealt?"`
	Players cards.PlayerSet `kinds:"won"`
	Points  cards.PerPlayer `kinds:"won"`
}
