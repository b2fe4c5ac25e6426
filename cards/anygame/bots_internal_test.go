package anygame

import (
	"testing"
	"time"

	"github.com/cardrules/games/bastards"
	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
	"github.com/cardrules/games/packs"
)

// watchedRules are the rules of Kings & Bastards that count the worlds a
// bot deals and the longest run of moves made in one world: the bot's
// move and its playout, or for ISMCTS its walk down the tree and its
// playout.
type watchedRules struct {
	bastards.Rules
	worlds  int
	run     int // moves made in the last world dealt
	longest int
}

func (w *watchedRules) Determinize(v bastards.View, seed uint64) (bastards.State, error) {
	w.worlds++
	w.run = 0
	return w.Rules.Determinize(v, seed)
}

func (w *watchedRules) Apply(s bastards.State, m bastards.Move) (bastards.State, error) {
	w.run++
	w.longest = max(w.longest, w.run)
	return w.Rules.Apply(s, m)
}

// longGameView returns a view, with a choice, of a game of Kings &
// Bastards that no playout of the test below ends.
func longGameView(t *testing.T) bastards.View {
	t.Helper()
	s, err := bastards.NewGame(bastards.Options{Players: 4, Jokers: 2, Rounds: 10000, Seed: 3, NoLog: true})
	if err != nil {
		t.Fatal(err)
	}
	r := cards.NewRand(1)
	for n := 0; ; n++ {
		if v := bastards.ViewOf(s, s.ToAct().First()); n >= 40 && len(v.Moves) > 1 {
			return v
		}
		moves := bastards.LegalMoves(s)
		s, _ = bastards.Apply(s, moves[r.IntN(len(moves))])
	}
}

// TestBotWorkIsWhatTheBotDoes plays a move with the bot of each spec and
// checks that it deals the worlds BotWorkOf tells, and plays playouts of
// the depth it tells; and that a spec's time is the bot's, which a search
// bounded by nothing else takes.
func TestBotWorkIsWhatTheBotDoes(t *testing.T) {
	v := longGameView(t)
	for _, spec := range []string{
		"random", "montecarlo", "montecarlo:samples=3,depth=7", "montecarlo:samples=2,depth=1000",
		"ismcts:strength=1", "ismcts:iterations=40,depth=6", "ismcts:strength=2,depth=30",
	} {
		work, err := BotWorkOf(spec)
		if err != nil {
			t.Fatal(err)
		}
		w := &watchedRules{}
		b, err := botFor(w, spec)
		if err != nil {
			t.Fatal(err)
		}
		r := cards.NewRand(1)
		if _, err := b.Choose(v, &r); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %+v: %d worlds, the longest of %d moves, for %d legal moves", spec, work, w.worlds, w.longest, len(v.Moves))
		switch {
		case work.Samples > 0:
			// Each world is the bot's move and a playout of Depth moves.
			if w.worlds != work.Samples*len(v.Moves) || w.longest != 1+work.Depth {
				t.Errorf("%s: %+v, but %d worlds for %d moves, the longest of %d moves", spec, work, w.worlds, len(v.Moves), w.longest)
			}
		case work.Iterations > 0:
			// Each world is a walk down the tree, no deeper than there
			// were iterations before it, and a playout of Depth to
			// 4*Depth moves.
			if w.worlds != work.Iterations || w.longest < work.Depth || w.longest > 4*work.Depth+work.Iterations {
				t.Errorf("%s: %+v, but %d worlds, the longest of %d moves", spec, work, w.worlds, w.longest)
			}
		default:
			if work != (BotWork{}) || w.worlds != 0 {
				t.Errorf("%s: %+v, and %d worlds", spec, work, w.worlds)
			}
		}
	}
	for _, spec := range []string{"montecarlo:time=20ms", "montecarlo:samples=5,time=1s", "ismcts:time=20ms", "ismcts:strength=4,time=2s"} {
		work, _ := BotWorkOf(spec)
		b, err := botFor(bastards.Rules{}, spec)
		if err != nil {
			t.Fatal(err)
		}
		switch b := b.(type) {
		case bot.MonteCarlo[bastards.Options, bastards.State, bastards.Move, bastards.View]:
			if b.Time != work.Time || b.Samples != work.Samples || b.Depth != work.Depth {
				t.Errorf("%s: %+v, but the bot has %d samples, depth %d and time %v", spec, work, b.Samples, b.Depth, b.Time)
			}
		case bot.ISMCTS[bastards.Options, bastards.State, bastards.Move, bastards.View]:
			if b.Time != work.Time || b.Iterations != work.Iterations || b.Depth != work.Depth {
				t.Errorf("%s: %+v, but the bot has %d iterations, depth %d and time %v", spec, work, b.Iterations, b.Depth, b.Time)
			}
		default:
			t.Errorf("%s: a bot of type %T", spec, b)
		}
		if work.Iterations == 0 && work.Samples == 0 {
			// Only the time bounds the search: it takes that time.
			r := cards.NewRand(1)
			start := time.Now()
			_, err := b.Choose(v, &r)
			took := time.Since(start)
			t.Logf("%s: chose in %v", spec, took)
			if err != nil || took < work.Time || took > work.Time+time.Second {
				t.Errorf("%s: chose in %v (%v), not in its time", spec, took, err)
			}
		}
	}
}

// TestExpertBotSettings: the expert bot is the ISMCTS bot with its own
// defaults of learn and automatonDepth, which its spec may change as
// the ISMCTS bot's; the ISMCTS bot neither learns nor shortens its
// playouts unless told.
func TestExpertBotSettings(t *testing.T) {
	type ismcts = bot.ISMCTS[packs.Options, packs.State, packs.Move, packs.View]
	for spec, want := range map[string]ismcts{
		"ismcts":                  {Iterations: 1000, Exploration: bot.DefaultExploration, Depth: bot.DefaultDepth},
		"ismcts:learn=0.25":       {Iterations: 1000, Exploration: bot.DefaultExploration, Depth: bot.DefaultDepth, Learn: 0.25},
		"ismcts:automatonDepth=4": {Iterations: 1000, Exploration: bot.DefaultExploration, Depth: bot.DefaultDepth, AutomatonDepth: 4},
		"expert": {Iterations: 1000, Exploration: bot.DefaultExploration, Depth: bot.DefaultDepth,
			Learn: ExpertLearn, AutomatonDepth: ExpertAutomatonDepth},
		"expert:strength=5,learn=1,automatonDepth=0,depth=9,exploration=2": {Iterations: 10000, Exploration: 2, Depth: 9, Learn: 1},
	} {
		b, err := botFor(packs.Rules{}, spec)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := b.(ismcts)
		settings := func(b ismcts) [6]float64 {
			return [6]float64{float64(b.Iterations), float64(b.Time), b.Exploration, float64(b.Depth), float64(b.AutomatonDepth), b.Learn}
		}
		if !ok || got.Rollout != nil || settings(got) != settings(want) {
			t.Errorf("%s: %+v, want %+v", spec, b, want)
		}
	}
}
