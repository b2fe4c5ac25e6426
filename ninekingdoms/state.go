package ninekingdoms

import "github.com/cardrules/games/cards"

// State is a game (or a match) in progress. It is a small value: copying
// it copies the game, and Apply returns a new state without changing the
// one it was given. The zero State is no game; make one with NewGame or
// decode one from JSON.
//
// A state holds every card where it is: the deck (in order), the players'
// hands, the pairs they have chosen, their tableaus and scoring piles, and
// the discard pile. The discard pile is kept as the cards discarded in
// sight of all and, for each player, the cards they discarded face down,
// since the deck was last made from it, so that views tell each player
// what they know of it.
type State struct {
	n       uint8
	match   bool
	phase   Phase
	round   uint8
	game    uint16 // games finished in the match
	first   cards.Player
	turn    cards.Player
	reactor cards.Player // the Kingdom 7 holder deciding, or Spectator
	stage   Stage        // what is left of the turn's combination
	shown   [2]Card      // the pair revealed this turn, in order
	stashed bool         // Kingdom 8 has been used this turn
	reacted bool         // the Kingdom 7 reaction of this attack is spent
	deckLen uint8
	deck    [DeckSize]Card // deck[:deckLen]; the top card is the last
	hand    [MaxPlayers]Counts
	pair    [MaxPlayers]Counts // chosen pairs; a revealed Bribe's $ waits here
	tableau [MaxPlayers]Counts
	pile    [MaxPlayers]Counts // scoring piles
	hidden  [MaxPlayers]Counts // each player's face-down discards
	seen    Counts             // cards discarded in sight of all
	owner   [Values]cards.Player
	totals  [MaxPlayers]int32 // match totals of the finished games
	rng     cards.Rand
	log     cards.Log
}

// A Phase is what the game waits for.
type Phase uint8

// The phases. The zero Phase is no phase: the zero State is no game.
const (
	// PhaseChoose: every player who has not chosen chooses the two cards
	// they play this round, all at once.
	PhaseChoose Phase = iota + 1
	// PhaseTurn: the turn player acts — claims, uses their combination,
	// uses Kingdom 8, ends their turn.
	PhaseTurn
	// PhaseReact: the Kingdom 7 holder answers the attack that hit them.
	PhaseReact
	// PhaseOver: the game (or the match) has ended.
	PhaseOver
	numPhases
)

var phaseNames = cards.Enum[Phase]{"", "choose", "turn", "react", "over"}

// String returns the phase's name: "choose", "turn", "react" or "over".
func (ph Phase) String() string { return phaseNames.Name(ph) }

// MarshalText encodes the phase by its name, and the zero Phase as "".
func (ph Phase) MarshalText() ([]byte, error) { return phaseNames.MarshalText(ph, "a phase") }

// AppendText appends the phase's name to b, as MarshalText encodes it.
func (ph Phase) AppendText(b []byte) ([]byte, error) { return phaseNames.AppendText(b, ph, "a phase") }

// UnmarshalText decodes a phase from its name.
func (ph *Phase) UnmarshalText(b []byte) error { return phaseNames.UnmarshalText(b, ph, "a phase") }

// A Stage is what is left of the combination of the pair revealed this
// turn.
type Stage uint8

// The stages. The zero Stage, StageNone, is a stage like the others:
// nothing is left to decide.
const (
	// StageNone: nothing is left of the combination (or there is none).
	StageNone Stage = iota
	// StageUse: the Bribe, Siege or Flank may be used or declined.
	StageUse
	// StageSecond: a second Flank discard (Kingdom 3) may be made or
	// declined.
	StageSecond
	numStages
)

var stageNames = cards.Enum[Stage]{"none", "use", "second"}

// String returns the stage's name: "none", "use" or "second".
func (st Stage) String() string { return stageNames.Name(st) }

// MarshalText encodes the stage by its name.
func (st Stage) MarshalText() ([]byte, error) { return stageNames.MarshalText(st, "a stage") }

// AppendText appends the stage's name to b, as MarshalText encodes it.
func (st Stage) AppendText(b []byte) ([]byte, error) { return stageNames.AppendText(b, st, "a stage") }

// UnmarshalText decodes a stage from its name.
func (st *Stage) UnmarshalText(b []byte) error { return stageNames.UnmarshalText(b, st, "a stage") }

// Players returns the number of players.
func (s State) Players() int { return int(s.n) }

// Log returns the events the state holds and the number its game has
// produced.
func (s State) Log() cards.Log { return s.log }

// Phase returns what the game waits for.
func (s State) Phase() Phase { return s.phase }

// Stage returns what is left of the combination of the pair revealed this
// turn.
func (s State) Stage() Stage { return s.stage }

// Match reports whether the state is a match rather than a single game.
func (s State) Match() bool { return s.match }

// Round returns the round being played, 1 to 6.
func (s State) Round() int { return int(s.round) }

// Game returns the number of the game being played in a match, from 1.
func (s State) Game() int { return int(s.game) + 1 }

// FirstPlayer returns the first player of the round.
func (s State) FirstPlayer() cards.Player { return s.first }

// Owner returns the holder of Kingdom k, or Spectator if it lies in the
// centre (or k is not a kingdom).
func (s State) Owner(k int) cards.Player {
	if k < 1 || k >= Values {
		return cards.Spectator
	}
	return s.owner[k]
}

// Tableau returns player p's tableau.
func (s State) Tableau(p cards.Player) Counts {
	if !s.valid(p) {
		return Counts{}
	}
	return s.tableau[p]
}

// Over reports whether the game — or, in a match, the match — has ended.
func (s State) Over() bool { return s.phase == PhaseOver }

// ToAct returns the players who must move now: in the choice of a round,
// every player who has not chosen yet; in a turn, the turn player, or the
// Kingdom 7 holder deciding their answer to an attack.
func (s State) ToAct() cards.PlayerSet {
	switch s.phase {
	case PhaseChoose:
		var ps cards.PlayerSet
		for p := range cards.Player(s.np()) {
			if s.pair[p].Len() == 0 {
				ps = ps.With(p)
			}
		}
		return ps
	case PhaseTurn:
		return cards.PlayersOf(s.turn)
	case PhaseReact:
		return cards.PlayersOf(s.reactor)
	}
	return 0
}

// np returns the number of players, within the bounds of the arrays.
func (s *State) np() int { return int(min(s.n, MaxPlayers)) }

// valid reports whether p is a player of the game.
func (s *State) valid(p cards.Player) bool {
	return p >= 0 && int(p) < s.np()
}

// Points returns player p's points in the game being played: each kingdom
// they hold scores its number, each card of their scoring pile 1 (2 with
// Kingdom 2).
func (s State) Points(p cards.Player) int {
	if !s.valid(p) {
		return 0
	}
	pts := 0
	for k := 1; k < Values; k++ {
		if s.owner[k] == p {
			pts += k
		}
	}
	per := 1
	if s.owner[2] == p {
		per = 2
	}
	return pts + per*s.pile[p].Len()
}

// Result returns the scores and, once over, the winners. The scores are
// the players' points in the game, or in a match the totals of the games
// finished. The winners are the players with the most (several share a
// tie).
func (s State) Result() cards.Result {
	scores := make([]int, s.np())
	for p := range cards.Player(s.np()) {
		if s.match {
			scores[p] = int(s.totals[p])
		} else {
			scores[p] = s.Points(p)
		}
	}
	r := cards.Result{Scores: scores}
	if s.phase == PhaseOver {
		r.Winners = leaders(scores)
	}
	return r
}

// leaders returns the players with the highest score.
func leaders(scores []int) cards.PlayerSet {
	var best int
	var ps cards.PlayerSet
	for i, sc := range scores {
		switch p := cards.Player(i); {
		case ps == 0 || sc > best:
			best, ps = sc, cards.PlayersOf(p)
		case sc == best:
			ps = ps.With(p)
		}
	}
	return ps
}

// revealed reports whether p's pair has been revealed this round.
func (s *State) revealed(p cards.Player) bool {
	if s.phase != PhaseTurn && s.phase != PhaseReact {
		return s.phase == PhaseOver
	}
	return s.seat(p) <= s.seat(s.turn)
}

// seat returns p's place in the round's turn order: 0 for the first player.
func (s *State) seat(p cards.Player) int {
	n := int(max(s.n, 1))
	return ((int(p)-int(s.first))%n + n) % n
}
