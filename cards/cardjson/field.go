package cardjson

import (
	"encoding"
	"slices"
	"strconv"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/internal/strict"
)

// fieldsRoom is the capacity of the lists of fields that Header.Fields
// and ViewFields start, so that a game appends its own without growing
// them.
const fieldsRoom = 32

// A Field is one member of the JSON object a value encodes as: the
// member's name and a pointer to the value it holds. An encoding lists its
// fields once, for encoding and decoding alike (see AppendFields and
// DecodeFields). A field's value is one of the types this package knows
// (ints, int64s, float64s, bools, strings, cards, card sets, players and
// sets of players, random sources, events, and slices of these; slices of
// strings and of ints), or a type that encodes itself: an Appender (or a
// JSON marshaler, such as json.RawMessage) that decodes with an
// UnmarshalJSON method, or a text appender or marshaler that decodes with
// an UnmarshalText method, such as cards.Rank. Any other type is an error:
// this package encodes no value by reflection.
//
// Field is an unnamed struct type, as the lists of fields of package
// cards' own types are.
type Field = struct {
	// Name is the member's name: ASCII letters and digits, written as
	// they are, beginning with a letter (JavaScript puts the members of
	// an object whose names are numbers first, which would reorder a
	// state rebuilt from a patch; see Object).
	Name string
	// Ptr points to the member's value.
	Ptr any
	// OmitZero leaves the member out of the encoding when its value is
	// false, 0, "", the empty set of players, or an empty List or Slice.
	OmitZero bool
}

// Skip is the type of a field whose member a decoder reads past: a move's
// "text", written for people, is read this way. Use new(Skip) as its Ptr.
type Skip struct{}

// An Appender appends its own JSON to a buffer. The cards' types, and the
// options, states, moves and views of the games, are Appenders: Marshal
// calls AppendJSON directly.
type Appender interface {
	AppendJSON(b []byte) ([]byte, error)
}

// AppendFields appends fields to b as a JSON object, in their order.
func AppendFields(b []byte, fields []Field) ([]byte, error) {
	return strict.AppendFields(b, fields, AppendValue, isZero)
}

// DecodeFields decodes v, a valid JSON object, into fields: each member
// must name a field, exactly and once; a field no member names keeps its
// value. It returns the members present: bit i is set when fields[i] was.
// There are at most 64 fields. Every error wraps cards.ErrBadInput (or
// cards.ErrBadOptions, when a value's own decoder says so); what names the
// object in messages ("a Kings & Bastards view").
//
// It is the body of the UnmarshalJSON method of a type that lists its
// fields: encoding/json and Unmarshal give such methods only valid JSON.
func DecodeFields(v []byte, what string, fields []Field) (present uint64, err error) {
	return strict.DecodeFields(v, what, fields, DecodeValue)
}

// AppendValue appends the JSON of the value p points to, as a Field's
// value is encoded: for the encodings of types that hold fields' types.
func AppendValue(b []byte, p any) ([]byte, error) {
	switch p := p.(type) {
	case *cards.Set:
		return p.AppendJSON(b)
	case *[]cards.Set:
		return strict.AppendArray(b, *p, func(b []byte, s cards.Set) ([]byte, error) { return s.AppendJSON(b) })
	case *cards.Player:
		return strconv.AppendInt(b, int64(*p), 10), nil
	case *[]cards.Player:
		return strict.AppendArray(b, *p, func(b []byte, q cards.Player) ([]byte, error) { return strconv.AppendInt(b, int64(q), 10), nil })
	case *cards.PlayerSet:
		return p.AppendJSON(b)
	case *cards.Rand:
		return p.AppendJSON(b)
	case *cards.Card:
		return AppendText(b, *p)
	case *[]cards.Card:
		return appendCodes(b, *p), nil
	case *[][]cards.Card:
		return strict.AppendArray(b, *p, func(b []byte, cs []cards.Card) ([]byte, error) { return appendCodes(b, cs), nil })
	case *[]cards.Event:
		return strict.AppendList(b, *p, AppendValue)
	}
	return strict.AppendValue(b, p)
}

// AppendString appends s to b as a JSON string, as a Field holding it is
// encoded; invalid UTF-8 is an error wrapping cards.ErrBadInput.
func AppendString(b []byte, s string) ([]byte, error) { return strict.AppendQuote(b, s) }

// AppendCards appends cs as a JSON array of card codes, NoCard as "": a
// list of cards as a Field holding it is encoded, which allocates
// nothing.
func AppendCards(b []byte, cs []cards.Card) []byte { return appendCodes(b, cs) }

// appendCodes appends cs as a JSON array of card codes (NoCard as "").
func appendCodes(b []byte, cs []cards.Card) []byte {
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		if c == cards.NoCard {
			b = append(b, '"', '"')
			continue
		}
		b = append(append(append(b, '"'), c.Code()...), '"')
	}
	return append(b, ']')
}

// DecodeValue decodes v, a valid JSON value, into what p points to, as a
// Field's value is decoded.
func DecodeValue(v []byte, p any) error {
	if len(v) == 0 {
		return cards.BadInput("a value is expected")
	}
	switch p := p.(type) {
	case *Skip:
		return nil
	case *[]cards.Set:
		return strict.DecodeList(v, "an array of card sets", p, (*cards.Set).UnmarshalJSON)
	case *[]cards.Player:
		return strict.DecodeList(v, "an array of players", p, (*cards.Player).UnmarshalJSON)
	case *[]cards.Card:
		return strict.DecodeList(v, "an array of cards", p, decodeCardOrNone)
	case *[][]cards.Card:
		return strict.DecodeList(v, "an array of arrays of cards", p, func(cs *[]cards.Card, v []byte) error { return DecodeValue(v, cs) })
	case *[]cards.Event:
		return strict.DecodeList(v, "an array of events", p, (*cards.Event).UnmarshalJSON)
	}
	return strict.DecodeValue(v, p)
}

// decodeCardOrNone decodes v, a valid JSON value, as a card code, or ""
// for NoCard.
func decodeCardOrNone(c *cards.Card, v []byte) error {
	code, err := strict.Unquote(v)
	if err != nil {
		return err
	}
	if c.UnmarshalText(code) != nil {
		return cards.BadInput("%s is not a card code (such as 7D, 10S, QH, AC, X1)", v)
	}
	return nil
}

// isZero tells whether p points to a zero value that a field's OmitZero
// leaves out.
func isZero(p any) bool {
	switch p := p.(type) {
	case *cards.PlayerSet:
		return *p == 0
	case lister:
		return p.empty()
	}
	return strict.IsZero(p)
}

// AppendText appends the text a appends to b as a JSON string, as a Field
// holding a is encoded: for hand-written encodings of cards, kinds and
// other enumerations, which allocate nothing.
func AppendText(b []byte, a encoding.TextAppender) ([]byte, error) {
	return strict.AppendText(b, a)
}

// EndString ends a JSON string whose text a hand-written encoding appended
// to b from b[start] on, just after the string's opening quote: it
// appends the closing quote, or, for a text that holds bytes a JSON
// string cannot hold as they are, quotes the text afresh (invalid UTF-8
// being an error wrapping cards.ErrBadInput). An encoding thus writes a
// text for people, a move's label, into its JSON without making a string
// of it first.
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

// ParseStrings parses v, a valid JSON value, as an array of strings,
// calling each with every string's contents in turn, unescaped; anything
// else is an error wrapping cards.ErrBadInput that names what the array
// is. A game whose cards have codes of their own decodes its lists of
// cards with it.
func ParseStrings(v []byte, what string, each func([]byte) error) error {
	return strict.ParseStrings(v, what, each)
}

// A List is a slice of values of a comparable type whose JSON is an array
// of its elements' JSON, each encoded and decoded as a Field's value is;
// it is never nil once decoded. A Field of a slice whose elements encode
// themselves names it as a List: Ptr: (*cardjson.List[Counts])(&j.Hands).
// An Object compares a List's elements with the last ones and encodes
// anew only those that changed.
type List[T comparable] []T

func (l *List[T]) empty() bool { return len(*l) == 0 }

// AppendJSON appends the list as a JSON array.
func (l *List[T]) AppendJSON(b []byte) ([]byte, error) { return strict.AppendList(b, *l, AppendValue) }

// UnmarshalJSON decodes a valid JSON array into the list.
func (l *List[T]) UnmarshalJSON(v []byte) error { return decodeList(v, (*[]T)(l)) }

// A Slice is a List of values of any type, such as structs that hold
// slices: it encodes and decodes as a List does, and an Object encodes
// its elements anew every time.
type Slice[T any] []T

func (l *Slice[T]) empty() bool { return len(*l) == 0 }

// AppendJSON appends the slice as a JSON array.
func (l *Slice[T]) AppendJSON(b []byte) ([]byte, error) {
	return strict.AppendList(b, *l, AppendValue)
}

// UnmarshalJSON decodes a valid JSON array into the slice.
func (l *Slice[T]) UnmarshalJSON(v []byte) error { return decodeList(v, (*[]T)(l)) }

// decodeList decodes v, a valid JSON array, into *p, each element as a
// Field's value.
func decodeList[T any](v []byte, p *[]T) error {
	return strict.DecodeList(v, "an array", p, func(x *T, e []byte) error { return DecodeValue(e, x) })
}

// A lister is a List or a Slice, which an Object compares and encodes
// element by element. Its methods take the values to compare and encode,
// so that an Object calls them on the lister of the last Object's member:
// they assert only the concrete type of the values.
type lister interface {
	empty() bool
	// sameList tells whether p points to a list of the lister's type
	// (ok), and whether q points to one of the same type that it
	// compares (known) and of the same elements (same).
	sameList(p, q any) (ok, same, known bool)
	// appendEach appends p's list to o element by element: was points
	// to the base's list and old is its span in base, or both are nil.
	appendEach(o *Object, p, was any, base *Object, old *span) error
}

func (*List[T]) sameList(p, q any) (ok, same, known bool) {
	l, ok := p.(*List[T])
	w, known := q.(*List[T])
	return ok, ok && known && slices.Equal(*l, *w), ok && known
}

func (*List[T]) appendEach(o *Object, p, was any, base *Object, old *span) error {
	if w, ok := was.(*List[T]); ok {
		was = (*[]T)(w)
	}
	return elements(o, *p.(*List[T]), was, base, old, equal)
}

func (*Slice[T]) sameList(p, _ any) (ok, same, known bool) {
	_, ok = p.(*Slice[T])
	return ok, false, false
}

func (*Slice[T]) appendEach(o *Object, p, _ any, _ *Object, _ *span) error {
	return elements(o, *p.(*Slice[T]), nil, nil, nil, nil)
}

// AppendList appends xs as a JSON array, each element encoded as a
// Field's value is: for the encodings of arrays and slices that hold
// fields' types, which allocate nothing.
func AppendList[T any](b []byte, xs []T) ([]byte, error) {
	return strict.AppendList(b, xs, AppendValue)
}
