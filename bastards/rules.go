package bastards

import "github.com/cardrules/games/cards"

// Rules implements the contract cards.Rules for Kings & Bastards by calling
// the package's functions.
type Rules struct{}

// gameName is the short name of the game, as in URLs, flags and state JSON.
const gameName = "bastards"

var _ cards.Rules[Options, State, Move, View] = Rules{}

// Info describes Kings & Bastards and its options.
func (Rules) Info() cards.GameInfo {
	return cards.GameInfo{
		Name:       gameName,
		Title:      "Kings & Bastards",
		Summary:    "a shedding game: beat the last play with a higher single or set of the same size, or trump it with a 2; the first out is King, the last Bastard",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		Options: []cards.OptionInfo{
			cards.IntOpt("players", 4, MinPlayers, MaxPlayers, "the number of players; two decks from 7"),
			cards.IntOpt("jokers", 2, 0, 2, "jokers in each deck"),
			cards.IntOpt("rounds", DefaultRounds, 0, MaxRounds, "rounds to play; 0 plays on without end"),
			cards.SeedOpt(),
			cards.NoLogOpt(),
		},
		RankOrder: rankOrder[:],
		HowToPlay: howToPlay,
		Glossary:  glossary,
		Legend:    legend,
	}
}

// rankOrder lists the ranks from the lowest to the highest in play: 3 up
// to A, then the trump 2.
var rankOrder = [...]cards.Rank{
	cards.Three, cards.Four, cards.Five, cards.Six, cards.Seven, cards.Eight, cards.Nine,
	cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace, cards.Two,
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
