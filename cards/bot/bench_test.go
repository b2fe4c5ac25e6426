package bot_test

import (
	"testing"

	"github.com/cardrules/games/bastards"
	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
	"github.com/cardrules/games/cards/cardstest"
	"github.com/cardrules/games/crown"
	"github.com/cardrules/games/ninekingdoms"
	"github.com/cardrules/games/packs"
)

// benchChoose measures one move of the bot of kind k at its defaults, over
// views taken along a game of opts played at random, the log off. Beside
// the time, it reports the processor time a move, which the load of other
// programs does not inflate (cpu-ms/op).
func benchChoose[O any, S cards.State, M cards.Move, V cards.View[M]](b *testing.B, rules cards.Rules[O, S, M, V], opts O, k botKind) {
	states, _, err := cardstest.RandomGame(rules, opts, 1, 1_000_000)
	if err != nil {
		b.Fatal(err)
	}
	var views []V
	for i := 1; i < 10; i++ {
		s := states[i*len(states)/10]
		if v := rules.View(s, s.ToAct().First()); len(v.Base().Moves) > 1 {
			views = append(views, v)
		}
	}
	if len(views) == 0 {
		b.Fatal("no view with a choice")
	}
	bt := botOf(k, rules)
	r := cards.NewRand(1)
	b.ReportAllocs()
	cpu := processorTime()
	i := 0
	for b.Loop() {
		if _, err := bt.Choose(views[i%len(views)], &r); err != nil {
			b.Fatal(err)
		}
		i++
	}
	if spent := processorTime() - cpu; spent > 0 {
		b.ReportMetric(spent.Seconds()*1000/float64(i), "cpu-ms/op")
	}
}

// benchGames runs benchChoose for the bot of kind k over every game.
func benchGames(b *testing.B, k botKind) {
	b.Run("bastards/4", func(b *testing.B) {
		benchChoose(b, bastards.Rules{}, bastards.Options{Players: 4, Jokers: 2, Rounds: 5, NoLog: true, Seed: 1}, k)
	})
	b.Run("bastards/10", func(b *testing.B) {
		benchChoose(b, bastards.Rules{}, bastards.Options{Players: 10, Jokers: 2, Rounds: 2, NoLog: true, Seed: 1}, k)
	})
	b.Run("ninekingdoms/2", func(b *testing.B) {
		benchChoose(b, ninekingdoms.Rules{}, ninekingdoms.Options{Players: 2, NoLog: true, Seed: 1}, k)
	})
	b.Run("ninekingdoms/4-match", func(b *testing.B) {
		benchChoose(b, ninekingdoms.Rules{}, ninekingdoms.Options{Players: 4, Match: true, NoLog: true, Seed: 1}, k)
	})
	b.Run("crown", func(b *testing.B) {
		o := crown.DefaultOptions()
		o.NoLog, o.Seed = true, 1
		benchChoose(b, crown.Rules{}, o, k)
	})
	b.Run("packs/2", func(b *testing.B) {
		o := packs.DefaultOptions()
		o.NoLog, o.Seed = true, 1
		benchChoose(b, packs.Rules{}, o, k)
	})
	b.Run("packs/4", func(b *testing.B) {
		o := packs.DefaultOptions()
		o.Players, o.NoLog, o.Seed = 4, true, 1
		benchChoose(b, packs.Rules{}, o, k)
	})
	b.Run("packs/solo", func(b *testing.B) {
		o := packs.DefaultOptions()
		o.Solo, o.HeadStart, o.NoLog, o.Seed = true, 2, true, 1
		benchChoose(b, packs.Rules{}, o, k)
	})
}

// BenchmarkISMCTS measures a move of the ISMCTS bot at its default 1000
// iterations.
func BenchmarkISMCTS(b *testing.B) { benchGames(b, ismctsKind) }

// BenchmarkMonteCarlo measures a move of the Monte Carlo bot at its
// default samples and depth.
func BenchmarkMonteCarlo(b *testing.B) { benchGames(b, monteCarloKind) }

// A botKind names a search bot, to be built at its defaults for a game.
type botKind int

const (
	ismctsKind botKind = iota
	monteCarloKind
)

// botOf returns the bot of kind k, at its defaults, for rules.
func botOf[O any, S cards.State, M cards.Move, V cards.View[M]](k botKind, rules cards.Rules[O, S, M, V]) bot.Bot[M, V] {
	if k == monteCarloKind {
		return bot.MonteCarlo[O, S, M, V]{Rules: rules}
	}
	return bot.ISMCTS[O, S, M, V]{Rules: rules}
}
