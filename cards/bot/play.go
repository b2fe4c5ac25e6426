package bot

import (
	"fmt"
	"time"

	"github.com/cardrules/games/cards"
)

// A Seat tells what one seat's bot did in a game played by Play.
type Seat struct {
	// Moves is the number of moves the bot chose.
	Moves int
	// Time is the time the bot took to choose them.
	Time time.Duration
	// Automaton reports a seat the game plays itself (the automaton of
	// a solo game): its bot is never asked.
	Automaton bool
}

// Bots returns its arguments as the list of bots Play takes, seat by seat,
// its type arguments taken from the bots':
// bot.Bots(bot.NewISMCTS(crown.Rules{}), bot.NewRandom(crown.Rules{})).
func Bots[M cards.Move, V cards.View[M]](bots ...Bot[M, V]) []Bot[M, V] { return bots }

// A Turn is one move of a game PlayEach plays: who moved, from what view,
// the move, the states before and after it, and the bot's time.
type Turn[S cards.State, M cards.Move, V cards.View[M]] struct {
	// Player is the player who moved.
	Player cards.Player
	// View is the mover's view, from which the bot chose: its moves are
	// the choices the mover had.
	View V
	// Move is the move the bot chose.
	Move M
	// Before and After are the states before and after the move.
	Before, After S
	// Time is the time the bot took to choose.
	Time time.Duration
}

// Play plays on from s with bots[p] in seat p until the game is over or
// maxMoves moves have been made, and returns the state reached and what
// each seat did. Each bot is given its seat's view when it must act; when
// several players must act at once, they are asked in seat order, and none
// sees the others' choices. The bots draw their randomness from r, so
// that the same r plays the same game with bots that are deterministic.
//
// A state may tell that the game plays a seat itself with a method
// IsAutomaton(cards.Player) bool (Packs Kingdoms' solo automaton does).
func Play[O any, S cards.State, M cards.Move, V cards.View[M]](rules cards.Rules[O, S, M, V], s S, bots []Bot[M, V], r *cards.Rand, maxMoves int) (S, []Seat, error) {
	return PlayEach(rules, s, bots, r, maxMoves, nil)
}

// PlayEach plays as Play does, and calls each, unless it is nil, after
// every move with the move's Turn; an error from each stops the game and
// is returned.
func PlayEach[O any, S cards.State, M cards.Move, V cards.View[M]](rules cards.Rules[O, S, M, V], s S, bots []Bot[M, V], r *cards.Rand, maxMoves int, each func(Turn[S, M, V]) error) (S, []Seat, error) {
	n := s.Players()
	if len(bots) != n {
		return s, nil, fmt.Errorf("%w: %d bots for %d seats", cards.ErrBadInput, len(bots), n)
	}
	seats := make([]Seat, n)
	if a, ok := any(s).(interface{ IsAutomaton(cards.Player) bool }); ok {
		for p := range seats {
			seats[p].Automaton = a.IsAutomaton(cards.Player(p))
		}
	}
	for range maxMoves {
		if s.Over() {
			break
		}
		p := s.ToAct().First()
		if !p.Valid(n) || bots[p] == nil {
			return s, seats, fmt.Errorf("%w: no bot for %v, who must act", cards.ErrBadInput, p)
		}
		v := rules.View(s, p)
		start := time.Now()
		m, err := bots[p].Choose(v, r)
		took := time.Since(start)
		seats[p].Time += took
		seats[p].Moves++
		if err != nil {
			return s, seats, fmt.Errorf("%v's bot: %w", p, err)
		}
		next, err := rules.Apply(s, m)
		if err != nil {
			return s, seats, fmt.Errorf("%v's bot chose %q: %w", p, m, err)
		}
		if each != nil {
			if err := each(Turn[S, M, V]{Player: p, View: v, Move: m, Before: s, After: next, Time: took}); err != nil {
				return next, seats, err
			}
		}
		s = next
	}
	return s, seats, nil
}
