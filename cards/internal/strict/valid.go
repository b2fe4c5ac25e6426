package strict

import (
	"fmt"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/cardrules/games/cards/internal/errs"
)

// maxDepth is the deepest nesting of arrays and objects that Check
// accepts, as encoding/json does.
const maxDepth = 10000

// A syntaxError tells where and why an input is not valid JSON.
type syntaxError struct {
	offset int // of the byte where the input goes wrong
	why    string
}

func (e *syntaxError) Error() string {
	return fmt.Sprintf("%s at byte %d", e.why, e.offset)
}

// Check checks that v is one JSON value by RFC 8259, with nothing but
// white space around it, whose strings are valid UTF-8, escapes included
// (a \u escape of half a surrogate pair alone is not). Member names may
// repeat: the decoders tell that apart. It returns a *syntaxError.
func Check(v []byte) error {
	var open []byte // the '[' or '{' of each array or object open
	i := 0
	for {
		// A value starts at i.
		i = SkipSpace(v, i)
		if i >= len(v) {
			return &syntaxError{i, "the input ends where a value is expected"}
		}
		var err error
		switch c := v[i]; c {
		case '[', '{':
			if len(open) == maxDepth {
				return &syntaxError{i, fmt.Sprintf("arrays and objects nest deeper than %d", maxDepth)}
			}
			if i = SkipSpace(v, i+1); i < len(v) && v[i] == c+2 { // ']' or '}'
				i++
				break
			}
			open = append(open, c)
			if c == '{' {
				if i, err = memberName(v, i); err != nil {
					return err
				}
			}
			continue
		case '"':
			i, err = checkString(v, i)
		case 't':
			i, err = checkLiteral(v, i, "true")
		case 'f':
			i, err = checkLiteral(v, i, "false")
		case 'n':
			i, err = checkLiteral(v, i, "null")
		default:
			i, err = checkNumber(v, i)
		}
		if err != nil {
			return err
		}
		// A value ends at i: close the arrays and objects it ends, and go
		// on to the next element or member.
		for {
			i = SkipSpace(v, i)
			if len(open) == 0 {
				if i < len(v) {
					return &syntaxError{i, fmt.Sprintf("%s after the value", quoteByte(v[i]))}
				}
				return nil
			}
			if i >= len(v) {
				return &syntaxError{i, "the input ends inside an array or object"}
			}
			last := open[len(open)-1]
			if v[i] == last+2 {
				open = open[:len(open)-1]
				i++
				continue
			}
			if v[i] != ',' {
				return &syntaxError{i, fmt.Sprintf("%s where %q or %q is expected", quoteByte(v[i]), ',', last+2)}
			}
			i++
			if last == '{' {
				if i, err = memberName(v, SkipSpace(v, i)); err != nil {
					return err
				}
			}
			break
		}
	}
}

// memberName checks the name of an object's member that starts at v[i]
// and the colon after it, and returns the index just past the colon.
func memberName(v []byte, i int) (int, error) {
	if i >= len(v) || v[i] != '"' {
		return i, &syntaxError{i, "an object's member starts with its name, a string"}
	}
	i, err := checkString(v, i)
	if err != nil {
		return i, err
	}
	if i = SkipSpace(v, i); i >= len(v) || v[i] != ':' {
		return i, &syntaxError{i, "a colon is expected after a member's name"}
	}
	return i + 1, nil
}

// checkLiteral checks that v holds lit at i and returns the index past it.
func checkLiteral(v []byte, i int, lit string) (int, error) {
	if len(v)-i < len(lit) || string(v[i:i+len(lit)]) != lit {
		return i, &syntaxError{i, fmt.Sprintf("%s where a value is expected", quoteByte(v[i]))}
	}
	return i + len(lit), nil
}

// checkNumber checks the number that starts at v[i], written as RFC 8259
// says, and returns the index just past it.
func checkNumber(v []byte, i int) (int, error) {
	start := i
	if i < len(v) && v[i] == '-' {
		i++
	}
	switch {
	case i < len(v) && v[i] == '0':
		i++
	case i < len(v) && '1' <= v[i] && v[i] <= '9':
		i = digits(v, i)
	default:
		if i == start {
			return i, &syntaxError{i, fmt.Sprintf("%s where a value is expected", quoteByte(v[i]))}
		}
		return i, &syntaxError{i, "a digit is expected after a minus sign"}
	}
	if i < len(v) && v[i] == '.' {
		if i++; digits(v, i) == i {
			return i, &syntaxError{i, "a digit is expected after a decimal point"}
		}
		i = digits(v, i)
	}
	if i < len(v) && (v[i] == 'e' || v[i] == 'E') {
		if i++; i < len(v) && (v[i] == '+' || v[i] == '-') {
			i++
		}
		if digits(v, i) == i {
			return i, &syntaxError{i, "a digit is expected in an exponent"}
		}
		i = digits(v, i)
	}
	return i, nil
}

// digits returns the index of the first byte at or after i that is not a
// decimal digit.
func digits(v []byte, i int) int {
	for i < len(v) && '0' <= v[i] && v[i] <= '9' {
		i++
	}
	return i
}

// checkString checks the string that starts at v[i] and returns the index
// just past it.
func checkString(v []byte, i int) (int, error) {
	for i++; i < len(v); {
		switch c := v[i]; {
		case c == '"':
			return i + 1, nil
		case c == '\\':
			n, why := escapeLen(v[i:])
			if n == 0 {
				return i, &syntaxError{i, why}
			}
			i += n
		case c < ' ':
			return i, &syntaxError{i, fmt.Sprintf("control character %s in a string", quoteByte(c))}
		case c < utf8.RuneSelf:
			i++
		default:
			r, n := utf8.DecodeRune(v[i:])
			if r == utf8.RuneError && n == 1 {
				return i, &syntaxError{i, "invalid UTF-8 in a string"}
			}
			i += n
		}
	}
	return i, &syntaxError{i, "the input ends inside a string"}
}

// escapeLen returns the length of the escape that starts e, a \u escape of
// a surrogate pair being one escape of 12 bytes, or 0 and why it is
// invalid.
func escapeLen(e []byte) (int, string) {
	if len(e) >= 2 {
		switch e[1] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			return 2, ""
		case 'u':
			_, n, why := unescapeRune(e)
			return n, why
		}
	}
	return 0, "an invalid escape in a string"
}

// unescapeRune decodes the \u escape that starts e, and the one after it
// when the first is the high half of a surrogate pair, and returns the
// rune and the length of its escapes, or why they are invalid.
func unescapeRune(e []byte) (rune, int, string) {
	r, ok := hex4(e)
	switch {
	case !ok:
		return 0, 0, "an invalid escape in a string"
	case !utf16.IsSurrogate(r):
		return r, 6, ""
	}
	lo, ok := hex4(e[6:])
	if r >= 0xdc00 || !ok || lo < 0xdc00 || lo > 0xdfff {
		return 0, 0, "half a surrogate pair alone in a string"
	}
	return utf16.DecodeRune(r, lo), 12, ""
}

// hex4 reads the four hex digits of the \u escape that starts e.
func hex4(e []byte) (rune, bool) {
	if len(e) < 6 || e[0] != '\\' || e[1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range e[2:6] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// appendUnquote appends the contents of q, a JSON string with its quotes,
// unescaped, to b. It fails on anything that checkString refuses.
func appendUnquote(b, q []byte) ([]byte, error) {
	if end, err := checkString(q, 0); err != nil || end != len(q) || q[0] != '"' {
		return b, errs.Input("%q is not a valid JSON string", q)
	}
	s := q[1 : len(q)-1]
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			b = append(b, c)
			i++
			continue
		}
		switch s[i+1] {
		case 'u':
			r, n, _ := unescapeRune(s[i:]) // checked above
			b = utf8.AppendRune(b, r)
			i += n
			continue
		case 'b':
			c = '\b'
		case 'f':
			c = '\f'
		case 'n':
			c = '\n'
		case 'r':
			c = '\r'
		case 't':
			c = '\t'
		default: // '"', '\\' or '/'
			c = s[i+1]
		}
		b = append(b, c)
		i += 2
	}
	return b, nil
}

// quoteByte writes c for a message: 'x', or its code for a byte that is
// not printable ASCII.
func quoteByte(c byte) string {
	if ' ' < c && c < utf8.RuneSelf {
		return fmt.Sprintf("%q", c)
	}
	return fmt.Sprintf("byte %#02x", c)
}
