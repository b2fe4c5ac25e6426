package anygame_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
)

func TestBotSpecs(t *testing.T) {
	for _, spec := range []string{
		"random", "montecarlo", "ismcts", "montecarlo:samples=5,depth=10", "ismcts:strength=1",
		"ismcts:strength=5", "ismcts:iterations=200,exploration=1.5", "ismcts:time=50ms",
		"ismcts:strength=2,time=1s,depth=20",
	} {
		if err := anygame.CheckBot(spec); err != nil {
			t.Errorf("CheckBot(%q): %v", spec, err)
		}
	}
	for spec, want := range map[string]string{
		"nobot": anygame.CodeUnknownBot, "": anygame.CodeUnknownBot, "ISMCTS": anygame.CodeUnknownBot,
		"ismcts:strength=0": anygame.CodeBadInput, "ismcts:strength=6": anygame.CodeBadInput,
		"ismcts:strength=2,iterations=5": anygame.CodeBadInput, "random:depth=1": anygame.CodeBadInput,
		"ismcts:": anygame.CodeBadInput, "ismcts:iterations": anygame.CodeBadInput,
		"ismcts:iterations=1,iterations=2": anygame.CodeBadInput, "ismcts:time=5": anygame.CodeBadInput,
		"ismcts:iterations=1e3": anygame.CodeBadInput, "ismcts:exploration=NaN": anygame.CodeBadInput,
		"ismcts:iterations=1000000": anygame.CodeBadInput, "montecarlo:samples=-1": anygame.CodeBadInput,
		"ismcts:strength=3,": anygame.CodeBadInput,
	} {
		if got := code(anygame.CheckBot(spec)); got != want {
			t.Errorf("CheckBot(%q) gives code %q, want %q", spec, got, want)
		}
	}
}

func TestBotInfosDescribeTheBots(t *testing.T) {
	var names []string
	for _, b := range anygame.BotInfos() {
		names = append(names, b.Name)
		if b.Summary == "" {
			t.Errorf("bot %s has no summary", b.Name)
		}
		for _, o := range b.Options {
			spec := b.Name + ":" + o.Name + "=" + o.Default
			if o.Default != "" && anygame.CheckBot(spec) != nil {
				t.Errorf("the default of %s is refused: %v", spec, anygame.CheckBot(spec))
			}
		}
	}
	for _, g := range catalog.Games() {
		if !slices.Equal(g.Bots(), names) {
			t.Errorf("%s offers bots %v; BotInfos describes %v", g.Info().Name, g.Bots(), names)
		}
	}
}

// views returns some views of players who must act in a game of g played
// by random bots.
func views(t *testing.T, g anygame.Game) [][]byte {
	t.Helper()
	start, err := g.NewGame([]byte(`{"seed":5}`))
	if err != nil {
		t.Fatal(err)
	}
	pos, err := g.Load(start.State)
	if err != nil {
		t.Fatal(err)
	}
	var vs [][]byte
	for n := 0; !pos.Status().Over && n < 300; n++ {
		v, err := pos.View(int(pos.Status().ToAct.First()))
		if err != nil {
			t.Fatal(err)
		}
		if n%30 == 0 {
			vs = append(vs, v)
		}
		m, err := g.BotMove(v, anygame.RandomBot, uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		if pos, _, err = pos.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return vs
}

func TestBotMoveIsDeterministic(t *testing.T) {
	for _, g := range catalog.Games() {
		for _, v := range views(t, g) {
			for _, spec := range []string{"random", "montecarlo:samples=2,depth=20", "ismcts:iterations=30"} {
				a, err := g.BotMove(v, spec, 9)
				if err != nil {
					t.Fatalf("%s: %s: %v", g.Info().Name, spec, err)
				}
				if b, _ := g.BotMove(v, spec, 9); string(a) != string(b) {
					t.Errorf("%s: %s chose %s, then %s from the same view and seed", g.Info().Name, spec, a, b)
				}
			}
		}
	}
}

func TestBotMoveRefusesBadSpecs(t *testing.T) {
	v := views(t, game)[0]
	if _, err := game.BotMove(v, "ismcts:strength=9", 1); code(err) != anygame.CodeBadInput {
		t.Errorf("a strength out of range: %v", err)
	}
	if _, err := game.BotMove(v, "deepblue", 1); !errors.Is(err, anygame.ErrUnknownBot) {
		t.Errorf("an unknown bot: %v", err)
	}
}

func TestSimulate(t *testing.T) {
	sim, err := game.Simulate([]byte(`{"players":4,"rounds":1,"seed":3}`), []string{"random", "random", "montecarlo:samples=1,depth=1", "random"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	moves := 0
	for p, seat := range sim.Seats {
		moves += seat.Moves
		if seat.Moves == 0 || seat.Automaton || seat.Bot == "" {
			t.Errorf("seat %d: %+v", p, seat)
		}
	}
	if !sim.Status.Over || sim.Status.Result.Winners.Len() == 0 || moves != sim.Moves || len(sim.State) == 0 {
		t.Errorf("the simulation ends %+v after %d moves (seats %d)", sim.Status, sim.Moves, moves)
	}
	again, _ := game.Simulate([]byte(`{"players":4,"rounds":1,"seed":3}`), []string{"random", "random", "montecarlo:samples=1,depth=1", "random"}, 1)
	if string(again.State) != string(sim.State) {
		t.Error("the same simulation ends in another state")
	}
	for _, bots := range [][]string{{"random"}, {"random", "random", "random", "random", "random"}, {"random", "random", "random", "nobot"}} {
		if _, err := game.Simulate([]byte(`{"players":4}`), bots, 1); err == nil {
			t.Errorf("Simulate with bots %v: no error", bots)
		}
	}
	if _, err := game.Simulate([]byte(`{"players":40}`), []string{"random"}, 1); code(err) != anygame.CodeBadOptions {
		t.Errorf("Simulate with bad options: %v", err)
	}
}

// TestISMCTSBeatsRandomBots plays a few games of every game, the ISMCTS
// bot at 100 iterations a move in one seat, moved round the table, and
// random bots in the others: it must win clearly more than its fair
// share. A broken search does not.
func TestISMCTSBeatsRandomBots(t *testing.T) {
	const games = 6
	for _, g := range catalog.Games() {
		t.Run(g.Info().Name, func(t *testing.T) {
			wins, players := 0.0, 0
			for i := range games {
				opts := fmt.Appendf(nil, `{"seed":%d}`, i/2+1)
				start, err := g.NewGame(opts)
				if err != nil {
					t.Fatal(err)
				}
				st, _ := g.Status(start.State)
				players = st.Players
				bots := slices.Repeat([]string{anygame.RandomBot}, players)
				seat := i % players
				bots[seat] = "ismcts:iterations=100"
				sim, err := g.Simulate(opts, bots, uint64(i))
				if err != nil {
					t.Fatal(err)
				}
				if w := sim.Status.Result.Winners; w.Has(cards.Player(seat)) {
					wins += 1 / float64(w.Len())
				}
			}
			fair := 1 / float64(players)
			t.Logf("won %.1f of %d games (fair share %.0f%%)", wins, games, 100*fair)
			if wins/games < (1+fair)/2 {
				t.Errorf("the ISMCTS bot won %.1f of %d games against random bots: no more than chance would give it", wins, games)
			}
		})
	}
}
