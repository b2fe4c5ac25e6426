package bastards

import "github.com/cardrules/games/cards"

// Rules implements the contract cards.Rules for Kings & Bastards by calling
// the package's functions.
type Rules struct{}

var _ cards.Rules[Options, State, Move, View] = Rules{}

// Name returns "bastards".
func (Rules) Name() string { return "bastards" }

// Title returns "Kings & Bastards".
func (Rules) Title() string { return "Kings & Bastards" }

// NewGame calls NewGame.
func (Rules) NewGame(opts Options) (State, error) { return NewGame(opts) }

// AppendLegalMoves calls AppendLegalMoves.
func (Rules) AppendLegalMoves(dst []Move, s State) []Move { return AppendLegalMoves(dst, s) }

// Apply calls Apply.
func (Rules) Apply(s State, m Move) (State, error) { return Apply(s, m) }

// View calls ViewOf.
func (Rules) View(s State, p cards.Player) View { return ViewOf(s, p) }

// Determinize calls Determinize.
func (Rules) Determinize(v View, seed uint64) (State, error) { return Determinize(v, seed) }
