package strict

import (
	"bytes"
	"math"
	"strconv"

	"github.com/cardrules/games/cards/internal/errs"
)

// The decoders of the cards' types and of the games' states, moves and
// views read JSON that is already known to be valid: cardjson.Unmarshal
// checks its input whole (with Check) before any decoder sees it, and
// encoding/json (v1 and v2) gives UnmarshalJSON methods only valid JSON. So they find the extent of
// each value with the cheap scanning below, without checking the syntax
// again.

// SkipSpace returns the index of the first byte at or after i that is not
// JSON white space.
func SkipSpace(v []byte, i int) int {
	for i < len(v) && (v[i] == ' ' || v[i] == '\t' || v[i] == '\n' || v[i] == '\r') {
		i++
	}
	return i
}

// valueEnd returns the index just past the valid JSON value that starts at
// v[i].
func valueEnd(v []byte, i int) int {
	if i >= len(v) {
		return i
	}
	switch v[i] {
	case '"':
		return stringEnd(v, i)
	case '{', '[':
		depth := 0
		for ; i < len(v); i++ {
			switch v[i] {
			case '"':
				i = stringEnd(v, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return i
	}
	for i < len(v) && v[i] != ',' && v[i] != '}' && v[i] != ']' && v[i] != ' ' && v[i] != '\t' && v[i] != '\n' && v[i] != '\r' {
		i++
	}
	return i
}

// stringEnd returns the index just past the JSON string that starts at
// v[i], or len(v) for a string without its end.
func stringEnd(v []byte, i int) int {
	for i++; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(v)
}

// EachElement calls fn with each element of v, a valid JSON array, and
// fails unless v is an array; what names the array in messages.
func EachElement(v []byte, what string, fn func(elem []byte) error) error {
	i := SkipSpace(v, 0)
	if i >= len(v) || v[i] != '[' {
		return errs.Input("%s is an array, not %s", what, KindOf(v))
	}
	for i = SkipSpace(v, i+1); i < len(v) && v[i] != ']'; {
		end := valueEnd(v, i)
		if end == i {
			return errs.Input("%s is not valid JSON", what)
		}
		if err := fn(v[i:end]); err != nil {
			return err
		}
		if i = SkipSpace(v, end); i < len(v) && v[i] == ',' {
			i = SkipSpace(v, i+1)
		}
	}
	return nil
}

// EachMember calls fn with the name and the value of each member of v, a
// valid JSON object, and fails unless v is an object; what names the
// object in messages.
func EachMember(v []byte, what string, fn func(name, value []byte) error) error {
	i := SkipSpace(v, 0)
	if i >= len(v) || v[i] != '{' {
		return errs.Input("%s is a JSON object, not %s", what, KindOf(v))
	}
	for i = SkipSpace(v, i+1); i < len(v) && v[i] == '"'; {
		end := stringEnd(v, i)
		name, err := Unquote(v[i:end])
		if err != nil {
			return err
		}
		i = SkipSpace(v, end)
		if i >= len(v) || v[i] != ':' {
			return errs.Input("%s is not valid JSON", what)
		}
		i = SkipSpace(v, i+1)
		if end = valueEnd(v, i); end == i {
			return errs.Input("%s is not valid JSON", what)
		}
		if err := fn(name, v[i:end]); err != nil {
			return err
		}
		if i = SkipSpace(v, end); i < len(v) && v[i] == ',' {
			i = SkipSpace(v, i+1)
		}
	}
	return nil
}

// unquote returns the contents of q, a valid JSON string, unescaped.
func Unquote(q []byte) ([]byte, error) {
	if len(q) < 2 || q[0] != '"' || q[len(q)-1] != '"' {
		return nil, errs.Input("a string is expected, not %s", KindOf(q))
	}
	s := q[1 : len(q)-1]
	if bytes.IndexByte(s, '\\') < 0 {
		return s, nil
	}
	return appendUnquote(nil, q)
}

// KindOf names the kind of a valid JSON value for messages.
func KindOf(v []byte) string {
	i := SkipSpace(v, 0)
	if i >= len(v) {
		return "nothing"
	}
	switch v[i] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a bool"
	case 'n':
		return "null"
	}
	return "a number"
}

// ParseInt reads v, a valid JSON value, as a whole number.
func ParseInt(v []byte) (int, error) {
	neg := len(v) > 0 && v[0] == '-'
	digits := v
	if neg {
		digits = v[1:]
	}
	if len(digits) == 0 || len(digits) > 18 {
		return 0, errs.Input("%s is not a whole number in range", v)
	}
	n := 0
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, errs.Input("%s is not a whole number", v)
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, nil
}

// ParseUint64 reads the decimal digits d as a number up to 2^64-1.
func ParseUint64(d []byte) (uint64, bool) {
	if len(d) == 0 || len(d) > 20 {
		return 0, false
	}
	var n uint64
	for _, c := range d {
		if c < '0' || c > '9' || n > (math.MaxUint64-uint64(c-'0'))/10 {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, true
}

// ParseFloat reads v, a valid JSON value, as a number.
func ParseFloat(v []byte) (float64, error) {
	if len(v) == 0 || (v[0] != '-' && (v[0] < '0' || v[0] > '9')) {
		return 0, errs.Input("a number is expected, not %s", KindOf(v))
	}
	f, err := strconv.ParseFloat(string(v), 64)
	if err != nil {
		return 0, errs.Input("%s is not a number in range", v)
	}
	return f, nil
}

// ParseString reads v, a valid JSON value, as a string.
func ParseString(v []byte) (string, error) {
	if len(v) == 0 || v[0] != '"' {
		return "", errs.Input("a string is expected, not %s", KindOf(v))
	}
	s, err := Unquote(v)
	return string(s), err
}

// ParseBool reads v, a valid JSON value, as a bool.
func ParseBool(v []byte) (bool, error) {
	switch string(v) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, errs.Input("a bool is true or false, not %s", KindOf(v))
}
