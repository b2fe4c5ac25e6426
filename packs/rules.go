package packs

import "github.com/cardrules/games/cards"

// Rules is Packs Kingdoms as a cards.Rules, for code written once for
// every game of the module.
type Rules struct{}

var _ cards.Rules[Options, State, Move, View] = Rules{}

// gameName is the short name of the game, as in URLs, flags and state JSON.
const gameName = "packs"

// Info describes Packs Kingdoms and its options.
func (Rules) Info() cards.GameInfo {
	return cards.GameInfo{
		Name:       gameName,
		Title:      "Packs Kingdoms",
		Summary:    "buy cards from a market whose prices fall, play them into your kingdom, and be the first with three runs; or play alone against an automaton",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		Options: []cards.OptionInfo{
			cards.IntOpt("players", 2, MinPlayers, MaxPlayers, "the number of seats (2 in the solo game: you and the automaton)"),
			cards.SeedOpt(),
			cards.NoLogOpt(),
			cards.BoolOpt("solo", false, "plays alone against the automaton, which takes P2's seat"),
			cards.IntOpt("headStart", 0, 0, MaxHeadStart, "cards dealt into the automaton's kingdom before the first turn (solo game only)"),
			cards.IntOpt("turns", DefaultTurns, 1, MaxTurns, "the turns each after which the game is called"),
		},
		HowToPlay: howToPlay,
		Glossary:  glossary,
		Legend:    legend,
	}
}

// DefaultOptions calls DefaultOptions.
func (Rules) DefaultOptions() Options { return DefaultOptions() }

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
