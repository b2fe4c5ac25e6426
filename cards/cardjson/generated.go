package cardjson

import (
	"encoding"
	"math/bits"
	"strconv"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/internal/strict"
)

// This file holds what the code that jsongen writes calls beyond the
// encoding of fields.

// An Integer is an integer type a member of a state may have: a number
// in JSON, of the type's range.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32
}

// SetInt stores n, the number of a member, in *p, or says that it is out
// of the range of p's type: an error wrapping cards.ErrBadInput that
// names the member.
func SetInt[T Integer](p *T, n int, member string) error {
	v := T(n)
	if int(v) != n {
		return cards.BadInput("%s %d is out of range", member, n)
	}
	*p = v
	return nil
}

// CheckMembers checks the members of a move or an event's data, of a
// kind that names some of its members: has is the members present, as
// DecodeFields reports them; every member of must is present, and none
// outside may. names are the members' names, by their bits; what names
// the value, and kind its kind, in messages. An error wraps
// cards.ErrBadInput.
func CheckMembers(has, must, may uint64, names []string, what, kind string) error {
	if missing := must &^ has; missing != 0 {
		return cards.BadInput("%s of kind %s names its %s", what, kind, name(names, missing))
	}
	if extra := has &^ may; extra != 0 {
		return cards.BadInput("%s of kind %s names no %s", what, kind, name(names, extra))
	}
	return nil
}

// name returns the name of the lowest member of set.
func name(names []string, set uint64) string {
	i := bits.TrailingZeros64(set)
	if i < len(names) {
		return `"` + names[i] + `"`
	}
	return "member"
}

// DecodeArray decodes v, a valid JSON array of exactly n elements, calling
// elem with each element and its index: the decoding of a fixed array,
// such as a market's rows.
func DecodeArray(v []byte, n int, elem func(i int, e []byte) error) error {
	i := 0
	err := strict.EachElement(v, "an array", func(e []byte) error {
		if i == n {
			return cards.BadInput("an array of %d elements holds more", n)
		}
		i++
		return elem(i-1, e)
	})
	if err == nil && i != n {
		return cards.BadInput("an array of %d elements holds %d", n, i)
	}
	return err
}

// A Form tells the members that the values of one kind of a move, or of
// an event's data, hold beside those every value holds: bit i is member
// i. Must are those every value of the kind holds; May, those it holds
// when their value is not zero; When, those it holds when a condition of
// the member's own holds. jsongen writes a table of them, by kind, for
// the codec it writes to read.
type Form struct{ Must, May, When uint64 }

// A Writer appends the members of a JSON object to a buffer, a call a
// member, and keeps the first error: the encoders of moves that jsongen
// writes use it, for each member then costs a call, where appending its
// name and value in place costs many times that in a WebAssembly bundle.
// Its methods are kept out of line (go:noinline) for that reason. The
// encoders of events' data, which run for every event of every move,
// append their members in place instead: nearly three times as fast,
// for 23 KB more in the bundle of the four games, 6 KB gzipped and none
// in Brotli.
//
//	w := cardjson.NewWriter(b)
//	w.Int("player", int64(m.Who))
//	w.Text("kind", m.Kind)
//	return w.End()
type Writer struct {
	// B is the buffer, the object's members so far.
	B   []byte
	err error
	n   int // the members written
}

// NewWriter returns a Writer that appends an object to b.
func NewWriter(b []byte) Writer { return Writer{B: append(b, '{')} }

// Key appends the name of the next member, and reports whether its value
// is to follow: false once an error occurred.
//
//go:noinline
func (w *Writer) Key(name string) bool {
	if w.err != nil {
		return false
	}
	if w.n > 0 {
		w.B = append(w.B, ',')
	}
	w.n++
	w.B = append(append(append(w.B, '"'), name...), '"', ':')
	return true
}

// Append takes the buffer a value's encoding appended to w.B, and its
// error: w.Append(x.AppendJSON(w.B)) after w.Key.
//
//go:noinline
func (w *Writer) Append(b []byte, err error) {
	w.B = b
	if w.err == nil {
		w.err = err
	}
}

// Int appends a member of a number.
//
//go:noinline
func (w *Writer) Int(name string, n int64) {
	if w.Key(name) {
		w.B = strconv.AppendInt(w.B, n, 10)
	}
}

// Bool appends a member of a bool.
//
//go:noinline
func (w *Writer) Bool(name string, v bool) {
	if w.Key(name) {
		w.B = strconv.AppendBool(w.B, v)
	}
}

// String appends a member of a string.
//
//go:noinline
func (w *Writer) String(name, s string) {
	if w.Key(name) {
		w.Append(strict.AppendQuote(w.B, s))
	}
}

// Text appends a member whose value is its text, as a string: a card, a
// rank, a kind.
//
//go:noinline
func (w *Writer) Text(name string, t encoding.TextAppender) {
	if w.Key(name) {
		w.Append(AppendText(w.B, t))
	}
}

// Set appends a member of a set of cards.
//
//go:noinline
func (w *Writer) Set(name string, s cards.Set) {
	if w.Key(name) {
		w.Append(s.AppendJSON(w.B))
	}
}

// Players appends a member of a set of players.
//
//go:noinline
func (w *Writer) Players(name string, s cards.PlayerSet) {
	if w.Key(name) {
		w.Append(s.AppendJSON(w.B))
	}
}

// End closes the object and returns the buffer and the first error.
func (w *Writer) End() ([]byte, error) {
	return append(w.B, '}'), w.err
}

// EndWithText appends the member "text", the label for people that
// appendText appends (see EndWithText), and closes the object.
func (w *Writer) EndWithText(appendText func([]byte) []byte) ([]byte, error) {
	if w.err != nil {
		return w.B, w.err
	}
	return EndWithText(w.B, appendText)
}
