package anygame_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
)

// stopWithin bounds the time a bot may take to answer once its context is
// done: far more than it needs (well under a millisecond), so that a
// loaded machine does not fail the tests, and far less than the seconds
// that heavySpecs take for a move of a long game.
const stopWithin = 100 * time.Millisecond

// heavySpecs ask for seconds of work a move of a long game.
var heavySpecs = []string{"montecarlo:samples=10000,depth=100000", "ismcts:iterations=100000", "ismcts:iterations=100000,depth=100000"}

// longGame returns a position of a game of Kings & Bastards of many
// rounds, some moves in, in which the player to act has a choice, and
// that player's view.
func longGame(t *testing.T) (anygame.Position, []byte) {
	t.Helper()
	pos, _, err := game.Deal([]byte(`{"players":4,"rounds":10000,"seed":3}`))
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; ; n++ {
		p := pos.Status().ToAct.First()
		v, err := pos.View(p)
		if err != nil {
			t.Fatal(err)
		}
		var view struct{ Moves []json.RawMessage }
		if err := json.Unmarshal(v, &view); err != nil {
			t.Fatal(err)
		}
		if n >= 40 && len(view.Moves) > 1 {
			return pos, v
		}
		m, err := game.BotMove(v, anygame.RandomBot, uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		if pos, _, err = pos.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
}

type botAnswer struct {
	move json.RawMessage
	err  error
}

// botMoveAsync runs BotMoveContext in a goroutine and returns a channel
// of its answer.
func botMoveAsync(ctx context.Context, view []byte, spec string) <-chan botAnswer {
	answer := make(chan botAnswer, 1)
	go func() {
		m, err := game.BotMoveContext(ctx, view, spec, 1)
		answer <- botAnswer{m, err}
	}()
	return answer
}

// await returns the answer, or fails the test if none comes within 10 s.
func await(t *testing.T, answer <-chan botAnswer) botAnswer {
	t.Helper()
	select {
	case a := <-answer:
		return a
	case <-time.After(10 * time.Second):
		t.Fatal("the bot did not stop within 10 s")
	}
	return botAnswer{}
}

func TestBotMoveContextCancelled(t *testing.T) {
	_, v := longGame(t)
	for _, spec := range heavySpecs {
		t.Run(spec, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			answer := botMoveAsync(ctx, v, spec)
			time.Sleep(20 * time.Millisecond) // well into the search
			cancel()
			cancelled := time.Now()
			got := await(t, answer)
			took := time.Since(cancelled)
			t.Logf("answered %v after the cancel: %v", took, got.err)
			if took > stopWithin {
				t.Errorf("the bot answered %v after the cancel, more than %v", took, stopWithin)
			}
			if !errors.Is(got.err, context.Canceled) || code(got.err) != anygame.CodeCanceled {
				t.Errorf("cancelled, the bot answers %s, %v (code %q); want an error wrapping context.Canceled", got.move, got.err, code(got.err))
			}
			if errors.Is(got.err, cards.ErrBadInput) || errors.Is(got.err, anygame.ErrInternal) {
				t.Errorf("cancelled, the bot blames its input or itself: %v", got.err)
			}
		})
	}
}

func TestBotMoveContextDeadlineReturnsALegalMove(t *testing.T) {
	pos, v := longGame(t)
	for _, spec := range append(heavySpecs, "montecarlo:samples=10000,depth=100000,time=1s", "ismcts:time=1s") {
		t.Run(spec, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
			defer cancel()
			deadline, _ := ctx.Deadline()
			got := await(t, botMoveAsync(ctx, v, spec))
			late := time.Since(deadline)
			t.Logf("answered %s %v after the deadline", got.move, late)
			if got.err != nil {
				t.Fatalf("at its deadline, the bot fails: %v", got.err)
			}
			if _, _, err := pos.Apply(got.move); err != nil {
				t.Errorf("at its deadline, the bot chose %s: %v", got.move, err)
			}
			if late > stopWithin {
				t.Errorf("the bot answered %v after its deadline, more than %v", late, stopWithin)
			}
		})
	}
}

// TestBotMoveContextNeverDoneIsBotMove checks that a context that is
// never done changes no bot's move: BotMoveContext under Background, and
// under a context that could be cancelled and is not, chooses as BotMove
// does from the same view and seed.
func TestBotMoveContextNeverDoneIsBotMove(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, g := range catalog.Games() {
		for i, v := range views(t, g) {
			for _, spec := range []string{"random", "montecarlo:samples=2,depth=20", "ismcts:iterations=30"} {
				want, err := g.BotMove(v, spec, uint64(i))
				if err != nil {
					t.Fatalf("%s: %s: %v", g.Info().Name, spec, err)
				}
				for _, c := range []context.Context{context.Background(), ctx} {
					if got, err := g.BotMoveContext(c, v, spec, uint64(i)); string(got) != string(want) || err != nil {
						t.Errorf("%s: %s chose %s (%v) under %v, and %s by BotMove", g.Info().Name, spec, got, err, c, want)
					}
				}
			}
		}
	}
}

// TestBotMoveContextRefusesBadInputFirst gives bad specs and views with a
// cancelled context: the error is the input's.
func TestBotMoveContextRefusesBadInputFirst(t *testing.T) {
	v := views(t, game)[0]
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := game.BotMoveContext(ctx, v, "ismcts:strength=9", 1); code(err) != anygame.CodeBadInput {
		t.Errorf("a strength out of range: %v", err)
	}
	if _, err := game.BotMoveContext(ctx, []byte(`{}`), "ismcts", 1); code(err) != anygame.CodeBadInput {
		t.Errorf("a bad view: %v", err)
	}
	if _, err := game.BotMoveContext(ctx, v, "ismcts", 1); !errors.Is(err, context.Canceled) {
		t.Errorf("a good spec and view: %v", err)
	}
}
