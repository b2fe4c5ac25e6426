package strict

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cardrules/games/cards/internal/errs"
)

var validJSON = []string{
	`0`, `-0`, `1`, `-12`, `1.5`, `-0.0e+1`, `1E5`, `1e-05`, `123456789012345678901234567890`,
	`true`, `false`, `null`, ` null `, "\t\r\n 1 \n",
	`""`, `"a"`, `"\"\\\/\b\f\n\r\t"`, `"\u0041\u00e9\u20AC"`, `"\ud83c\udca1"`, `"é€🂡"`, "\"\x7f\"", `"\u0000"`,
	`[]`, `[ ]`, `[1]`, `[1,"a",[],{}]`, `{}`, `{ }`, `{"a":1}`, `{"a" : [ {"b":null} ] , "c":true}`,
	`{"a":1,"a":2}`, // repeated names are for the decoders to refuse
	strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth),
}

var invalidJSON = []string{
	``, ` `, `nul`, `nulll`, `True`, `+1`, `01`, `-`, `-a`, `1.`, `.5`, `1e`, `1e+`, `0x1`, `1 2`, `NaN`, `Infinity`,
	`"`, `"a`, `'a'`, "\"\x01\"", "\"\t\"", `"\x"`, `"\u12"`, `"\u12G4"`, `"\`,
	`"\ud83c"`, `"\udca1"`, `"\ud83c\u0041"`, `"\ud83cx"`, // halves of surrogate pairs alone
	"\"\xff\"", "\"\xc3\"", "\"\xed\xa0\x80\"", // invalid UTF-8, and a surrogate in UTF-8
	`[`, `]`, `[1`, `[1,]`, `[,1]`, `[1 2]`, `[1}`, `{`, `}`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{,"a":1}`, `{a:1}`, `{"a":1]`,
	`{"a" 1}`, `{1:1}`, `[1]]`, `{}{}`, `1,`, `"a"x`,
	strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1),
}

func TestCheckJSON(t *testing.T) {
	for _, v := range validJSON {
		if err := Check([]byte(v)); err != nil {
			t.Errorf("%.40q: %v", v, err)
		}
	}
	for _, v := range invalidJSON {
		err := Check([]byte(v))
		var syntax *syntaxError
		if !errors.As(err, &syntax) {
			t.Errorf("%.40q: error %v, want a syntax error", v, err)
			continue
		}
		if syntax.offset < 0 || syntax.offset > len(v) {
			t.Errorf("%.40q: error at byte %d, outside the input", v, syntax.offset)
		}
	}
}

func TestCheckJSONTellsWhere(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"a":1,}`, `an object's member starts with its name, a string at byte 7`},
		{`[1}`, `'}' where ',' or ']' is expected at byte 2`},
		{`[1,2`, `the input ends inside an array or object at byte 4`},
		{`"\ud83c"`, `half a surrogate pair alone in a string at byte 1`},
		{"\"a\xffb\"", `invalid UTF-8 in a string at byte 2`},
		{`{"a":1} x`, `'x' after the value at byte 8`},
		{`-x`, `a digit is expected after a minus sign at byte 1`},
		{"[\x00]", `byte 0x00 where a value is expected at byte 1`},
	} {
		if err := Check([]byte(tc.in)); err == nil || err.Error() != tc.want {
			t.Errorf("%q: error %v, want %s", tc.in, err, tc.want)
		}
	}
}

func TestAppendUnquote(t *testing.T) {
	for _, q := range []string{`""`, `"a"`, `"\"\\\/\b\f\n\r\t"`, `"\u0041\u00e9\u20AC"`, `"\ud83c\udca1x"`, `"é€🂡"`, `"\u0000"`} {
		var want string
		if err := json.Unmarshal([]byte(q), &want); err != nil {
			t.Fatal(err)
		}
		if got, err := appendUnquote([]byte("x"), []byte(q)); err != nil || string(got) != "x"+want {
			t.Errorf("%s: %q, %v; want %q", q, got, err, "x"+want)
		}
	}
	for _, bad := range []string{``, `"`, `a`, `"a`, `"\ud83c"`, "\"\xff\"", `"\q"`, `"a"b`, `"\u00"`} {
		if _, err := appendUnquote(nil, []byte(bad)); !errors.Is(err, errs.ErrBadInput) {
			t.Errorf("%q: error %v, want one wrapping errs.ErrBadInput", bad, err)
		}
	}
}

// FuzzCheckJSON checks Check against encoding/json.Valid: they agree,
// but for the strings that Check refuses for their UTF-8, which
// encoding/json reads as U+FFFD. What Check accepts, encoding/json
// decodes, and every string unquotes as encoding/json reads it.
func FuzzCheckJSON(f *testing.F) {
	for _, v := range append(validJSON[:len(validJSON)-1], invalidJSON[:len(invalidJSON)-1]...) {
		f.Add([]byte(v))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		err := Check(b)
		switch valid := json.Valid(b); {
		case err == nil && !valid:
			t.Fatalf("%q: Check accepts what encoding/json refuses", b)
		case err != nil && valid:
			var syntax *syntaxError
			if !errors.As(err, &syntax) || (utf8.Valid(b) && !strings.Contains(syntax.why, "surrogate")) {
				t.Fatalf("%q: Check refuses what encoding/json accepts: %v", b, err)
			}
		}
		if err != nil {
			return
		}
		var v any
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%q: encoding/json does not decode it: %v", b, err)
		}
		if s, ok := v.(string); ok {
			got, err := appendUnquote(nil, trimSpace(b))
			if err != nil || string(got) != s {
				t.Fatalf("%q unquotes as %q, %v; encoding/json reads %q", b, got, err, s)
			}
		}
	})
}

func trimSpace(b []byte) []byte {
	i, j := SkipSpace(b, 0), len(b)
	for j > i && (b[j-1] == ' ' || b[j-1] == '\t' || b[j-1] == '\n' || b[j-1] == '\r') {
		j--
	}
	return b[i:j]
}
