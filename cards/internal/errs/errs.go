// Package errs holds the sentinel errors of bad input and bad options,
// which package cards exports (as cards.ErrBadInput and
// cards.ErrBadOptions) and which the JSON code below cards wraps, so that
// both are the same values.
package errs

import (
	"errors"
	"fmt"
)

var (
	// ErrBadInput is cards.ErrBadInput.
	ErrBadInput = errors.New("bad input")
	// ErrBadOptions is cards.ErrBadOptions.
	ErrBadOptions = errors.New("bad options")
)

// Input returns an error wrapping ErrBadInput that gives the reason,
// formatted as by fmt.Sprintf.
func Input(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadInput, fmt.Sprintf(format, args...))
}

// Options returns an error wrapping ErrBadOptions that gives the reason,
// formatted as by fmt.Sprintf.
func Options(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadOptions, fmt.Sprintf(format, args...))
}
