package ninekingdoms

import "github.com/cardrules/games/cards"

// Rules is Nine Kingdoms as a cards.Rules, for code written once for every
// game of the module.
type Rules struct{}

var _ cards.Rules[Options, State, Move, View] = Rules{}

// Name returns "ninekingdoms".
func (Rules) Name() string { return "ninekingdoms" }

// Title returns "Nine Kingdoms".
func (Rules) Title() string { return "Nine Kingdoms" }

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
