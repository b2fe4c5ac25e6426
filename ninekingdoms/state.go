package ninekingdoms

import (
	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

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
//
// Its JSON is the whole game, secrets and random source included: its
// tagged fields. Per-player members are arrays indexed by player;
// "kingdoms" gives the holder of Kingdoms 1 to 9 (-1 for the centre); the
// deck is listed from the bottom card to the top one; "seen" is the part
// of the discard pile discarded in sight of all and "faceDown" each
// player's face-down discards.
//
//cards:json state gameName stateVersion
type State struct {
	n       uint8             `cards:"players"`
	match   bool              `cards:"match"`
	game    uint16            `cards:"matchGame"`    // the game of the match being played, from 1
	totals  [MaxPlayers]int32 `cards:"totals,seats"` // match totals of the finished games
	round   uint8             `cards:"round"`
	first   cards.Player      `cards:"first"`
	phase   Phase             `cards:"phase"`
	turn    cards.Player      `cards:"turn"`
	shown   revealed          `cards:"shown"`    // the pair revealed this turn, in order
	stage   Stage             `cards:"stage"`    // what is left of the turn's combination
	reactor cards.Player      `cards:"reactor"`  // the Kingdom 7 holder deciding, or Spectator
	stashed bool              `cards:"stashed"`  // Kingdom 8 has been used this turn
	reacted bool              `cards:"reacted"`  // the Kingdom 7 reaction of this attack is spent
	owner   holders           `cards:"kingdoms"` // the holder of each kingdom, Spectator for the centre

	hand    [MaxPlayers]Counts `cards:"hands,seats"`
	pair    [MaxPlayers]Counts `cards:"pairs,seats"` // chosen pairs; a revealed Bribe's $ waits here
	tableau [MaxPlayers]Counts `cards:"tableaus,seats"`
	pile    [MaxPlayers]Counts `cards:"piles,seats"`    // scoring piles
	hidden  [MaxPlayers]Counts `cards:"faceDown,seats"` // each player's face-down discards
	seen    Counts             `cards:"seen"`           // cards discarded in sight of all
	deckLen uint8
	deck    [DeckSize]Card `cards:"deck,len=deckLen"` // deck[:deckLen]; the top card is the last

	rng cards.Rand `cards:"rand"`
	log cards.Log
}

// A revealed is the pair revealed in a turn, in order; zero outside
// turns. In JSON it is an array of the two cards, and empty outside
// turns.
//
//cards:ts Card[]
type revealed [2]Card

// AppendJSON appends the pair's JSON to b: [] when no pair is revealed.
func (r revealed) AppendJSON(b []byte) ([]byte, error) {
	if r == (revealed{}) {
		return append(b, '[', ']'), nil
	}
	return appendCards(b, r[:])
}

// UnmarshalJSON decodes what AppendJSON appends.
func (r *revealed) UnmarshalJSON(b []byte) error {
	var cs []Card
	if err := cardjson.DecodeValue(b, (*cardjson.List[Card])(&cs)); err != nil {
		return err
	}
	switch len(cs) {
	case 0:
		*r = revealed{}
	case 2:
		*r = revealed{cs[0], cs[1]}
	default:
		return cards.BadInput("shown is the pair revealed in a turn, two cards, or empty outside turns")
	}
	return nil
}

// A holders is the holder of each kingdom, indexed by its value (Spectator
// for the centre); there is no Kingdom 0. In JSON it is the array of the
// holders of Kingdoms 1 to 9, -1 for the centre.
//
//cards:ts Player[]
type holders [Values]cards.Player

// AppendJSON appends the holders of Kingdoms 1 to 9 to b.
func (h holders) AppendJSON(b []byte) ([]byte, error) {
	return cardjson.AppendList(b, h[1:])
}

// UnmarshalJSON decodes what AppendJSON appends.
func (h *holders) UnmarshalJSON(b []byte) error {
	var ps []cards.Player
	if err := cardjson.DecodeValue(b, &ps); err != nil {
		return err
	}
	if len(ps) != Values-1 {
		return cards.BadInput("kingdoms names the holder of each of the nine kingdoms")
	}
	h[0] = cards.Spectator
	copy(h[1:], ps)
	return nil
}

// A Phase is what the game waits for.
//
//cards:json enum "a phase"
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

// String returns the phase's name: "choose", "turn", "react" or "over".
func (ph Phase) String() string { return phaseCodes.Name(ph) }

// A Stage is what is left of the combination of the pair revealed this
// turn.
//
//cards:json enum "a stage"
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

// String returns the stage's name: "none", "use" or "second".
func (st Stage) String() string { return stageCodes.Name(st) }

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
func (s State) Game() int { return int(s.game) }

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
