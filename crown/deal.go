package crown

import (
	"math/bits"
	"strings"

	"github.com/cardrules/games/cards"
)

// NewGame deals a game: P1, who plays first, is dealt 4 cards and P2 5;
// the other cards make the draw pile, and P1's first turn begins with its
// draw. Options that describe no playable game give an error wrapping
// cards.ErrBadOptions.
func NewGame(opts Options) (State, error) {
	cfg, err := opts.config()
	if err != nil {
		return State{}, err
	}
	s := State{cfg: cfg, winner: cards.Spectator, mover: 1, rng: cards.NewRand(uint64(opts.Seed))}
	if opts.NoLog {
		s.log = cards.Off()
	}
	if s.log.On() {
		s.event(EventData{Kind: EventBegan, Conditions: cfg.conds(), MaxTurns: int(cfg.maxTurns)}, "%s", cfg.describe())
	}
	s.draw = cards.Set{deckBits}
	for p, n := range [Players]int{FirstHand, SecondHand} {
		for range n {
			s.hands[p].Add(s.pick())
		}
		if s.log.On() {
			p := cards.Player(p)
			s.secret(p, EventData{Kind: EventDealt, Player: p, Cards: s.hands[p], Count: n},
				p.String()+" was dealt "+s.hands[p].String(),
				p.String()+" was dealt "+cards.Plural(n, "card"))
		}
	}
	s.endTurn()
	return s, nil
}

// describe tells the game's win conditions and turn limit, for the log.
func (c config) describe() string {
	var names []string
	for k := RoyalCouncil; k < numConditions; k++ {
		if c.conds().Has(k) {
			names = append(names, k.String())
		}
	}
	text := "a game of Claim the Crown; the win conditions are " + strings.Join(names, ", ")
	if c.maxTurns > 0 {
		text += "; a draw after " + cards.Plural(int(c.maxTurns), "turn")
	}
	return text
}

// pick takes a card chosen at random out of the draw pile and returns it,
// or NoCard if the pile is empty.
func (s *State) pick() cards.Card {
	w := s.draw[0] & deckBits
	n := bits.OnesCount64(w)
	if n == 0 {
		return cards.NoCard
	}
	c := cards.Card(nthBit(w, s.rng.IntN(n)))
	s.draw.Remove(c)
	return c
}

// nthBit returns the position of the set bit of w that has i set bits
// below it (i from 0).
func nthBit(w uint64, i int) int {
	pos := 0
	for width := 32; width > 0; width >>= 1 {
		if low := bits.OnesCount64(w & (1<<width - 1)); i >= low {
			i -= low
			w >>= width
			pos += width
		}
	}
	return pos
}

// endTurn ends the mover's turn and begins the next player's, unless the
// game has lasted its turn limit: the game is then called a draw. A turn
// begins with its draw; a player who then holds no card to play has
// nothing to do, and their turn ends at once.
func (s *State) endTurn() {
	s.played, s.decrees, s.ability = cards.NoCard, 0, 0
	for range Players {
		if s.cfg.maxTurns > 0 && s.turn >= s.cfg.maxTurns {
			s.phase = PhaseOver
			if s.log.On() {
				s.event(EventData{Kind: EventDrawn, Count: int(s.turn)}, "the game ended in a draw after %s", cards.Plural(int(s.turn), "turn"))
			}
			return
		}
		s.turn = nextTurn(s.turn)
		s.mover = other(s.mover)
		s.phase = PhasePlay
		s.drawAtTurnStart()
		if !s.hands[s.mover].Empty() {
			return
		}
		if s.log.On() {
			s.event(EventData{Kind: EventStuck, Player: s.mover}, "%s had no card to play", s.mover)
		}
	}
}

// drawAtTurnStart is the draw that opens the mover's turn: when the draw
// pile is empty, both discard piles are shuffled into a new one first;
// when they are empty too, nothing is drawn.
func (s *State) drawAtTurnStart() {
	p := s.mover
	if s.draw.Empty() {
		s.draw = s.piles[0].set().Union(s.piles[1].set())
		s.piles = [Players]pile{}
		if s.log.On() && !s.draw.Empty() {
			s.event(EventData{Kind: EventReshuffled, Player: p, Count: s.draw.Len()},
				"%s shuffled both discard piles into a new draw pile of %s", p, cards.Plural(s.draw.Len(), "card"))
		}
	}
	c := s.pick()
	if c == cards.NoCard {
		if s.log.On() {
			s.event(EventData{Kind: EventDrewNothing, Player: p}, "%s drew nothing: no card is left to draw", p)
		}
		return
	}
	s.hands[p].Add(c)
	if s.log.On() {
		s.secret(p, EventData{Kind: EventDrew, Player: p, Card: c}, p.String()+" drew "+c.String(), p.String()+" drew a card")
	}
}

// recruit is the ability Recruit: the mover draws a card if the draw pile
// has one, without a reshuffle.
func (s *State) recruit() {
	p := s.mover
	c := s.pick()
	if c == cards.NoCard {
		if s.log.On() {
			s.event(EventData{Kind: EventRecruitedNothing, Player: p}, "%s recruited nothing: the draw pile is empty", p)
		}
		return
	}
	s.hands[p].Add(c)
	if s.log.On() {
		s.secret(p, EventData{Kind: EventRecruited, Player: p, Card: c}, p.String()+" recruited "+c.String(), p.String()+" recruited a card")
	}
}
