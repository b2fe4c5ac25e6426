// Package strict is the strict JSON that package cards' own types and
// package cardjson share: checking a text is JSON (Check), scanning JSON
// known to be valid (EachElement, EachMember), quoting and unquoting
// strings, reading numbers, and the lists of fields that an object
// encodes and decodes as (AppendFields, DecodeFields). It knows the
// built-in types and the types that encode themselves, and no type of
// package cards: package cardjson, which imports cards, gives these
// functions its own encoder and decoder of values, which know the cards'
// types before they call this package's.
//
// Every error of bad input wraps errs.ErrBadInput, which is
// cards.ErrBadInput.
package strict

import (
	"encoding"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/cardrules/games/cards/internal/errs"
)

// Field is a member of an object: its name, a pointer to its value, and
// whether a zero value leaves it out of the encoding. It is an unnamed
// struct type, so that cardjson.Field, declared the same way and
// documented there, is the same type.
type Field = struct {
	Name     string
	Ptr      any
	OmitZero bool
}

// An Appender appends its own JSON to a buffer.
type Appender interface {
	AppendJSON(b []byte) ([]byte, error)
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

// AppendFields appends fields to b as a JSON object, in their order, each
// value appended by appendValue; isZero tells the values that a field's
// OmitZero leaves out.
func AppendFields(b []byte, fields []Field, appendValue func([]byte, any) ([]byte, error), isZero func(any) bool) ([]byte, error) {
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

// DecodeFields decodes v, a valid JSON object, into fields, each value
// decoded by decodeValue: each member must name a field, exactly and
// once; a field no member names keeps its value. It returns the members
// present: bit i is set when fields[i] was. There are at most 64 fields.
// Every error wraps errs.ErrBadInput; what names the object in messages.
func DecodeFields(v []byte, what string, fields []Field, decodeValue func([]byte, any) error) (present uint64, err error) {
	if len(fields) > 64 {
		return 0, errs.Input("%s lists %d fields, over 64", what, len(fields))
	}
	next := 0 // members come in the fields' order, usually
	err = EachMember(v, what, func(name, value []byte) error {
		i := next
		if i >= len(fields) || fields[i].Name != string(name) {
			i = fieldIndex(fields, name)
		}
		next = i + 1
		switch {
		case i < 0:
			return errs.Input("%s has no member %q", what, name)
		case present&(1<<i) != 0:
			return errs.Input("%s names its member %q twice", what, name)
		}
		present |= 1 << i
		if err := decodeValue(value, fields[i].Ptr); err != nil {
			return memberError(what, fields[i].Name, err)
		}
		return nil
	})
	return present, err
}

// memberError adds to err, the error of a member's value, which member of
// what it is, and wraps it in errs.ErrBadInput unless it wraps a sentinel
// already.
func memberError(what, name string, err error) error {
	if errors.Is(err, errs.ErrBadInput) || errors.Is(err, errs.ErrBadOptions) {
		return fmt.Errorf("%w (member %q of %s)", err, name, what)
	}
	return fmt.Errorf("%w: %s: member %q: %v", errs.ErrBadInput, what, name, err)
}

// InputError wraps err, an error of decoding what, in errs.ErrBadInput,
// unless it wraps a sentinel already.
func InputError(what string, err error) error {
	if err == nil || errors.Is(err, errs.ErrBadInput) || errors.Is(err, errs.ErrBadOptions) {
		return err
	}
	return fmt.Errorf("%w: %s: %v", errs.ErrBadInput, what, err)
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

// IsZero tells whether p points to a zero value that a field's OmitZero
// leaves out: false, 0, "", or an empty List.
func IsZero(p any) bool {
	switch p := p.(type) {
	case *bool:
		return !*p
	case *int:
		return *p == 0
	case *int64:
		return *p == 0
	case *float64:
		return *p == 0
	case *string:
		return *p == ""
	case interface{ empty() bool }:
		return p.empty()
	}
	return false
}

// AppendValue appends the JSON of the value p points to: an int, an
// int64, a float64, a bool, a string, a slice of ints, strings or slices
// of ints, or a value that encodes itself (an Appender, a text appender
// or marshaler, a JSON marshaler). Any other type is an error.
func AppendValue(b []byte, p any) ([]byte, error) {
	switch p := p.(type) {
	case *int:
		return strconv.AppendInt(b, int64(*p), 10), nil
	case *bool:
		return strconv.AppendBool(b, *p), nil
	case *string:
		return AppendQuote(b, *p)
	case *[]int:
		return AppendArray(b, *p, func(b []byte, n int) ([]byte, error) { return strconv.AppendInt(b, int64(n), 10), nil })
	case *[][]int:
		return AppendArray(b, *p, func(b []byte, ns []int) ([]byte, error) { return AppendValue(b, &ns) })
	case *int64:
		return strconv.AppendInt(b, *p, 10), nil
	case *uint8:
		return strconv.AppendUint(b, uint64(*p), 10), nil
	case *int8:
		return strconv.AppendInt(b, int64(*p), 10), nil
	case *uint16:
		return strconv.AppendUint(b, uint64(*p), 10), nil
	case *int16:
		return strconv.AppendInt(b, int64(*p), 10), nil
	case *uint32:
		return strconv.AppendUint(b, uint64(*p), 10), nil
	case *int32:
		return strconv.AppendInt(b, int64(*p), 10), nil
	case *float64:
		return AppendFloat(b, *p)
	case *[]string:
		return AppendArray(b, *p, AppendQuote[string])
	case Appender:
		return p.AppendJSON(b)
	case encoding.TextAppender:
		return AppendText(b, p)
	case encoding.TextMarshaler:
		t, err := p.MarshalText()
		if err != nil {
			return b, err
		}
		return AppendQuote(b, t)
	case marshaler:
		v, err := p.MarshalJSON()
		return append(b, v...), err
	}
	return b, fmt.Errorf("cards: %T has no JSON encoding", p)
}

// AppendPlain appends the JSON of v, an int, a bool or a string held as
// it is rather than by a pointer, or else what appendValue appends of v:
// for the values of an interface, such as an option's default.
func AppendPlain(b []byte, v any, appendValue func([]byte, any) ([]byte, error)) ([]byte, error) {
	switch v := v.(type) {
	case int:
		return strconv.AppendInt(b, int64(v), 10), nil
	case bool:
		return strconv.AppendBool(b, v), nil
	case string:
		return AppendQuote(b, v)
	}
	return appendValue(b, v)
}

// AppendText appends the text a appends to b as a JSON string.
func AppendText(b []byte, a encoding.TextAppender) ([]byte, error) {
	n := len(b)
	b, err := a.AppendText(append(b, '"'))
	if err != nil {
		return b[:n], err
	}
	return EndString(b, n+1)
}

// AppendFloat appends f as JavaScript writes a number (as encoding/json
// does): in decimal notation from 1e-6 to 1e21, in exponent notation
// beyond.
func AppendFloat(b []byte, f float64) ([]byte, error) {
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

// AppendArray appends xs as a JSON array, each element appended by elem.
func AppendArray[T any](b []byte, xs []T, elem func([]byte, T) ([]byte, error)) ([]byte, error) {
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

// AppendList appends xs as a JSON array, each element appended by
// appendValue from its address: an element put in an interface by value
// would be copied to the heap.
func AppendList[T any](b []byte, xs []T, appendValue func([]byte, any) ([]byte, error)) ([]byte, error) {
	b = append(b, '[')
	var err error
	for i := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = appendValue(b, &xs[i]); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

// DecodeValue decodes v, a valid JSON value, into what p points to, one of
// the types AppendValue encodes, or a type that decodes itself (an
// UnmarshalJSON method, or a text unmarshaler from a string).
func DecodeValue(v []byte, p any) error {
	if len(v) == 0 {
		return errs.Input("a value is expected")
	}
	var err error
	switch p := p.(type) {
	case *int:
		*p, err = ParseInt(v)
	case *bool:
		*p, err = ParseBool(v)
	case *string:
		*p, err = ParseString(v)
	case *[]int:
		err = DecodeList(v, "an array of numbers", p, func(n *int, v []byte) (err error) {
			*n, err = ParseInt(v)
			return err
		})
	case *[][]int:
		err = DecodeList(v, "an array of arrays of numbers", p, func(ns *[]int, v []byte) error { return DecodeValue(v, ns) })
	case *int64:
		var n int
		n, err = ParseInt(v)
		*p = int64(n)
	case *uint8:
		err = parseNarrow(v, p)
	case *int8:
		err = parseNarrow(v, p)
	case *uint16:
		err = parseNarrow(v, p)
	case *int16:
		err = parseNarrow(v, p)
	case *uint32:
		err = parseNarrow(v, p)
	case *int32:
		err = parseNarrow(v, p)
	case *float64:
		*p, err = ParseFloat(v)
	case *[]string:
		err = DecodeList(v, "an array of strings", p, func(s *string, v []byte) (err error) {
			*s, err = ParseString(v)
			return err
		})
	case unmarshaler:
		err = p.UnmarshalJSON(v)
	case encoding.TextUnmarshaler:
		if v[0] != '"' {
			return errs.Input("a string is expected, not %s", KindOf(v))
		}
		var t []byte
		if t, err = Unquote(v); err == nil {
			err = p.UnmarshalText(t)
		}
	default:
		err = fmt.Errorf("cards: %T has no JSON decoding", p)
	}
	return err
}

// DecodeList decodes v, a valid JSON array, into *p, an element at a time
// with elem; what names the array in messages. The slice is never nil
// once decoded.
func DecodeList[T any](v []byte, what string, p *[]T, elem func(*T, []byte) error) error {
	xs := (*p)[:0]
	err := EachElement(v, what, func(e []byte) error {
		// Each element decodes in its place in the slice: a variable of
		// its own would escape to the heap through elem, one an element.
		var zero T
		xs = append(xs, zero)
		return elem(&xs[len(xs)-1], e)
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

// ParseStrings parses v, a valid JSON value, as an array of strings,
// calling each with every string's contents in turn, unescaped; anything
// else is an error wrapping errs.ErrBadInput that names what the array is.
func ParseStrings(v []byte, what string, each func([]byte) error) error {
	return EachElement(v, what, func(e []byte) error {
		if e[0] != '"' {
			return errs.Input("%s is an array of codes, each a string, not %s", what, KindOf(e))
		}
		s, err := Unquote(e)
		if err != nil {
			return err
		}
		return each(s)
	})
}

// A List is a slice whose JSON is an array of its elements' JSON, each
// encoded and decoded as AppendValue and DecodeValue do, and never nil
// once decoded: the lists of package cards' own types.
type List[T any] []T

func (l *List[T]) empty() bool { return len(*l) == 0 }

// AppendJSON appends the list as a JSON array.
func (l *List[T]) AppendJSON(b []byte) ([]byte, error) { return AppendList(b, *l, AppendValue) }

// UnmarshalJSON decodes a valid JSON array into the list.
func (l *List[T]) UnmarshalJSON(v []byte) error {
	return DecodeList(v, "an array", (*[]T)(l), func(x *T, e []byte) error { return DecodeValue(e, x) })
}

// parseNarrow parses v, a valid JSON value, as a whole number in the range
// of *p's type.
func parseNarrow[T ~uint8 | ~int8 | ~uint16 | ~int16 | ~uint32 | ~int32](v []byte, p *T) error {
	n, err := ParseInt(v)
	if err != nil {
		return err
	}
	if int(T(n)) != n {
		return errs.Input("%d is out of range", n)
	}
	*p = T(n)
	return nil
}
