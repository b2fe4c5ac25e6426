package cardjson

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/internal/strict"
)

// sample is a value of every type an Object knows, and of some it does
// not (a Result and a Rank, which encode themselves; a Slice; a row of ranks of its own encoding).
type sample struct {
	N       int
	Flag    bool
	Name    string
	P       cards.Player
	Ps      cards.PlayerSet
	C       cards.Card
	S       cards.Set
	R       cards.Rand
	Ns      []int
	Players []cards.Player
	Cs      []cards.Card
	Sets    []cards.Set
	Rows    [][]cards.Card
	Grid    [][]int
	Lists   Slice[[]int]
	Res     cards.Result
	Vals    List[cards.Set]
	Rank    cards.Rank
	Zero    int
	Row     rankRow
}

// rankRow is a list of ranks that encodes itself, as one text.
type rankRow []cards.Rank

func (r *rankRow) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, '"')
	for i, k := range *r {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, k.String()...)
	}
	return append(b, '"'), nil
}

func (r *rankRow) UnmarshalJSON(b []byte) error {
	var text string
	if err := Unmarshal(b, &text, "a row of ranks"); err != nil {
		return err
	}
	*r = (*r)[:0]
	for _, c := range strings.Fields(text) {
		k, err := cards.ParseRank(c)
		if err != nil {
			return err
		}
		*r = append(*r, k)
	}
	return nil
}

func (s *sample) fields() []Field {
	return []Field{
		{Name: "n", Ptr: &s.N}, {Name: "flag", Ptr: &s.Flag, OmitZero: true}, {Name: "name", Ptr: &s.Name},
		{Name: "p", Ptr: &s.P}, {Name: "ps", Ptr: &s.Ps}, {Name: "c", Ptr: &s.C}, {Name: "s", Ptr: &s.S},
		{Name: "r", Ptr: &s.R}, {Name: "ns", Ptr: &s.Ns}, {Name: "players", Ptr: &s.Players},
		{Name: "cs", Ptr: &s.Cs}, {Name: "sets", Ptr: &s.Sets}, {Name: "rows", Ptr: &s.Rows},
		{Name: "grid", Ptr: &s.Grid}, {Name: "lists", Ptr: &s.Lists}, {Name: "res", Ptr: &s.Res},
		{Name: "vals", Ptr: &s.Vals}, {Name: "rank", Ptr: &s.Rank},
		{Name: "zero", Ptr: &s.Zero, OmitZero: true}, {Name: "row", Ptr: &s.Row},
	}
}

// drawSample draws a sample that is often much like base.
func drawSample(t *rapid.T, base *sample, label string) *sample {
	s := &sample{}
	if base != nil {
		*s = *base
	}
	change := func(name string) bool {
		return base == nil || rapid.IntRange(0, 3).Draw(t, label+" changes "+name) == 0
	}
	card := rapid.Custom(func(t *rapid.T) cards.Card { return cards.Card(rapid.IntRange(0, 54).Draw(t, "card")) })
	set := rapid.Custom(func(t *rapid.T) cards.Set { return cards.SetOf(rapid.SliceOfN(card, 0, 5).Draw(t, "cards")...) })
	small := rapid.IntRange(-3, 3)
	if change("numbers") {
		s.N, s.Zero = small.Draw(t, "n"), small.Draw(t, "zero")
		s.Flag = rapid.Bool().Draw(t, "flag")
		s.Name = rapid.SampledFrom([]string{"", "a", `q"\`, "♦"}).Draw(t, "name")
		s.P, s.Ps = cards.Player(small.Draw(t, "p")), cards.PlayerSet(rapid.IntRange(0, 15).Draw(t, "ps"))
		s.C, s.S, s.R = card.Draw(t, "c"), set.Draw(t, "s"), cards.NewRand(rapid.Uint64Range(0, 3).Draw(t, "r"))
		s.Rank = cards.Rank(rapid.IntRange(0, 13).Draw(t, "rank"))
	}
	lists := func(name string, n func(i int)) {
		if change(name) {
			for i := range rapid.IntRange(0, 4).Draw(t, name+" length") {
				n(i)
			}
		}
	}
	if change("slices") {
		s.Ns, s.Players, s.Cs, s.Sets, s.Rows, s.Grid, s.Lists, s.Vals = nil, nil, nil, nil, nil, nil, nil, nil
		lists("ns", func(int) { s.Ns = append(s.Ns, small.Draw(t, "n")) })
		lists("players", func(int) { s.Players = append(s.Players, cards.Player(small.Draw(t, "p"))) })
		lists("cs", func(int) { s.Cs = append(s.Cs, card.Draw(t, "c")) })
		lists("sets", func(int) { s.Sets = append(s.Sets, set.Draw(t, "set")) })
		lists("rows", func(int) { s.Rows = append(s.Rows, rapid.SliceOfN(card, 0, 3).Draw(t, "row")) })
		lists("grid", func(int) { s.Grid = append(s.Grid, rapid.SliceOfN(small, 0, 3).Draw(t, "row")) })
		lists("lists", func(int) { s.Lists = append(s.Lists, rapid.SliceOfN(small, 0, 3).Draw(t, "list")) })
		lists("vals", func(int) { s.Vals = append(s.Vals, set.Draw(t, "set")) })
		lists("row", func(int) { s.Row = append(s.Row, cards.Rank(rapid.IntRange(2, 13).Draw(t, "rank"))) })
	} else if len(s.Sets) > 0 && change("one set") {
		s.Sets = append([]cards.Set(nil), s.Sets...)
		s.Sets[0] = set.Draw(t, "set")
	} else if len(s.Vals) > 0 && change("one value") {
		s.Vals = append(List[cards.Set](nil), s.Vals...)
		s.Vals[len(s.Vals)-1] = set.Draw(t, "set")
	}
	if change("result") {
		s.Res = cards.Result{Winners: cards.PlayerSet(rapid.IntRange(0, 15).Draw(t, "winners"))}
	}
	return s
}

// TestObjectEncodesAsFields checks that an Object, encoded afresh or from
// a base, encodes as AppendFields does, and that its patch of the base,
// applied, gives its JSON.
func TestObjectEncodesAsFields(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := drawSample(t, nil, "a")
		b := drawSample(t, a, "b")
		wantA, errA := AppendFields(nil, a.fields())
		wantB, errB := AppendFields(nil, b.fields())
		base, err := NewObject(a.fields(), nil)
		if (err != nil) != (errA != nil) {
			t.Fatalf("NewObject: %v; AppendFields: %v", err, errA)
		}
		if err != nil {
			return // values that are not cards
		}
		if got, _ := base.AppendJSON(nil); string(got) != string(wantA) {
			t.Fatalf("an Object encodes as\n%s\nAppendFields as\n%s", got, wantA)
		}
		next, err := NewObject(b.fields(), base)
		if (err != nil) != (errB != nil) {
			t.Fatalf("NewObject from a base: %v; AppendFields: %v", err, errB)
		}
		if err != nil {
			return
		}
		if got, _ := next.AppendJSON(nil); string(got) != string(wantB) {
			t.Fatalf("an Object from a base encodes as\n%s\nAppendFields as\n%s", got, wantB)
		}
		codes, values, ok := next.AppendPatch(nil, nil, base)
		// A patch needs the same members: flag and zero are left out when
		// zero.
		if ok != (a.Flag == b.Flag && (a.Zero != 0) == (b.Zero != 0)) {
			t.Fatalf("a patch of %s to %s: %v", wantA, wantB, ok)
		}
		if !ok {
			return
		}
		got, err := ApplyPatch(wantA, codes, append(append([]byte{'['}, values...), ']'))
		if err != nil || string(got) != string(wantB) {
			t.Fatalf("the patch %q %q of\n%s\ngives\n%s (%v)\nwant\n%s", codes, values, wantA, got, err, wantB)
		}
	})
}

// TestEncodeReusesAnObject checks that an Object encoded again, into the
// memory of one no longer in use, encodes and patches as a new one does,
// whatever it held before.
func TestEncodeReusesAnObject(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := drawSample(t, nil, "a")
		b := drawSample(t, a, "b")
		c := drawSample(t, b, "c")
		old, errA := NewObject(a.fields(), nil)
		base, errB := NewObject(b.fields(), old)
		want, errC := NewObject(c.fields(), base)
		if errA != nil || errB != nil || errC != nil {
			return // values that are not cards
		}
		got := old
		if err := got.Encode(c.fields(), base); err != nil {
			t.Fatalf("Encode: %v", err)
		}
		gotJSON, _ := got.AppendJSON(nil)
		wantJSON, _ := want.AppendJSON(nil)
		if string(gotJSON) != string(wantJSON) {
			t.Fatalf("an Object encoded again encodes as\n%s\na new one as\n%s", gotJSON, wantJSON)
		}
		gotCodes, gotValues, gotOK := got.AppendPatch(nil, nil, base)
		wantCodes, wantValues, wantOK := want.AppendPatch(nil, nil, base)
		if string(gotCodes) != string(wantCodes) || string(gotValues) != string(wantValues) || gotOK != wantOK {
			t.Fatalf("an Object encoded again patches as %q %q %v, a new one as %q %q %v",
				gotCodes, gotValues, gotOK, wantCodes, wantValues, wantOK)
		}
	})
}

func TestObjectReusesWhatDidNotChange(t *testing.T) {
	a := &sample{Sets: []cards.Set{cards.SetOf(cards.New(cards.Seven, cards.Clubs)), cards.SetOf(cards.New(cards.Ace, cards.Spades))}, Ns: []int{1, 2}}
	base, _ := NewObject(a.fields(), nil)
	b := *a
	b.Sets = []cards.Set{a.Sets[0], cards.SetOf(cards.New(cards.King, cards.Hearts))}
	next, _ := NewObject(b.fields(), base)
	codes, values, ok := next.AppendPatch(nil, nil, base)
	// The members left out, flag and zero, have no codes.
	if want := strings.Repeat("=", 10) + "[=+]" + strings.Repeat("=", 7); !ok || string(codes) != want || string(values) != `["KH"]` {
		t.Errorf("one set changed: %q %q %v", codes, values, ok)
	}
	if next.members[8].kind != kept {
		t.Error("the encoding of a member that did not change was not taken from the base")
	}
	if sets := next.members[11]; next.elems[sets.first].kind != kept || next.elems[sets.first+1].kind != changed {
		t.Error("the encoding of an element that did not change was not taken from the base")
	}
}

func TestApplyPatchRefusesWhatDoesNotFit(t *testing.T) {
	base := []byte(`{"a":1,"b":[1,2]}`)
	for _, c := range []struct{ codes, values string }{
		{"=", "[]"}, {"===", "[]"}, {"=+", "[]"}, {"==", "[1]"}, {"=[=]", "[]"}, {"=[===]", "[]"},
		{"=[==", "[]"}, {"x=", "[]"}, {"==", "[1"}, {"=[=x]", "[]"},
	} {
		if got, err := ApplyPatch(base, []byte(c.codes), []byte(c.values)); err == nil {
			t.Errorf("codes %q values %s give %s", c.codes, c.values, got)
		}
	}
	got, err := ApplyPatch(base, []byte("+[+=]"), []byte(`["x",[0]]`))
	if err != nil || string(got) != `{"a":"x","b":[[0],2]}` {
		t.Errorf("a patch gives %s, %v", got, err)
	}
}

// TestTypesOfTheirOwn checks that members of types an Object does not
// know are compared by their memory when they hold no pointers (a rank, a
// row of ranks that encodes itself), and encoded anew when they do (a
// result), and that either is told as the base's when its value is the
// same; and that the elements of a List are compared.
func TestTypesOfTheirOwn(t *testing.T) {
	a := &sample{Rank: cards.Queen, Row: rankRow{cards.Ace, cards.Ten}, Res: cards.Result{Scores: []int{1, 2}},
		Vals: List[cards.Set]{cards.SetOf(cards.New(cards.Ace, cards.Spades))}}
	b := *a
	b.Res.Scores = []int{1, 2}
	base, _ := NewObject(a.fields(), nil)
	next, _ := NewObject(b.fields(), base)
	codes, values, ok := next.AppendPatch(nil, nil, base)
	if !ok || strings.Trim(string(codes), "=") != "" || len(values) != 0 {
		t.Errorf("the same values patch as %q %q %v", codes, values, ok)
	}
	for k, f := range next.fields {
		switch kind := next.members[k].kind; f.Name {
		case "rank", "row", "vals":
			if kind != kept {
				t.Errorf("an unchanged %s was encoded again: %v", f.Name, kind)
			}
		case "res":
			if kind != fresh {
				t.Errorf("a result, which holds a slice, was not encoded again: %v", kind)
			}
		}
	}
	if v, _ := next.AppendJSON(nil); !strings.Contains(string(v), `"row":"A 10"`) || !strings.Contains(string(v), `"rank":"Q"`) {
		t.Errorf("members of their own encoding in %s", v)
	}
	c := b
	c.Rank, c.Row = cards.King, rankRow{cards.Ace, cards.Nine}
	last, _ := NewObject(c.fields(), next)
	if v, _ := last.AppendJSON(nil); !strings.Contains(string(v), `"row":"A 9"`) || !strings.Contains(string(v), `"rank":"K"`) {
		t.Errorf("members of their own encoding, changed, in %s", v)
	}
}

// TestPatchOfOtherMembersAppendsNothing checks that a patch of an Object
// with other members is refused, and leaves what came before as it was.
func TestPatchOfOtherMembersAppendsNothing(t *testing.T) {
	a := &sample{N: 1, Flag: true}
	b := &sample{N: 2}
	base, _ := NewObject(a.fields(), nil)
	next, _ := NewObject(b.fields(), base)
	codes, values, ok := next.AppendPatch([]byte("=+"), []byte(`1`), base)
	if ok || string(codes) != "=+" || string(values) != "1" {
		t.Errorf("a patch without the member flag: %q %q %v", codes, values, ok)
	}
}

// mem is a value of its own encoding that holds no pointers, of the size
// of T, which an Object compares by its memory.
type mem[T any] struct{ V T }

func (m *mem[T]) AppendJSON(b []byte) ([]byte, error) {
	return strict.AppendQuote(b, fmt.Sprint(m.V))
}

// odd is a struct of 3 bytes, and oddRow a slice of them of its own
// encoding.
type (
	odd struct {
		A uint8
		B [2]uint8
	}
	oddRow []odd
)

func (r *oddRow) AppendJSON(b []byte) ([]byte, error) {
	return strict.AppendQuote(b, fmt.Sprint(*r))
}

// TestMemoryOfEverySize checks that members compared by their memory, of
// every size and as slices, are told as the base's when their value is the
// same and encoded anew when it is not, and that a member whose type
// changes from the base's is encoded anew.
func TestMemoryOfEverySize(t *testing.T) {
	of := func(i int) []any {
		u := uint8(i)
		return []any{&mem[uint8]{u}, &mem[uint16]{uint16(i) << 9}, &mem[uint32]{uint32(i) << 20}, &mem[uint64]{uint64(i) << 40},
			&mem[[2]uint64]{[2]uint64{1, uint64(i)}}, &mem[odd]{odd{1, [2]uint8{2, u}}}, &mem[[5]int]{[5]int{4: i}},
			&oddRow{{A: 1}, {B: [2]uint8{u}}}, &mem[float64]{float64(i) / 2}}
	}
	fields := func(vs []any) []Field {
		fs := make([]Field, len(vs))
		for k, v := range vs {
			fs[k] = Field{Name: fmt.Sprintf("m%d", k), Ptr: v}
		}
		return fs
	}
	a, b, c := of(1), of(1), of(2)
	c[0], c[1] = c[1], c[0] // of another type than the base's
	base, err := NewObject(fields(a), nil)
	if err != nil {
		t.Fatal(err)
	}
	same, _ := NewObject(fields(b), base)
	if codes, values, ok := same.AppendPatch(nil, nil, base); !ok || strings.Trim(string(codes), "=") != "" || len(values) != 0 {
		t.Errorf("the same values patch as %q %q %v", codes, values, ok)
	}
	for k, m := range same.members {
		if m.kind != kept {
			t.Errorf("member %d, the same, was encoded again: %v", k, m.kind)
		}
	}
	next, _ := NewObject(fields(c), same)
	codes, values, ok := next.AppendPatch(nil, nil, same)
	if !ok || strings.Contains(string(codes), "=") {
		t.Errorf("other values patch as %q %q %v", codes, values, ok)
	}
	want, _ := AppendFields(nil, fields(c))
	if got, err := ApplyPatch(must(base.AppendJSON(nil)), codes, append(append([]byte{'['}, values...), ']')); err != nil || string(got) != string(want) {
		t.Errorf("the patch gives %s, %v; want %s", got, err, want)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
