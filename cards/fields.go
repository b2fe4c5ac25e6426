package cards

import (
	"encoding"
	"strconv"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// A Field is one member of the JSON object a value encodes as: the member's
// name and a pointer to the value it holds. A hand-written encoding lists
// its fields once, for encoding and decoding alike (see EncodeFields and
// DecodeFields), and spends no reflection on the types this package knows:
// ints, bools, strings, cards, card sets, players and sets of players,
// random sources, seeds, slices of these, and any type with JSON or text
// methods. Other types are encoded by encoding/json/v2's rules.
type Field struct {
	Name string
	Ptr  any
	// OmitZero leaves the member out of the encoding when its value is the
	// zero value (only for bools and ints).
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
		if b, err = jsontext.AppendQuote(b, f.Name); err != nil {
			return b, err
		}
		b = append(b, ':')
		if b, err = appendValue(b, f.Ptr); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

// EncodeFields writes fields to enc as a JSON object, in their order.
func EncodeFields(enc *jsontext.Encoder, fields []Field) error {
	b, err := AppendFields(enc.AvailableBuffer(), fields)
	if err != nil {
		return err
	}
	return enc.WriteValue(b)
}

func isZero(p any) bool {
	switch p := p.(type) {
	case *bool:
		return !*p
	case *int:
		return *p == 0
	}
	return false
}

// appendValue appends the JSON of the value p points to.
func appendValue(b []byte, p any) ([]byte, error) {
	switch p := p.(type) {
	case *int:
		return strconv.AppendInt(b, int64(*p), 10), nil
	case *bool:
		return strconv.AppendBool(b, *p), nil
	case *string:
		return jsontext.AppendQuote(b, *p)
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
		return appendText(b, p)
	case Appender:
		return p.AppendJSON(b)
	case encoding.TextMarshaler:
		return appendText(b, p)
	}
	v, err := json.Marshal(p, json.Deterministic(true))
	return append(b, v...), err
}

func appendText(b []byte, m encoding.TextMarshaler) ([]byte, error) {
	t, err := m.MarshalText()
	if err != nil {
		return b, err
	}
	return jsontext.AppendQuote(b, t)
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

// DecodeFields reads the next value of dec, a JSON object, into fields:
// each member must name a field, exactly and once; a field no member names
// keeps its value. It returns the members present: bit i is set when
// fields[i] was. There are at most 64 fields. Every error wraps
// ErrBadInput; what names the object in messages ("a Kings & Bastards
// state").
func DecodeFields(dec *jsontext.Decoder, what string, fields []Field) (present uint64, err error) {
	if len(fields) > 64 {
		return 0, BadInput("%s lists %d fields, over 64", what, len(fields))
	}
	tok, err := dec.ReadToken()
	if err != nil {
		return 0, badJSON(what, err)
	}
	if tok.Kind() != '{' {
		return 0, BadInput("%s is a JSON object, not %s", what, tok.Kind())
	}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadValue()
		if err != nil {
			return 0, badJSON(what, err)
		}
		i := fieldIndex(fields, name)
		switch {
		case i < 0:
			return 0, BadInput("%s has no member %s", what, name)
		case present&(1<<i) != 0:
			return 0, BadInput("%s names its member %s twice", what, name)
		}
		present |= 1 << i
		if err := decodeValue(dec, fields[i].Ptr); err != nil {
			return 0, badJSON(what+": "+fields[i].Name, err)
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return 0, badJSON(what, err)
	}
	return present, nil
}

// fieldIndex returns the index of the field a quoted member name names, or
// -1.
func fieldIndex(fields []Field, quoted jsontext.Value) int {
	if len(quoted) < 2 {
		return -1
	}
	name := quoted[1 : len(quoted)-1]
	for i, f := range fields {
		if f.Name == string(name) {
			return i
		}
	}
	return -1
}

// decodeValue decodes the next value of dec into what p points to.
func decodeValue(dec *jsontext.Decoder, p any) error {
	switch p := p.(type) {
	case *Skip:
		return dec.SkipValue()
	case *int:
		n, err := decodeInt(dec)
		*p = n
		return err
	case *bool:
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if k := tok.Kind(); k != 't' && k != 'f' {
			return BadInput("a bool is true or false, not %s", k)
		}
		*p = tok.Bool()
		return nil
	case *Set:
		return p.UnmarshalJSONFrom(dec)
	case *[]Set:
		return decodeSlice(dec, "an array of card sets", p, func(dec *jsontext.Decoder, s *Set) error { return s.UnmarshalJSONFrom(dec) })
	case *Player:
		return p.UnmarshalJSONFrom(dec)
	case *[]Player:
		return decodeSlice(dec, "an array of players", p, func(dec *jsontext.Decoder, q *Player) error { return q.UnmarshalJSONFrom(dec) })
	case *[]int:
		return decodeSlice(dec, "an array of numbers", p, func(dec *jsontext.Decoder, n *int) (err error) {
			*n, err = decodeInt(dec)
			return err
		})
	case json.UnmarshalerFrom:
		return p.UnmarshalJSONFrom(dec)
	case encoding.TextUnmarshaler:
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if tok.Kind() != '"' {
			return BadInput("a string is expected, not %s", tok.Kind())
		}
		return p.UnmarshalText([]byte(tok.String()))
	}
	return json.UnmarshalDecode(dec, p)
}

// decodeInt decodes a JSON number that is a whole number.
func decodeInt(dec *jsontext.Decoder) (int, error) {
	tok, err := dec.ReadToken()
	if err != nil {
		return 0, err
	}
	if tok.Kind() != '0' {
		return 0, BadInput("a number is expected, not %s", tok.Kind())
	}
	n, err := tok.Int()
	if err != nil || int64(int(n)) != n {
		return 0, BadInput("%s is not a whole number in range", tok)
	}
	return int(n), nil
}

// decodeSlice decodes a JSON array into *p, an element at a time.
func decodeSlice[T any](dec *jsontext.Decoder, what string, p *[]T, elem func(*jsontext.Decoder, *T) error) error {
	xs := (*p)[:0]
	err := DecodeArray(dec, what, func(dec *jsontext.Decoder) error {
		var x T
		if err := elem(dec, &x); err != nil {
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
