package ninekingdoms

import (
	"github.com/cardrules/games/cards"
)

// Determinize deals a full state consistent with view v: everything the
// viewer knows is kept — the public table, their own hand, chosen pair,
// scoring pile and face-down discards, the discards seen by all — and the
// cards they cannot see are dealt at random from seed to the other hands,
// the other unrevealed pairs, the other scoring piles, the others'
// face-down discards and the deck, in their sizes. The random source is
// seeded afresh from seed. As the contract of cards.Rules asks, the
// result's log is off, at the view's count of events: it is a world to
// search, not a game to show.
//
// Other players' scoring piles are re-dealt too: by the rulings their
// contents are known to their owner only, though every card reaches a
// scoring pile in sight of all; only their sizes count.
func Determinize(v View, seed uint64) (State, error) {
	s, err := v.publicState()
	if err != nil {
		return State{}, err
	}
	p := v.Viewer
	if s.valid(p) {
		s.hand[p], s.pile[p], s.hidden[p] = v.Hand, v.Pile, v.YourDiscards
		if !s.revealed(p) {
			s.pair[p] = v.Chosen
		}
	}
	if err := s.dealUnseen(&v, seed); err != nil {
		return State{}, err
	}
	s.log = cards.OffFrom(v.Events)
	if err := s.Check(); err != nil {
		return State{}, err
	}
	return s, nil
}

// publicState builds the public part of the state v shows.
func (v *View) publicState() (State, error) {
	n := v.Players
	if n < MinPlayers || n > MaxPlayers {
		return State{}, cards.BadInput("a view of a game of %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	}
	for _, l := range [...]int{len(v.HandSizes), len(v.Tableaus), len(v.PileSizes), len(v.FaceDown), len(v.Totals)} {
		if l != n {
			return State{}, cards.BadInput("a view holds one hand size, tableau, pile size, face-down count and total a player")
		}
	}
	switch {
	case v.Phase == 0 || v.Phase >= numPhases || v.Stage >= numStages:
		return State{}, cards.BadInput("the view's phase %v or stage %v is unknown", v.Phase, v.Stage)
	case len(v.Kingdoms) != Values-1:
		return State{}, cards.BadInput("a view names the holder of each of the nine kingdoms")
	case v.Viewer != cards.Spectator && (v.Viewer < 0 || int(v.Viewer) >= n):
		return State{}, cards.BadInput("the viewer %v is no player of the game", v.Viewer)
	case v.Game < 1 || v.Game > 1<<16 || v.Round < 1 || v.Round > Rounds:
		return State{}, cards.BadInput("game %d, round %d: out of range", v.Game, v.Round)
	case len(v.Revealed) != 0 && len(v.Revealed) != 2 || !allValid(v.Revealed):
		return State{}, cards.BadInput("a revealed pair is two cards")
	}
	s := State{
		n: uint8(n), match: v.Match, game: uint16(v.Game), round: uint8(v.Round), first: v.First,
		phase: v.Phase, turn: v.Turn, stage: v.Stage, reactor: v.Reactor, reacted: v.Reacted,
		stashed: v.Stashed, seen: v.Seen,
	}
	copy(s.shown[:], v.Revealed)
	s.owner[0] = cards.Spectator
	copy(s.owner[1:], v.Kingdoms)
	copy(s.tableau[:], v.Tableaus)
	for q := range n {
		if v.Totals[q] < 0 || v.Totals[q] > maxTotal {
			return State{}, cards.BadInput("%v's total %d is out of range", cards.Player(q), v.Totals[q])
		}
		s.totals[q] = int32(v.Totals[q])
	}
	if kind, _ := s.combo(); (s.phase == PhaseTurn || s.phase == PhaseReact) && kind == comboBribe && s.stage == StageUse && s.valid(s.turn) {
		s.pair[s.turn] = CountsOf(Money)
	}
	return s, nil
}

// dealUnseen deals the cards the viewer cannot place to the places they
// cannot see, in the sizes the view gives, and seeds the random source.
func (s *State) dealUnseen(v *View, seed uint64) error {
	known := s.seen
	for q := range s.np() {
		known = known.Plus(s.tableau[q]).Plus(s.hand[q]).Plus(s.pair[q]).Plus(s.pile[q]).Plus(s.hidden[q])
	}
	unseen, ok := fullDeck.Minus(known)
	if !ok {
		return cards.BadInput("the view shows more cards of a kind than the deck holds")
	}
	s.rng = cards.NewRand(seed)
	s.deckLen = 0
	s.fillDeck(unseen)
	if int(s.deckLen) != unseen.Len() {
		return cards.BadInput("the view shows too few cards")
	}
	for q := range cards.Player(s.np()) {
		sizes := [...]struct {
			zone *Counts
			want int
		}{
			{&s.hand[q], v.HandSizes[q]},
			{&s.pair[q], s.pairSize(q, v.HasChosen)},
			{&s.pile[q], v.PileSizes[q]},
			{&s.hidden[q], v.FaceDown[q]},
		}
		for _, z := range sizes {
			if q == v.Viewer {
				if z.zone.Len() != z.want {
					return cards.BadInput("the view's sizes of %v's cards disagree with its contents", q)
				}
				continue
			}
			missing := z.want - z.zone.Len()
			if missing < 0 || missing > int(s.deckLen) {
				return cards.BadInput("the view counts more unseen cards than there are")
			}
			for range missing {
				s.deckLen--
				z.zone.Add(s.deck[s.deckLen])
			}
		}
	}
	if int(s.deckLen) != v.Deck {
		return cards.BadInput("the view's deck of %s disagrees with the %s left unseen", cards.Plural(v.Deck, "card"), cards.Plural(int(s.deckLen), "card"))
	}
	s.fillDeck(Counts{}) // shuffle what is left once more, so the deck's order owes nothing to the deal
	return nil
}

// pairSize returns the size of q's pair: 2 if q has chosen and not yet
// revealed it, 1 for a Bribe's $ waiting, 0 otherwise.
func (s *State) pairSize(q cards.Player, chosen cards.PlayerSet) int {
	switch s.phase {
	case PhaseChoose:
		if chosen.Has(q) {
			return 2
		}
	case PhaseTurn, PhaseReact:
		if !s.revealed(q) {
			return 2
		}
		return s.pair[q].Len()
	}
	return 0
}
