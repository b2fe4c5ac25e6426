package cardjson

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
)

type testState struct{ n int }

func (s testState) Check() error {
	if s.n > 9 {
		return cards.BadInput("n is at most 9")
	}
	return nil
}

type testJSON struct {
	Header
	N   int
	Set cards.Set
}

func (j *testJSON) Fields() []Field {
	return append(j.Header.AppendFields(nil), Field{Name: "n", Ptr: &j.N}, Field{Name: "set", Ptr: &j.Set})
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
		if _, err := decodeTest(bad); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%.80s: error %v, want one wrapping ErrBadInput", bad, err)
		}
	}
}

func TestHeaderCarriesTheLog(t *testing.T) {
	l := cards.LogFrom(5).Add(cards.Public("x"))
	h := HeaderOf("test", 1, l)
	if h != (Header{Game: "test", Version: 1, Events: 6}) {
		t.Fatalf("header %+v", h)
	}
	if back := h.Log(); !back.On() || back.Len() != 6 || len(back.Since(0)) != 0 {
		t.Errorf("the header's log goes on at 6 events, holding none: %+v", back)
	}
	if h := HeaderOf("test", 1, cards.OffFrom(3)); !h.NoLog || h.Events != 3 || h.Log().On() || h.Log().Len() != 3 {
		t.Errorf("an off log stays off at its length: %+v", h)
	}
}

// FuzzDecoders feeds the same bytes to the decoders of this package's
// types and of values of the types a Field holds: none may panic, every
// failure wraps cards.ErrBadInput, and whatever decodes encodes and
// decodes again to the same value, as encoding/json reads and writes it.
func FuzzDecoders(f *testing.F) {
	for _, s := range []string{`{"game":"g","version":1,"events":3}`, `{"game":"g","version":1,"events":3,"noLog":true}`, `["7D",""]`, `[[1,2],[]]`, `null`, `""`, `[0,3]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var h Header
		if err := Unmarshal(b, &h, "a header"); err == nil {
			again, err := Marshal(h)
			var back, old Header
			if err != nil || Unmarshal(again, &back, "a header") != nil || back != h || json.Unmarshal(again, &old) != nil || old != h {
				t.Fatalf("a header round trip of %q: %s, %v", b, again, err)
			}
		} else if !errors.Is(err, cards.ErrBadInput) {
			t.Fatalf("decoding a header from %q: error %v does not wrap cards.ErrBadInput", b, err)
		}
		for _, p := range []any{new([]cards.Card), new([][]cards.Card), new([]cards.Set), new([]cards.Player), new([]cards.Event), new(List[cards.Set]), new(Slice[[]int])} {
			if err := Unmarshal(b, p, "a value"); err != nil && !errors.Is(err, cards.ErrBadInput) {
				t.Fatalf("decoding %T from %q: error %v does not wrap cards.ErrBadInput", p, b, err)
			}
		}
		// The decoders read valid JSON only, as encoding/json gives it to
		// them; called directly on anything, they fail without panicking.
		_, _ = DecodeFields(b, "an object", []Field{{Name: "a", Ptr: new(int)}, {Name: "b", Ptr: new([]cards.Set)}, {Name: "c", Ptr: new([][]cards.Card)}})
	})
}

// TestOmitZero checks that OmitZero leaves out each kind of zero value,
// and keeps the values that are not zero.
func TestOmitZero(t *testing.T) {
	var (
		b        bool
		n        int
		n64      int64
		f        float64
		s        string
		players  cards.PlayerSet
		nonEmpty = "x"
	)
	fields := []Field{{Name: "b", Ptr: &b, OmitZero: true}, {Name: "n", Ptr: &n, OmitZero: true},
		{Name: "n64", Ptr: &n64, OmitZero: true}, {Name: "f", Ptr: &f, OmitZero: true}, {Name: "s", Ptr: &s, OmitZero: true},
		{Name: "players", Ptr: &players, OmitZero: true}, {Name: "kept", Ptr: &nonEmpty, OmitZero: true}}
	got, err := AppendFields(nil, fields)
	if want := `{"kept":"x"}`; err != nil || string(got) != want {
		t.Errorf("zero values: %s (%v), want %s", got, err, want)
	}
	b, n, n64, f, s, players = true, 1, 2, 0.5, "y", cards.PlayersOf(1)
	got, err = AppendFields(nil, fields)
	if want := `{"b":true,"n":1,"n64":2,"f":0.5,"s":"y","players":[1],"kept":"x"}`; err != nil || string(got) != want {
		t.Errorf("values: %s (%v), want %s", got, err, want)
	}
}
