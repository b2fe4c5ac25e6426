package anygame_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/cardrules/games/bastards"
	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

var game = anygame.Of(bastards.Rules{})

func newState(t *testing.T) json.RawMessage {
	t.Helper()
	s, err := game.NewGame([]byte(`{"players":4,"seed":9,"rounds":1}`))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestNewGameChecksOptions(t *testing.T) {
	for _, opts := range []string{`{"players":4,"sed":9}`, `{"players":"four"}`, `{"players":40}`, `[`, ``} {
		_, err := game.NewGame([]byte(opts))
		if anygame.ErrorCode(err) != anygame.CodeBadOptions {
			t.Errorf("NewGame(%s): %v (code %q), want bad_options", opts, err, anygame.ErrorCode(err))
		}
	}
	var opts map[string]any
	if err := json.Unmarshal(game.DefaultOptions(), &opts); err != nil || opts["players"] == nil || opts["seed"] == nil {
		t.Errorf("DefaultOptions = %s", game.DefaultOptions())
	}
}

func TestPlayThroughTheJSONFace(t *testing.T) {
	s := newState(t)
	for n := 0; ; n++ {
		st, err := game.Status(s)
		if err != nil {
			t.Fatal(err)
		}
		if st.Over {
			if st.Result.Winners.Len() == 0 {
				t.Error("a finished game of Kings & Bastards has a winner")
			}
			return
		}
		p := st.ToAct.First()
		view, err := game.View(s, p)
		if err != nil {
			t.Fatal(err)
		}
		m, err := game.BotMove(view, anygame.RandomBot, uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		info, err := game.Move(m)
		if err != nil || info.Player != p || info.Text == "" {
			t.Fatalf("Move(%s) = %+v, %v", m, info, err)
		}
		if s, err = game.Apply(s, m); err != nil {
			t.Fatalf("Apply(%s): %v", m, err)
		}
	}
}

func TestErrorsHaveCodes(t *testing.T) {
	s := newState(t)
	st, _ := game.Status(s)
	other := st.ToAct.First().Next(4)
	pass := []byte(`{"player":` + string(rune('0'+other)) + `,"action":"pass"}`)
	for _, c := range []struct {
		name string
		err  error
		code string
	}{
		{"garbage state", second(game.Apply([]byte(`{"x":1}`), pass)), anygame.CodeBadInput},
		{"garbage move", second(game.Apply(s, []byte(`[]`))), anygame.CodeBadInput},
		{"not your turn", second(game.Apply(s, pass)), anygame.CodeNotYourTurn},
		{"no such player", second(game.View(s, 7)), anygame.CodeBadInput},
		{"no such bot", second(game.BotMove(must(game.View(s, 0)), "genius", 1)), anygame.CodeUnknownBot},
		{"bad view", second(game.ViewText([]byte(`{"hand":["ZZ"]}`))), anygame.CodeBadInput},
	} {
		if got := anygame.ErrorCode(c.err); got != c.code {
			t.Errorf("%s: %v has code %q, want %q", c.name, c.err, got, c.code)
		}
	}
	if anygame.ErrorCode(nil) != "" || anygame.ErrorCode(errors.New("x")) != anygame.CodeInternal {
		t.Error("ErrorCode of nil is empty and of an unknown error is internal")
	}
	if anygame.ErrorCode(cards.ErrGameOver) != anygame.CodeGameOver {
		t.Error("game over")
	}
}

// panicky is a game whose Apply panics, standing for a bug.
type panicky struct{ bastards.Rules }

func (panicky) Apply(bastards.State, bastards.Move) (bastards.State, error) { panic("boom") }

func TestPanicsBecomeInternalErrors(t *testing.T) {
	g := anygame.Of(panicky{})
	s, err := g.NewGame([]byte(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	moves, _ := g.LegalMoves(s)
	var list []json.RawMessage
	if err := json.Unmarshal(moves, &list); err != nil || len(list) == 0 {
		t.Fatalf("LegalMoves = %s, %v", moves, err)
	}
	_, err = g.Apply(s, list[0])
	if !errors.Is(err, anygame.ErrInternal) || anygame.ErrorCode(err) != anygame.CodeInternal {
		t.Errorf("a panic gave %v", err)
	}
}

func TestMonteCarloBotChoosesAListedMove(t *testing.T) {
	s := newState(t)
	st, _ := game.Status(s)
	view := must(game.View(s, st.ToAct.First()))
	m, err := game.BotMove(view, anygame.MonteCarloBot, 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.Apply(s, m); err != nil {
		t.Errorf("the Monte Carlo bot's move %s is refused: %v", m, err)
	}
}

func second[T any](_ T, err error) error { return err }

func must(b json.RawMessage, err error) json.RawMessage {
	if err != nil {
		panic(err)
	}
	return b
}
