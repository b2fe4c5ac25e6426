package bastards

import "github.com/cardrules/games/cards"

// Determinize deals a full state consistent with view v: every card the
// viewer cannot see is placed at random, from seed, in a hand where it
// could be, and the random source is seeded afresh. What the viewer knows
// is kept: their own hand, the cards on the table and played this round,
// every hand's size, the holder of 3♣ before the round's first play, and
// from the exchange the cards they gave (still with the other player
// unless played) and, for the King, that the Bastard kept nothing higher
// than the two cards the King received. The state's log is off (as the
// shared harness and bots expect: a re-dealt world is for search). A view
// that no state can give is an error wrapping cards.ErrBadInput.
func Determinize(v View, seed uint64) (State, error) {
	s, err := v.skeleton()
	if err != nil {
		return State{}, err
	}
	d := dealer{s: &s, rng: cards.NewRand(seed), viewer: v.Viewer, sizes: v.HandSizes}
	if err := d.run(v); err != nil {
		return State{}, err
	}
	s.rng = d.rng.Split()
	if err := s.Check(); err != nil {
		return State{}, err
	}
	return s, nil
}

// skeleton builds the public part of the state a view shows, with no hand
// dealt yet.
func (v View) skeleton() (State, error) {
	n := v.Players
	j := stateForm{
		Players: n, Decks: v.Decks, Jokers: v.Jokers, Rounds: v.Rounds, Round: v.Round, Phase: v.Phase,
		Dealer: v.Dealer, ToAct: v.ToAct.First(), Plays: make([]play, len(v.Plays)), Pile: v.Pile,
		Passed: v.Passed, Out: v.Out, King: v.King, Bastard: v.Bastard, Kings: v.Kings, Bastards: v.Bastards,
	}
	for i, pl := range v.Plays {
		if k := pl.Cards.Len(); k < 1 || k > 4 {
			return State{}, cards.BadInput("a play of the trick is one to four cards, not %d", k)
		}
		j.Plays[i] = newPlay(pl.Cards, pl.Rank, pl.By)
	}
	var hands [MaxPlayers]cards.Set
	j.Hands = hands[:max(0, min(n, MaxPlayers))]
	j.NoLog, j.Events = true, v.Events
	switch {
	case v.Viewer != cards.Spectator && !v.Viewer.Valid(n):
		return State{}, cards.BadInput("viewer %s is not a player", v.Viewer)
	case len(v.HandSizes) != n:
		return State{}, cards.BadInput("a view lists one hand size per player")
	case v.ToAct.Len() > 1:
		return State{}, cards.BadInput("one player acts at a time")
	case len(v.Plays) == 0 && v.Top != noPlay,
		len(v.Plays) > 0 && v.Top != v.Plays[len(v.Plays)-1]:
		return State{}, cards.BadInput("the play to beat is not the trick's last play")
	}
	s, err := j.state()
	if err != nil {
		return State{}, err
	}
	switch v.Viewer {
	case cards.Spectator:
	case s.king:
		s.kingGave, s.bastardGave = v.Gave, v.Received
	case s.bastard:
		s.bastardGave, s.kingGave = v.Gave, v.Received
	}
	if v.Viewer != cards.Spectator {
		s.hands[v.Viewer] = v.Hand
	}
	return s, nil
}

// A dealer places the cards a viewer cannot see.
type dealer struct {
	s      *State
	rng    cards.Rand
	viewer cards.Player
	sizes  []int
	known  [MaxPlayers]cards.Set // cards known or decided to be in each hand
	hidden cards.Set             // cards still to place
}

func (d *dealer) run(v View) error {
	s := d.s
	n := s.Players()
	if d.viewer != cards.Spectator {
		d.known[d.viewer] = v.Hand
	}
	d.hidden = s.cfg.deck().Minus(v.Hand).Minus(s.trickCards()).Minus(s.pile)
	if !s.cfg.deck().Contains(v.Hand.Union(s.trickCards()).Union(s.pile)) {
		return cards.BadInput("the view shows cards that are not of this game")
	}
	if s.phase == PhasePlay && s.opening() && s.toAct.Valid(n) {
		if err := d.put(s.toAct, cards.SetOf(threeOfClubs)); err != nil {
			return err
		}
	}
	exchanged := s.phase == PhasePlay && s.round > 1
	if exchanged && (!s.king.Valid(n) || !s.bastard.Valid(n) || s.king == s.bastard) {
		return cards.BadInput("the view names no King and Bastard for the exchange")
	}
	// blind: the viewer saw nothing of the exchange.
	blind := exchanged && d.viewer != s.king && d.viewer != s.bastard
	if exchanged && !blind {
		if err := d.exchange(); err != nil {
			return err
		}
	}
	total := 0
	for p := range n {
		if d.need(cards.Player(p)) < 0 {
			return cards.BadInput("%s holds %s, fewer than known to be there", cards.Player(p), cards.Plural(d.sizes[p], "card"))
		}
		total += d.need(cards.Player(p))
	}
	if total != d.hidden.Len() {
		return cards.BadInput("the hand sizes add up to %d unseen cards, but %d are unseen", total, d.hidden.Len())
	}
	switch {
	case blind && d.dealExchanged(n):
	case blind:
		if err := d.blindExchange(); err != nil {
			return err
		}
		d.deal(n)
	default:
		d.deal(n)
	}
	for p := range n {
		s.hands[p] = d.known[p]
	}
	if exchanged && s.kingGave.Empty() {
		d.inventExchange()
	}
	return nil
}

// dealExchanged deals the unseen cards at random, for a viewer who saw
// nothing of the exchange, and draws an exchange that fits the deal: the
// Bastard's gift, two cards the King holds or has played above the
// Bastard's third highest card, and the King's cards, the Bastard's cards
// above the gift and others the Bastard holds or has played. Every deal and
// exchange that fit the view can be drawn. A deal that admits no exchange
// is dealt again; it reports false if none of 64 deals admits one.
func (d *dealer) dealExchanged(n int) bool {
	s := d.s
	k, b := s.king, s.bastard
	played := s.trickCards().Union(s.pile)
	known, hidden := d.known, d.hidden
	for range 64 {
		d.deal(n)
		hand := d.known[b]
		above := d.known[k].Union(played)
		if hand.Len() > 2 {
			third := highest(hand.Minus(highestTwo(hand)))
			above = above.Minus(below(above, third))
		}
		if above.Len() >= 2 {
			gift := d.pickTwo(above, cards.Set{})
			kingGave := hand.Minus(below(hand, lowest(gift)))
			kingGave = d.pickTwo(hand.Union(played).Minus(gift), kingGave)
			if kingGave.Len() == 2 {
				s.bastardGave, s.kingGave = gift, kingGave
				return true
			}
		}
		d.known, d.hidden = known, hidden
	}
	return false
}

// need returns how many more cards p's hand needs.
func (d *dealer) need(p cards.Player) int { return d.sizes[p] - d.known[p].Len() }

// put places cards cs, which must be hidden or already p's, in p's hand.
func (d *dealer) put(p cards.Player, cs cards.Set) error {
	cs = cs.Minus(d.known[p])
	if !d.hidden.Contains(cs) {
		return cards.BadInput("%s cannot be in %s's hand", cs, p)
	}
	d.hidden = d.hidden.Minus(cs)
	d.known[p] = d.known[p].Union(cs)
	return nil
}

// putRandom places k cards drawn at random from pool (hidden cards) in p's
// hand.
func (d *dealer) putRandom(p cards.Player, pool cards.Set, k int) error {
	pool = pool.Intersect(d.hidden)
	if pool.Len() < k {
		return cards.BadInput("no deal fits the view: %s's hand cannot be filled", p)
	}
	for range k {
		c := d.rng.Pick(pool)
		pool.Remove(c)
		_ = d.put(p, cards.SetOf(c))
	}
	return nil
}

// deal places the remaining hidden cards at random to fill every hand.
func (d *dealer) deal(n int) {
	var buf [2 * 54]cards.Card
	cs := d.hidden.AppendTo(buf[:0])
	d.rng.Shuffle(cs)
	for p := range n {
		for range max(0, d.need(cards.Player(p))) {
			if len(cs) == 0 {
				return
			}
			d.known[p].Add(cs[0])
			cs = cs[1:]
		}
	}
	d.hidden = cards.Set{}
}

// exchange places what the King or the Bastard knows from this round's
// exchange: the King knows the Bastard holds the King's cards unless
// played, and kept nothing higher than the cards the King received; the
// Bastard knows the King holds the Bastard's cards unless played.
func (d *dealer) exchange() error {
	s := d.s
	played := s.trickCards().Union(s.pile)
	if d.viewer == s.bastard {
		return d.put(s.king, s.bastardGave.Minus(played))
	}
	if err := d.put(s.bastard, s.kingGave.Minus(played)); err != nil {
		return err
	}
	low := below(d.hidden, lowest(s.bastardGave))
	return d.putRandom(s.bastard, low, d.need(s.bastard))
}

// pickTwo adds cards drawn at random from pool to set until it holds two
// or pool is spent.
func (d *dealer) pickTwo(pool, set cards.Set) cards.Set {
	pool = pool.Minus(set)
	for set.Len() < 2 && !pool.Empty() {
		c := d.rng.Pick(pool)
		pool.Remove(c)
		set.Add(c)
	}
	return set
}

// blindExchange is the fallback of dealExchanged: it places an exchange
// for a viewer who saw nothing of it, the Bastard's gift the highest cards
// the King may hold or has played.
func (d *dealer) blindExchange() error {
	known, hidden, rng := d.known, d.hidden, d.rng
	if d.lowForBastard() == nil {
		return nil
	}
	d.known, d.hidden, d.rng = known, hidden, rng
	return d.lowestForBastard()
}

// lowForBastard deals the King and the Bastard, for a viewer who saw
// nothing of the exchange, so that an exchange fits: the Bastard's gift is
// the two highest of the cards the King may hold or has played, and the
// Bastard holds only lower cards, beside at most two it may have received
// from the King.
func (d *dealer) lowForBastard() error {
	s := d.s
	k, b := s.king, s.bastard
	played := s.trickCards().Union(s.pile)
	var gift cards.Set
	room := d.need(k)
	for pool := d.hidden.Union(played); gift.Len() < 2 && !pool.Empty(); {
		c := highest(pool)
		pool.Remove(c)
		if played.Has(c) {
			gift.Add(c)
		} else if room > 0 {
			gift.Add(c)
			room--
		}
	}
	if gift.Len() < 2 {
		return cards.BadInput("no deal fits the view: the exchange cannot be placed")
	}
	if err := d.put(k, gift.Minus(played)); err != nil {
		return err
	}
	low := below(d.hidden, lowest(gift))
	extra := max(0, d.need(b)-low.Len())
	if extra > 2 {
		return cards.BadInput("no deal fits the view: the Bastard holds too many high cards")
	}
	if err := d.putRandom(b, d.hidden.Minus(low), extra); err != nil {
		return err
	}
	if err := d.putRandom(b, low, d.need(b)); err != nil {
		return err
	}
	s.bastardGave = gift
	return nil
}

// lowestForBastard is the fallback of lowForBastard: the Bastard gets the
// lowest unseen cards and the King's gift is the two highest of the King's
// hand and the played cards.
func (d *dealer) lowestForBastard() error {
	s := d.s
	k, b := s.king, s.bastard
	for d.need(b) > 0 && !d.hidden.Empty() {
		_ = d.put(b, cards.SetOf(lowest(d.hidden)))
	}
	if err := d.putRandom(k, d.hidden, d.need(k)); err != nil {
		return err
	}
	pool := d.known[k].Union(s.trickCards()).Union(s.pile)
	s.bastardGave = highestTwo(pool)
	if s.bastardGave.Len() < 2 {
		return cards.BadInput("no deal fits the view: the exchange cannot be placed")
	}
	return nil
}

// inventExchange records, for a viewer who saw nothing of the exchange, the
// King's two cards: first those the Bastard holds above the Bastard's
// gift, then others of the Bastard's hand, then played cards.
func (d *dealer) inventExchange() {
	s := d.s
	hand := s.hands[s.bastard]
	low := below(hand, lowest(s.bastardGave))
	gift := hand.Minus(low)
	for _, pool := range [...]cards.Set{low, s.trickCards().Union(s.pile).Minus(s.bastardGave)} {
		for gift.Len() < 2 && !pool.Empty() {
			c := d.rng.Pick(pool)
			pool.Remove(c)
			gift.Add(c)
		}
	}
	s.kingGave = gift
}
