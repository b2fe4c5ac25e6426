package anygame

import (
	"context"
	"errors"
	"fmt"

	"github.com/cardrules/games/cards"
)

// ErrInternal is wrapped by the error that reports a fault of the library
// itself, such as a recovered panic. Please report it.
var ErrInternal = errors.New("internal error")

// guard turns a panic in the function that defers it into an error
// wrapping ErrInternal, so that no input reaching the JSON face can crash
// the program that serves it.
func guard(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%w: %v", ErrInternal, r)
	}
}

// Error codes, as ErrorCode returns them.
const (
	CodeNotYourTurn = "not_your_turn"
	CodeGameOver    = "game_over"
	CodeIllegalMove = "illegal_move"
	CodeBadOptions  = "bad_options"
	CodeBadInput    = "bad_input"
	CodeUnknownBot  = "unknown_bot"
	CodeCanceled    = "canceled" // the caller's context was cancelled (BotMoveContext)
	CodeInternal    = "internal"
)

// ErrorCode returns a short machine-readable code for err: the most
// specific sentinel it wraps, or CodeInternal. It returns "" for nil.
func ErrorCode(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, cards.ErrNotYourTurn):
		return CodeNotYourTurn
	case errors.Is(err, cards.ErrGameOver):
		return CodeGameOver
	case errors.Is(err, cards.ErrIllegalMove):
		return CodeIllegalMove
	case errors.Is(err, cards.ErrBadOptions):
		return CodeBadOptions
	case errors.Is(err, cards.ErrBadInput):
		return CodeBadInput
	case errors.Is(err, ErrUnknownBot):
		return CodeUnknownBot
	case errors.Is(err, context.Canceled):
		return CodeCanceled
	}
	return CodeInternal
}
