package bastards

import "github.com/cardrules/games/cards"

// Check reports whether s keeps the rules' invariants: every card of the
// game's decks is in exactly one place (a hand, the current trick, or the
// pile of tricks won this round), the trick's plays are plays, each of a
// higher rank than the one before and of the first one's size, the
// players who are out hold no cards, the counts of Kings and Bastards add
// up to the finished rounds, the exchange is consistent, and whoever is to
// act can move. The error wraps cards.ErrBadInput.
func (s State) Check() error {
	for _, check := range [...]func() error{
		s.checkConfig, s.checkRound, s.checkCards, s.checkScores, s.checkTrick,
		s.checkOut, s.checkTurn, s.checkExchange,
	} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

func (s State) checkConfig() error {
	c := s.cfg
	switch {
	case c.players < MinPlayers || c.players > MaxPlayers:
		return cards.BadInput("%d players: the game is for %d to %d", c.players, MinPlayers, MaxPlayers)
	case c.jokers < 0 || c.jokers > 2:
		return cards.BadInput("%d jokers per deck: a deck has 0, 1 or 2", c.jokers)
	case c.rounds < 0 || c.rounds > MaxRounds:
		return cards.BadInput("round limit %d is out of range", c.rounds)
	}
	if want := decksFor(int(c.players)); c.decks != want {
		return cards.BadInput("%d players play with %s, not %d", c.players, cards.Plural(int(want), "deck"), c.decks)
	}
	return nil
}

func (s State) checkRound() error {
	c := s.cfg
	switch {
	case s.round < 1 || c.rounds > 0 && s.round > c.rounds:
		return cards.BadInput("round %d is out of range", s.round)
	case s.phase == 0 || s.phase >= numPhases:
		return cards.BadInput("phase %d is not a phase", s.phase)
	case s.phase == PhaseOver && s.round != c.rounds:
		return cards.BadInput("the game is over before its last round")
	case s.phase == PhaseExchange && s.round == 1:
		return cards.BadInput("the first round has no exchange")
	case !s.dealer.Valid(s.Players()):
		return cards.BadInput("dealer %s is not a player", s.dealer)
	case s.round == 1 && s.dealer != cards.Player(c.players-1):
		return cards.BadInput("the last player deals the first round, not %s", s.dealer)
	case s.round > 1 && s.phase != PhaseOver && s.dealer != s.bastard:
		return cards.BadInput("the Bastard of the last round deals, not %s", s.dealer)
	}
	return nil
}

func (s State) checkCards() error {
	n := s.Players()
	var seen cards.Set
	for i, h := range s.hands {
		if i >= n && !h.Empty() {
			return cards.BadInput("seat %d holds cards at a table of %d", i+1, n)
		}
		if err := place(&seen, h); err != nil {
			return err
		}
	}
	for _, pl := range s.trick() {
		if err := place(&seen, pl.set()); err != nil {
			return err
		}
	}
	if err := place(&seen, s.pile); err != nil {
		return err
	}
	if deck := s.cfg.deck(); seen != deck {
		if extra := seen.Minus(deck); !extra.Empty() {
			return cards.BadInput("%s are not cards of this game", extra)
		}
		return cards.BadInput("%s are missing", deck.Minus(seen))
	}
	return nil
}

// place adds the cards of h to seen, and fails if one was seen already.
func place(seen *cards.Set, h cards.Set) error {
	if !h.Valid() {
		return cards.BadInput("a set holds values that are not cards")
	}
	if twice := seen.Intersect(h); !twice.Empty() {
		return cards.BadInput("%s are in two places at once", twice)
	}
	*seen = seen.Union(h)
	return nil
}

func (s State) checkTrick() error {
	if s.nPlays < 0 || int(s.nPlays) > maxPlays {
		return cards.BadInput("%d plays in a trick: a trick holds at most %d", s.nPlays, maxPlays)
	}
	if s.nPlays == 0 && s.passed != 0 {
		return cards.BadInput("nothing is on the table to beat, yet players passed")
	}
	for i, pl := range s.plays {
		if i >= int(s.nPlays) {
			if pl != (play{}) {
				return cards.BadInput("the trick has stray plays after its last")
			}
			continue
		}
		if err := s.checkPlayed(i, pl); err != nil {
			return err
		}
	}
	return nil
}

// checkPlayed reports whether pl is a play that may be the trick's i-th:
// a play, of its rank, by a player; the round's first holds 3♣; every
// later one is of the first's size, of a higher rank than the one before
// and by another player.
func (s State) checkPlayed(i int, pl play) error {
	set := pl.set()
	as := cards.NoRank
	if set.Len() == 1 && set.First().IsJoker() {
		as = pl.rank
	}
	r, why := rankOf(set, as)
	switch {
	case s.phase != PhasePlay:
		return cards.BadInput("cards are on the table outside the play")
	case why != "":
		return cards.BadInput("a play of the trick is no play: %s", why)
	case newPlay(set, pl.rank, pl.by) != pl:
		return cards.BadInput("a play of the trick does not list its cards in order")
	case r != pl.rank:
		return cards.BadInput("a play of the trick has rank %s, not %s", r, pl.rank)
	case r == cards.Two:
		return cards.BadInput("a 2 on the table has won the trick already")
	case !pl.by.Valid(s.Players()):
		return cards.BadInput("a play of the trick was made by %s, who is not a player", pl.by)
	case i == 0 && s.pile.Empty() && !set.Has(threeOfClubs):
		return cards.BadInput("the round's first play, %s, does not hold %s", pl.describe(), threeOfClubs)
	case i == 0:
		return nil
	}
	first, prev := s.plays[0], s.plays[i-1]
	switch {
	case pl.size() != first.size():
		return cards.BadInput("%s follows a %s in the trick", pl.describe(), sizeName(first.size()))
	case power(r) <= power(prev.rank):
		return cards.BadInput("%s does not beat %s, the play before it in the trick", pl.describe(), prev.describe())
	case pl.by == prev.by:
		return cards.BadInput("%s played twice in a row in the trick", pl.by)
	}
	return nil
}

func (s State) checkOut() error {
	n := s.Players()
	if s.nOut < 0 || int(s.nOut) > n {
		return cards.BadInput("%d players out at a table of %d", s.nOut, n)
	}
	var out cards.PlayerSet
	for i, p := range s.order {
		switch {
		case i >= int(s.nOut) && p != 0:
			return cards.BadInput("the order of going out has stray entries")
		case i >= int(s.nOut):
		case !p.Valid(n) || out.Has(p):
			return cards.BadInput("the order of going out is not a list of distinct players")
		default:
			out = out.With(p)
		}
	}
	if out != s.out {
		return cards.BadInput("the players out are %s, but the order lists %s", s.out, out)
	}
	for p := range n {
		if s.out.Has(cards.Player(p)) == !s.hands[p].Empty() {
			if s.out.Has(cards.Player(p)) {
				return cards.BadInput("%s is out but holds cards", cards.Player(p))
			}
			if s.phase != PhaseOver {
				return cards.BadInput("%s holds no cards but is not out", cards.Player(p))
			}
		}
	}
	in := s.in().Len()
	switch {
	case s.phase == PhaseExchange && s.nOut != 0:
		return cards.BadInput("players are out before the round's play")
	case s.phase == PhasePlay && in < 2:
		return cards.BadInput("the round goes on with %s holding cards", cards.Plural(in, "player"))
	case s.phase == PhaseOver && in != 1:
		return cards.BadInput("the game ended with %s holding cards, not 1", cards.Plural(in, "player"))
	case s.phase == PhasePlay && s.opening() && s.nOut != 0:
		return cards.BadInput("players are out before anyone played")
	}
	return nil
}

func (s State) checkTurn() error {
	p := s.toAct
	switch s.phase {
	case PhaseOver:
		if p != cards.Spectator {
			return cards.BadInput("the game is over, yet %s is to act", p)
		}
		return nil
	case PhaseExchange:
		if p != s.king || s.nPlays != 0 || !s.pile.Empty() {
			return cards.BadInput("in the exchange the King (%s) acts and nothing is played", s.king)
		}
		return s.checkDeal()
	}
	top := s.top()
	switch {
	case !p.Valid(s.Players()) || s.out.Has(p):
		return cards.BadInput("%s cannot act: not a player holding cards", p)
	case s.passed&^s.in().Without(top.by) != 0:
		return cards.BadInput("players who passed (%s) are not players in the trick", s.passed)
	case s.passed.Has(p):
		return cards.BadInput("%s is to act but passed already", p)
	case !s.leading() && p == top.by:
		return cards.BadInput("%s is to act on their own play: they won the trick", p)
	case !s.leading() && s.in().Without(top.by)&^s.passed == 0:
		return cards.BadInput("everyone passed: the trick is won")
	case !s.leading() && s.passed != s.between(top.by, p):
		return cards.BadInput("the players between the last play and %s are those who passed: %s, not %s", p, s.between(top.by, p), s.passed)
	case s.opening() && !s.hands[p].Has(threeOfClubs):
		return cards.BadInput("%s leads the round without holding %s", p, threeOfClubs)
	case s.opening() && !s.dealt():
		return cards.BadInput("the hands are not as dealt")
	}
	return nil
}

// between returns the players still in who sit strictly between a and b,
// going left from a.
func (s State) between(a, b cards.Player) cards.PlayerSet {
	n := s.Players()
	var ps cards.PlayerSet
	q := a
	for range n {
		q = q.Next(n)
		if q == b {
			break
		}
		if !s.out.Has(q) {
			ps = ps.With(q)
		}
	}
	return ps
}

// checkDeal reports whether the hands are as dealt, before the exchange.
func (s State) checkDeal() error {
	if !s.dealt() {
		return cards.BadInput("the hands are not as dealt: one card at a time from the dealer's left")
	}
	if s.hands[s.king].Len() < 2 {
		return cards.BadInput("the King has fewer than two cards to give")
	}
	return nil
}

// dealt reports whether the hand sizes are those of a fresh deal.
func (s State) dealt() bool {
	n := s.Players()
	total := s.cfg.deck().Len()
	p := s.dealer
	for i := range n {
		p = p.Next(n)
		want := total / n
		if i < total%n {
			want++
		}
		if s.hands[p].Len() != want {
			return false
		}
	}
	return true
}

func (s State) checkScores() error {
	n := s.Players()
	done := s.round - 1
	if s.phase == PhaseOver {
		done = s.round
	}
	var kings, bastards int64
	for i := range MaxPlayers {
		k, b := s.kings[i], s.bastards[i]
		switch {
		case k < 0 || b < 0:
			return cards.BadInput("a count of rounds is negative")
		case i >= n && (k != 0 || b != 0):
			return cards.BadInput("seat %d has rounds counted at a table of %d", i+1, n)
		}
		kings += int64(k)
		bastards += int64(b)
	}
	switch {
	case kings != int64(done) || bastards != int64(done):
		return cards.BadInput("%s finished, but %s and %s are counted", cards.Plural(int(done), "round"), cards.Plural(int(kings), "King"), cards.Plural(int(bastards), "Bastard"))
	case done == 0 && (s.king != cards.Spectator || s.bastard != cards.Spectator):
		return cards.BadInput("no round has finished, yet there is a King or a Bastard")
	case done == 0:
		return nil
	case !s.king.Valid(n) || !s.bastard.Valid(n) || s.king == s.bastard:
		return cards.BadInput("the last round's King and Bastard are two players")
	case s.kings[s.king] == 0 || s.bastards[s.bastard] == 0:
		return cards.BadInput("the last round's King and Bastard have no round counted")
	case s.phase == PhaseOver && (s.order[0] != s.king || s.in().First() != s.bastard):
		return cards.BadInput("the last round's King and Bastard are not the first and last out")
	}
	return nil
}

func (s State) checkExchange() error {
	k, b := s.kingGave, s.bastardGave
	if s.phase != PhasePlay || s.round == 1 {
		if !k.Empty() || !b.Empty() {
			return cards.BadInput("cards are recorded as exchanged outside a round's play")
		}
		return nil
	}
	played := s.trickCards().Union(s.pile)
	switch {
	case k.Len() != 2 || b.Len() != 2 || !k.Intersect(b).Empty():
		return cards.BadInput("the exchange is two cards each way")
	case !s.hands[s.bastard].Union(played).Contains(k):
		return cards.BadInput("the King's cards %s are neither with the Bastard nor played", k)
	case !s.hands[s.king].Union(played).Contains(b):
		return cards.BadInput("the Bastard's cards %s are neither with the King nor played", b)
	}
	if kept := s.hands[s.bastard].Minus(k); below(kept, lowest(b)) != kept {
		return cards.BadInput("the Bastard kept %s, higher than the cards given", kept.Minus(below(kept, lowest(b))))
	}
	return nil
}
