package cards

import (
	"encoding/json"
	"errors"
	"testing"
)

// FuzzDecoders feeds the same bytes to the JSON decoder of every value type
// of the package: none may panic, every failure wraps ErrBadInput or is a
// JSON syntax error, and whatever decodes encodes and decodes again to the
// same value.
func FuzzDecoders(f *testing.F) {
	for _, s := range []string{`"7D"`, `["7D","X1"]`, `[0,3]`, `"00000000000000ff"`, `12`, `"12"`, `[{"text":"a","to":[1],"others":"b"}]`, `null`, `""`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		fuzzDecode[Card](t, b)
		fuzzDecode[Rank](t, b)
		fuzzDecode[Set](t, b)
		fuzzDecode[PlayerSet](t, b)
		fuzzDecode[Rand](t, b)
		fuzzDecode[Seed](t, b)
		var l Log
		if json.Unmarshal(b, &l) == nil {
			again, err := json.Marshal(l)
			if err != nil {
				t.Fatalf("a decoded log does not encode: %v", err)
			}
			var back Log
			if err := json.Unmarshal(again, &back); err != nil || back.Len() != l.Len() {
				t.Fatalf("log round trip: %v", err)
			}
		}
	})
}

func fuzzDecode[T comparable](t *testing.T, b []byte) {
	var v T
	err := json.Unmarshal(b, &v)
	if err != nil {
		var syntax *json.SyntaxError
		var typ *json.UnmarshalTypeError
		if !errors.Is(err, ErrBadInput) && !errors.As(err, &syntax) && !errors.As(err, &typ) {
			t.Fatalf("decoding %T from %q: error %v wraps neither ErrBadInput nor a JSON error", v, b, err)
		}
		return
	}
	again, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%T decoded from %q does not encode: %v", v, b, err)
	}
	var back T
	if err := json.Unmarshal(again, &back); err != nil || back != v {
		t.Fatalf("%T round trip of %q: %v then %v, %v", v, b, v, back, err)
	}
}
