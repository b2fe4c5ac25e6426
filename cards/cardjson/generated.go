package cardjson

import (
	"math/bits"

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
