package cards

import (
	"fmt"
	"strconv"
	"strings"
)

// Sprintf formats as fmt.Sprintf does, writing the %s, %d and %v of
// strings, Stringers and ints itself, which spares most of fmt's work:
// for the texts of events that Public does not make, such as those of a
// Private event.
func Sprintf(format string, args ...any) string { return sprintf(format, args...) }

// sprintf is fmt.Sprintf for the formats of events, faster: it writes the
// verbs %s and %v of strings and fmt.Stringers, %d and %v of integers of
// the built-in types, and %%
// itself, and leaves any other format, or arguments of other types, to
// fmt.
func sprintf(text string, args ...any) (s string) {
	defer func() {
		if recover() != nil { // a String method that panics: fmt says so
			s = fmt.Sprintf(text, args...)
		}
	}()
	format := text    // what is left to write
	var buf [128]byte // most texts fit, and it stays on the stack
	b := buf[:0]
	n := 0
	for {
		// The text up to the next verb, at once.
		i := strings.IndexByte(format, '%')
		if i < 0 {
			b = append(b, format...)
			break
		}
		b = append(b, format[:i]...)
		if i+1 == len(format) {
			return fmt.Sprintf(text, args...)
		}
		verb := format[i+1]
		format = format[i+2:]
		if verb == '%' {
			b = append(b, '%')
			continue
		}
		if n == len(args) {
			return fmt.Sprintf(text, args...)
		}
		var ok bool
		if b, ok = appendArg(b, verb, args[n]); !ok {
			return fmt.Sprintf(text, args...)
		}
		n++
	}
	if n != len(args) {
		return fmt.Sprintf(text, args...)
	}
	return string(b)
}

// appendArg appends arg as the verb %s, %d or %v writes it, and reports
// whether it could.
func appendArg(b []byte, verb byte, arg any) ([]byte, bool) {
	if verb != 's' && verb != 'd' && verb != 'v' {
		return b, false
	}
	switch a := arg.(type) {
	case string:
		return appendString(b, verb, a)
	case int:
		return appendInt(b, verb, int64(a))
	case int8:
		return appendInt(b, verb, int64(a))
	case int16:
		return appendInt(b, verb, int64(a))
	case int32:
		return appendInt(b, verb, int64(a))
	case int64:
		return appendInt(b, verb, a)
	case uint:
		return appendUint(b, verb, uint64(a))
	case uint8:
		return appendUint(b, verb, uint64(a))
	case uint16:
		return appendUint(b, verb, uint64(a))
	case uint32:
		return appendUint(b, verb, uint64(a))
	case uint64:
		return appendUint(b, verb, a)
	// This package's Stringers, before the question whether arg is one:
	// a costly question in WebAssembly.
	case Player:
		return appendString(b, verb, a.String())
	case Card:
		return appendString(b, verb, a.String())
	case Set:
		return appendString(b, verb, a.String())
	case Rank:
		return appendString(b, verb, a.String())
	case Suit:
		return appendString(b, verb, a.String())
	case PlayerSet:
		return appendString(b, verb, a.String())
	case error, fmt.Formatter:
		// fmt has its own ways with these
	case fmt.Stringer:
		if verb != 'd' {
			return append(b, a.String()...), true
		}
	}
	return b, false
}

// appendString appends a string, or a Stringer's text, as %s and %v
// write it; %d of either is fmt's.
func appendString(b []byte, verb byte, text string) ([]byte, bool) {
	if verb == 'd' {
		return b, false
	}
	return append(b, text...), true
}

// appendInt appends n as %d and %v write it; %s of a number is fmt's.
func appendInt(b []byte, verb byte, n int64) ([]byte, bool) {
	if verb == 's' {
		return b, false
	}
	return strconv.AppendInt(b, n, 10), true
}

// appendUint appends n as %d and %v write it; %s of a number is fmt's.
func appendUint(b []byte, verb byte, n uint64) ([]byte, bool) {
	if verb == 's' {
		return b, false
	}
	return strconv.AppendUint(b, n, 10), true
}
