package ninekingdoms

import (
	"math"
	"slices"

	"github.com/cardrules/games/cards"
)

// stateJSON is a state as JSON: the whole game, secrets and random source
// included. Per-player fields are arrays indexed by player; "kingdoms"
// gives the holder of Kingdoms 1 to 9 (-1 for the centre); the deck is
// listed from the bottom card to the top one; "seen" is the part of the
// discard pile discarded in sight of all and "faceDown" each player's
// face-down discards.
type stateJSON struct {
	cards.Header
	Players  int
	Match    bool
	Game     int
	Totals   []int
	Round    int
	First    cards.Player
	Phase    string
	Turn     cards.Player
	Shown    []Card
	Stage    string
	Reactor  cards.Player
	Stashed  bool
	Reacted  bool
	Kingdoms []cards.Player
	Hands    []Counts
	Pairs    []Counts
	Tableaus []Counts
	Piles    []Counts
	FaceDown []Counts
	Seen     Counts
	Deck     []Card
	Rand     cards.Rand
}

// Fields lists the members of a state's JSON, in order.
func (j *stateJSON) Fields() []cards.Field {
	return append(j.Header.HeaderFields(),
		cards.Field{Name: "players", Ptr: &j.Players},
		cards.Field{Name: "match", Ptr: &j.Match},
		cards.Field{Name: "matchGame", Ptr: &j.Game},
		cards.Field{Name: "totals", Ptr: &j.Totals},
		cards.Field{Name: "round", Ptr: &j.Round},
		cards.Field{Name: "first", Ptr: &j.First},
		cards.Field{Name: "phase", Ptr: &j.Phase},
		cards.Field{Name: "turn", Ptr: &j.Turn},
		cards.Field{Name: "shown", Ptr: (*cardList)(&j.Shown)},
		cards.Field{Name: "stage", Ptr: &j.Stage},
		cards.Field{Name: "reactor", Ptr: &j.Reactor},
		cards.Field{Name: "stashed", Ptr: &j.Stashed},
		cards.Field{Name: "reacted", Ptr: &j.Reacted},
		cards.Field{Name: "kingdoms", Ptr: &j.Kingdoms},
		cards.Field{Name: "hands", Ptr: (*cards.List[Counts])(&j.Hands)},
		cards.Field{Name: "pairs", Ptr: (*cards.List[Counts])(&j.Pairs)},
		cards.Field{Name: "tableaus", Ptr: (*cards.List[Counts])(&j.Tableaus)},
		cards.Field{Name: "piles", Ptr: (*cards.List[Counts])(&j.Piles)},
		cards.Field{Name: "faceDown", Ptr: (*cards.List[Counts])(&j.FaceDown)},
		cards.Field{Name: "seen", Ptr: &j.Seen},
		cards.Field{Name: "deck", Ptr: (*cardList)(&j.Deck)},
		cards.Field{Name: "rand", Ptr: &j.Rand},
	)
}

// stateVersion is the version of the state's JSON encoding.
const stateVersion = 1

// MarshalJSON encodes the whole state, secrets included: a server keeps it
// and sends players views.
func (s State) AppendJSON(b []byte) ([]byte, error) {
	if s.n < MinPlayers || s.n > MaxPlayers {
		return b, cards.BadInput("the zero State is no game to encode")
	}
	n := s.np()
	j := stateJSON{
		Header:  cards.HeaderOf(gameName, stateVersion, s.log),
		Players: n, Match: s.match, Game: int(s.game) + 1, Totals: make([]int, n),
		Round: int(s.round), First: s.first, Phase: name(phaseNames[:], int(s.phase)), Turn: s.turn,
		Shown: []Card{}, Stage: name(stageNames[:], int(s.stage)), Reactor: s.reactor,
		Stashed: s.stashed, Reacted: s.reacted, Kingdoms: s.owner[1:],
		Hands: s.hand[:n], Pairs: s.pair[:n], Tableaus: s.tableau[:n], Piles: s.pile[:n], FaceDown: s.hidden[:n],
		Seen: s.seen, Deck: s.deck[:min(int(s.deckLen), DeckSize)], Rand: s.rng,
	}
	if s.phase == phaseTurn || s.phase == phaseReact {
		j.Shown = s.shown[:]
	}
	for p := range n {
		j.Totals[p] = int(s.totals[p])
	}
	return cards.AppendState(b, &j)
}

// MarshalJSON encodes the state as AppendJSON does.
func (s State) MarshalJSON() ([]byte, error) { return cards.Marshal(s) }

func name(names []string, i int) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return "?"
}

// UnmarshalJSON decodes a state and checks it: a state that breaks the
// rules is refused with an error wrapping cards.ErrBadInput.
func (s *State) UnmarshalJSON(b []byte) error {
	t, err := cards.DecodeState(b, gameName, stateVersion, stateJSON.state)
	if err != nil {
		return err
	}
	*s = t
	return nil
}

// state builds the state the JSON describes, checking its shape.
func (j stateJSON) state() (State, error) {
	n := j.Players
	if n < MinPlayers || n > MaxPlayers {
		return State{}, cards.BadInput("a game has %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	}
	for _, l := range [...]int{len(j.Totals), len(j.Hands), len(j.Pairs), len(j.Tableaus), len(j.Piles), len(j.FaceDown)} {
		if l != n {
			return State{}, cards.BadInput("totals, hands, pairs, tableaus, piles and faceDown hold one entry a player")
		}
	}
	ph, st := slices.Index(phaseNames[:], j.Phase), slices.Index(stageNames[:], j.Stage)
	switch {
	case ph < int(phaseChoose):
		return State{}, cards.BadInput("%q is not a phase (choose, turn, react, over)", j.Phase)
	case st < 0:
		return State{}, cards.BadInput("%q is not a stage (none, use, second)", j.Stage)
	case len(j.Kingdoms) != Values-1:
		return State{}, cards.BadInput("kingdoms names the holder of each of the nine kingdoms")
	case len(j.Deck) > DeckSize || !allValid(j.Deck) || !allValid(j.Shown):
		return State{}, cards.BadInput("the deck and the pair shown are arrays of at most %d cards", DeckSize)
	case j.Game < 1 || j.Game > 1<<16, j.Round < 0 || j.Round > 255:
		return State{}, cards.BadInput("game %d, round %d: out of range", j.Game, j.Round)
	case len(j.Shown) != 0 && len(j.Shown) != 2,
		len(j.Shown) == 0 && (ph == int(phaseTurn) || ph == int(phaseReact)):
		return State{}, cards.BadInput("shown is the pair revealed in a turn, and empty outside turns")
	}
	s := State{
		n: uint8(n), match: j.Match, phase: phase(ph), round: uint8(j.Round), game: uint16(j.Game - 1),
		first: j.First, turn: j.Turn, reactor: j.Reactor, stage: stage(st), stashed: j.Stashed, reacted: j.Reacted,
		deckLen: uint8(len(j.Deck)), seen: j.Seen, rng: j.Rand, log: j.Header.Log(),
	}
	copy(s.shown[:], j.Shown)
	copy(s.deck[:], j.Deck)
	for p, t := range j.Totals {
		if t < 0 || t > math.MaxInt32 {
			return State{}, cards.BadInput("a match total of %d is out of range", t)
		}
		s.totals[p] = int32(t)
	}
	copy(s.hand[:], j.Hands)
	copy(s.pair[:], j.Pairs)
	copy(s.tableau[:], j.Tableaus)
	copy(s.pile[:], j.Piles)
	copy(s.hidden[:], j.FaceDown)
	s.owner[0] = cards.Spectator
	copy(s.owner[1:], j.Kingdoms)
	return s, nil
}
