package cards

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/go-json-experiment/json"
)

// MaxInput is the largest JSON input, in bytes, that Unmarshal decodes. A
// state of any game of this module encodes in a small fraction of it.
const MaxInput = 64 << 10

// strict are the options of decoding by encoding/json/v2's rules: object
// member names match exactly (case included), and unknown and repeated
// members are errors.
var strict = json.RejectUnknownMembers(true)

// Unmarshal decodes JSON b into v strictly: object member names must match
// exactly (case included); unknown or repeated members, a null value,
// trailing data, wrong types and inputs over MaxInput bytes are errors.
// (A member that is null leaves its field at its zero value, which the
// checks of what is decoded then judge.) Every error wraps ErrBadInput, or
// ErrBadOptions when a value's own decoder says so. what names the value in
// messages ("a Kings & Bastards state").
//
// Card lists are arrays of card codes, never base64 strings: every type of
// this module that holds cards decodes them through the card parser.
func Unmarshal(b []byte, v any, what string) error {
	return UnmarshalLimit(b, v, what, MaxInput)
}

// UnmarshalLimit is Unmarshal with another limit on the input's size, for
// inputs that are larger by nature, such as a game's record.
func UnmarshalLimit(b []byte, v any, what string, limit int) error {
	if len(b) > limit {
		return BadInput("%s: %d bytes is over the limit of %d", what, len(b), limit)
	}
	if string(bytes.TrimSpace(b)) == "null" {
		return BadInput("%s is an object, not null", what)
	}
	if u, ok := v.(json.Unmarshaler); ok {
		// A decoder of this module's own: check the JSON once, whole, and
		// let it read the valid JSON. It refuses unknown and repeated
		// members itself.
		if err := checkJSON(b); err != nil {
			return fmt.Errorf("%w: %s is not valid JSON: %v", ErrBadInput, what, err)
		}
		return badJSON(what, u.UnmarshalJSON(bytes.TrimSpace(b)))
	}
	return badJSON(what, json.Unmarshal(b, v, strict))
}

// badJSON wraps a decoding error in ErrBadInput, unless it wraps a sentinel
// of this package already.
func badJSON(what string, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, ErrBadInput) || errors.Is(err, ErrBadOptions) {
		return err
	}
	return fmt.Errorf("%w: %s: %v", ErrBadInput, what, err)
}

// Marshal encodes v as JSON, compactly and deterministically: Appenders
// and lists of events directly, anything else by encoding/json/v2's rules.
func Marshal(v any) ([]byte, error) {
	return AppendJSON(make([]byte, 0, marshalRoom), v)
}

// AppendJSON appends the JSON of v to b, as Marshal encodes it.
func AppendJSON(b []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case Appender:
		return v.AppendJSON(b)
	case []Event:
		return AppendList(b, v)
	}
	j, err := json.Marshal(v, json.Deterministic(true))
	return append(b, j...), err
}

// A Header opens the JSON of every game state: the game it is a state of,
// the version of its encoding, and where its log stands. A game's state
// encoding embeds it, and its Fields start with the header's.
type Header struct {
	// Game is the short name of the game ("bastards").
	Game string `json:"game"`
	// Version is the version of the game's state encoding.
	Version int `json:"version"`
	// Events is the number of events the game has produced.
	Events int `json:"events"`
	// NoLog is set when the state records no events (its game is played
	// without a log, or it was dealt for search).
	NoLog bool `json:"noLog,omitzero"`
}

// HeaderFields returns the header's fields, for the fields of a state's
// encoding: game, version, events and noLog.
func (h *Header) HeaderFields() []Field {
	return append(make([]Field, 0, fieldsRoom),
		Field{Name: "game", Ptr: &h.Game}, Field{Name: "version", Ptr: &h.Version}, Field{Name: "events", Ptr: &h.Events}, Field{Name: "noLog", Ptr: &h.NoLog, OmitZero: true})
}

// HeaderOf returns the header of a state of game at the given encoding
// version, whose log is l.
func HeaderOf(game string, version int, l Log) Header {
	return Header{Game: game, Version: version, Events: l.Len(), NoLog: !l.On()}
}

// Log returns a log that goes on where the header says the game's log
// stands: empty, numbering its next event Events+1, or off.
func (h Header) Log() Log {
	if h.NoLog {
		return OffFrom(h.Events)
	}
	return LogFrom(h.Events)
}

// header returns the header; a state encoding gets it by embedding Header.
func (h Header) header() Header { return h }

// check returns why h is not a header of game's states at version.
func (h Header) check(game string, version int) error {
	switch {
	case h.Game != game:
		return BadInput("this is a state of %q, not of %q", h.Game, game)
	case h.Version != version:
		return BadInput("a %s state of encoding version %d: this library reads version %d", game, h.Version, version)
	case h.Events < 0:
		return BadInput("a state's event count is a number from 0")
	}
	return nil
}

// An Encoding is the JSON form of a value, listed as fields: a game's
// state encoding is a struct that embeds Header and lists the header's
// fields and its own.
type Encoding interface {
	Fields() []Field
}

// DecodeState is the body of a game state's UnmarshalJSON: it decodes v, a
// valid JSON object, into the state's encoding E, checks that the header
// names game at version, builds the state from the encoding with build,
// checks the state, and only then stores it in *dst, so that a decoded
// state is always one that keeps the rules and a failed decoding leaves
// *dst as it was. Every failure wraps ErrBadInput:
//
//	func (s *State) UnmarshalJSON(b []byte) error {
//		return cards.DecodeState(s, b, gameName, stateVersion, stateJSON.state)
//	}
func DecodeState[E any, PE interface {
	*E
	Encoding
	header() Header
}, S interface{ Check() error }](dst *S, v []byte, game string, version int, build func(E) (S, error)) error {
	var e E
	if _, err := DecodeFields(v, "a "+game+" state", PE(&e).Fields()); err != nil {
		return err
	}
	if err := PE(&e).header().check(game, version); err != nil {
		return err
	}
	s, err := build(e)
	if err != nil {
		return err
	}
	if err := s.Check(); err != nil {
		return err
	}
	*dst = s
	return nil
}

// AppendState is the body of a game state's AppendJSON: it appends the
// fields of the state's encoding e to b.
func AppendState(b []byte, e Encoding) ([]byte, error) {
	return AppendFields(b, e.Fields())
}
