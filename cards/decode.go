package cards

import (
	"encoding/json"
	"errors"
)

// Decode is the body of a game state's UnmarshalJSON: it decodes JSON b into
// the state's encoded form E, builds the state from it with build, and
// checks the state, so that a decoded state is always one that keeps the
// rules. Every failure wraps ErrBadInput; what names the value in messages
// ("a Kings & Bastards state").
func Decode[E any, S interface{ Check() error }](b []byte, what string, build func(E) (S, error)) (S, error) {
	var e E
	var zero S
	if err := json.Unmarshal(b, &e); err != nil {
		if errors.Is(err, ErrBadInput) {
			return zero, err
		}
		return zero, BadInput("%s: %v", what, err)
	}
	s, err := build(e)
	if err != nil {
		return zero, err
	}
	if err := s.Check(); err != nil {
		return zero, err
	}
	return s, nil
}
