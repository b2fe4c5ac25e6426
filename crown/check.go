package crown

import (
	"math"

	"github.com/cardrules/games/cards"
)

// Check reports whether s keeps the rules' invariants: the options are
// those of a game; all 52 cards are in exactly one place (a hand, a court,
// a discard pile or the draw pile); the turn, the phase and what it waits
// for agree; the decrees of an exchange lie on their issuers' discard
// piles, Face cards on top; an ability waits only when it has something to
// act on; no court completes a win condition but a winner's, and the
// mover's while their card is in play. The error wraps cards.ErrBadInput.
func (s State) Check() error {
	for _, check := range [...]func() error{s.checkConfig, s.checkTurn, s.checkCards, s.checkPhase, s.checkCourts} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

func (s *State) checkConfig() error {
	switch c := s.cfg; {
	case c.players != Players:
		return cards.BadInput("Claim the Crown is for %d players, not %d", Players, c.players)
	case c.maxTurns > MaxTurnsLimit:
		return cards.BadInput("the turn limit %d is above %d", c.maxTurns, MaxTurnsLimit)
	}
	return nil
}

func (s *State) checkTurn() error {
	switch {
	case s.phase == 0 || s.phase >= numPhases:
		return cards.BadInput("phase %d is no phase", s.phase)
	case s.turn == 0:
		return cards.BadInput("turns are numbered from 1")
	case s.cfg.maxTurns > 0 && s.turn > s.cfg.maxTurns:
		return cards.BadInput("turn %d is past the limit of %d turns", s.turn, s.cfg.maxTurns)
	case !s.mover.Valid(Players):
		return cards.BadInput("the mover %v is no player", s.mover)
	case s.turn < math.MaxUint32 && s.mover != cards.Player((s.turn-1)%2):
		return cards.BadInput("turn %d is %v's, not %v's", s.turn, cards.Player((s.turn-1)%2), s.mover)
	}
	return nil
}

func (s *State) checkCards() error {
	var seen cards.Set
	// place records the cards of set, which lie in p's place where (the
	// spectator's: a shared place).
	place := func(set cards.Set, p cards.Player, where string) error {
		if set[1] != 0 || set[0]&^deckBits != 0 {
			if p != cards.Spectator {
				where = p.String() + "'s " + where
			}
			return cards.BadInput("%s holds values that are no cards of the deck", where)
		}
		if twice := seen.Intersect(set); !twice.Empty() {
			return cards.BadInput("%s are in two places at once", twice)
		}
		seen = seen.Union(set)
		return nil
	}
	for p := range cards.Player(Players) {
		if err := place(s.hands[p], p, "hand"); err != nil {
			return err
		}
		if err := place(s.courts[p], p, "court"); err != nil {
			return err
		}
		pl := &s.piles[p]
		if pl.n > pileCap {
			return cards.BadInput("%v's discard pile holds %d cards, more than the deck", p, pl.n)
		}
		for i, c := range pl.cards {
			switch {
			case i >= int(pl.n) && c != cards.NoCard:
				return cards.BadInput("%v's discard pile has stray cards past its top", p)
			case i < int(pl.n) && (!c.Valid() || c >= 64 || deckBits&(1<<c) == 0):
				return cards.BadInput("%v's discard pile holds a value that is no card of the deck", p)
			case i < int(pl.n):
				if err := place(cards.SetOf(c), p, "discard pile"); err != nil {
					return err
				}
			}
		}
	}
	if err := place(s.draw, cards.Spectator, "the draw pile"); err != nil {
		return err
	}
	if missing := cards.Standard().Minus(seen); !missing.Empty() {
		return cards.BadInput("%s are missing", missing)
	}
	return nil
}

func (s *State) checkPhase() error {
	if s.phase != PhaseOver && (s.winner != cards.Spectator || s.won != 0) {
		return cards.BadInput("the game goes on, yet it has a winner")
	}
	if s.phase != PhaseDecree && s.decrees != 0 {
		return cards.BadInput("decrees are counted outside a decree exchange")
	}
	if s.phase != PhaseAbility && s.ability != 0 {
		return cards.BadInput("an ability waits outside the phase for abilities")
	}
	inPlay := s.phase == PhaseDecree || s.phase == PhaseAbility
	switch {
	case inPlay && !s.courts[s.mover].Has(s.played):
		return cards.BadInput("the card in play, %v, is not in %v's court", s.played, s.mover)
	case !inPlay && s.played != cards.NoCard:
		return cards.BadInput("a card is in play in phase %v", s.phase)
	}
	switch s.phase {
	case PhasePlay:
		if s.hands[s.mover].Empty() {
			return cards.BadInput("%v is to play but holds no card", s.mover)
		}
	case PhaseDecree:
		return s.checkDecrees()
	case PhaseAbility:
		return s.checkAbilityWaits()
	case PhaseOver:
		return s.checkOver()
	}
	return nil
}

// checkDecrees checks that the decrees of the exchange lie on top of
// their issuers' discard piles, each a Face card on one other card.
func (s *State) checkDecrees() error {
	if s.decrees > 12 {
		return cards.BadInput("%d decrees: the deck has 12 Face cards", s.decrees)
	}
	var made [Players]int
	for i := range int(s.decrees) {
		made[decreeIssuer(s.mover, i)]++
	}
	for p := range cards.Player(Players) {
		pl := &s.piles[p]
		if 2*made[p] > int(pl.n) {
			return cards.BadInput("%v issued %d decrees, but their discard pile holds %d cards", p, made[p], pl.n)
		}
		for k := range made[p] {
			if c := pl.cards[int(pl.n)-1-2*k]; !isFace(c) {
				return cards.BadInput("%v's decree lies with %v on top, which is no Face card", p, c)
			}
		}
	}
	return nil
}

// decreeIssuer returns who issues decree i (from 0) of an exchange in
// mover's turn: the opponent first, then each side in turn.
func decreeIssuer(mover cards.Player, i int) cards.Player {
	if i%2 == 0 {
		return other(mover)
	}
	return mover
}

// checkAbilityWaits checks that the waiting ability is the card's own, or
// lent by Inspire, and has something to act on.
func (s *State) checkAbilityWaits() error {
	own := AbilityOf(s.played)
	switch a := s.ability; {
	case a != AbilityClub && a != AbilityBribe && a != AbilityDig && a != AbilityInspire:
		return cards.BadInput("%v asks no choice", a)
	case a != own && (own != AbilityInspire || a == AbilityInspire):
		return cards.BadInput("%v's ability is %v, and no Inspire lends it %v", s.played, own, a)
	case !s.canUse(a):
		return cards.BadInput("%v waits with nothing to act on", a)
	}
	return nil
}

func (s *State) checkOver() error {
	w := s.winner
	switch {
	case w == cards.Spectator:
		if s.won != 0 || s.cfg.maxTurns == 0 || s.turn != s.cfg.maxTurns {
			return cards.BadInput("a game ends in a draw only at its turn limit")
		}
	case !w.Valid(Players):
		return cards.BadInput("the winner %v is no player", w)
	case !s.cfg.conds().Has(s.won):
		return cards.BadInput("%v won with %v, which does not count in this game", w, s.won)
	case lack(s.won, s.courts[w][0]) != 0:
		return cards.BadInput("%v's court does not complete %v", w, s.won)
	case w != s.mover:
		return cards.BadInput("%v won in %v's turn", w, s.mover)
	}
	return nil
}

// checkCourts checks that no court completes a win condition, but the
// winner's and the mover's while their card is in play.
func (s *State) checkCourts() error {
	for p := range cards.Player(Players) {
		court := s.courts[p]
		if p == s.mover {
			if s.phase == PhaseOver && s.winner == p {
				continue
			}
			court.Remove(s.played)
		}
		if c := s.cfg.conds().Met(court); c != 0 {
			return cards.BadInput("%v's court completes %v, yet nobody won", p, c)
		}
	}
	return nil
}
