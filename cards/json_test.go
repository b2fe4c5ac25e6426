package cards

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/games/cards/internal/strict"
)

// FuzzDecoders feeds the same bytes to the JSON decoder of every value type
// of the package: none may panic, every failure wraps ErrBadInput or is a
// JSON syntax error, and whatever decodes encodes and decodes again to the
// same value.
func FuzzDecoders(f *testing.F) {
	for _, s := range []string{`"7D"`, `["7D","X1"]`, `[0,3]`, `"00000000000000ff"`, `12`, `"12"`, `{"seq":1,"text":"a","to":[1],"others":"b"}`, `{"seq":2,"text":"a","data":{"kind":"drew","card":"7D"},"to":[1],"others":"b","othersData":{"kind":"drew"}}`, `{"seq":3,"text":"c","data":{"kind":"passed","player":0}}`, `[2,-3,1000000]`, `null`, `""`, `"AQI="`, `-1`, `255`} {
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
		fuzzDecode[Entry](t, b)
		fuzzDecode[PerPlayer](t, b)
		fuzzDecode[OptionType](t, b)
		// The decoders read valid JSON only, as encoding/json gives it to
		// them; called directly on anything, they fail without panicking.
		for _, u := range []interface{ UnmarshalJSON([]byte) error }{new(Set), new(PlayerSet), new(Player), new(Rand), new(Seed), new(Result), new(Event), new(Entry), new(PerPlayer), new(GameInfo)} {
			_ = u.UnmarshalJSON(b)
		}
		_, _ = decodeFields(b, "an object", []field{{Name: "a", Ptr: new(int)}, {Name: "b", Ptr: new(Set)}, {Name: "c", Ptr: new(strict.List[Card])}})
	})
}

func fuzzDecode[T comparable](t *testing.T, b []byte) {
	var v T
	if err := unmarshal(b, &v); err != nil {
		if !errors.Is(err, ErrBadInput) {
			t.Fatalf("decoding %T from %q: error %v does not wrap ErrBadInput", v, b, err)
		}
		return
	}
	again, err := strict.AppendValue(nil, &v)
	if err != nil {
		t.Fatalf("%T decoded from %q does not encode: %v", v, b, err)
	}
	var back T
	if err := unmarshal(again, &back); err != nil || back != v {
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

// unmarshal decodes b into what p points to strictly, as package
// cardjson's Unmarshal decodes the values of this package's types: b is
// valid JSON of one value, not null, and p decodes itself.
func unmarshal(b []byte, p any) error {
	if string(bytes.TrimSpace(b)) == "null" {
		return BadInput("a value, not null")
	}
	if err := strict.Check(b); err != nil {
		return BadInput("not JSON: %v", err)
	}
	return strict.InputError("a value", strict.DecodeValue(bytes.TrimSpace(b), p))
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
