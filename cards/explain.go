package cards

import (
	"errors"
	"strings"
)

// An Explainer is a game's Rules that can tell a player why a card or a
// move is not offered now. The engine already says why it refuses a move
// (see Apply); an Explainer adds the moves to ask it about: beside the
// legal moves, those a person might try now and the rules refuse, so that
// a program can answer "why not 7♦?" with the refusals of the moves that
// would use the 7♦. Rules types implement it if they can; package anygame
// asks it (Game.Tries).
type Explainer[M Move, V View[M]] interface {
	// AppendCandidates appends to dst moves of v's viewer that a person
	// might try now, legal or not: the decision's own moves made of the
	// cards and choices the view shows (each card of the hand played, each
	// card of the market bought, each kingdom claimed), and the moves of
	// the game's other decisions that a person might mistake for this
	// one's. It reads the view alone, so that the candidates tell nothing
	// the viewer may not know, and neither do the engine's refusals of
	// them: a refusal says what the view shows. It lists no move twice,
	// and none for the spectator.
	AppendCandidates(dst []M, v V) []M
}

// A Briefer is a view whose text (String) holds the game's legend
// (GameInfo.Legend): what the cards or powers do, the same from one view
// to the next. A program that shows view after view, as a terminal does,
// shows the legend once and each view by its Brief.
type Briefer interface {
	// Brief renders the view as String does, without the legend: what
	// the legend would have told of the table (who holds a kingdom, say)
	// in a shorter form.
	Brief() string
}

// Reason returns why a move was refused, in a player's words: the text of
// err without the words of this package's sentinels before it ("7♦ does
// not beat 9♠" for "illegal move: 7♦ does not beat 9♠").
func Reason(err error) string {
	text := err.Error()
	for _, sentinel := range [...]error{ErrNotYourTurn, ErrIllegalMove} {
		if errors.Is(err, sentinel) {
			if rest, ok := strings.CutPrefix(text, sentinel.Error()+": "); ok {
				return rest
			}
		}
	}
	return text
}
