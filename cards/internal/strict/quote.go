package strict

import (
	"unicode/utf8"

	"github.com/cardrules/games/cards/internal/errs"
)

// AppendQuote appends s to b as a JSON string, escaping only what JSON
// requires: '"', '\\' and the control characters below U+0020 (as \b, \f,
// \n, \r, \t or \u00XX). Invalid UTF-8 is written as U+FFFD and reported
// as an error wrapping errs.ErrBadInput, the string being appended all the
// same.
func AppendQuote[T ~string | ~[]byte](b []byte, s T) ([]byte, error) {
	b = append(b, '"')
	invalid := false
	start := 0
	for i := 0; i < len(s); {
		if !special[s[i]] {
			i++
			continue
		}
		if c := s[i]; c < utf8.RuneSelf {
			b = appendEscaped(append(b, s[start:i]...), c)
			i++
			start = i
			continue
		}
		r, n := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
		if r != utf8.RuneError || n != 1 {
			i += n
			continue
		}
		b = append(append(b, s[start:i]...), "\ufffd"...)
		invalid = true
		i++
		start = i
	}
	b = append(append(b, s[start:]...), '"')
	if invalid {
		return b, errs.Input("a string is not valid UTF-8")
	}
	return b, nil
}

// special tells the bytes a JSON string cannot hold as they are: '"',
// '\\' and the control characters, which are escaped; and the bytes of
// UTF-8 beyond ASCII, which are checked.
var special = func() (t [256]bool) {
	for c := range t {
		t[c] = c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf
	}
	return t
}()

// appendEscaped appends the JSON escape of c: '"', '\\' or a control
// character.
func appendEscaped(b []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(b, '\\', c)
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	}
	const hex = "0123456789abcdef"
	return append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
}

// EndString ends a JSON string whose text a hand-written encoding appended
// to b from b[start] on, just after the string's opening quote: it
// appends the closing quote, or, for a text that holds bytes a JSON
// string cannot hold as they are, quotes the text afresh as AppendQuote
// does (invalid UTF-8 being an error wrapping errs.ErrBadInput). An encoding
// thus writes a text for people, a move's label, into its JSON without
// making a string of it first.
func EndString(b []byte, start int) ([]byte, error) {
	text := b[start:]
	ascii := true
	for _, c := range text {
		if special[c] {
			if c < utf8.RuneSelf {
				return AppendQuote(b[:start-1], string(text))
			}
			ascii = false
		}
	}
	if !ascii && !utf8.Valid(text) {
		return AppendQuote(b[:start-1], string(text))
	}
	return append(b, '"'), nil
}
