package cardstest

import (
	"bytes"
	"encoding/json"
	"slices"
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
// describe a game that ends, whatever its seed.
func CheckInfo[O any, S cards.State, M cards.Move, V cards.View[M]](t *testing.T, g Game[O, S, M, V]) {
	t.Helper()
	info := g.Rules.Info()
	if info.Name == "" || info.Title == "" || info.Summary == "" || info.MinPlayers < 1 || info.MinPlayers > info.MaxPlayers || info.MaxPlayers > cards.MaxPlayers {
		t.Fatalf("the game's description lacks a name, title, summary or player range: %+v", info)
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
		if got, want := string(fields[o.Name]), mustJSON(t, o.Default); got != want {
			t.Errorf("option %s: the default options hold %s, the description says %s", o.Name, got, want)
		}
		if n, ok := o.Default.(int); o.Type == cards.IntOption && (!ok || n < o.Min || n > o.Max) {
			t.Errorf("option %s: default %v is no int from %d to %d", o.Name, o.Default, o.Min, o.Max)
		}
		if o.Description == "" || o.Type == 0 {
			t.Errorf("option %s has no type or no description", o.Name)
		}
	}
	if !slices.Equal(names, described) {
		t.Errorf("the options' JSON members are %v; the description lists %v", names, described)
	}
	s, err := g.Rules.NewGame(defaults)
	if err != nil {
		t.Fatalf("NewGame(DefaultOptions()): %v", err)
	}
	if s.Players() < info.MinPlayers || s.Players() > info.MaxPlayers {
		t.Errorf("the default game has %d players, outside %d to %d", s.Players(), info.MinPlayers, info.MaxPlayers)
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
