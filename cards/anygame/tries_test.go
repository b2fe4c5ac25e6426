package anygame_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/cardjson"
	"github.com/cardrules/games/cards/catalog"
)

// TestTriesListTheLegalMovesThenTheRefused checks, for every game, that
// the tries of the player to act begin with the view's legal moves, in
// order, and go on with refused moves that each say why.
func TestTriesListTheLegalMovesThenTheRefused(t *testing.T) {
	for _, g := range catalog.Games() {
		t.Run(g.Info().Name, func(t *testing.T) {
			start, err := g.NewGame([]byte(`{"seed":3}`))
			if err != nil {
				t.Fatal(err)
			}
			st, _ := g.Status(start.State)
			p := st.ToAct.First()
			view, err := g.View(start.State, p)
			if err != nil {
				t.Fatal(err)
			}
			var v struct {
				Moves []json.RawMessage `json:"moves"`
			}
			if err := json.Unmarshal(view, &v); err != nil {
				t.Fatal(err)
			}
			tries, err := g.Tries(view)
			if err != nil {
				t.Fatal(err)
			}
			if len(tries) <= len(v.Moves) {
				t.Fatalf("%d tries for %d legal moves: no refused move", len(tries), len(v.Moves))
			}
			for i, try := range tries {
				legal := i < len(v.Moves)
				if legal && (string(try.Move) != string(v.Moves[i]) || !try.Legal || try.Refusal != "") {
					t.Errorf("try %d is %+v, want the view's move %s", i, try, v.Moves[i])
				}
				if !legal && (try.Legal || try.Refusal == "" || strings.HasPrefix(try.Refusal, "illegal move")) {
					t.Errorf("try %d, %q, is not refused in a player's words: %+v", i, try.Text, try)
				}
				info, err := g.Move(try.Move)
				if err != nil || info.Text != try.Text || info.Player != p {
					t.Errorf("try %d, %s, reads %+v (%v)", i, try.Move, info, err)
				}
			}
		})
	}
}

func TestTriesRefuseABadView(t *testing.T) {
	g, _ := catalog.Lookup("crown")
	if _, err := g.Tries([]byte(`{"viewer":0}`)); anygame.ErrorCode(err) != anygame.CodeBadInput {
		t.Errorf("Tries of a bad view: %v, want bad_input", err)
	}
	if _, err := g.BriefText([]byte(`[]`)); anygame.ErrorCode(err) != anygame.CodeBadInput {
		t.Errorf("BriefText of a bad view: %v, want bad_input", err)
	}
}

// TestBriefTextLeavesOutTheLegend checks that BriefText is ViewText
// without the legend for a game whose views have one, and ViewText for a
// game whose views have none.
func TestBriefTextLeavesOutTheLegend(t *testing.T) {
	for name, legend := range map[string]string{"crown": "abilities:", "ninekingdoms": "each scoring its number", "bastards": ""} {
		g, _ := catalog.Lookup(name)
		start, _ := g.NewGame([]byte(`{"seed":3}`))
		view, _ := g.View(start.State, 0)
		full, err := g.ViewText(view)
		if err != nil {
			t.Fatal(err)
		}
		brief, err := g.BriefText(view)
		if err != nil {
			t.Fatal(err)
		}
		if legend == "" && brief != full || legend != "" && (!strings.Contains(full, legend) || strings.Contains(brief, legend)) {
			t.Errorf("%s: the text\n%s\nand the brief\n%s", name, full, brief)
		}
	}
}

func TestTryJSON(t *testing.T) {
	for _, try := range []anygame.Try{
		{Move: json.RawMessage(`{"player":0,"kind":"pass"}`), Text: "pass", Legal: true},
		{Move: json.RawMessage(`{"player":0,"kind":"pass"}`), Text: "pass", Refusal: "you lead this trick: you must play"},
	} {
		b, err := cardjson.Marshal(try)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "refusal") == (try.Refusal == "") {
			t.Errorf("%s: a refusal written for a legal move, or none for a refused one", b)
		}
		var back anygame.Try
		if err := cardjson.Unmarshal(b, &back, "a try"); err != nil || back.Text != try.Text || back.Refusal != try.Refusal || back.Legal != try.Legal {
			t.Errorf("%s comes back as %+v (%v)", b, back, err)
		}
	}
}
