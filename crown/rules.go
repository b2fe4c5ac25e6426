package crown

import "github.com/cardrules/games/cards"

// Rules implements the contract cards.Rules for Claim the Crown by calling
// the package's functions.
type Rules struct{}

var _ cards.Rules[Options, State, Move, View] = Rules{}

// gameName is the short name of the game, as in URLs, flags and state JSON.
const gameName = "crown"

// Info describes Claim the Crown and its options.
func (Rules) Info() cards.GameInfo {
	return cards.GameInfo{
		Name:       gameName,
		Title:      "Claim the Crown",
		Summary:    "play cards into your court, cancel your opponent's with decrees, use each card's ability, and be first to complete a win condition",
		MinPlayers: Players,
		MaxPlayers: Players,
		Options: []cards.OptionInfo{
			cards.IntOpt("players", Players, Players, Players, "the number of players: always 2"),
			cards.SeedOpt(),
			cards.NoLogOpt(),
			cards.BoolOpt("royalBloc", false, "adds the win condition Royal Bloc: four cards of one rank"),
			cards.BoolOpt("unitedHouse", false, "adds the win condition United House: five cards of one suit, Face cards included"),
			cards.BoolOpt("lineOfSuccession", false, "adds the win condition Line of Succession: five ranks in a row, the Ace high or low"),
			cards.IntOpt("maxTurns", 0, 0, MaxTurnsLimit, "calls a draw after that many turns without a win; 0 plays on until a win"),
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
