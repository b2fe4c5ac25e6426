package bot_test

import (
	"errors"
	"testing"

	"github.com/cardrules/games/bastards"
	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
)

type (
	randomBot = bot.Random[bastards.Move, bastards.View]
	mcBot     = bot.MonteCarlo[bastards.Options, bastards.State, bastards.Move, bastards.View]
)

func TestRandomChoosesAmongTheViewsMoves(t *testing.T) {
	s, err := bastards.NewGame(bastards.Options{Players: 4, Seed: 1, Jokers: 2})
	if err != nil {
		t.Fatal(err)
	}
	r := cards.NewRand(1)
	for range 50 {
		p := s.ToAct().First()
		v := bastards.ViewOf(s, p)
		m, err := randomBot{}.Choose(v, &r)
		if err != nil {
			t.Fatal(err)
		}
		if s, err = bastards.Apply(s, m); err != nil {
			t.Fatalf("the random bot's move %v is refused: %v", m, err)
		}
	}
}

func TestBotsRefuseWhenTheyHaveNoMove(t *testing.T) {
	s, _ := bastards.NewGame(bastards.Options{Players: 4, Seed: 1, Jokers: 2})
	idle := s.ToAct().First().Next(4)
	r := cards.NewRand(1)
	if _, err := (randomBot{}).Choose(bastards.ViewOf(s, idle), &r); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("random bot with no move: %v", err)
	}
	if _, err := (mcBot{Rules: bastards.Rules{}}).Choose(bastards.ViewOf(s, idle), &r); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("Monte Carlo bot with no move: %v", err)
	}
}

// TestMonteCarloBeatsRandom plays one-round games of Kings & Bastards, the
// Monte Carlo bot in one seat against three random bots: it must be King
// far more often than the one game in four that chance gives.
func TestMonteCarloBeatsRandom(t *testing.T) {
	const games = 16
	kings := 0
	for seed := range games {
		s, err := bastards.NewGame(bastards.Options{Players: 4, Rounds: 1, Seed: cards.Seed(seed), NoLog: true, Jokers: 2})
		if err != nil {
			t.Fatal(err)
		}
		r := cards.NewRand(uint64(seed))
		for !s.Over() {
			p := s.ToAct().First()
			var b bot.Bot[bastards.Move, bastards.View] = randomBot{}
			if p == 0 {
				b = mcBot{Rules: bastards.Rules{}}
			}
			m, err := b.Choose(bastards.ViewOf(s, p), &r)
			if err != nil {
				t.Fatal(err)
			}
			if s, err = bastards.Apply(s, m); err != nil {
				t.Fatal(err)
			}
		}
		if s.Kings(0) == 1 {
			kings++
		}
	}
	t.Logf("King in %d of %d games", kings, games)
	if kings < games/2 {
		t.Errorf("the Monte Carlo bot was King in %d of %d games against random bots", kings, games)
	}
}

func TestWorth(t *testing.T) {
	s, _ := bastards.NewGame(bastards.Options{Players: 4, Seed: 1, Jokers: 2})
	if w := bot.Worth(s, 0); w != 1 {
		t.Errorf("with every score equal, a player beats or ties everyone: worth %v, want 1", w)
	}
}

func TestPlay(t *testing.T) {
	s, _ := bastards.NewGame(bastards.Options{Players: 4, Rounds: 1, Seed: 2, Jokers: 2, NoLog: true})
	bots := []bot.Bot[bastards.Move, bastards.View]{randomBot{}, randomBot{}, randomBot{}, randomBot{}}
	r := cards.NewRand(1)
	end, seats, err := bot.Play(bastards.Rules{}, s, bots, &r, 10000)
	if err != nil || !end.Over() || len(seats) != 4 {
		t.Fatalf("Play: over %v, %d seats, %v", end.Over(), len(seats), err)
	}
	for p, seat := range seats {
		if seat.Moves == 0 || seat.Automaton {
			t.Errorf("seat %d: %+v", p, seat)
		}
	}
	if _, _, err := bot.Play(bastards.Rules{}, s, bots[:3], &r, 10); !errors.Is(err, cards.ErrBadInput) {
		t.Errorf("Play with three bots for four seats: %v", err)
	}
	if mid, _, _ := bot.Play(bastards.Rules{}, s, bots, &r, 10); mid.Over() {
		t.Error("Play went on past its limit of moves")
	}
}

// TestISMCTSPlaysTheLastRoundOfADecidedGame plays the third and last round
// of games of Kings & Bastards in which a player was King twice already:
// the game is theirs. The ISMCTS bot, in a seat that cannot win, still
// plays to be King of the round, which counts in the score: it is King
// more often than the one round in four that random play gives. (Without
// the score in its reward it was King of 1 round of these 12, with it 6.)
func TestISMCTSPlaysTheLastRoundOfADecidedGame(t *testing.T) {
	type ismcts = bot.ISMCTS[bastards.Options, bastards.State, bastards.Move, bastards.View]
	rounds, kings := 0, 0
	for seed := 0; rounds < 12; seed++ {
		s, _ := bastards.NewGame(bastards.Options{Players: 4, Rounds: 3, Seed: cards.Seed(seed), NoLog: true, Jokers: 2})
		r := cards.NewRand(uint64(seed))
		for s.Round() < 3 {
			s, _ = bastards.Apply(s, bastards.LegalMoves(s)[r.IntN(len(bastards.LegalMoves(s)))])
		}
		seat := cards.Player(-1)
		for p := range cards.Player(4) {
			if s.Kings(p) == 2 {
				seat = (p + 1) % 4
			}
		}
		if seat < 0 {
			continue
		}
		rounds++
		for !s.Over() {
			p := s.ToAct().First()
			var b bot.Bot[bastards.Move, bastards.View] = randomBot{}
			if p == seat {
				b = ismcts{Rules: bastards.Rules{}, Iterations: 100}
			}
			m, err := b.Choose(bastards.ViewOf(s, p), &r)
			if err != nil {
				t.Fatal(err)
			}
			s, _ = bastards.Apply(s, m)
		}
		if s.Kings(seat) == 1 {
			kings++
		}
	}
	t.Logf("King of %d last rounds of %d", kings, rounds)
	if kings < rounds/3 {
		t.Errorf("in a decided game, the ISMCTS bot was King of %d last rounds of %d, as if it had nothing to play for", kings, rounds)
	}
}

func TestNewBotsAreTheDefaultsOfTheirGame(t *testing.T) {
	rules := bastards.Rules{}
	if got, want := bot.NewRandom(rules), (randomBot{}); got != want {
		t.Errorf("NewRandom: %#v, want %#v", got, want)
	}
	if got := bot.NewMonteCarlo(rules); got != (mcBot{Rules: rules}) {
		t.Errorf("NewMonteCarlo: %#v, want the defaults", got)
	}
	if got := bot.NewISMCTS(rules); got.Rules != rules || got.Iterations != 0 || got.Time != 0 || got.Exploration != 0 || got.Rollout != nil || got.Depth != 0 {
		t.Errorf("NewISMCTS: %#v, want the defaults", got)
	}
	bots := bot.Bots(bot.NewISMCTS(rules), bot.NewMonteCarlo(rules), bot.NewRandom(rules))
	if len(bots) != 3 {
		t.Errorf("Bots lists %d bots, want 3", len(bots))
	}
}
