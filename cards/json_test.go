package cards

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// FuzzDecoders feeds the same bytes to the JSON decoder of every value type
// of the package: none may panic, every failure wraps ErrBadInput or is a
// JSON syntax error, and whatever decodes encodes and decodes again to the
// same value.
func FuzzDecoders(f *testing.F) {
	for _, s := range []string{`"7D"`, `["7D","X1"]`, `[0,3]`, `"00000000000000ff"`, `12`, `"12"`, `{"seq":1,"text":"a","to":[1],"others":"b"}`, `null`, `""`, `"AQI="`, `-1`, `255`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		fuzzDecode[Card](t, b)
		fuzzDecode[Rank](t, b)
		fuzzDecode[Set](t, b)
		fuzzDecode[PlayerSet](t, b)
		fuzzDecode[Rand](t, b)
		fuzzDecode[Seed](t, b)
		fuzzDecode[Player](t, b)
		fuzzDecode[Event](t, b)
		fuzzDecode[Header](t, b)
		fuzzDecode[OptionType](t, b)
		// The decoders read valid JSON only, as encoding/json gives it to
		// them; called directly on anything, they fail without panicking.
		for _, u := range []interface{ UnmarshalJSON([]byte) error }{new(Set), new(PlayerSet), new(Player), new(Rand), new(Seed), new(Result), new(List[Set])} {
			_ = u.UnmarshalJSON(b)
		}
		_, _ = DecodeFields(b, "an object", []Field{{Name: "a", Ptr: new(int)}, {Name: "b", Ptr: new([]Set)}, {Name: "c", Ptr: new([][]Card)}})
	})
}

func fuzzDecode[T comparable](t *testing.T, b []byte) {
	var v T
	if err := Unmarshal(b, &v, "a value"); err != nil {
		if !errors.Is(err, ErrBadInput) {
			t.Fatalf("decoding %T from %q: error %v does not wrap ErrBadInput", v, b, err)
		}
		return
	}
	again, err := Marshal(v)
	if err != nil {
		t.Fatalf("%T decoded from %q does not encode: %v", v, b, err)
	}
	var back T
	if err := Unmarshal(again, &back, "a value"); err != nil || back != v {
		t.Fatalf("%T round trip of %q: %v then %v, %v", v, b, v, back, err)
	}
	// encoding/json reads what this package writes, and writes the same.
	var old T
	if err := json.Unmarshal(again, &old); err != nil || old != v {
		t.Fatalf("%T: encoding/json reads %s as %v, %v", v, again, old, err)
	}
	if b, err := json.Marshal(v); err != nil || string(b) != string(again) {
		t.Fatalf("%T: encoding/json writes %s, %v; want %s", v, b, err, again)
	}
}

type testState struct{ n int }

func (s testState) Check() error {
	if s.n > 9 {
		return BadInput("n is at most 9")
	}
	return nil
}

type testJSON struct {
	Header
	N   int
	Set Set
}

func (j *testJSON) Fields() []Field {
	return append(j.Header.HeaderFields(), Field{Name: "n", Ptr: &j.N}, Field{Name: "set", Ptr: &j.Set})
}

func (j testJSON) state() (testState, error) { return testState{j.N}, nil }

func (s *testState) UnmarshalJSON(v []byte) error {
	return DecodeState(s, v, "test", 2, testJSON.state)
}

func decodeTest(b string) (testState, error) {
	var s testState
	err := Unmarshal([]byte(b), &s, "a test state")
	return s, err
}

func TestDecodeIsStrict(t *testing.T) {
	if s, err := decodeTest(`{"game":"test","version":2,"events":3,"n":4,"set":["7D"]}`); err != nil || s.n != 4 {
		t.Fatalf("a good state: %v, %v", s, err)
	}
	for _, bad := range []string{
		`null`,
		` null `,
		`{"game":"test","version":2,"events":3,"n":4,"set":[]}{"n":5}`, // trailing data
		`{"game":"test","version":2,"events":3,"n":4,"set":[],"m":1}`,  // unknown key
		`{"game":"test","version":2,"events":3,"N":4,"set":[]}`,        // wrong case
		`{"game":"test","version":2,"events":3,"n":4,"n":5,"set":[]}`,  // repeated key
		`{"game":"test","version":2,"events":3,"n":"4","set":[]}`,      // wrong type
		`{"game":"test","version":2,"events":3,"n":4,"set":"AQI="}`,    // base64 cards
		`{"game":"other","version":2,"events":3,"n":4,"set":[]}`,       // another game
		`{"game":"test","version":3,"events":3,"n":4,"set":[]}`,        // another version
		`{"game":"test","version":2,"events":-1,"n":4,"set":[]}`,       // events
		`{"game":"test","version":2,"events":0,"n":10,"set":[]}`,       // Check fails
		`{"game":"test","version":2,"events":0,"n":1,"set":[]` + strings.Repeat(" ", MaxInput) + `}`,
	} {
		if _, err := decodeTest(bad); !errors.Is(err, ErrBadInput) {
			t.Errorf("%.80s: error %v, want one wrapping ErrBadInput", bad, err)
		}
	}
}

func TestHeaderCarriesTheLog(t *testing.T) {
	l := LogFrom(5).Add(Public("x"))
	h := HeaderOf("test", 1, l)
	if h != (Header{Game: "test", Version: 1, Events: 6}) {
		t.Fatalf("header %+v", h)
	}
	if back := h.Log(); !back.On() || back.Len() != 6 || len(back.Since(0)) != 0 {
		t.Errorf("the header's log goes on at 6 events, holding none: %+v", back)
	}
	if h := HeaderOf("test", 1, OffFrom(3)); !h.NoLog || h.Events != 3 || h.Log().On() || h.Log().Len() != 3 {
		t.Errorf("an off log stays off at its length: %+v", h)
	}
}

type testKind uint8

var testKinds = Enum[testKind]{"", "play", "pass"}

func TestEnum(t *testing.T) {
	if testKinds.Name(2) != "pass" || testKinds.Name(7) != "(7)" {
		t.Errorf("names: %q %q", testKinds.Name(2), testKinds.Name(7))
	}
	if b, err := testKinds.MarshalText(1, "a kind"); string(b) != "play" || err != nil {
		t.Errorf("MarshalText(1) = %s, %v", b, err)
	}
	if _, err := testKinds.MarshalText(3, "a kind"); !errors.Is(err, ErrBadInput) {
		t.Errorf("MarshalText(3): %v", err)
	}
	var k testKind
	if err := testKinds.UnmarshalText([]byte("pass"), &k, "a kind"); err != nil || k != 2 {
		t.Errorf("UnmarshalText(pass) = %d, %v", k, err)
	}
	for _, bad := range []string{"Pass", "give", "(1)"} {
		if err := testKinds.UnmarshalText([]byte(bad), &k, "a kind"); !errors.Is(err, ErrBadInput) || !strings.Contains(err.Error(), "play, pass") {
			t.Errorf("UnmarshalText(%s): %v", bad, err)
		}
	}
}

func TestOptionParse(t *testing.T) {
	players := IntOpt("players", 4, 3, 10, "the number of players")
	if v, err := players.Parse("5"); v != 5 || err != nil {
		t.Errorf("Parse(5) = %v, %v", v, err)
	}
	for _, bad := range []string{"2", "11", "-3", "x", ""} {
		if _, err := players.Parse(bad); !errors.Is(err, ErrBadOptions) {
			t.Errorf("Parse(%q): %v", bad, err)
		}
	}
	if v, err := BoolOpt("solo", false, "").Parse("true"); v != true || err != nil {
		t.Errorf("bool: %v, %v", v, err)
	}
	if v, err := SeedOpt().Parse("18446744073709551615"); v != Seed(1<<64-1) || err != nil {
		t.Errorf("seed: %v, %v", v, err)
	}
}
