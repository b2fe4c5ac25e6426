package ninekingdoms

import (
	"math"
	"strconv"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// stateJSON is a state as JSON: the whole game, secrets and random source
// included. Per-player fields are arrays indexed by player; "kingdoms"
// gives the holder of Kingdoms 1 to 9 (-1 for the centre); the deck is
// listed from the bottom card to the top one; "seen" is the part of the
// discard pile discarded in sight of all and "faceDown" each player's
// face-down discards.
type stateJSON struct {
	cardjson.Header
	Players  int
	Match    bool
	Game     int
	Totals   []int
	Round    int
	First    cards.Player
	Phase    Phase
	Turn     cards.Player
	Shown    []Card
	Stage    Stage
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

	// Room for what the slices and the list of fields hold, so that an
	// encoding allocates nothing but itself.
	s      State
	totals [MaxPlayers]int
	fields [32]cardjson.Field
}

// Fields lists the members of a state's JSON, in order.
func (j *stateJSON) Fields() []cardjson.Field {
	return append(j.Header.AppendFields(j.fields[:0]),
		cardjson.Field{Name: "players", Ptr: &j.Players},
		cardjson.Field{Name: "match", Ptr: &j.Match},
		cardjson.Field{Name: "matchGame", Ptr: &j.Game},
		cardjson.Field{Name: "totals", Ptr: &j.Totals},
		cardjson.Field{Name: "round", Ptr: &j.Round},
		cardjson.Field{Name: "first", Ptr: &j.First},
		cardjson.Field{Name: "phase", Ptr: &j.Phase},
		cardjson.Field{Name: "turn", Ptr: &j.Turn},
		cardjson.Field{Name: "shown", Ptr: (*cardList)(&j.Shown)},
		cardjson.Field{Name: "stage", Ptr: &j.Stage},
		cardjson.Field{Name: "reactor", Ptr: &j.Reactor},
		cardjson.Field{Name: "stashed", Ptr: &j.Stashed},
		cardjson.Field{Name: "reacted", Ptr: &j.Reacted},
		cardjson.Field{Name: "kingdoms", Ptr: &j.Kingdoms},
		cardjson.Field{Name: "hands", Ptr: (*cardjson.List[Counts])(&j.Hands)},
		cardjson.Field{Name: "pairs", Ptr: (*cardjson.List[Counts])(&j.Pairs)},
		cardjson.Field{Name: "tableaus", Ptr: (*cardjson.List[Counts])(&j.Tableaus)},
		cardjson.Field{Name: "piles", Ptr: (*cardjson.List[Counts])(&j.Piles)},
		cardjson.Field{Name: "faceDown", Ptr: (*cardjson.List[Counts])(&j.FaceDown)},
		cardjson.Field{Name: "seen", Ptr: &j.Seen},
		cardjson.Field{Name: "deck", Ptr: (*cardList)(&j.Deck)},
		cardjson.Field{Name: "rand", Ptr: &j.Rand},
	)
}

// stateVersion is the version of the state's JSON encoding.
const stateVersion = 1

// AppendJSON appends the whole state's JSON to b, secrets included: a
// server keeps it and sends players views.
func (s State) AppendJSON(b []byte) ([]byte, error) {
	return cardjson.StateOf(s.encoding()).AppendJSON(b)
}

// Fields lists the members of the state's JSON encoding, each with its
// value, as AppendJSON writes them: for encoders that work member by
// member (cardjson.Object). A State that is no game has none.
func (s State) Fields() []cardjson.Field { return cardjson.StateOf(s.encoding()).Fields() }

// encoding returns the state's JSON form.
func (s State) encoding() (*stateJSON, error) {
	if s.n < MinPlayers || s.n > MaxPlayers {
		return nil, cards.BadInput("the zero State is no game to encode")
	}
	n := s.np()
	j := &stateJSON{
		Header:  cardjson.HeaderOf(gameName, stateVersion, s.log),
		Players: n, Match: s.match, Game: int(s.game) + 1,
		Round: int(s.round), First: s.first, Phase: s.phase, Turn: s.turn,
		Shown: []Card{}, Stage: s.stage, Reactor: s.reactor,
		Stashed: s.stashed, Reacted: s.reacted, Seen: s.seen, Rand: s.rng,
		s: s,
	}
	c := &j.s // the slices are of this copy
	j.Totals, j.Kingdoms, j.Deck = j.totals[:n], c.owner[1:], c.deck[:min(int(s.deckLen), DeckSize)]
	j.Hands, j.Pairs, j.Tableaus, j.Piles, j.FaceDown = c.hand[:n], c.pair[:n], c.tableau[:n], c.pile[:n], c.hidden[:n]
	if s.phase == PhaseTurn || s.phase == PhaseReact {
		j.Shown = c.shown[:]
	}
	for p := range n {
		j.Totals[p] = int(s.totals[p])
	}
	return j, nil
}

// MarshalJSON encodes the state as AppendJSON does.
func (s State) MarshalJSON() ([]byte, error) { return cardjson.Marshal(s) }

// UnmarshalJSON decodes a state and checks it: a state that breaks the
// rules is refused with an error wrapping cards.ErrBadInput.
func (s *State) UnmarshalJSON(b []byte) error {
	return cardjson.DecodeState(s, b, gameName, stateVersion, stateJSON.state)
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
	switch {
	case j.Phase == 0:
		return State{}, cards.BadInput("a state names its phase")
	case len(j.Kingdoms) != Values-1:
		return State{}, cards.BadInput("kingdoms names the holder of each of the nine kingdoms")
	case len(j.Deck) > DeckSize || !allValid(j.Deck) || !allValid(j.Shown):
		return State{}, cards.BadInput("the deck and the pair shown are arrays of at most %d cards", DeckSize)
	case j.Game < 1 || j.Game > 1<<16, j.Round < 0 || j.Round > 255:
		return State{}, cards.BadInput("game %d, round %d: out of range", j.Game, j.Round)
	case len(j.Shown) != 0 && len(j.Shown) != 2,
		len(j.Shown) == 0 && (j.Phase == PhaseTurn || j.Phase == PhaseReact):
		return State{}, cards.BadInput("shown is the pair revealed in a turn, and empty outside turns")
	}
	s := State{
		n: uint8(n), match: j.Match, phase: j.Phase, round: uint8(j.Round), game: uint16(j.Game - 1),
		first: j.First, turn: j.Turn, reactor: j.Reactor, stage: j.Stage, stashed: j.Stashed, reacted: j.Reacted,
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

// AppendJSON appends the move's JSON to b: an object: {"player":0,"kind":"bribe",
// "target":1,"card":"5","text":"bribe P2: take 5"}, with the members its
// kind uses: a choice names its cards as "cards":["6","$"], a claim its
// kingdom as "kingdom":6, a Bribe, Siege or Flank its "target" and "card",
// a stash or counter its "card". The text is for people; decoding skips
// it.
func (m Move) AppendJSON(b []byte) ([]byte, error) {
	b = strconv.AppendInt(append(b, `{"player":`...), int64(m.Who), 10)
	b = append(b, `,"kind":"`...)
	kind := len(b)
	b, err := m.Kind.AppendText(b)
	if err != nil {
		return b, err
	}
	if b, err = cardjson.EndString(b, kind); err != nil {
		return b, err
	}
	if m.Kind.targeted() || m.Target != 0 {
		b = strconv.AppendInt(append(b, `,"target":`...), int64(m.Target), 10)
	}
	switch {
	case m.Kind == KindChoose:
		b, err = appendCards(append(b, `,"cards":`...), []Card{m.Card, m.Second})
	case m.Kind == KindClaim:
		b = strconv.AppendInt(append(b, `,"kingdom":`...), int64(m.Card), 10)
	case m.Kind.carded() || m.Card != 0:
		b, err = appendCard(append(b, `,"card":`...), m.Card)
	}
	if err != nil {
		return b, err
	}
	if m.Kind != KindChoose && m.Second != 0 {
		if b, err = appendCard(append(b, `,"second":`...), m.Second); err != nil {
			return b, err
		}
	}
	return cardjson.EndWithText(b, m.appendText)
}

// MarshalJSON encodes the move as AppendJSON does.
func (m Move) MarshalJSON() ([]byte, error) { return cardjson.Marshal(m) }

// The members of a move's JSON, as bits of what DecodeFields reports.
const (
	hasPlayer = 1 << iota
	hasKind
	hasTarget
	hasKingdom
	hasCard
	hasCards
	hasSecond
)

// UnmarshalJSON decodes what AppendJSON appends. It checks the form
// of the move, not whether it is legal: Apply does that.
func (m *Move) UnmarshalJSON(b []byte) error {
	var v Move
	var kingdom int
	var pair []Card
	has, err := cardjson.DecodeFields(b, "a Nine Kingdoms move", []cardjson.Field{
		{Name: "player", Ptr: &v.Who}, {Name: "kind", Ptr: &v.Kind}, {Name: "target", Ptr: &v.Target},
		{Name: "kingdom", Ptr: &kingdom}, {Name: "card", Ptr: &v.Card}, {Name: "cards", Ptr: (*cardList)(&pair)},
		{Name: "second", Ptr: &v.Second}, {Name: "text", Ptr: new(cardjson.Skip)},
	})
	switch {
	case err != nil:
		return err
	case has&hasPlayer == 0 || v.Kind == 0:
		return cards.BadInput("a move names its player and its kind")
	case v.Kind == KindChoose:
		if len(pair) != 2 || !allValid(pair) || has&(hasCard|hasKingdom|hasSecond) != 0 {
			return cards.BadInput("a choice names exactly two cards, as \"cards\"")
		}
		v.Card, v.Second = pair[0], pair[1]
	case v.Kind == KindClaim:
		if has&hasKingdom == 0 || kingdom < 0 || kingdom > 255 || has&(hasCard|hasCards) != 0 {
			return cards.BadInput("a claim names a kingdom from 1 to 9, as \"kingdom\"")
		}
		v.Card = Card(kingdom)
	case has&(hasKingdom|hasCards) != 0:
		return cards.BadInput("a %v move names no kingdom and no pair of cards", v.Kind)
	}
	*m = v
	return nil
}
