package crazyeights

import (
	_ "embed"

	"github.com/cardrules/games/cards"
)

// Rules implements cards.Rules for Crazy Eights with the package's
// functions, and cards.Explainer.
type Rules struct{}

var (
	_ cards.Rules[Options, State, Move, View] = Rules{}
	_ cards.Explainer[Move, View]             = Rules{}
)

// name is the game's short name, in flags, URLs and its states' JSON.
const name = "crazyeights"

//go:embed howtoplay.txt
var howToPlayText string

var howToPlay, glossary = cards.MustParseHowToPlay(howToPlayText)

// Info describes Crazy Eights and its options.
func (Rules) Info() cards.GameInfo {
	return cards.GameInfo{
		Name:       name,
		Title:      "Crazy Eights",
		Summary:    "match the top card's rank or suit, or play an eight and name a suit; the first out of cards wins",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		Options: []cards.OptionInfo{
			cards.IntOpt("players", 4, MinPlayers, MaxPlayers, "the number of players"),
			cards.SeedOpt(),
			cards.NoLogOpt(),
		},
		RankOrder: []cards.Rank{cards.Ace, cards.Two, cards.Three, cards.Four, cards.Five, cards.Six, cards.Seven,
			cards.Eight, cards.Nine, cards.Ten, cards.Jack, cards.Queen, cards.King},
		HowToPlay: howToPlay,
		Glossary:  glossary,
	}
}

// DefaultOptions calls DefaultOptions.
func (Rules) DefaultOptions() Options { return DefaultOptions() }

// NewGame calls NewGame.
func (Rules) NewGame(o Options) (State, error) { return NewGame(o) }

// AppendLegalMoves calls AppendLegalMoves.
func (Rules) AppendLegalMoves(dst []Move, s State) []Move { return AppendLegalMoves(dst, s) }

// Apply calls Apply.
func (Rules) Apply(s State, m Move) (State, error) { return Apply(s, m) }

// View calls ViewOf.
func (Rules) View(s State, p cards.Player) View { return ViewOf(s, p) }

// Determinize calls Determinize.
func (Rules) Determinize(v View, seed uint64) (State, error) { return Determinize(v, seed) }

// AppendCandidates appends the moves v's viewer might try (see
// cards.Explainer): each card of the hand played (an eight naming each
// suit), a draw and a pass.
func (Rules) AppendCandidates(dst []Move, v View) []Move {
	p := v.Viewer
	if !p.Valid(v.Players) {
		return dst
	}
	for c := range v.Hand.All() {
		if c.Rank() != cards.Eight {
			dst = append(dst, Play(p, c))
			continue
		}
		for _, suit := range Suits {
			dst = append(dst, PlayEight(p, c, suit))
		}
	}
	return append(dst, Draw(p), Pass(p))
}
