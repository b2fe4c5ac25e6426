package cardstest

import (
	"encoding/json"
	"slices"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// checkEvents plays a game and checks its log: each move's events are
// numbered on from the events before it, every reader reads something of
// every event (so the count of events is public), and the events tell a
// player nothing the player's view does not — the same move made in a
// state re-dealt from the player's view, which the player cannot tell
// apart from the real one, gives the player the same events, unless the
// move shows the player something new (the two views after it differ).
func checkEvents[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V]) {
	rec := play(t, g)
	if !rec.states[0].Log().On() {
		return
	}
	var told, untold []string // events with data and without
	for i, m := range rec.moves {
		checkNumbering(t, rec.states[i], rec.states[i+1], m)
		for _, e := range rec.states[i+1].Log().Since(rec.states[i].Log().Len()) {
			if e.Data != nil {
				told = append(told, e.Text)
			} else {
				untold = append(untold, e.Text)
			}
		}
	}
	if len(told) > 0 && len(untold) > 0 {
		t.Fatalf("events such as %q tell data, and events such as %q do not: a game that tells its events as data tells every one so", told[0], untold[0])
	}
	for _, i := range rec.sampled(t) {
		s := rec.states[i]
		for _, p := range viewers(s) {
			checkEventSecrecy(t, g, s, p, rec.legal[i])
		}
	}
}

// checkNumbering checks the events move m produced from s to next.
func checkNumbering[S cards.State, M cards.Move](t *rapid.T, s, next S, m M) {
	n := s.Log().Len()
	events := next.Log().Since(n)
	if next.Log().Len() != n+len(events) {
		t.Fatalf("after %q of %v the log counts %d events, but holds %d after the %d before", m, m.Player(), next.Log().Len(), len(events), n)
	}
	all := cards.AllPlayers(s.Players())
	for k, e := range events {
		switch {
		case e.Seq != n+k+1:
			t.Fatalf("after %q event %d is numbered %d, not %d", m, k, e.Seq, n+k+1)
		case e.Text == "":
			t.Fatalf("after %q event %d has no text", m, e.Seq)
		case e.To != 0 && e.To != all && e.Others == "":
			t.Fatalf("after %q event %d (%q) is meant for %v and tells the others nothing: every reader reads something of every event", m, e.Seq, e.Text, e.To)
		case e.To&^all != 0:
			t.Fatalf("after %q event %d is meant for players who are not at the table: %v", m, e.Seq, e.To)
		}
		checkEventData(t, m, e, all)
	}
}

// checkEventData checks an event's data: that the readers of its text and
// of its others' text all read data if any do, that the data's JSON is an
// object whose "kind" is its EventKind, and that the event's JSON reads
// back as it was written.
func checkEventData[M cards.Move](t *rapid.T, m M, e cards.Event, all cards.PlayerSet) {
	meant := e.To != 0 && e.To != all
	switch {
	case e.Data == nil && e.OthersData == nil:
		return
	case e.Data == nil:
		t.Fatalf("after %q event %d (%q) gives data to the readers of its others' text, not to those of its text", m, e.Seq, e.Text)
	case meant && e.OthersData == nil:
		t.Fatalf("after %q event %d (%q) is meant for %v and gives the others no data: every reader of text reads data", m, e.Seq, e.Text, e.To)
	}
	for _, d := range []cards.Data{e.Data, e.OthersData} {
		if d == nil {
			continue
		}
		b, err := d.AppendJSON(nil)
		if err != nil {
			t.Fatalf("after %q event %d's data does not encode: %v", m, e.Seq, err)
		}
		if kind := cards.RawData(b).EventKind(); kind == "" || kind != d.EventKind() {
			t.Fatalf("after %q event %d's data %s names its kind %q, and its EventKind is %q", m, e.Seq, b, kind, d.EventKind())
		}
	}
	first := mustJSON(t, e)
	var back cards.Event
	if err := cardjson.Unmarshal([]byte(first), &back, "an event"); err != nil {
		t.Fatalf("after %q event %d does not decode from its JSON: %v\n%s", m, e.Seq, err, first)
	}
	if again := mustJSON(t, back); again != first {
		t.Fatalf("after %q event %d changes in a JSON round trip:\n%s\n%s", m, e.Seq, first, again)
	}
}

// checkEventSecrecy checks that the moves of s tell p in their events no
// more than p's views tell.
func checkEventSecrecy[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V], s S, p cards.Player, legal []M) {
	d, err := g.Rules.Determinize(g.Rules.View(s, p), rapid.Uint64().Draw(t, "determinize seed"))
	if err != nil {
		t.Fatalf("Determinize(%v's view): %v\nview: %s", p, err, jsonOrError(g.Rules.View(s, p)))
	}
	d = withLog(t, d, s.Log().Len())
	other := g.Rules.AppendLegalMoves(nil, d)
	n := s.Log().Len()
	for _, m := range legal {
		if !slices.Contains(other, m) {
			continue
		}
		a, b := mustApply(t, g.Rules, s, m), mustApply(t, g.Rules, d, m)
		if mustJSON(t, g.Rules.View(a, p)) != mustJSON(t, g.Rules.View(b, p)) {
			continue // the move showed p something new
		}
		ea, eb := cards.EventsFor(a.Log().Since(n), p), cards.EventsFor(b.Log().Since(n), p)
		if !slices.Equal(ea, eb) {
			t.Fatalf("%v cannot tell two states apart, nor the states after the move, yet reads other events of it, so the events leak what %v may not know:\n%s\nevents:           %s\nin the re-dealt:  %s",
				p, p, moveCase(g.Rules, s, m), jsonOrError(cardjson.Slice[cards.Entry](ea)), jsonOrError(cardjson.Slice[cards.Entry](eb)))
		}
	}
}

// withLog returns s with its log on, going on from events: a determinized
// state keeps no log, and the checks of events need one. It sets the
// header's fields in the state's JSON, which every game's encoding has.
func withLog[S cards.State](t TB, s S, events int) S {
	t.Helper()
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(mustJSON(t, s)), &fields); err != nil {
		t.Fatalf("a state must encode as a JSON object: %v", err)
	}
	delete(fields, "noLog")
	fields["events"] = json.RawMessage(mustJSON(t, events))
	edited, err := json.Marshal(fields)
	if err != nil {
		t.Fatalf("%v", err)
	}
	var back S
	if err := cardjson.Unmarshal(edited, &back, "a state"); err != nil {
		t.Fatalf("the state with its log on does not decode: %v", err)
	}
	return back
}
