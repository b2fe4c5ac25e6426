package ninekingdoms

import "github.com/cardrules/games/cards"

// Rules is Nine Kingdoms as a cards.Rules, for code written once for every
// game of the module.
type Rules struct{}

var _ cards.Rules[Options, State, Move, View] = Rules{}

// gameName is the short name of the game, as in URLs, flags and state JSON.
const gameName = "ninekingdoms"

// Info describes Nine Kingdoms and its options.
func (Rules) Info() cards.GameInfo {
	return cards.GameInfo{
		Name:       gameName,
		Title:      "Nine Kingdoms",
		Summary:    "six rounds of choosing two cards in secret: claim kingdoms, bribe, siege and flank, and score the kingdoms you hold",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		Options: []cards.OptionInfo{
			cards.IntOpt("players", 2, MinPlayers, MaxPlayers, "the number of players"),
			cards.SeedOpt(),
			cards.NoLogOpt(),
			cards.BoolOpt("match", false, "plays games on, the first player rotating, until a player's total reaches 100"),
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
