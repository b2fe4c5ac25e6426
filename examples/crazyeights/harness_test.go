package crazyeights

import (
	"path/filepath"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
	"github.com/cardrules/games/cards/cardstest"
)

// harness describes the game to the property harness: games of 2 to 5
// players, any seed, the log on or off.
var harness = cardstest.Game[Options, State, Move, View]{
	Rules: Rules{},
	Options: rapid.Custom(func(t *rapid.T) Options {
		return Options{
			Players: rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players"),
			Seed:    cards.Seed(rapid.Uint64().Draw(t, "seed")),
			NoLog:   rapid.Bool().Draw(t, "noLog"),
		}
	}),
	Starts: shortStock,
	// Moves draws moves legal or not, which the harness offers where they
	// are not listed, to check that Apply refuses them.
	Moves: rapid.Custom(func(t *rapid.T) Move {
		return Move{
			Who:  cards.Player(rapid.IntRange(-1, MaxPlayers).Draw(t, "who")),
			Kind: Kind(rapid.IntRange(0, 4).Draw(t, "kind")),
			Card: cards.Card(rapid.IntRange(0, 53).Draw(t, "card")),
			Suit: Suit(rapid.IntRange(0, 5).Draw(t, "suit")),
		}
	}),
}

// shortStock draws games late in their play, which random play from a
// deal seldom reaches: the stock and the discard pile are nearly spent,
// the hands hold the rest of the deck, an eight may have named the suit
// to follow, and the player to act may hold nothing to play (with both
// empty, they must pass).
var shortStock = rapid.Custom(func(t *rapid.T) State {
	s := State{players: rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")}
	s.rng = cards.NewRand(rapid.Uint64().Draw(t, "seed"))
	s.top = cards.New(rapid.SampledFrom(cards.Standard().Cards()).Draw(t, "top").Rank(), cards.Suit(rapid.IntRange(0, 3).Draw(t, "top's suit")))
	s.suit = SuitOf(s.top)
	if s.top.Rank() == cards.Eight {
		s.suit = Suit(rapid.IntRange(1, 4).Draw(t, "suit named"))
	}
	rest := cards.Standard().Minus(cards.SetOf(s.top))
	for range rapid.IntRange(0, 2).Draw(t, "stock") {
		s.stock.Add(s.draw2(&rest))
	}
	for range rapid.IntRange(0, 2).Draw(t, "pile") {
		s.pile.Add(s.draw2(&rest))
	}
	for p := 0; !rest.Empty(); p = (p + 1) % s.players {
		s.hands[p].Add(s.draw2(&rest))
	}
	s.turn = cards.Player(rapid.IntRange(0, s.players-1).Draw(t, "turn"))
	if rapid.Bool().Draw(t, "nothing to play") {
		next := s.turn.Next(s.players)
		for c := range s.hands[s.turn].All() {
			if s.playable(c) && s.hands[s.turn].Len() > 1 {
				s.hands[s.turn].Remove(c)
				s.hands[next].Add(c)
			}
		}
	}
	if rapid.Bool().Draw(t, "noLog") {
		s.log = cards.Off()
	}
	return s
})

// draw2 takes a card at random from from.
func (s *State) draw2(from *cards.Set) cards.Card {
	c := s.rng.Pick(*from)
	from.Remove(c)
	return c
}

func TestHarness(t *testing.T) { cardstest.Run(t, harness) }

// TestSampling checks Determinize on small cases late in random games,
// and on one counted by hand: P1 sees every card but three, and P2 holds
// two of them, so the view allows three placements.
func TestSampling(t *testing.T) {
	s := situation(t, "P1: 5H | P2: 2C 3C | top: 9D | pile: * | stock: 4C")
	small := cardstest.SmallCase[View]{View: ViewOf(s, 0), Placements: 3}
	cardstest.CheckSampling(t, harness, cardstest.Sampling{}, small)
}

func TestBot(t *testing.T) {
	cardstest.CheckBot(t, harness, bot.ISMCTS[Options, State, Move, View]{Rules: Rules{}, Iterations: 32})
}

func TestGolden(t *testing.T) {
	for _, o := range []Options{{Players: 2, Seed: 1}, {Players: 5, Seed: 2}} {
		cardstest.Golden(t, Rules{}, o, filepath.Join("testdata", "players-"+string(rune('0'+o.Players))+".txt"))
	}
}

func FuzzState(f *testing.F)     { cardstest.FuzzState(f, harness) }
func FuzzMove(f *testing.F)      { cardstest.FuzzMove(f, harness) }
func FuzzApply(f *testing.F)     { cardstest.FuzzApply(f, harness) }
func FuzzEventData(f *testing.F) { cardstest.FuzzEventData[EventData](f, harness) }
