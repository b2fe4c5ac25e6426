package cards

import (
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// FuzzQuote checks that appendQuote writes every string, valid UTF-8 or
// not, exactly as encoding/json/v2 does, and fails where it does.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "play 7♣ 7♦", "\"\\/\b\f\n\r\t\x00\x1f\x7f", "<&>", "\u2028\u2029", "\xff", "a\xc3", "\xed\xa0\x80", "🃏"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, wantErr := jsontext.AppendQuote([]byte("x"), s)
		got, err := appendQuote([]byte("x"), s)
		if string(got) != string(want) || (err == nil) != (wantErr == nil) {
			t.Fatalf("appendQuote(%q) = %s, %v; encoding/json/v2 writes %s, %v", s, got, err, want, wantErr)
		}
		if got, _ := appendQuote([]byte("x"), []byte(s)); string(got) != string(want) {
			t.Fatalf("appendQuote([]byte(%q)) = %s, want %s", s, got, want)
		}
		got, err = EndString(append([]byte(`x"`), s...), 2)
		if string(got) != string(want) || (err == nil) != (wantErr == nil) {
			t.Fatalf("EndString of %q = %s, %v; encoding/json/v2 writes %s, %v", s, got, err, want, wantErr)
		}
	})
}
