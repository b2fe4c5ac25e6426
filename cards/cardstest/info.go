package cardstest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// CheckInfo checks that a game describes itself truly: its names and
// player range are set, a rank order, if any, lists every rank once, its
// options' JSON has a member for each option the description lists, in its
// order, with the described default, an int option's default lies within
// its bounds and so do the default players, and the default options
// describe a game that ends, whatever its seed. It checks the contract's
// rule for options decoded from partial JSON too: a member left out takes
// its default (DefaultOptions), whatever the options decoded into held.
func CheckInfo[O any, S cards.State, M cards.Move, V cards.View[M]](t *testing.T, g Game[O, S, M, V]) {
	t.Helper()
	info := g.Rules.Info()
	if problems := describes(info); len(problems) > 0 {
		t.Fatalf("the game's description (Info): %s", strings.Join(problems, "; "))
	}
	if err := info.CheckRankOrder(); err != nil {
		t.Errorf("the game's description: %v", err)
	}
	defaults := g.Rules.DefaultOptions()
	members := []byte(mustJSON(t, defaults))
	names := memberNames(t, members)
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(members, &fields); err != nil {
		t.Fatalf("%v", err)
	}
	var described []string
	for _, o := range info.Options {
		described = append(described, o.Name)
		if got, ok := fields[o.Name]; ok && string(got) != mustJSON(t, o.Default) {
			t.Errorf("option %s: DefaultOptions holds %s, the description's Default says %s", o.Name, got, mustJSON(t, o.Default))
		}
		if n, ok := o.Default.(int); o.Type == cards.IntOption && (!ok || n < o.Min || n > o.Max) {
			t.Errorf("option %s: its default, %v (%T), is no int from its Min %d to its Max %d", o.Name, o.Default, o.Default, o.Min, o.Max)
		}
		if o.Type == 0 {
			t.Errorf("option %s has no Type", o.Name)
		}
		if o.Description == "" {
			t.Errorf("option %s has no Description", o.Name)
		}
	}
	if !slices.Equal(names, described) {
		t.Errorf("the options' JSON and the description (Info().Options) disagree: %s", disagree(names, described))
	}
	checkPartialOptions[O](t, info, fields)
	s, err := g.Rules.NewGame(defaults)
	if err != nil {
		t.Fatalf("NewGame(DefaultOptions()): %v", err)
	}
	if s.Players() < info.MinPlayers || s.Players() > info.MaxPlayers {
		t.Errorf("the default game has %d players, outside the description's MinPlayers %d to MaxPlayers %d", s.Players(), info.MinPlayers, info.MaxPlayers)
	}
	rapid.Check(t, func(t *rapid.T) {
		seed := rapid.Uint64().Draw(t, "seed")
		states, _, err := RandomGame(g.Rules, withSeed(t, defaults, seed), seed, g.maxMoves())
		if err != nil {
			t.Fatalf("%v", err)
		}
		if last := states[len(states)-1]; !last.Over() {
			t.Fatalf("a game of the default options with seed %d has not ended after %d moves: the default options must describe a game that ends", seed, g.maxMoves())
		}
	})
}

// describes returns what info lacks to describe a game: a name, a title,
// a summary, a player range within cards.MaxPlayers.
func describes(info cards.GameInfo) []string {
	var problems []string
	for _, f := range []struct{ name, value string }{{"Name", info.Name}, {"Title", info.Title}, {"Summary", info.Summary}} {
		if f.value == "" {
			problems = append(problems, f.name+" is empty")
		}
	}
	switch {
	case info.MinPlayers < 1:
		problems = append(problems, fmt.Sprintf("MinPlayers is %d, not at least 1", info.MinPlayers))
	case info.MinPlayers > info.MaxPlayers:
		problems = append(problems, fmt.Sprintf("MinPlayers %d is above MaxPlayers %d", info.MinPlayers, info.MaxPlayers))
	}
	if info.MaxPlayers > cards.MaxPlayers {
		problems = append(problems, fmt.Sprintf("MaxPlayers %d is above cards.MaxPlayers, %d", info.MaxPlayers, cards.MaxPlayers))
	}
	return problems
}

// disagree says how the options' JSON members, in order, and the options
// the description lists differ: the members of one the other lacks, or
// their order.
func disagree(members, described []string) string {
	var says []string
	if only := missing(members, described); len(only) > 0 {
		says = append(says, "the JSON has "+strings.Join(only, ", ")+", which the description does not list")
	}
	if only := missing(described, members); len(only) > 0 {
		says = append(says, "the description lists "+strings.Join(only, ", ")+", which the JSON does not have")
	}
	if len(says) == 0 {
		says = append(says, fmt.Sprintf("the JSON's members are in the order %s, the description's in the order %s", strings.Join(members, ", "), strings.Join(described, ", ")))
	}
	return strings.Join(says, "; ")
}

// missing returns the names of a that b lacks.
func missing(a, b []string) []string {
	var out []string
	for _, n := range a {
		if !slices.Contains(b, n) {
			out = append(out, n)
		}
	}
	return out
}

// memberNames returns the names of the members of a JSON object, in order.
func memberNames(t TB, v []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(v))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("options must encode as a JSON object, not %s", v)
	}
	var names []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("reading options %s: %v", v, err)
		}
		names = append(names, tok.(string))
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			t.Fatalf("reading options %s: %v", v, err)
		}
	}
	return names
}

// withSeed returns opts with its seed member set to seed.
func withSeed[O any](t TB, opts O, seed uint64) O {
	t.Helper()
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(mustJSON(t, opts)), &fields); err != nil {
		t.Fatalf("%v", err)
	}
	fields["seed"] = json.RawMessage(mustJSON(t, cards.Seed(seed)))
	edited, err := json.Marshal(fields)
	if err != nil {
		t.Fatalf("%v", err)
	}
	var back O
	if err := cardjson.Unmarshal(edited, &back, "options"); err != nil {
		t.Fatalf("options with a seed do not decode: %v", err)
	}
	return back
}

// checkPartialOptions checks the rule for options decoded from partial
// JSON: {} decodes to the defaults, whatever the options it is decoded
// into held, and a member alone to the defaults with that member changed.
// defaults are the default options' members.
func checkPartialOptions[O any](t *testing.T, info cards.GameInfo, defaults map[string]json.RawMessage) {
	t.Helper()
	want := func(changed map[string]json.RawMessage) string {
		m := maps.Clone(defaults)
		maps.Copy(m, changed)
		var b bytes.Buffer
		b.WriteByte('{')
		for i, o := range info.Options {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%q:%s", o.Name, m[o.Name])
		}
		return b.String() + "}"
	}
	decode := func(into O, in string) string {
		if err := cardjson.Unmarshal([]byte(in), &into, "options"); err != nil {
			t.Fatalf("options %s do not decode: %v", in, err)
		}
		return mustJSON(t, into)
	}
	// Every option another value than its default.
	others := map[string]json.RawMessage{}
	for _, o := range info.Options {
		if v, ok := otherValue(o, defaults[o.Name]); ok {
			others[o.Name] = v
		}
	}
	var held O
	if err := cardjson.Unmarshal([]byte(want(others)), &held, "options"); err != nil {
		t.Fatalf("options %s do not decode: %v", want(others), err)
	}
	if got := decode(held, "{}"); got != want(nil) {
		t.Errorf("{} decoded into options that held %s gives %s: a member left out takes its default, %s", want(others), got, want(nil))
	}
	for name, v := range others {
		in := fmt.Sprintf("{%q:%s}", name, v)
		var zero O
		if got, w := decode(zero, in), want(map[string]json.RawMessage{name: v}); got != w {
			t.Errorf("%s decodes as %s, not %s: the members left out take their defaults", in, got, w)
		}
	}
}

// otherValue returns a value of option o other than its default def, or
// false if it has none.
func otherValue(o cards.OptionInfo, def json.RawMessage) (json.RawMessage, bool) {
	switch o.Type {
	case cards.BoolOption:
		if string(def) == "true" {
			return json.RawMessage("false"), true
		}
		return json.RawMessage("true"), true
	case cards.IntOption:
		n, err := strconv.Atoi(string(def))
		switch {
		case err != nil:
			return nil, false
		case n < o.Max:
			return json.RawMessage(strconv.Itoa(n + 1)), true
		case n > o.Min:
			return json.RawMessage(strconv.Itoa(n - 1)), true
		}
		return nil, false
	case cards.SeedOption:
		if string(def) == "1" {
			return json.RawMessage("2"), true
		}
		return json.RawMessage("1"), true
	}
	return nil, false
}
