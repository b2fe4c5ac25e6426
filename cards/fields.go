package cards

import (
	"encoding"
	"errors"
	"fmt"
	"math"
	"strconv"
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
type Field struct {
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
	b = append(b, '{')
	start := len(b)
	var err error
	for _, f := range fields {
		if f.OmitZero && isZero(f.Ptr) {
			continue
		}
		if len(b) > start {
			b = append(b, ',')
		}
		b = append(append(append(b, '"'), f.Name...), '"', ':')
		if b, err = appendValue(b, f.Ptr); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

func isZero(p any) bool {
	switch p := p.(type) {
	case *bool:
		return !*p
	case *int:
		return *p == 0
	case *PlayerSet:
		return *p == 0
	case interface{ empty() bool }:
		return p.empty()
	}
	return false
}

// AppendValue appends the JSON of the value p points to, as a Field's value
// is encoded: for the encodings of types that hold fields' types.
func AppendValue(b []byte, p any) ([]byte, error) { return appendValue(b, p) }

// appendValue appends the JSON of the value p points to.
func appendValue(b []byte, p any) ([]byte, error) {
	switch p := p.(type) {
	case *int:
		return strconv.AppendInt(b, int64(*p), 10), nil
	case *bool:
		return strconv.AppendBool(b, *p), nil
	case *string:
		return appendQuote(b, *p)
	case *Set:
		return p.AppendJSON(b)
	case *[]Set:
		return appendArray(b, *p, func(b []byte, s Set) ([]byte, error) { return s.AppendJSON(b) })
	case *Player:
		return strconv.AppendInt(b, int64(*p), 10), nil
	case *[]Player:
		return appendArray(b, *p, func(b []byte, q Player) ([]byte, error) { return strconv.AppendInt(b, int64(q), 10), nil })
	case *[]int:
		return appendArray(b, *p, func(b []byte, n int) ([]byte, error) { return strconv.AppendInt(b, int64(n), 10), nil })
	case *PlayerSet:
		return p.AppendJSON(b)
	case *Rand:
		return p.AppendJSON(b)
	case *Card:
		return AppendTextString(b, *p)
	case *[]Card:
		return appendCodes(b, *p), nil
	case *[][]Card:
		return appendArray(b, *p, func(b []byte, cs []Card) ([]byte, error) { return appendCodes(b, cs), nil })
	case *[][]int:
		return appendArray(b, *p, func(b []byte, ns []int) ([]byte, error) { return appendValue(b, &ns) })
	case *int64:
		return strconv.AppendInt(b, *p, 10), nil
	case *float64:
		return appendFloat(b, *p)
	case *[]string:
		return appendArray(b, *p, appendQuote[string])
	case *[]Event:
		return AppendList(b, *p)
	case Appender:
		return p.AppendJSON(b)
	case encoding.TextAppender:
		return AppendTextString(b, p)
	case encoding.TextMarshaler:
		return appendText(b, p)
	case marshaler:
		v, err := p.MarshalJSON()
		return append(b, v...), err
	}
	return b, fmt.Errorf("cards: %T has no JSON encoding", p)
}

// A marshaler encodes itself as JSON, as encoding/json's Marshaler: a
// json.RawMessage is one.
type marshaler interface {
	MarshalJSON() ([]byte, error)
}

// An unmarshaler decodes itself from JSON, as encoding/json's
// Unmarshaler.
type unmarshaler interface {
	UnmarshalJSON([]byte) error
}

// appendFloat appends f as JavaScript writes a number (as encoding/json
// does): in decimal notation from 1e-6 to 1e21, in exponent notation
// beyond.
func appendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, fmt.Errorf("cards: %v has no JSON encoding", f)
	}
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if n := len(b); format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1] // e-07 as e-7
		b = b[:n-1]
	}
	return b, nil
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
	n := len(b)
	b, err := a.AppendText(append(b, '"'))
	if err != nil {
		return b[:n], err
	}
	return EndString(b, n+1)
}

func appendText(b []byte, m encoding.TextMarshaler) ([]byte, error) {
	t, err := m.MarshalText()
	if err != nil {
		return b, err
	}
	return appendQuote(b, t)
}

func appendArray[T any](b []byte, xs []T, elem func([]byte, T) ([]byte, error)) ([]byte, error) {
	b = append(b, '[')
	var err error
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = elem(b, x); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
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
	if len(fields) > 64 {
		return 0, BadInput("%s lists %d fields, over 64", what, len(fields))
	}
	next := 0 // members come in the fields' order, usually
	err = eachMember(v, what, func(name, value []byte) error {
		i := next
		if i >= len(fields) || fields[i].Name != string(name) {
			i = fieldIndex(fields, name)
		}
		next = i + 1
		switch {
		case i < 0:
			return BadInput("%s has no member %q", what, name)
		case present&(1<<i) != 0:
			return BadInput("%s names its member %q twice", what, name)
		}
		present |= 1 << i
		if err := DecodeValue(value, fields[i].Ptr); err != nil {
			return memberError(what, fields[i].Name, err)
		}
		return nil
	})
	return present, err
}

// memberError adds to err, the error of a member's value, which member of
// what it is, and wraps it in ErrBadInput unless it wraps a sentinel of
// this package already.
func memberError(what, name string, err error) error {
	if errors.Is(err, ErrBadInput) || errors.Is(err, ErrBadOptions) {
		return fmt.Errorf("%w (member %q of %s)", err, name, what)
	}
	return fmt.Errorf("%w: %s: member %q: %v", ErrBadInput, what, name, err)
}

// fieldIndex returns the index of the field name names, or -1.
func fieldIndex(fields []Field, name []byte) int {
	for i, f := range fields {
		if f.Name == string(name) {
			return i
		}
	}
	return -1
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
	case *int:
		*p, err = parseInt(v)
	case *bool:
		*p, err = parseBool(v)
	case *string:
		*p, err = parseString(v)
	case *[]Set:
		err = decodeSlice(v, "an array of card sets", p, (*Set).UnmarshalJSON)
	case *[]Player:
		err = decodeSlice(v, "an array of players", p, (*Player).UnmarshalJSON)
	case *[]int:
		err = decodeSlice(v, "an array of numbers", p, func(n *int, v []byte) (err error) {
			*n, err = parseInt(v)
			return err
		})
	case *[][]int:
		err = decodeSlice(v, "an array of arrays of numbers", p, func(ns *[]int, v []byte) error { return DecodeValue(v, ns) })
	case *[]Card:
		err = decodeSlice(v, "an array of cards", p, decodeCardOrNone)
	case *[][]Card:
		err = decodeSlice(v, "an array of arrays of cards", p, func(cs *[]Card, v []byte) error { return DecodeValue(v, cs) })
	case *int64:
		var n int
		n, err = parseInt(v)
		*p = int64(n)
	case *float64:
		*p, err = parseFloat(v)
	case *[]string:
		err = decodeSlice(v, "an array of strings", p, func(s *string, v []byte) (err error) {
			*s, err = parseString(v)
			return err
		})
	case *[]Event:
		err = decodeSlice(v, "an array of events", p, (*Event).UnmarshalJSON)
	case unmarshaler:
		err = p.UnmarshalJSON(v)
	case encoding.TextUnmarshaler:
		if v[0] != '"' {
			return BadInput("a string is expected, not %s", kindOf(v))
		}
		var t []byte
		if t, err = unquote(v); err == nil {
			err = p.UnmarshalText(t)
		}
	default:
		err = fmt.Errorf("cards: %T has no JSON decoding", p)
	}
	return err
}

// decodeSlice decodes v, a valid JSON array, into *p, an element at a time
// with elem. The slice is never nil once decoded.
func decodeSlice[T any](v []byte, what string, p *[]T, elem func(*T, []byte) error) error {
	xs := (*p)[:0]
	err := eachElement(v, what, func(e []byte) error {
		var x T
		if err := elem(&x, e); err != nil {
			return err
		}
		xs = append(xs, x)
		return nil
	})
	if err != nil {
		return err
	}
	if xs == nil {
		xs = []T{}
	}
	*p = xs
	return nil
}
