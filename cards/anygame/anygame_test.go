package anygame_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/bastards"
	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/cardjson"
	"github.com/cardrules/games/cards/cardstest"
	"github.com/cardrules/games/cards/catalog"
)

var game = anygame.Of(bastards.Rules{})

func newState(t *testing.T) json.RawMessage {
	t.Helper()
	s, err := game.NewGame([]byte(`{"players":4,"seed":9,"rounds":1}`))
	if err != nil {
		t.Fatal(err)
	}
	return s.State
}

func code(err error) string { return anygame.ErrorCode(err) }

func TestNewGameFillsMissingOptionsWithDefaults(t *testing.T) {
	for _, g := range catalog.Games() {
		start, err := g.NewGame([]byte(`{}`))
		if err != nil {
			t.Fatalf("%s: NewGame({}): %v", g.Info().Name, err)
		}
		st, err := g.Status(start.State)
		if err != nil || st.Players != int(g.Info().Options[0].Default.(int)) {
			t.Errorf("%s: the game of {} has %d players: %v", g.Info().Name, st.Players, err)
		}
		if len(start.Events) == 0 || start.Events[0].Seq != 1 || st.Events != len(start.Events) {
			t.Errorf("%s: the deal's events are %v, and the state counts %d", g.Info().Name, start.Events, st.Events)
		}
	}
	start, err := game.NewGame([]byte(`{"players":6}`))
	if err != nil {
		t.Fatal(err)
	}
	v, _ := game.View(start.State, 0)
	var view struct {
		Jokers, Rounds int
	}
	if err := json.Unmarshal(v, &view); err != nil || view.Jokers != 2 || view.Rounds != bastards.DefaultRounds {
		t.Errorf("options not named keep their defaults: %+v, %v", view, err)
	}
}

func TestNewGameRefusesBadOptions(t *testing.T) {
	for _, opts := range []string{
		`{"players":4,"sed":9}`, `{"Players":4}`, `{"players":"four"}`, `{"players":40}`,
		`{"players":0}`, `{"players":null}`, `null`, `{"players":4}{"players":100}`, `[`, ``, `[]`,
		`{"players":4,"players":5}`, `{"jokers":-1}`, `{"seed":-1}`, `{"seed":1.5}`,
		`{"players":4` + strings.Repeat(" ", cardjson.MaxInput) + `}`,
	} {
		_, err := game.NewGame([]byte(opts))
		if code(err) != anygame.CodeBadOptions {
			t.Errorf("NewGame(%.60s): %v (code %q), want bad_options", opts, err, code(err))
		}
	}
	var opts map[string]any
	if err := json.Unmarshal(game.DefaultOptions(), &opts); err != nil || opts["players"] != 4.0 || opts["jokers"] != 2.0 || opts["rounds"] != 5.0 {
		t.Errorf("DefaultOptions = %s", game.DefaultOptions())
	}
}

// TestWholeGames plays a game of every game through the face — a decoded
// position applying each move and giving every seat its view, as a server
// would — and checks the events: numbered on, each move's own, and the
// game's record replays to the same state and the same events.
func TestWholeGames(t *testing.T) {
	for _, g := range catalog.Games() {
		t.Run(g.Info().Name, func(t *testing.T) {
			info := g.Info()
			opts := fmt.Sprintf(`{"players":%d,"seed":7}`, min(max(3, info.MinPlayers), info.MaxPlayers))
			start, err := g.NewGame([]byte(opts))
			if err != nil {
				t.Fatal(err)
			}
			events := start.Events
			var moves []json.RawMessage
			pos, err := g.Load(start.State)
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; !pos.Status().Over; n++ {
				st := pos.Status()
				if n > 5000 {
					t.Fatal("the game has not ended")
				}
				var view json.RawMessage
				for p := range cards.Player(st.Players) {
					if view, err = pos.View(p); err != nil {
						t.Fatal(err)
					}
					if st.ToAct.Has(p) {
						break
					}
				}
				m, err := g.BotMove(view, anygame.RandomBot, uint64(n))
				if err != nil {
					t.Fatal(err)
				}
				next, more, err := pos.Apply(m)
				if err != nil {
					t.Fatalf("Apply(%s): %v", m, err)
				}
				for i, e := range more {
					if e.Seq != st.Events+i+1 {
						t.Fatalf("after %d events, event %d of move %s is numbered %d", st.Events, i, m, e.Seq)
					}
				}
				pos, events, moves = next, append(events, more...), append(moves, m)
			}
			final, _ := pos.State()
			record, _ := json.Marshal(anygame.Record{Game: g.Info().Name, Options: json.RawMessage(opts), Moves: moves})
			again, replayed, err := g.Replay(record)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := again.State(); string(got) != string(final) {
				t.Errorf("the replay ends in another state:\n%s\n%s", got, final)
			}
			if diff := cmp.Diff(events, replayed); diff != "" {
				t.Errorf("the replay's events differ (-played +replayed):\n%s", diff)
			}
		})
	}
}

func TestReplayRefusesABadRecord(t *testing.T) {
	for _, rec := range []string{
		`{"game":"ninekingdoms","options":{},"moves":[]}`,
		`{"game":"bastards","options":{},"moves":[{"player":0,"kind":"pass"}]}`,
		`{"game":"bastards","options":{"players":2},"moves":[]}`,
		`{"game":"bastards","options":{},"moves":[]}x`,
	} {
		if _, _, err := game.Replay([]byte(rec)); err == nil {
			t.Errorf("Replay(%s) accepts it", rec)
		}
	}
	_, _, err := game.Replay([]byte(`{"game":"bastards","options":{"seed":1},"moves":[{"player":0,"kind":"pass"}]}`))
	if !strings.Contains(fmt.Sprint(err), "move 1 of the record") || !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("a record's illegal move: %v", err)
	}
}

func TestErrorsHaveCodes(t *testing.T) {
	s := newState(t)
	st, _ := game.Status(s)
	other := st.ToAct.First().Next(4)
	pass := []byte(fmt.Sprintf(`{"player":%d,"kind":"pass"}`, other))
	view0, _ := game.View(s, 0)
	for _, c := range []struct {
		name string
		err  error
		code string
	}{
		{"garbage state", second(game.Apply([]byte(`{"x":1}`), pass)), anygame.CodeBadInput},
		{"garbage move", second(game.Apply(s, []byte(`[]`))), anygame.CodeBadInput},
		{"not your turn", second(game.Apply(s, pass)), anygame.CodeNotYourTurn},
		{"no such player", second(game.View(s, 7)), anygame.CodeBadInput},
		{"-2 is no spectator", second(game.View(s, -2)), anygame.CodeBadInput},
		{"no such bot", second(game.BotMove(view0, "genius", 1)), anygame.CodeUnknownBot},
		{"bad view", second(game.ViewText([]byte(`{"hand":["ZZ"]}`))), anygame.CodeBadInput},
	} {
		if got := code(c.err); got != c.code {
			t.Errorf("%s: %v has code %q, want %q", c.name, c.err, got, c.code)
		}
	}
	if code(nil) != "" || code(errors.New("x")) != anygame.CodeInternal {
		t.Error("ErrorCode of nil is empty and of an unknown error is internal")
	}
	if code(cards.ErrGameOver) != anygame.CodeGameOver {
		t.Error("game over")
	}
}

// edit returns JSON object b with its member name set to value (or
// removed, for an empty value).
func edit(t *testing.T, b []byte, name, value string) []byte {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if value == "" {
		delete(m, name)
	} else {
		m[name] = json.RawMessage(value)
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestStatesAreCheckedStrictly(t *testing.T) {
	s := newState(t)
	nk, _ := catalog.Games()[1].NewGame([]byte(`{}`))
	for name, bad := range map[string][]byte{
		"null":          []byte(`null`),
		"trailing data": append(append([]byte{}, s...), s...),
		"unknown key":   edit(t, s, "extra", `1`),
		"wrong case":    edit(t, edit(t, s, "round", ""), "Round", `1`),
		"wrong type":    edit(t, s, "round", `"1"`),
		"null member":   edit(t, s, "round", `null`),
		"base64 hand":   edit(t, s, "pile", `"AQI="`),
		"no game":       edit(t, s, "game", ""),
		"another game":  nk.State,
		"new version":   edit(t, s, "version", `99`),
		"damaged":       edit(t, s, "pile", `["3C"]`),
		"too large":     append(append([]byte{}, s[:len(s)-1]...), []byte(strings.Repeat(" ", cardjson.MaxInput)+"}")...),
	} {
		if _, err := game.Load(bad); code(err) != anygame.CodeBadInput {
			t.Errorf("%s: Load gives %v (code %q), want bad_input", name, err, code(err))
		}
	}
}

// TestApplyLegalIsApplyOfTheListedMove applies, in positions along a game
// of every game, each legal move by its index and by its JSON: the states
// and events agree, and an index out of the list is bad input.
func TestApplyLegalIsApplyOfTheListedMove(t *testing.T) {
	for _, g := range catalog.Games() {
		t.Run(g.Info().Name, func(t *testing.T) {
			pos, _, err := g.Deal([]byte(`{"seed":5}`))
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; n < 60 && !pos.Status().Over; n++ {
				b, err := pos.LegalMoves()
				if err != nil {
					t.Fatal(err)
				}
				var moves []json.RawMessage
				if err := json.Unmarshal(b, &moves); err != nil {
					t.Fatal(err)
				}
				var next anygame.Position
				for i, m := range moves {
					want, wantEvents, err := pos.Apply(m)
					if err != nil {
						t.Fatalf("Apply(%s): %v", m, err)
					}
					got, events, err := pos.ApplyLegal(i)
					if err != nil {
						t.Fatalf("ApplyLegal(%d), move %s: %v", i, m, err)
					}
					ws, _ := want.State()
					gs, _ := got.State()
					if string(gs) != string(ws) {
						t.Fatalf("ApplyLegal(%d) reaches\n%s\nApply(%s)\n%s", i, gs, m, ws)
					}
					if diff := cmp.Diff(wantEvents, events); diff != "" {
						t.Fatalf("ApplyLegal(%d)'s events (-Apply +ApplyLegal):\n%s", i, diff)
					}
					if i == n%len(moves) {
						next = got
					}
				}
				for _, i := range []int{-1, len(moves)} {
					if _, _, err := pos.ApplyLegal(i); code(err) != anygame.CodeBadInput {
						t.Fatalf("ApplyLegal(%d) of %d moves gives %v, want bad_input", i, len(moves), err)
					}
				}
				pos = next
			}
		})
	}
}

// TestDealIsNewGame deals games of every game both ways: the positions
// encode as NewGame's states, with the same events, and play on alike.
func TestDealIsNewGame(t *testing.T) {
	for _, g := range catalog.Games() {
		for _, opts := range []string{`{"seed":12}`, `{"seed":13,"players":3}`} {
			start, err := g.NewGame([]byte(opts))
			if code(err) == anygame.CodeBadOptions {
				continue // a game without 3 players
			}
			if err != nil {
				t.Fatal(err)
			}
			pos, events, err := g.Deal([]byte(opts))
			if err != nil {
				t.Fatalf("%s: Deal(%s): %v", g.Info().Name, opts, err)
			}
			if s, _ := pos.State(); string(s) != string(start.State) {
				t.Errorf("%s: Deal(%s) deals\n%s\nNewGame\n%s", g.Info().Name, opts, s, start.State)
			}
			if diff := cmp.Diff(start.Events, events); diff != "" {
				t.Errorf("%s: the deal's events (-NewGame +Deal):\n%s", g.Info().Name, diff)
			}
			loaded, _ := g.Load(start.State)
			a, aEvents, _ := pos.ApplyLegal(0)
			b, bEvents, _ := loaded.ApplyLegal(0)
			as, _ := a.State()
			bs, _ := b.State()
			if string(as) != string(bs) || !cmp.Equal(aEvents, bEvents) {
				t.Errorf("%s: the first move from the dealt position and the loaded one differ", g.Info().Name)
			}
		}
		if _, _, err := g.Deal([]byte(`{"players":99}`)); code(err) != anygame.CodeBadOptions {
			t.Errorf("%s: Deal of 99 players gives %v", g.Info().Name, err)
		}
	}
}

func TestAppendsAsItReturns(t *testing.T) {
	for _, g := range catalog.Games() {
		start, _ := g.NewGame([]byte(`{"seed":8}`))
		pos, err := g.Load(start.State)
		if err != nil {
			t.Fatal(err)
		}
		for name, c := range map[string]struct {
			ret func() (json.RawMessage, error)
			app func([]byte) ([]byte, error)
		}{
			"State":      {pos.State, pos.AppendState},
			"LegalMoves": {pos.LegalMoves, pos.AppendLegalMoves},
		} {
			want, err := c.ret()
			if err != nil {
				t.Fatal(err)
			}
			if got, err := c.app([]byte("prefix")); err != nil || string(got) != "prefix"+string(want) {
				t.Errorf("%s: Append%s appends %.60s…, %v; %s returns %.60s…", g.Info().Name, name, got, err, name, want)
			}
		}
	}
}

func TestMovesAreCheckedStrictly(t *testing.T) {
	for _, g := range catalog.Games() {
		start, _ := g.NewGame([]byte(`{"seed":3}`))
		pos, _ := g.Load(start.State)
		for _, bad := range []string{`null`, `{}`, `{"player":0}`, `{"player":99,"kind":"pass"}`, `[1]`, `"pass"`, `{"player":0,"kind":"end","x":1}`} {
			_, _, err := pos.Apply([]byte(bad))
			if code(err) != anygame.CodeBadInput {
				t.Errorf("%s: move %s gives %v (code %q), want bad_input", g.Info().Name, bad, err, code(err))
			}
		}
		// A seat the game does not have is bad input, not an illegal move.
		var legal []map[string]any
		moves, _ := pos.LegalMoves()
		json.Unmarshal(moves, &legal)
		legal[0]["player"] = pos.Status().Players
		m, _ := json.Marshal(legal[0])
		if _, _, err := pos.Apply(m); code(err) != anygame.CodeBadInput {
			t.Errorf("%s: a move of a seat the game lacks gives %v", g.Info().Name, err)
		}
	}
}

func TestViewsFromClientsAreChecked(t *testing.T) {
	s := newState(t)
	st, _ := game.Status(s)
	p := st.ToAct.First()
	view, _ := game.View(s, p)
	var v map[string]json.RawMessage
	json.Unmarshal(view, &v)
	var moves []json.RawMessage
	json.Unmarshal(v["moves"], &moves)
	other, _ := game.View(s, p.Next(4))
	for name, bad := range map[string][]byte{
		"huge table":        []byte(`{"players":100000000}`),
		"players":           edit(t, view, "players", `100000000`),
		"a move 5000 times": edit(t, view, "moves", "["+strings.TrimSuffix(strings.Repeat(string(moves[0])+",", 5000), ",")+"]"),
		"another's move":    edit(t, other, "moves", "["+string(moves[0])+"]"),
		"viewer":            edit(t, view, "viewer", `4`),
		"wrong case":        edit(t, edit(t, view, "hand", ""), "Hand", `[]`),
		"null":              []byte(`null`),
	} {
		if _, err := game.ViewText(bad); code(err) != anygame.CodeBadInput {
			t.Errorf("ViewText(%s): %v (code %q), want bad_input", name, err, code(err))
		}
		if _, err := game.BotMove(bad, anygame.RandomBot, 1); code(err) != anygame.CodeBadInput {
			t.Errorf("BotMove(%s): %v (code %q), want bad_input", name, err, code(err))
		}
	}
	if _, err := game.ViewText(view); err != nil {
		t.Errorf("a view as given: %v", err)
	}
}

// panicky is a game whose Apply panics, standing for a bug.
type panicky struct{ bastards.Rules }

func (panicky) Apply(bastards.State, bastards.Move) (bastards.State, error) { panic("boom") }

func TestPanicsBecomeInternalErrors(t *testing.T) {
	g := anygame.Of(panicky{})
	start, err := g.NewGame([]byte(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	moves, _ := g.LegalMoves(start.State)
	var list []json.RawMessage
	if err := json.Unmarshal(moves, &list); err != nil || len(list) == 0 {
		t.Fatalf("LegalMoves = %s, %v", moves, err)
	}
	_, err = g.Apply(start.State, list[0])
	if !errors.Is(err, anygame.ErrInternal) || code(err) != anygame.CodeInternal {
		t.Errorf("a panic gave %v", err)
	}
}

func TestBotsChooseListedMoves(t *testing.T) {
	s := newState(t)
	st, _ := game.Status(s)
	view, _ := game.View(s, st.ToAct.First())
	for _, name := range game.Bots() {
		m, err := game.BotMove(view, name, 3)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := game.Apply(s, m); err != nil {
			t.Errorf("bot %s's move %s is refused: %v", name, m, err)
		}
	}
}

func TestMoveInfo(t *testing.T) {
	info, err := game.Move([]byte(`{"player":2,"kind":"pass"}`))
	if err != nil || info.Player != 2 || info.Text != "pass" || !slices.Contains([]string{`{"player":2,"kind":"pass","text":"pass"}`}, string(info.JSON)) {
		t.Errorf("Move = %+v (%s), %v", info, info.JSON, err)
	}
}

func second[T any](_ T, err error) error { return err }

// TestStatesStayBoundedInLongGames plays a long game of every game through
// the face — forty rounds of Kings & Bastards, a whole match of Nine
// Kingdoms — and checks that no state's JSON outgrows the bound, however
// many events the game has produced.
func TestStatesStayBoundedInLongGames(t *testing.T) {
	for _, g := range catalog.Games() {
		name := g.Info().Name
		t.Run(name, func(t *testing.T) {
			rec := record(t, g, longOptions(name), 100000)
			largest, events := 0, 0
			for _, s := range rec.states {
				largest = max(largest, len(s))
				if len(s) > cardstest.MaxStateJSON {
					t.Fatalf("a state of %d bytes, over %d:\n%s", len(s), cardstest.MaxStateJSON, s)
				}
			}
			pos, _ := g.Load(rec.states[len(rec.states)-1])
			events = pos.Status().Events
			t.Logf("%d moves, %d events, the largest state %d bytes", len(rec.moves), events, largest)
		})
	}
}
