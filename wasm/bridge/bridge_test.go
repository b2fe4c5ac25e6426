package bridge_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/cardjson"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/wasm/bridge"
)

// answer is an answer of the bridge read as the module reads it: a handle
// and the lines after it.
type answer struct {
	handle int
	lines  [][]byte
}

func read(t testing.TB) func([]byte, error) answer {
	return func(b []byte, err error) answer {
		t.Helper()
		return parse(t, b, err)
	}
}

func parse(t testing.TB, b []byte, err error) answer {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.Clone(b) // an answer is valid until the next call
	lines := bytes.Split(b, []byte("\n"))
	h, err := strconv.Atoi(string(lines[0]))
	if err != nil {
		t.Fatalf("answer %.80q opens with no handle", b)
	}
	for k, l := range lines[1:] {
		if !json.Valid(l) && !isCodes(l) && !(k > 0 && k == len(lines)-2 && len(l) == 0) { // a Step's events may be left out
			t.Fatalf("answer line %.80q is not JSON", l)
		}
	}
	return answer{handle: h, lines: lines[1:]}
}

// isCodes tells whether l is the line of a patch's codes.
func isCodes(l []byte) bool {
	return len(l) > 0 && len(bytes.Trim(l, "=+[]")) == 0
}

// module is a bridge with the moves it sent, kept as the module keeps
// them: by game, the table's generation and the moves by number; and the
// states of its Steps by their handles.
type module struct {
	*bridge.Bridge
	generation map[int]int
	sent       map[int][]json.RawMessage
	states     map[int][]byte
}

func newModule() *module {
	return &module{Bridge: bridge.New(catalog.Games()), generation: map[int]int{}, sent: map[int][]json.RawMessage{}, states: map[int][]byte{}}
}

// stepped reads an answer that is a Step of game i as the module does: its
// state, told whole or as a patch of the state of handle base, and its
// events, asked for if the Step left them out. It keeps the state under
// the Step's handle.
func (m *module) stepped(t testing.TB, i, base int, a answer) (state, events []byte) {
	t.Helper()
	if len(a.lines) == 3 {
		old, ok := m.states[base]
		if !ok {
			t.Fatalf("a patch of handle %d, whose state was not sent", base)
		}
		var err error
		if state, err = cardjson.ApplyPatch(old, a.lines[0], a.lines[1]); err != nil {
			t.Fatalf("a patch of handle %d: %v", base, err)
		}
	} else {
		state = a.lines[0]
	}
	m.states[a.handle] = state
	if events = a.lines[len(a.lines)-1]; len(events) == 0 {
		e, err := m.Events(i, a.handle)
		if err != nil {
			t.Fatalf("the events of handle %d: %v", a.handle, err)
		}
		events = bytes.Clone(e)
	}
	return state, events
}

// legalMoves is an answer of LegalMoves, read: the moves and their
// numbers.
type legalMoves struct {
	answer
	moves []json.RawMessage
	ids   []int
}

// legal calls LegalMoves and reads its answer as the module does.
func (m *module) legal(t testing.TB, i, handle int, state []byte) legalMoves {
	t.Helper()
	a := read(t)(m.LegalMoves(i, handle, state))
	var head [3]int
	var fresh []json.RawMessage
	l := legalMoves{answer: a, moves: []json.RawMessage{}}
	for k, v := range []any{&head, &fresh} {
		if err := json.Unmarshal(a.lines[k], v); err != nil {
			t.Fatalf("line %d of the answer, %.80q: %v", k+1, a.lines[k], err)
		}
	}
	for _, id := range m.LegalIDs() {
		l.ids = append(l.ids, int(id))
	}
	if len(l.ids) != head[2] {
		t.Fatalf("%d numbers of legal moves; the answer says %d", len(l.ids), head[2])
	}
	if head[0] != m.generation[i] {
		m.generation[i], m.sent[i] = head[0], nil
	}
	if head[1] != len(m.sent[i]) {
		t.Fatalf("the bridge numbers new moves from %d; it sent %d", head[1], len(m.sent[i]))
	}
	m.sent[i] = append(m.sent[i], fresh...)
	for _, id := range l.ids {
		if id < 0 || id >= len(m.sent[i]) {
			t.Fatalf("move %d of %d sent", id, len(m.sent[i]))
		}
		l.moves = append(l.moves, m.sent[i][id])
	}
	return l
}

// TestPlaysAsTheFace plays a game of every game through the bridge, naming
// states by their handles (and now and then by their text) and moves by
// their JSON or by their numbers in the move table, beside the
// same game played through the JSON face: states, events, moves and views
// agree at every move.
func TestPlaysAsTheFace(t *testing.T) {
	b := newModule()
	for i, g := range catalog.Games() {
		t.Run(g.Info().Name, func(t *testing.T) {
			opts := []byte(`{"seed":11}`)
			start, err := g.NewGame(opts)
			if err != nil {
				t.Fatal(err)
			}
			step := read(t)(b.NewGame(i, opts))
			b.stepped(t, i, 0, step)
			if string(step.lines[0]) != string(start.State) {
				t.Fatalf("the bridge deals\n%s\nthe face\n%s", step.lines[0], start.State)
			}
			events, _ := cardjson.Marshal(start.Events)
			if string(step.lines[1]) != string(events) {
				t.Errorf("the deal's events: %s, want %s", step.lines[1], events)
			}
			state, handle := start.State, step.handle
			r := cards.NewRand(5)
			patches := 0
			for n := 0; ; n++ {
				if n > 5000 {
					t.Fatal("the game has not ended")
				}
				var text []byte
				if n%7 == 0 {
					handle, text = 0, state // by its text
				}
				legal := b.legal(t, i, handle, text)
				if handle == 0 && legal.handle == 0 {
					t.Fatal("a state given as text gets no handle")
				}
				handle = legal.handle
				want, _ := g.LegalMoves(state)
				list := legal.moves
				if got, _ := json.Marshal(list); string(got) != string(want) {
					t.Fatalf("legal moves:\n%s\nwant\n%s", got, want)
				}
				if len(list) == 0 {
					break
				}
				st, _ := g.Status(state)
				p := st.ToAct.First()
				view := read(t)(b.View(i, handle, nil, []byte(strconv.Itoa(int(p)))))
				if want, _ := g.View(state, p); string(view.lines[0]) != string(want) || view.handle != handle {
					t.Fatalf("view of %v: handle %d (want %d)\n%s\nwant\n%s", p, view.handle, handle, view.lines[0], want)
				}
				k := r.IntN(len(list))
				m := list[k]
				next, err := g.Apply(state, m)
				if err != nil {
					t.Fatal(err)
				}
				var step answer
				patch := n%3 != 0 // the state told as a patch of the last
				if n%2 == 0 {     // the move by its JSON
					step = read(t)(b.Apply(i, handle, patch, nil, m))
				} else { // by its number
					step = read(t)(b.ApplyMove(i, handle, patch, b.generation[i], legal.ids[k], nil))
				}
				if !patch && len(step.lines) != 2 {
					t.Fatalf("a patch not asked for: %q", step.lines)
				}
				if len(step.lines) == 3 {
					patches++
				}
				gotState, gotEvents := b.stepped(t, i, handle, step)
				events, _ := cardjson.Marshal(next.Events)
				if string(gotState) != string(next.State) || string(gotEvents) != string(events) {
					t.Fatalf("after %s:\n%s\n%s\nwant\n%s\n%s", m, gotState, gotEvents, next.State, events)
				}
				state, handle = next.State, step.handle
			}
			if patches == 0 {
				t.Error("no state was told as a patch")
			}
			status := read(t)(b.Status(i, handle, nil))
			var st anygame.Status
			if err := json.Unmarshal(status.lines[0], &st); err != nil || !st.Over {
				t.Errorf("the status of the end: %s, %v", status.lines[0], err)
			}
		})
	}
}

// TestPlaysOnWithoutEnd plays some 2,000 moves of a game without end
// through the bridge, beyond the events after which a position is decoded
// afresh, beside the same game through the JSON face.
func TestPlaysOnWithoutEnd(t *testing.T) {
	b := newModule()
	g, _ := catalog.Lookup("bastards")
	i := slices.Index(catalog.Names(), "bastards")
	opts := []byte(`{"seed":2,"rounds":0}`)
	start, _ := g.NewGame(opts)
	deal := read(t)(b.NewGame(i, opts))
	b.stepped(t, i, 0, deal)
	handle, state := deal.handle, start.State
	r := cards.NewRand(2)
	for events := len(start.Events); events < 5000; {
		list := b.legal(t, i, handle, nil).moves
		m := list[r.IntN(len(list))]
		next, err := g.Apply(state, m)
		if err != nil {
			t.Fatal(err)
		}
		step := read(t)(b.Apply(i, handle, true, nil, m))
		if got, _ := b.stepped(t, i, handle, step); string(got) != string(next.State) {
			t.Fatalf("after %d events and %s:\n%s\nwant\n%s", events, m, got, next.State)
		}
		handle, state, events = step.handle, next.State, events+len(next.Events)
	}
}

// TestMoveTablesHaveGenerations plays games through a bridge whose move
// tables hold few moves: each time one is full, it is emptied and its
// generation goes up, the numbers start again from 0, and a move named
// by its number in a past generation is bad input.
func TestMoveTablesHaveGenerations(t *testing.T) {
	b := newModule()
	bridge.SetMaxMoves(b.Bridge, 20)
	for i, g := range catalog.Games() {
		start := read(t)(b.NewGame(i, []byte(`{"seed":9}`)))
		handle := start.handle
		for n := 0; b.generation[i] < 3; n++ {
			if n > 2000 {
				t.Fatalf("%s: generation %d after %d moves", g.Info().Name, b.generation[i], n)
			}
			legal := b.legal(t, i, handle, nil)
			if len(legal.ids) == 0 {
				handle = read(t)(b.NewGame(i, []byte(`{}`))).handle
				continue
			}
			generation := b.generation[i]
			id := legal.ids[n%len(legal.ids)]
			step := read(t)(b.ApplyMove(i, handle, false, generation, id, nil))
			if generation > 0 {
				if _, err := b.ApplyMove(i, handle, false, generation-1, id, nil); anygame.ErrorCode(err) != anygame.CodeBadInput {
					t.Fatalf("%s: a move of a past generation gives %v, want bad_input", g.Info().Name, err)
				}
			}
			handle = step.handle
		}
	}
}

// TestPatchOfTheOldestPosition applies moves to the oldest position the
// bridge keeps, whose place the new position takes, asking for a patch:
// the state is told right.
func TestPatchOfTheOldestPosition(t *testing.T) {
	b := newModule()
	g := catalog.Games()[0]
	deal := read(t)(b.NewGame(0, []byte(`{"seed":5}`)))
	b.stepped(t, 0, 0, deal)
	oldest, state := deal.handle, deal.lines[0]
	for range bridge.Capacity - 2 {
		read(t)(b.Status(0, 0, state)) // the same state again, by its text
	}
	list := b.legal(t, 0, 0, state).moves // the Capacity-th position
	want, _ := g.Apply(state, list[0])
	step := read(t)(b.Apply(0, oldest, true, nil, list[0]))
	if got, _ := b.stepped(t, 0, oldest, step); string(got) != string(want.State) {
		t.Fatalf("after %s from the oldest position:\n%s\nwant\n%s", list[0], got, want.State)
	}
}

// TestEventsWhileKept asks for the events of a move after the move: they
// are told while its position is kept, and asking for those of a position
// no longer kept, or that no Step returned, is an internal error.
func TestEventsWhileKept(t *testing.T) {
	b := newModule()
	g := catalog.Games()[0]
	deal := read(t)(b.NewGame(0, []byte(`{"seed":6}`)))
	if len(deal.lines[1]) == 0 {
		t.Fatal("a deal's Step leaves its events out")
	}
	list := b.legal(t, 0, deal.handle, nil).moves
	want, _ := g.Apply(deal.lines[0], list[0])
	step := read(t)(b.Apply(0, deal.handle, false, nil, list[0]))
	if events := step.lines[len(step.lines)-1]; len(events) != 0 {
		t.Errorf("a move's Step tells its events: %s", events)
	}
	wantEvents, _ := cardjson.Marshal(want.Events)
	for range 2 { // asked twice, told twice
		if got, err := b.Events(0, step.handle); err != nil || string(got) != string(wantEvents) {
			t.Fatalf("Events = %s, %v; want %s", got, err, wantEvents)
		}
	}
	if _, err := b.Events(0, deal.handle); err == nil {
		t.Error("events of a deal, whose Step told them: no error")
	}
	quiet := read(t)(b.NewGame(0, []byte(`{"seed":6,"noLog":true}`)))
	silent := read(t)(b.Apply(0, quiet.handle, false, nil, list[0]))
	if events := silent.lines[len(silent.lines)-1]; string(events) != "[]" {
		t.Errorf("a move without events tells %q, not []", events)
	}
	status := read(t)(b.Status(0, 0, want.State)) // a position of no Step
	for range bridge.Capacity - 2 {               // the deal's position is no longer kept, the move's is
		read(t)(b.Status(0, 0, deal.lines[0]))
	}
	for _, c := range []struct {
		name         string
		game, handle int
	}{
		{"of no Step", 0, status.handle},
		{"of another game", 1, step.handle},
		{"no longer kept", 0, step.handle - 1},
		{"not yet handed out", 0, step.handle + bridge.Capacity},
		{"of a game out of range", 9, step.handle},
	} {
		if _, err := b.Events(c.game, c.handle); err == nil {
			t.Errorf("events of a handle %s: no error", c.name)
		}
	}
	read(t)(b.Status(0, 0, deal.lines[0]))
	if _, err := b.Events(0, step.handle); anygame.ErrorCode(err) != anygame.CodeInternal {
		t.Errorf("events of a handle no longer kept: %v, want an internal error", err)
	}
}

func TestKeepsTheLastHandles(t *testing.T) {
	b := newModule()
	first := read(t)(b.NewGame(0, []byte(`{}`))).handle
	var last int
	for range bridge.Capacity {
		last = read(t)(b.NewGame(0, []byte(`{}`))).handle
	}
	if last != first+bridge.Capacity {
		t.Fatalf("handles %d to %d for %d positions", first, last, bridge.Capacity+1)
	}
	if _, err := b.LegalMoves(0, first, nil); anygame.ErrorCode(err) != anygame.CodeInternal {
		t.Errorf("handle %d, %d handles ago, answers %v", first, bridge.Capacity, err)
	}
	for _, h := range []int{first + 1, last} {
		if _, err := b.LegalMoves(0, h, nil); err != nil {
			t.Errorf("handle %d: %v", h, err)
		}
	}
	for _, c := range []struct{ game, handle int }{{1, last}, {0, last + 1}, {0, -1}} {
		if _, err := b.LegalMoves(c.game, c.handle, nil); anygame.ErrorCode(err) != anygame.CodeInternal {
			t.Errorf("handle %d of game %d answers %v", c.handle, c.game, err)
		}
	}
}

func TestAnswersAboutAStateGivenAsText(t *testing.T) {
	b := newModule()
	start := read(t)(b.NewGame(0, []byte(`{"seed":3}`)))
	state := start.lines[0]
	a := read(t)(b.Status(0, 0, state))
	if a.handle != start.handle+1 {
		t.Errorf("a state given as text gets handle %d, want the next, %d", a.handle, start.handle+1)
	}
	if again := read(t)(b.Status(0, a.handle, nil)); string(again.lines[0]) != string(a.lines[0]) || again.handle != a.handle {
		t.Errorf("by handle: %d %s; by text: %d %s", again.handle, again.lines[0], a.handle, a.lines[0])
	}
	// A call that fails hands out no handle: the module learns of each.
	if _, err := b.View(0, 0, state, []byte(`9`)); err == nil {
		t.Fatal("a view of P10 of a 4-player game")
	}
	if next := read(t)(b.Status(0, 0, state)); next.handle != a.handle+1 {
		t.Errorf("after a failed call, the next handle is %d, want %d", next.handle, a.handle+1)
	}
}

func TestErrorCodes(t *testing.T) {
	b := newModule()
	start := read(t)(b.NewGame(0, []byte(`{"seed":3}`)))
	h, state := start.handle, start.lines[0]
	view := read(t)(b.View(0, h, nil, []byte(`0`))).lines[0]
	other, _ := catalog.Games()[1].NewGame([]byte(`{}`))
	for _, c := range []struct {
		name string
		err  error
		code string
	}{
		{"no such game", second(b.NewGame(9, []byte(`{}`))), anygame.CodeBadInput},
		{"no such game, negative", second(b.Status(-1, 0, state)), anygame.CodeBadInput},
		{"bad options", second(b.NewGame(0, []byte(`{"players":99}`))), anygame.CodeBadOptions},
		{"another game's state", second(b.Status(0, 0, other.State)), anygame.CodeBadInput},
		{"garbage state", second(b.LegalMoves(0, 0, []byte(`{"game":`))), anygame.CodeBadInput},
		{"player as text", second(b.View(0, h, nil, []byte(`"0"`))), anygame.CodeBadInput},
		{"player 1.5", second(b.View(0, h, nil, []byte(`1.5`))), anygame.CodeBadInput},
		{"player null", second(b.View(0, h, nil, []byte(`null`))), anygame.CodeBadInput},
		{"player -2", second(b.View(0, h, nil, []byte(`-2`))), anygame.CodeBadInput},
		{"player 255", second(b.View(0, h, nil, []byte(`255`))), anygame.CodeBadInput},
		{"no such seat", second(b.View(0, h, nil, []byte(`5`))), anygame.CodeBadInput},
		{"events for -2", second(b.EventsFor([]byte(`[]`), []byte(`-2`))), anygame.CodeBadInput},
		{"events as an object", second(b.EventsFor([]byte(`{}`), []byte(`0`))), anygame.CodeBadInput},
		{"unknown bot", second(b.BotMove(0, view, []byte("genius"), []byte(`1`))), anygame.CodeUnknownBot},
		{"negative seed", second(b.BotMove(0, view, []byte("random"), []byte(`-1`))), anygame.CodeBadInput},
		{"seed as words", second(b.BotMove(0, view, []byte("random"), []byte(`"one"`))), anygame.CodeBadInput},
		{"bad view", second(b.ViewText(0, []byte(`{"players":100000000}`))), anygame.CodeBadInput},
		{"bad move", second(b.Move(0, []byte(`{}`))), anygame.CodeBadInput},
		{"bad record", second(b.Replay(0, []byte(`{"game":"ninekingdoms","options":{},"moves":[]}`))), anygame.CodeBadInput},
	} {
		if got := anygame.ErrorCode(c.err); got != c.code {
			t.Errorf("%s: %v has code %q, want %q", c.name, c.err, got, c.code)
		}
	}
}

func TestIllegalMoves(t *testing.T) {
	b := newModule()
	for i, g := range catalog.Games() {
		start := read(t)(b.NewGame(i, []byte(`{"seed":2}`)))
		st, _ := g.Status(start.lines[0])
		list := b.legal(t, i, start.handle, nil).moves
		// The first legal move, made by a player who is not to act.
		var m map[string]any
		json.Unmarshal(list[0], &m)
		m["player"] = int(st.ToAct.First().Next(st.Players))
		other, _ := json.Marshal(m)
		if st.ToAct.Has(st.ToAct.First().Next(st.Players)) {
			continue // a simultaneous choice
		}
		if _, err := b.Apply(i, start.handle, false, nil, other); anygame.ErrorCode(err) != anygame.CodeNotYourTurn {
			t.Errorf("%s: %s answers %v, want not_your_turn", g.Info().Name, other, err)
		}
	}
}

func TestLibraryDescribesTheCatalog(t *testing.T) {
	b := newModule()
	text, err := b.Library()
	if err != nil {
		t.Fatal(err)
	}
	var lib struct {
		Games []struct {
			Info           cards.GameInfo
			DefaultOptions json.RawMessage
			Bots           []string
		}
		Bots                               []anygame.BotInfo
		Capacity, MaxInput, MaxRecordInput int
	}
	if err := json.Unmarshal(text, &lib); err != nil {
		t.Fatal(err)
	}
	var names []string
	for i, g := range lib.Games {
		names = append(names, g.Info.Name)
		if want := catalog.Games()[i].DefaultOptions(); string(g.DefaultOptions) != string(want) {
			t.Errorf("%s: default options %s, want %s", g.Info.Name, g.DefaultOptions, want)
		}
		if !cmp.Equal(g.Bots, catalog.Games()[i].Bots()) {
			t.Errorf("%s: bots %v", g.Info.Name, g.Bots)
		}
	}
	if diff := cmp.Diff(catalog.Names(), names); diff != "" {
		t.Errorf("games (-catalog +library):\n%s", diff)
	}
	if diff := cmp.Diff(anygame.BotInfos(), lib.Bots); diff != "" {
		t.Errorf("bots (-anygame +library):\n%s", diff)
	}
	if lib.Capacity != bridge.Capacity || lib.MaxInput != cardjson.MaxInput || lib.MaxRecordInput != anygame.MaxRecordInput {
		t.Errorf("capacity and limits: %s", text)
	}
}

func TestReplayAndEvents(t *testing.T) {
	b := newModule()
	for i, g := range catalog.Games() {
		name := g.Info().Name
		start := read(t)(b.NewGame(i, []byte(`{"seed":4}`)))
		list := b.legal(t, i, start.handle, nil).moves
		next := read(t)(b.Apply(i, start.handle, false, nil, list[0]))
		record := fmt.Sprintf(`{"game":%q,"options":{"seed":4},"moves":[%s]}`, name, list[0])
		replay := read(t)(b.Replay(i, []byte(record)))
		if string(replay.lines[0]) != string(next.lines[0]) {
			t.Errorf("%s: the replay ends in\n%s\nwant\n%s", name, replay.lines[0], next.lines[0])
		}
		var all []cards.Event
		json.Unmarshal(replay.lines[1], &all)
		if len(all) == 0 || all[0].Seq != 1 || all[len(all)-1].Seq != len(all) {
			t.Errorf("%s: the replay's events are numbered %v", name, all)
		}
		for _, p := range []int{0, int(cards.Spectator)} {
			got, err := b.EventsFor(replay.lines[1], []byte(strconv.Itoa(p)))
			want, _ := cardjson.Marshal(cards.EventsFor(all, cards.Player(p)))
			if err != nil || string(got) != string(want) {
				t.Errorf("%s: events for %d: %s, %v; want %s", name, p, got, err, want)
			}
		}
		info, err := b.Move(i, list[0])
		if err != nil || !bytes.Contains(info, []byte(`"text"`)) {
			t.Errorf("%s: Move(%s) = %s, %v", name, list[0], info, err)
		}
		view := read(t)(b.View(i, next.handle, nil, []byte(`-1`)))
		if text, err := b.ViewText(i, view.lines[0]); err != nil || len(text) == 0 {
			t.Errorf("%s: the spectator's view as text: %q, %v", name, text, err)
		}
	}
}

func TestBotsMoveFromViews(t *testing.T) {
	b := newModule()
	for i, g := range catalog.Games() {
		start := read(t)(b.NewGame(i, []byte(`{"seed":8}`)))
		st, _ := g.Status(start.lines[0])
		view := read(t)(b.View(i, start.handle, nil, []byte(strconv.Itoa(int(st.ToAct.First()))))).lines[0]
		for _, bot := range g.Bots() {
			for _, seed := range []string{`0`, `"18446744073709551615"`} {
				m, err := b.BotMove(i, view, []byte(bot), []byte(seed))
				if err != nil {
					t.Fatalf("%s: bot %s: %v", g.Info().Name, bot, err)
				}
				if _, err := b.Apply(i, start.handle, false, nil, m); err != nil {
					t.Errorf("%s: bot %s chose %s: %v", g.Info().Name, bot, m, err)
				}
			}
		}
	}
}

func second[T any](_ T, err error) error { return err }

// TestDescribe checks what Describe tells of games: the library of them
// all, and of each alone, as the bridge writes them.
func TestDescribe(t *testing.T) {
	var b bytes.Buffer
	if err := bridge.Describe(&b, catalog.Games()...); err != nil {
		t.Fatal(err)
	}
	var d bridge.Description
	if err := json.Unmarshal(b.Bytes(), &d); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, g := range d.Games {
		names = append(names, g.Name)
		want, _ := bridge.New([]anygame.Game{mustLookup(t, g.Name)}).Library()
		if !bytes.Equal(g.Library, want) {
			t.Errorf("the library of %s alone: %.100s", g.Name, g.Library)
		}
	}
	if !slices.Equal(names, catalog.Names()) {
		t.Errorf("games %v, want %v", names, catalog.Names())
	}
	if want, _ := bridge.New(catalog.Games()).Library(); !bytes.Equal(d.Library, want) {
		t.Errorf("the library of every game is not as the bridge writes it: %.100s", d.Library)
	}
}

func mustLookup(t *testing.T, name string) anygame.Game {
	t.Helper()
	g, err := catalog.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
