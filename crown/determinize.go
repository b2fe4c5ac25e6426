package crown

import (
	"math"
	"slices"

	"github.com/cardrules/games/cards"
)

// Determinize deals a full state consistent with view v: everything the
// viewer knows is kept — the courts, the discard piles in order, the card
// in play and the exchange over it, their own hand, and the opponent's
// hand while they choose a Bribe — and the cards they cannot see are dealt
// at random from seed to the hands they cannot see, in their sizes, and to
// the draw pile. The random source is seeded afresh from seed. As the
// contract of cards.Rules asks, the result's log is off: it is a world to
// search, not a game to show, so its views equal v but for the log.
func Determinize(v View, seed uint64) (State, error) {
	s, err := v.publicState()
	if err != nil {
		return State{}, err
	}
	s.rng = cards.NewRand(seed)
	s.log = cards.OffFrom(v.Events)
	unseen := cards.Set{deckBits}
	for p := range Players {
		unseen = unseen.Minus(s.courts[p]).Minus(s.piles[p].set())
	}
	var known [Players]bool
	if p := v.Viewer; p.Valid(Players) {
		s.hands[p], known[p] = v.Hand, true
		if !v.Revealed.Empty() {
			s.hands[other(p)], known[other(p)] = v.Revealed, true
		}
	}
	for p := range Players {
		if known[p] {
			if !unseen.Contains(s.hands[p]) || s.hands[p].Len() != v.HandSizes[p] {
				return State{}, cards.BadInput("%v's hand in the view does not fit the table", cards.Player(p))
			}
			unseen = unseen.Minus(s.hands[p])
		}
	}
	if total := unseen.Len(); total != v.DrawSize+unknownHands(v.HandSizes, known) {
		return State{}, cards.BadInput("the view's hands and draw pile hold %d unseen cards, not %d", v.DrawSize+unknownHands(v.HandSizes, known), total)
	}
	s.draw = unseen
	for p := range Players {
		if !known[p] {
			for range v.HandSizes[p] {
				s.hands[p].Add(s.pick())
			}
		}
	}
	if err := s.Check(); err != nil {
		return State{}, err
	}
	if err := v.agrees(&s); err != nil {
		return State{}, err
	}
	return s, nil
}

// agrees checks what the view tells beyond the state it was built into:
// the decrees it lists, whose answer it is, the hand it reveals and the
// outcome must be those of the state.
func (v *View) agrees(s *State) error {
	answering, revealed := cards.Spectator, cards.Set{}
	if s.phase == PhaseDecree {
		answering = s.answerer()
	}
	if s.phase == PhaseAbility && s.ability == AbilityBribe && v.Viewer == s.mover {
		revealed = s.hands[other(s.mover)]
	}
	switch {
	case !slices.Equal(s.decreeList(), v.Decrees):
		return cards.BadInput("the view's decrees do not lie on the discard piles")
	case answering != v.Answering:
		return cards.BadInput("the view names %v to answer, not %v", v.Answering, answering)
	case revealed != v.Revealed:
		return cards.BadInput("the view shows the opponent's hand when no Bribe of the viewer's waits")
	case s.Over() != v.Over || s.Winner() != v.Winner || s.WonWith() != v.WonWith || s.Drawn() != v.Drawn:
		return cards.BadInput("the view's outcome does not fit its phase")
	}
	return nil
}

// unknownHands returns the number of cards in the hands not known.
func unknownHands(sizes []int, known [Players]bool) int {
	n := 0
	for p, k := range known {
		if !k {
			n += sizes[p]
		}
	}
	return n
}

// publicState builds the part of the state every player sees from the
// view: the options, the turn, the courts and discard piles, the card in
// play and the outcome. It checks the view's shape and bounds.
func (v *View) publicState() (State, error) {
	switch {
	case v.Players != Players:
		return State{}, cards.BadInput("a view of a game of %d players, not %d", Players, v.Players)
	case v.Viewer != cards.Spectator && !v.Viewer.Valid(Players):
		return State{}, cards.BadInput("the viewer %v is no player of the game", v.Viewer)
	case len(v.HandSizes) != Players || len(v.Courts) != Players || len(v.Piles) != Players:
		return State{}, cards.BadInput("a view holds one hand size, court and discard pile a player")
	case v.Turn < 1 || int64(v.Turn) > math.MaxUint32 || v.MaxTurns < 0 || v.MaxTurns > MaxTurnsLimit:
		return State{}, cards.BadInput("turn %d of at most %d: out of range", v.Turn, v.MaxTurns)
	case !v.Mover.Valid(Players):
		return State{}, cards.BadInput("the mover %v is no player", v.Mover)
	case len(v.Decrees) > 12:
		return State{}, cards.BadInput("%d decrees: the deck has 12 Face cards", len(v.Decrees))
	case v.DrawSize < 0 || v.DrawSize > 52:
		return State{}, cards.BadInput("a draw pile of %d cards", v.DrawSize)
	}
	for p, n := range v.HandSizes {
		if n < 0 || n > 52 {
			return State{}, cards.BadInput("%v holds %d cards", cards.Player(p), n)
		}
	}
	cfg, err := Options{
		Players: Players, RoyalBloc: v.RoyalBloc, UnitedHouse: v.UnitedHouse,
		LineOfSuccession: v.LineOfSuccession, MaxTurns: v.MaxTurns,
	}.config()
	if err != nil {
		return State{}, cards.BadInput("%v", err)
	}
	s := State{
		cfg: cfg, phase: v.Phase, turn: uint32(v.Turn), mover: v.Mover, played: v.Played,
		decrees: uint8(len(v.Decrees)), ability: v.Pending, winner: v.Winner, won: v.WonWith,
	}
	if !v.Over {
		s.winner, s.won = cards.Spectator, 0
	}
	for p := range Players {
		s.courts[p] = v.Courts[p]
		if len(v.Piles[p]) > pileCap {
			return State{}, cards.BadInput("%v's discard pile holds %d cards", cards.Player(p), len(v.Piles[p]))
		}
		s.piles[p].n = uint8(copy(s.piles[p].cards[:], v.Piles[p]))
	}
	if !s.courts[0].Union(s.courts[1]).Valid() {
		return State{}, cards.BadInput("a court holds values that are not cards")
	}
	return s, nil
}
