package strict

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// FuzzQuote checks that AppendQuote writes every string, valid UTF-8 or
// not, as encoding/json does without its escapes for HTML and JavaScript
// (of <, >, & and U+2028, U+2029) and its escape of U+FFFD, and fails where the string is not valid
// UTF-8, written with U+FFFD in place of each invalid byte.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "play 7♣ 7♦", "\"\\/\b\f\n\r\t\x00\x1f\x7f", "<&>", "\u2028\u2029", "\xff", "a\xc3", "\xed\xa0\x80", "🃏"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, wantErr := quoted(t, s), !utf8.ValidString(s)
		got, err := AppendQuote([]byte("x"), s)
		if string(got) != string(want) || (err != nil) != wantErr {
			t.Fatalf("AppendQuote(%q) = %s, %v; encoding/json writes %s", s, got, err, want)
		}
		if got, _ := AppendQuote([]byte("x"), []byte(s)); string(got) != string(want) {
			t.Fatalf("AppendQuote([]byte(%q)) = %s, want %s", s, got, want)
		}
		got, err = EndString(append([]byte(`x"`), s...), 2)
		if string(got) != string(want) || (err != nil) != wantErr {
			t.Fatalf("EndString of %q = %s, %v; encoding/json writes %s", s, got, err, want)
		}
	})
}

// quoted returns "x" and s as a JSON string, as encoding/json writes it
// but for its escapes for HTML and JavaScript and of U+FFFD.
func quoted(t *testing.T, s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	q := bytes.TrimSuffix(b.Bytes(), []byte("\n"))
	q = bytes.ReplaceAll(q, []byte(`\u2028`), []byte("\u2028"))
	q = bytes.ReplaceAll(q, []byte(`\u2029`), []byte("\u2029"))
	q = bytes.ReplaceAll(q, []byte(`\ufffd`), []byte("\ufffd"))
	return append([]byte("x"), q...)
}
