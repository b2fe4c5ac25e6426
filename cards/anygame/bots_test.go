package anygame_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/bot"
	"github.com/cardrules/games/cards/catalog"
)

// goodSpecs are bot specs of every shape.
var goodSpecs = []string{
	"random", "montecarlo", "ismcts", "montecarlo:samples=5,depth=10", "ismcts:strength=1",
	"ismcts:strength=5", "ismcts:iterations=200,exploration=1.5", "ismcts:time=50ms",
	"ismcts:strength=2,time=1s,depth=20", "montecarlo:time=250ms", "montecarlo:samples=8,depth=100000,time=2s",
	"ismcts:learn=0.5", "ismcts:automatonDepth=3", "expert", "expert:strength=4", "expert:learn=0,automatonDepth=0",
	"expert:iterations=300,depth=20,learn=1,exploration=1",
}

// badSpecs are bot specs that must be refused, with the codes of their
// errors.
var badSpecs = map[string]string{
	"nobot": anygame.CodeUnknownBot, "": anygame.CodeUnknownBot, "ISMCTS": anygame.CodeUnknownBot,
	"ismcts:strength=0": anygame.CodeBadInput, "ismcts:strength=6": anygame.CodeBadInput,
	"ismcts:strength=2,iterations=5": anygame.CodeBadInput, "random:depth=1": anygame.CodeBadInput,
	"ismcts:": anygame.CodeBadInput, "ismcts:iterations": anygame.CodeBadInput,
	"ismcts:iterations=1,iterations=2": anygame.CodeBadInput, "ismcts:time=5": anygame.CodeBadInput,
	"ismcts:iterations=1e3": anygame.CodeBadInput, "ismcts:exploration=NaN": anygame.CodeBadInput,
	"ismcts:iterations=1000000": anygame.CodeBadInput, "montecarlo:samples=-1": anygame.CodeBadInput,
	"ismcts:strength=3,": anygame.CodeBadInput, "montecarlo:time=5": anygame.CodeBadInput,
	"montecarlo:time=0s": anygame.CodeBadInput, "montecarlo:time=61s": anygame.CodeBadInput,
	"montecarlo:time=fast": anygame.CodeBadInput, "montecarlo:time=1s,time=2s": anygame.CodeBadInput,
	"montecarlo:strength=2": anygame.CodeBadInput, "random:time=1s": anygame.CodeBadInput,
	"ismcts:learn=1.5": anygame.CodeBadInput, "expert:learn=-0.1": anygame.CodeBadInput,
	"expert:automatonDepth=-1": anygame.CodeBadInput, "expert:strength=6": anygame.CodeBadInput,
	"montecarlo:learn=0.5": anygame.CodeBadInput, "Expert": anygame.CodeUnknownBot,
}

func TestBotSpecs(t *testing.T) {
	for _, spec := range goodSpecs {
		if err := anygame.CheckBot(spec); err != nil {
			t.Errorf("CheckBot(%q): %v", spec, err)
		}
	}
	for spec, want := range badSpecs {
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
		v, err := pos.View(pos.Status().ToAct.First())
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

func TestBotWorkOf(t *testing.T) {
	for spec, want := range map[string]anygame.BotWork{
		"random":                              {},
		"montecarlo":                          {Samples: bot.MonteCarloSamples, Depth: bot.MonteCarloDepth},
		"montecarlo:samples=8,depth=100000":   {Samples: 8, Depth: 100000},
		"montecarlo:time=250ms":               {Depth: bot.MonteCarloDepth, Time: 250 * time.Millisecond},
		"montecarlo:samples=50,time=2s":       {Samples: 50, Depth: bot.MonteCarloDepth, Time: 2 * time.Second},
		"ismcts":                              {Iterations: 1000, Depth: bot.DefaultDepth},
		"ismcts:strength=1":                   {Iterations: 50, Depth: bot.DefaultDepth},
		"ismcts:strength=5,depth=20":          {Iterations: 10000, Depth: 20},
		"ismcts:iterations=100000":            {Iterations: 100000, Depth: bot.DefaultDepth},
		"ismcts:iterations=200,exploration=2": {Iterations: 200, Depth: bot.DefaultDepth},
		"ismcts:time=50ms":                    {Depth: bot.DefaultDepth, Time: 50 * time.Millisecond},
		"ismcts:strength=2,time=1s,depth=30":  {Iterations: 200, Depth: 30, Time: time.Second},
		"ismcts:iterations=7,time=1m":         {Iterations: 7, Depth: bot.DefaultDepth, Time: time.Minute},
		"ismcts:automatonDepth=300":           {Iterations: 1000, Depth: 300},
		"expert":                              {Iterations: 1000, Depth: bot.DefaultDepth},
		"expert:strength=4,depth=2":           {Iterations: 3000, Depth: anygame.ExpertAutomatonDepth},
		"expert:depth=5,automatonDepth=1":     {Iterations: 1000, Depth: 5},
	} {
		got, err := anygame.BotWorkOf(spec)
		if err != nil || got != want {
			t.Errorf("BotWorkOf(%q) = %+v, %v; want %+v", spec, got, err, want)
		}
	}
}

// TestBotWorkOfRefusesBadSpecs checks that BotWorkOf takes the specs
// CheckBot takes and refuses those it refuses, with the same errors.
func TestBotWorkOfRefusesBadSpecs(t *testing.T) {
	for _, spec := range goodSpecs {
		if _, err := anygame.BotWorkOf(spec); err != nil {
			t.Errorf("BotWorkOf(%q): %v", spec, err)
		}
	}
	for spec, want := range badSpecs {
		work, err := anygame.BotWorkOf(spec)
		if got := code(err); got != want || err.Error() != anygame.CheckBot(spec).Error() {
			t.Errorf("BotWorkOf(%q) = %+v, %v (code %q); want code %q, as CheckBot's %v", spec, work, err, got, want, anygame.CheckBot(spec))
		}
	}
}
