package cards

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/cardrules/games/cards/internal/strict"
)

// MaxInput is the largest JSON input, in bytes, that Unmarshal decodes. A
// state of any game of this module encodes in a small fraction of it.
const MaxInput = 64 << 10

// Unmarshal decodes JSON b into v strictly: object member names must match
// exactly (case included); unknown or repeated members, null (at the top
// and as a member's value, unless its type says otherwise), trailing data,
// wrong types and inputs over MaxInput bytes are errors. Every error wraps
// ErrBadInput, or ErrBadOptions when a value's own decoder says so. what
// names the value in messages ("a Kings & Bastards state").
//
// Unmarshal checks that b is valid JSON, then v decodes itself: v is a pointer to a type with an
// UnmarshalJSON method, or to one of the types a Field holds. It decodes
// nothing by reflection: any other type is an error. Card lists are arrays
// of card codes, never base64 strings.
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
	// Check the JSON once, whole: the decoders then read valid JSON. They
	// refuse unknown and repeated members themselves.
	if err := strict.Check(b); err != nil {
		return fmt.Errorf("%w: %s is not valid JSON: %v", ErrBadInput, what, err)
	}
	b = bytes.TrimSpace(b)
	if u, ok := v.(interface{ UnmarshalJSON([]byte) error }); ok {
		return strict.InputError(what, u.UnmarshalJSON(b))
	}
	return strict.InputError(what, DecodeValue(b, v))
}

// Marshal encodes v as JSON, compactly and deterministically. v encodes
// itself: it is an Appender, a JSON or text marshaler, a list of events or of
// entries, an
// int, a bool or a string, or a pointer to one of the types a Field holds.
// It encodes nothing by reflection: any other type is an error.
func Marshal(v any) ([]byte, error) {
	return AppendJSON(make([]byte, 0, marshalRoom), v)
}

// AppendJSON appends the JSON of v to b, as Marshal encodes it.
func AppendJSON(b []byte, v any) ([]byte, error) {
	// Values of their own encoding, and pointers, are a Field's values.
	switch v := v.(type) {
	case []Event:
		return AppendList(b, v)
	case []Entry:
		return AppendList(b, v)
	case int:
		return strconv.AppendInt(b, int64(v), 10), nil
	case bool:
		return strconv.AppendBool(b, v), nil
	case string:
		return strict.AppendQuote(b, v)
	}
	return appendValue(b, v)
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

// AppendJSON appends the header's JSON to b, an object of its fields. A
// state's encoding that embeds Header is encoded by its own Fields,
// through AppendState, and decoded through DecodeState.
func (h Header) AppendJSON(b []byte) ([]byte, error) { return AppendFields(b, h.HeaderFields()) }

// MarshalJSON encodes the header as AppendJSON does.
func (h Header) MarshalJSON() ([]byte, error) { return h.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends.
func (h *Header) UnmarshalJSON(v []byte) error {
	_, err := DecodeFields(v, "a state's header", h.HeaderFields())
	return err
}

// HeaderFields returns the header's fields, for the fields of a state's
// encoding: game, version, events and noLog.
func (h *Header) HeaderFields() []Field { return h.AppendHeaderFields(make([]Field, 0, fieldsRoom)) }

// AppendHeaderFields appends the header's fields to fs, as HeaderFields
// lists them: for a state's encoding that holds room for its fields.
func (h *Header) AppendHeaderFields(fs []Field) []Field {
	return append(fs,
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

// A StateEncoding is a game state's encoding, or why it could not be
// built, as StateOf gives it: the body of the state's AppendJSON and
// Fields, written once.
//
//	func (s State) AppendJSON(b []byte) ([]byte, error) { return cards.StateOf(s.encoding()).AppendJSON(b) }
//	func (s State) Fields() []cards.Field              { return cards.StateOf(s.encoding()).Fields() }
type StateEncoding struct {
	e   Encoding
	err error
}

// StateOf returns the encoding e of a state, or the error of building it.
func StateOf(e Encoding, err error) StateEncoding { return StateEncoding{e, err} }

// AppendJSON appends the state's JSON, the fields of its encoding, to b.
func (x StateEncoding) AppendJSON(b []byte) ([]byte, error) {
	if x.err != nil {
		return b, x.err
	}
	return AppendState(b, x.e)
}

// Fields returns the fields of the state's encoding, or none if it could
// not be built.
func (x StateEncoding) Fields() []Field {
	if x.err != nil {
		return nil
	}
	return x.e.Fields()
}

// AppendState is the body of a game state's AppendJSON: it appends the
// fields of the state's encoding e to b.
func AppendState(b []byte, e Encoding) ([]byte, error) {
	return AppendFields(b, e.Fields())
}

// EndString ends a JSON string whose text a hand-written encoding appended
// to b from b[start] on, just after the string's opening quote: it
// appends the closing quote, or, for a text that holds bytes a JSON
// string cannot hold as they are, quotes the text afresh (invalid UTF-8
// being an error wrapping ErrBadInput). An encoding thus writes a text
// for people, a move's label, into its JSON without making a string of it
// first.
func EndString(b []byte, start int) ([]byte, error) { return strict.EndString(b, start) }

// EndWithText ends the JSON object of a move that a hand-written encoding
// is writing in b with its "text" member: the label for people that
// appendText appends, written straight into b and closed by EndString.
func EndWithText(b []byte, appendText func([]byte) []byte) ([]byte, error) {
	b = append(b, `,"text":"`...)
	text := len(b)
	b, err := EndString(appendText(b), text)
	if err != nil {
		return b, err
	}
	return append(b, '}'), nil
}
