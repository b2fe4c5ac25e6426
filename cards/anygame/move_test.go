package anygame_test

import (
	"context"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
)

// TestPlayIsApply: a move decoded once and played gives what Apply of its
// JSON gives; a bot's move plays as the bot chose it; a move of another
// game is refused.
func TestPlayIsApply(t *testing.T) {
	games := catalog.Games()
	for _, g := range games {
		t.Run(g.Info().Name, func(t *testing.T) {
			pos, _, err := g.Deal([]byte(`{"seed":7}`))
			if err != nil {
				t.Fatal(err)
			}
			for range 50 {
				st := pos.Status()
				if st.Over {
					break
				}
				p := st.ToAct.First()
				m, err := pos.BotMove(context.Background(), p, anygame.RandomBot, 3)
				if err != nil {
					t.Fatal(err)
				}
				b, err := m.AppendJSON(nil)
				if err != nil {
					t.Fatal(err)
				}
				decoded, err := g.DecodeMove(b)
				if err != nil || decoded.Player() != m.Player() || decoded.String() != m.String() {
					t.Fatalf("the move %s decoded: %v, %v", b, decoded, err)
				}
				played, events, err := pos.Play(decoded)
				if err != nil {
					t.Fatal(err)
				}
				applied, want, err := pos.Apply(b)
				if err != nil {
					t.Fatal(err)
				}
				s1, _ := played.State()
				s2, _ := applied.State()
				if string(s1) != string(s2) || len(events) != len(want) {
					t.Fatalf("Play of %s differs from Apply", b)
				}
				pos = played
			}
			other := games[0]
			if other.Info().Name == g.Info().Name {
				other = games[1]
			}
			op, _, err := other.Deal([]byte(`{}`))
			if err != nil {
				t.Fatal(err)
			}
			p := op.Status().ToAct.First()
			m, err := op.BotMove(context.Background(), p, anygame.RandomBot, 1)
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := pos.Play(m); anygame.ErrorCode(err) != anygame.CodeBadInput {
				t.Errorf("a move of %s played in %s: %v", other.Info().Name, g.Info().Name, err)
			}
			if _, err := pos.BotMove(context.Background(), cards.Player(9), anygame.RandomBot, 1); err == nil {
				t.Error("a bot's move for no player of the game")
			}
		})
	}
}
