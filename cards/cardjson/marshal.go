package cardjson

import (
	"bytes"
	"fmt"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/internal/strict"
)

// MaxInput is the largest JSON input, in bytes, that Unmarshal decodes. A
// state of any game of this module encodes in a small fraction of it.
const MaxInput = 64 << 10

// marshalRoom is the buffer Marshal starts with, which spares most
// encodings a run of growing copies.
const marshalRoom = 512

// Unmarshal decodes JSON b into v strictly: object member names must match
// exactly (case included); unknown or repeated members, null (at the top
// and as a member's value, unless its type says otherwise), trailing data,
// wrong types and inputs over MaxInput bytes are errors. Every error wraps
// cards.ErrBadInput, or cards.ErrBadOptions when a value's own decoder
// says so. what names the value in messages ("a Kings & Bastards state").
//
// Unmarshal checks that b is valid JSON, then v decodes itself: v is a
// pointer to a type with an UnmarshalJSON method, or to one of the types a
// Field holds. It decodes nothing by reflection: any other type is an
// error. Card lists are arrays of card codes, never base64 strings.
func Unmarshal(b []byte, v any, what string) error {
	return UnmarshalLimit(b, v, what, MaxInput)
}

// UnmarshalLimit is Unmarshal with another limit on the input's size, for
// inputs that are larger by nature, such as a game's record.
func UnmarshalLimit(b []byte, v any, what string, limit int) error {
	if len(b) > limit {
		return cards.BadInput("%s: %d bytes is over the limit of %d", what, len(b), limit)
	}
	if string(bytes.TrimSpace(b)) == "null" {
		return cards.BadInput("%s is an object, not null", what)
	}
	// Check the JSON once, whole: the decoders then read valid JSON. They
	// refuse unknown and repeated members themselves.
	if err := strict.Check(b); err != nil {
		return fmt.Errorf("%w: %s is not valid JSON: %v", cards.ErrBadInput, what, err)
	}
	b = bytes.TrimSpace(b)
	if u, ok := v.(interface{ UnmarshalJSON([]byte) error }); ok {
		return strict.InputError(what, u.UnmarshalJSON(b))
	}
	return strict.InputError(what, DecodeValue(b, v))
}

// Marshal encodes v as JSON, compactly and deterministically. v encodes
// itself: it is an Appender, a JSON or text marshaler, a list of events or
// of entries, an int, a bool or a string, or a pointer to one of the types
// a Field holds. It encodes nothing by reflection: any other type is an
// error.
func Marshal(v any) ([]byte, error) {
	return AppendJSON(make([]byte, 0, marshalRoom), v)
}

// AppendJSON appends the JSON of v to b, as Marshal encodes it.
func AppendJSON(b []byte, v any) ([]byte, error) {
	// Values of their own encoding, and pointers, are a Field's values.
	switch v := v.(type) {
	case []cards.Event:
		return strict.AppendList(b, v, AppendValue)
	case []cards.Entry:
		return strict.AppendList(b, v, AppendValue)
	}
	return strict.AppendPlain(b, v, AppendValue)
}
