package bastards

import "github.com/cardrules/games/cards"

// A Phase is the stage of a round.
type Phase uint8

// The phases. Each round after the first opens with the exchange; the game
// ends in PhaseOver once the round limit is reached. The zero Phase is no
// phase: the zero State, which is no game.
const (
	_ Phase = iota
	// PhaseExchange: the King chooses two cards for the Bastard.
	PhaseExchange
	// PhasePlay: tricks are played.
	PhasePlay
	// PhaseOver: the game has ended.
	PhaseOver
	numPhases
)

var phaseNames = cards.Enum[Phase]{"", "exchange", "play", "over"}

// String returns the phase's name: "exchange", "play" or "over".
func (ph Phase) String() string { return phaseNames.Name(ph) }

// MarshalText encodes the phase by its name, and the zero Phase as "".
func (ph Phase) MarshalText() ([]byte, error) { return phaseNames.MarshalText(ph, "a phase") }

// UnmarshalText decodes a phase from its name.
func (ph *Phase) UnmarshalText(b []byte) error { return phaseNames.UnmarshalText(b, ph, "a phase") }

// State is a game of Kings & Bastards: a small value of bitsets and fixed
// arrays, copied by assignment. Apply returns new states and never changes
// one. Its JSON holds the whole game, hidden cards and random source
// included.
type State struct {
	cfg    config
	round  int32 // the current round, from 1
	phase  Phase
	dealer cards.Player // who dealt this round
	toAct  cards.Player // who must move; Spectator once over

	hands [MaxPlayers]cards.Set
	trick cards.Set // every card played to the current trick
	top   play      // the play to beat; empty when a trick is to be led
	pile  cards.Set // cards of the tricks won this round

	passed cards.PlayerSet // players who passed since the last play
	out    cards.PlayerSet // players who have gone out this round
	order  [MaxPlayers]cards.Player
	nOut   int8 // how many of order are set

	king, bastard cards.Player // of the last finished round, or Spectator
	kings         [MaxPlayers]int32
	bastards      [MaxPlayers]int32

	kingGave    cards.Set // the King's two cards in this round's exchange
	bastardGave cards.Set // the Bastard's two cards in this round's exchange

	rng cards.Rand
	log cards.Log
}

// A play is cards on the table: what they are, their rank (a lone joker's
// declared rank) and who played them.
type play struct {
	cards cards.Set
	rank  cards.Rank
	by    cards.Player
}

// Players returns the number of players.
func (s State) Players() int { return int(s.cfg.players) }

// Log returns the events the state holds and the number its game has
// produced.
func (s State) Log() cards.Log { return s.log }

// ToAct returns the player who must move, or none once the game is over.
func (s State) ToAct() cards.PlayerSet {
	if s.phase == PhaseOver {
		return 0
	}
	return cards.PlayersOf(s.toAct)
}

// Over reports whether the round limit has been reached.
func (s State) Over() bool { return s.phase == PhaseOver }

// Result returns the rounds each player was King as the scores and, once
// the game is over, the players with the most (several share a tie).
func (s State) Result() cards.Result {
	r := cards.Result{Scores: make([]int, s.Players())}
	best := int32(-1)
	for i := range r.Scores {
		r.Scores[i] = int(s.kings[i])
		best = max(best, s.kings[i])
	}
	if s.phase == PhaseOver {
		for i := range r.Scores {
			if s.kings[i] == best {
				r.Winners = r.Winners.With(cards.Player(i))
			}
		}
	}
	return r
}

// Round returns the number of the current round, from 1.
func (s State) Round() int { return int(s.round) }

// Phase returns the stage of the round.
func (s State) Phase() Phase { return s.phase }

// Hand returns player p's cards.
func (s State) Hand(p cards.Player) cards.Set {
	if !p.Valid(s.Players()) {
		return cards.Set{}
	}
	return s.hands[p]
}

// Kings returns how many rounds player p was King.
func (s State) Kings(p cards.Player) int {
	if !p.Valid(s.Players()) {
		return 0
	}
	return int(s.kings[p])
}

// Bastards returns how many rounds player p was Bastard.
func (s State) Bastards(p cards.Player) int {
	if !p.Valid(s.Players()) {
		return 0
	}
	return int(s.bastards[p])
}

// in returns the players who still hold cards in this round.
func (s State) in() cards.PlayerSet {
	return cards.AllPlayers(s.Players()) &^ s.out
}

// nextIn returns the first player to the left of p who is still in the
// round, or p itself if nobody else is.
func (s State) nextIn(p cards.Player) cards.Player {
	n := s.Players()
	q := p
	for range n {
		q = q.Next(n)
		if !s.out.Has(q) {
			return q
		}
	}
	return p
}

// leading reports whether the player to act leads a trick.
func (s State) leading() bool { return s.top.cards.Empty() }

// opening reports whether the round's first play is still to be made: it
// must include 3♣.
func (s State) opening() bool { return s.trick.Empty() && s.pile.Empty() }

// holder returns the player holding card c, or Spectator.
func (s State) holder(c cards.Card) cards.Player {
	for p := range s.Players() {
		if s.hands[p].Has(c) {
			return cards.Player(p)
		}
	}
	return cards.Spectator
}
