package cards

import (
	"encoding"
	"strconv"

	"github.com/cardrules/games/cards/internal/strict"
)

// fieldsRoom is the capacity of the lists of fields that HeaderFields and
// ViewBase.Fields start, so that a game appends its own without growing
// them; marshalRoom is the buffer Marshal starts with. Both spare each
// encoding a run of growing copies.
const (
	fieldsRoom  = 32
	marshalRoom = 512
)

// A Field is one member of the JSON object a value encodes as: the member's
// name and a pointer to the value it holds. A hand-written encoding lists
// its fields once, for encoding and decoding alike (see AppendFields and
// DecodeFields), and spends no reflection: a field holds one of the types
// this package knows (ints, int64s, float64s, bools, strings, cards, card
// sets, players and sets of players, random sources, seeds, events, slices
// of these, slices of strings), or a type that encodes itself: an
// Appender (or a JSON marshaler, such as json.RawMessage) that decodes
// with an UnmarshalJSON method, or a text marshaler. Any other type is an
// error: this package encodes no value by reflection.
type Field = struct {
	// Name is the member's name: ASCII letters and digits, written as
	// they are, beginning with a letter (JavaScript puts the members of
	// an object whose names are numbers first, which would reorder a
	// state rebuilt from a patch; see Object).
	Name string
	Ptr  any
	// OmitZero leaves the member out of the encoding when its value is the
	// zero value, or for a List, when it is empty (only for bools, ints,
	// sets of players and Lists).
	OmitZero bool
}

// Skip is the type of a field whose member a decoder reads past: a move's
// "text", written for people, is read this way. Use new(Skip) as its Ptr.
type Skip struct{}

// An Appender appends its own JSON to a buffer. The types of this package
// that encode as JSON, and the states, moves and views of the games, whose
// encodings are written by hand, are Appenders: Marshal calls AppendJSON
// directly, and a type's MarshalJSONTo writes what AppendJSON appends.
type Appender interface {
	AppendJSON(b []byte) ([]byte, error)
}

// AppendFields appends fields to b as a JSON object, in their order.
func AppendFields(b []byte, fields []Field) ([]byte, error) {
	return strict.AppendFields(b, fields, appendValue, isZero)
}

// AppendValue appends the JSON of the value p points to, as a Field's value
// is encoded: for the encodings of types that hold fields' types.
func AppendValue(b []byte, p any) ([]byte, error) { return appendValue(b, p) }

// appendValue appends the JSON of the value p points to.
func appendValue(b []byte, p any) ([]byte, error) {
	switch p := p.(type) {
	case *Set:
		return p.AppendJSON(b)
	case *[]Set:
		return strict.AppendArray(b, *p, func(b []byte, s Set) ([]byte, error) { return s.AppendJSON(b) })
	case *Player:
		return strconv.AppendInt(b, int64(*p), 10), nil
	case *[]Player:
		return strict.AppendArray(b, *p, func(b []byte, q Player) ([]byte, error) { return strconv.AppendInt(b, int64(q), 10), nil })
	case *PlayerSet:
		return p.AppendJSON(b)
	case *Rand:
		return p.AppendJSON(b)
	case *Card:
		return AppendTextString(b, *p)
	case *[]Card:
		return appendCodes(b, *p), nil
	case *[][]Card:
		return strict.AppendArray(b, *p, func(b []byte, cs []Card) ([]byte, error) { return appendCodes(b, cs), nil })
	case *[]Event:
		return AppendList(b, *p)
	}
	return strict.AppendValue(b, p)
}

// appendCodes appends cs as a JSON array of card codes (NoCard as "").
func appendCodes(b []byte, cs []Card) []byte {
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		if c == NoCard {
			b = append(b, '"', '"')
			continue
		}
		b = append(append(append(b, '"'), c.Code()...), '"')
	}
	return append(b, ']')
}

// AppendTextString appends the text a appends to b as a JSON string, as
// a Field holding a is encoded: for hand-written encodings of cards,
// kinds and other enumerations that allocate nothing.
func AppendTextString(b []byte, a encoding.TextAppender) ([]byte, error) {
	return strict.AppendText(b, a)
}

// DecodeFields decodes v, a valid JSON object, into fields: each member
// must name a field, exactly and once; a field no member names keeps its
// value. It returns the members present: bit i is set when fields[i] was.
// There are at most 64 fields. Every error wraps ErrBadInput; what names
// the object in messages ("a Kings & Bastards state").
//
// It is the body of the UnmarshalJSON method of a type whose encoding is
// written by hand: encoding/json and Unmarshal give such methods only
// valid JSON.
func DecodeFields(v []byte, what string, fields []Field) (present uint64, err error) {
	return strict.DecodeFields(v, what, fields, DecodeValue)
}

// DecodeValue decodes v, a valid JSON value, into what p points to, as a
// Field's value is decoded.
func DecodeValue(v []byte, p any) error {
	if len(v) == 0 {
		return BadInput("a value is expected")
	}
	var err error
	switch p := p.(type) {
	case *Skip:
		return nil
	case *[]Set:
		err = strict.DecodeList(v, "an array of card sets", p, (*Set).UnmarshalJSON)
	case *[]Player:
		err = strict.DecodeList(v, "an array of players", p, (*Player).UnmarshalJSON)
	case *[]Card:
		err = strict.DecodeList(v, "an array of cards", p, decodeCardOrNone)
	case *[][]Card:
		err = strict.DecodeList(v, "an array of arrays of cards", p, func(cs *[]Card, v []byte) error { return DecodeValue(v, cs) })
	case *[]Event:
		err = strict.DecodeList(v, "an array of events", p, (*Event).UnmarshalJSON)
	default:
		return strict.DecodeValue(v, p)
	}
	return err
}

// isZero tells whether p points to a zero value that a field's OmitZero
// leaves out.
func isZero(p any) bool {
	switch p := p.(type) {
	case *PlayerSet:
		return *p == 0
	case interface{ empty() bool }:
		return p.empty()
	}
	return strict.IsZero(p)
}
