package bastards

import (
	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// stateVersion is the version of the state's JSON encoding.
const stateVersion = 2

// stateJSON is the JSON form of a State: the whole game as it stands,
// hidden cards and random source included, and no history.
type stateJSON struct {
	cardjson.Header
	Players     int
	Decks       int
	Jokers      int
	Rounds      int
	Round       int
	Phase       Phase
	Dealer      cards.Player
	ToAct       cards.Player
	Hands       []cards.Set
	Plays       []TablePlay
	Pile        cards.Set
	Passed      cards.PlayerSet
	Out         []cards.Player
	King        cards.Player
	Bastard     cards.Player
	Kings       []int
	Bastards    []int
	KingGave    cards.Set
	BastardGave cards.Set
	Rand        cards.Rand

	fields [32]cardjson.Field // room for the list of fields
}

// Fields lists the members of a state's JSON, in order.
func (j *stateJSON) Fields() []cardjson.Field {
	return append(j.Header.AppendFields(j.fields[:0]),
		cardjson.Field{Name: "players", Ptr: &j.Players},
		cardjson.Field{Name: "decks", Ptr: &j.Decks},
		cardjson.Field{Name: "jokers", Ptr: &j.Jokers},
		cardjson.Field{Name: "rounds", Ptr: &j.Rounds},
		cardjson.Field{Name: "round", Ptr: &j.Round},
		cardjson.Field{Name: "phase", Ptr: &j.Phase},
		cardjson.Field{Name: "dealer", Ptr: &j.Dealer},
		cardjson.Field{Name: "toAct", Ptr: &j.ToAct},
		cardjson.Field{Name: "hands", Ptr: &j.Hands},
		cardjson.Field{Name: "plays", Ptr: (*cardjson.List[TablePlay])(&j.Plays)},
		cardjson.Field{Name: "pile", Ptr: &j.Pile},
		cardjson.Field{Name: "passed", Ptr: &j.Passed},
		cardjson.Field{Name: "out", Ptr: &j.Out},
		cardjson.Field{Name: "king", Ptr: &j.King},
		cardjson.Field{Name: "bastard", Ptr: &j.Bastard},
		cardjson.Field{Name: "kings", Ptr: &j.Kings},
		cardjson.Field{Name: "bastards", Ptr: &j.Bastards},
		cardjson.Field{Name: "kingGave", Ptr: &j.KingGave},
		cardjson.Field{Name: "bastardGave", Ptr: &j.BastardGave},
		cardjson.Field{Name: "rand", Ptr: &j.Rand},
	)
}

// AppendJSON appends the whole state's JSON to b. Send players views,
// never states.
func (s State) AppendJSON(b []byte) ([]byte, error) {
	return cardjson.StateOf(s.encoding()).AppendJSON(b)
}

// Fields lists the members of the state's JSON encoding, each with its
// value, as AppendJSON writes them: for encoders that work member by
// member (cardjson.Object). A State that is no game has none.
func (s State) Fields() []cardjson.Field { return cardjson.StateOf(s.encoding()).Fields() }

// encoding returns the state's JSON form.
func (s State) encoding() (*stateJSON, error) {
	n := max(0, min(s.Players(), MaxPlayers))
	j := &stateJSON{
		Header:  cardjson.HeaderOf(gameName, stateVersion, s.log),
		Players: s.Players(), Decks: int(s.cfg.decks), Jokers: int(s.cfg.jokers), Rounds: int(s.cfg.rounds),
		Round: int(s.round), Phase: s.phase, Dealer: s.dealer, ToAct: s.toAct,
		Hands: append([]cards.Set{}, s.hands[:n]...),
		Plays: s.tablePlays(), Pile: s.pile, Passed: s.passed,
		Out:  s.outOrder(),
		King: s.king, Bastard: s.bastard,
		Kings: make([]int, n), Bastards: make([]int, n),
		KingGave: s.kingGave, BastardGave: s.bastardGave,
		Rand: s.rng,
	}
	for i := range n {
		j.Kings[i], j.Bastards[i] = int(s.kings[i]), int(s.bastards[i])
	}
	return j, nil
}

// MarshalJSON encodes the state as AppendJSON does.
func (s State) MarshalJSON() ([]byte, error) { return cardjson.Marshal(s) }

// UnmarshalJSON decodes a state and checks it: a state that breaks
// the rules is an error wrapping cards.ErrBadInput.
func (s *State) UnmarshalJSON(b []byte) error {
	return cardjson.DecodeState(s, b, gameName, stateVersion, stateJSON.state)
}

// state builds a State from its JSON form, checking every size and range
// that the building needs; Check does the rest.
func (j stateJSON) state() (State, error) {
	n := j.Players
	switch {
	case n < MinPlayers || n > MaxPlayers:
		return State{}, cards.BadInput("%d players: the game is for %d to %d", n, MinPlayers, MaxPlayers)
	case len(j.Hands) != n || len(j.Kings) != n || len(j.Bastards) != n:
		return State{}, cards.BadInput("hands, kings and bastards list one entry per player")
	case len(j.Out) > n:
		return State{}, cards.BadInput("more players are out than sit at the table")
	case len(j.Plays) > maxPlays:
		return State{}, cards.BadInput("%d plays in a trick: a trick holds at most %d", len(j.Plays), maxPlays)
	case j.Decks < 1 || j.Decks > 2 || j.Jokers < 0 || j.Jokers > 2 || j.Rounds < 0 || j.Rounds > MaxRounds:
		return State{}, cards.BadInput("decks, jokers or rounds out of range")
	case j.Round < 1 || j.Round > MaxRounds:
		return State{}, cards.BadInput("round %d is out of range", j.Round)
	}
	s := State{
		cfg:   config{players: int8(n), decks: int8(j.Decks), jokers: int8(j.Jokers), rounds: int32(j.Rounds), noLog: j.NoLog},
		round: int32(j.Round), phase: j.Phase, dealer: j.Dealer, toAct: j.ToAct,
		pile: j.Pile, passed: j.Passed,
		king: j.King, bastard: j.Bastard,
		kingGave: j.KingGave, bastardGave: j.BastardGave,
		rng: j.Rand, log: j.Header.Log(),
	}
	copy(s.hands[:], j.Hands)
	for i, p := range j.Out {
		if !p.Valid(n) {
			return State{}, cards.BadInput("%s is not a player", p)
		}
		s.order[i] = p
		s.out = s.out.With(p)
	}
	s.nOut = int8(len(j.Out))
	for i := range n {
		k, b := j.Kings[i], j.Bastards[i]
		if k < 0 || b < 0 || k > MaxRounds || b > MaxRounds {
			return State{}, cards.BadInput("a count of rounds is out of range")
		}
		s.kings[i], s.bastards[i] = int32(k), int32(b)
	}
	for i, pl := range j.Plays {
		switch n := pl.Cards.Len(); {
		case n < 1 || n > 4:
			return State{}, cards.BadInput("a play of the trick is one to four cards, not %d", n)
		case !pl.By.Valid(int(s.cfg.players)):
			return State{}, cards.BadInput("a play of the trick was made by %s, who is not a player", pl.By)
		}
		s.plays[i] = newPlay(pl.Cards, pl.Rank, pl.By)
	}
	s.nPlays = int8(len(j.Plays))
	return s, nil
}
