package cards

import (
	"errors"
	"fmt"

	"github.com/cardrules/games/cards/internal/errs"
)

// Sentinel errors that every game wraps, so that callers can tell kinds of
// failure apart with errors.Is.
var (
	// ErrIllegalMove: the move is not legal in this state. The error's
	// text says why in words a player understands.
	ErrIllegalMove = errors.New("illegal move")
	// ErrNotYourTurn: the move is made for a player who is not to act.
	// Errors that wrap it wrap ErrIllegalMove too.
	ErrNotYourTurn = fmt.Errorf("%w: not this player's turn", ErrIllegalMove)
	// ErrGameOver: the game has ended; no move is legal. Errors that wrap
	// it wrap ErrIllegalMove too.
	ErrGameOver = fmt.Errorf("%w: the game is over", ErrIllegalMove)
	// ErrBadOptions: the options do not describe a game that can be played.
	ErrBadOptions = errs.ErrBadOptions // errors.New("bad options")
	// ErrBadInput: an encoded value (a card code, a move, a state, a view)
	// is malformed or breaks the rules.
	ErrBadInput = errs.ErrBadInput // errors.New("bad input")
)

// Illegal returns an error wrapping ErrIllegalMove that gives the reason,
// formatted as by fmt.Sprintf.
func Illegal(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrIllegalMove, fmt.Sprintf(format, args...))
}

// BadInput returns an error wrapping ErrBadInput that gives the reason,
// formatted as by fmt.Sprintf.
func BadInput(format string, args ...any) error { return errs.Input(format, args...) }

// BadOptions returns an error wrapping ErrBadOptions that gives the reason,
// formatted as by fmt.Sprintf.
func BadOptions(format string, args ...any) error { return errs.Options(format, args...) }
