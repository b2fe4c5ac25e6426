package bastards

import (
	"fmt"

	"github.com/cardrules/games/cards"
)

// NewGame deals the first round. The last player deals, so that P1 is
// dealt the first card, and the holder of 3♣ leads. Options that describe
// no playable game give an error wrapping cards.ErrBadOptions.
func NewGame(opts Options) (State, error) {
	cfg, err := opts.resolve()
	if err != nil {
		return State{}, err
	}
	s := State{
		cfg:     cfg,
		rng:     cards.NewRand(uint64(opts.Seed)),
		king:    cards.Spectator,
		bastard: cards.Spectator,
	}
	if cfg.noLog {
		s.log = cards.Off()
	}
	if s.log.On() {
		s.event(EventData{Kind: EventBegan, Count: int(cfg.players), Decks: uint8(cfg.decks), Jokers: uint8(cfg.jokers * cfg.decks), Rounds: int(cfg.rounds)},
			"%s", cfg.describe())
	}
	s.deal(1, cards.Player(cfg.players-1))
	s.startPlay()
	return s, nil
}

// describe tells the table and the deck a game is played with: "a game of
// Kings & Bastards began: 4 players, 1 deck with 2 jokers, 5 rounds".
func (c config) describe() string {
	rounds := "rounds without end"
	if c.rounds > 0 {
		rounds = cards.Plural(int(c.rounds), "round")
	}
	return fmt.Sprintf("a game of Kings & Bastards began: %d players, %s with %s, %s", c.players,
		cards.Plural(int(c.decks), "deck"), cards.Plural(int(c.jokers)*int(c.decks), "joker"), rounds)
}

// deal starts round r: the dealer shuffles every card of the game and deals
// them all, one at a time, starting on their left.
func (s *State) deal(r int32, dealer cards.Player) {
	s.round, s.dealer = r, dealer
	s.hands = [MaxPlayers]cards.Set{}
	s.plays, s.nPlays, s.pile = [maxPlays]play{}, 0, cards.Set{}
	s.passed, s.out, s.order, s.nOut = 0, 0, [MaxPlayers]cards.Player{}, 0
	s.kingGave, s.bastardGave = cards.Set{}, cards.Set{}

	var buf [2 * 54]cards.Card
	deck := s.cfg.deck().AppendTo(buf[:0])
	s.rng.Shuffle(deck)
	n := s.Players()
	p := dealer
	for _, c := range deck {
		p = p.Next(n)
		s.hands[p].Add(c)
	}
	if s.log.On() {
		s.event(EventData{Kind: EventRoundDealt, Round: int(r), Player: dealer}, "round %d: %s dealt", r, dealer)
		for q := range n {
			qp := cards.Player(q)
			s.secret(cards.PlayersOf(qp), EventData{Kind: EventDealt, Player: qp, Cards: s.hands[q], Count: s.hands[q].Len()},
				qp.String()+" was dealt "+handString(s.hands[q]), qp.String()+" was dealt "+cards.Plural(s.hands[q].Len(), "card"))
		}
	}
}

// startPlay opens the play of the round: the holder of 3♣ leads.
func (s *State) startPlay() {
	s.phase = PhasePlay
	s.toAct = s.holder(threeOfClubs)
	if s.log.On() {
		s.event(EventData{Kind: EventLeads, Player: s.toAct, Card: threeOfClubs}, "%s held %s: %s leads", s.toAct, threeOfClubs, s.toAct)
	}
}

// exchange carries out the exchange once the King has chosen: the King's
// chosen cards go to the Bastard, and the Bastard's two highest cards go to
// the King. Then the play starts.
func (s *State) exchange(gift cards.Set) {
	k, b := s.king, s.bastard
	back := highestTwo(s.hands[b])
	s.hands[k] = s.hands[k].Minus(gift).Union(back)
	s.hands[b] = s.hands[b].Minus(back).Union(gift)
	s.kingGave, s.bastardGave = gift, back
	if s.log.On() {
		both := cards.PlayersOf(k, b)
		s.secret(both, EventData{Kind: EventKingChose, Player: k, Target: b, Cards: gift},
			fmt.Sprintf("%s (King) chose %s for %s (Bastard)", k, handString(gift), b),
			fmt.Sprintf("%s (King) chose two cards for %s (Bastard)", k, b))
		s.secret(both, EventData{Kind: EventBastardGave, Player: b, Target: k, Cards: back},
			fmt.Sprintf("%s (Bastard) gave %s to %s (King)", b, handString(back), k),
			fmt.Sprintf("%s (Bastard) gave their two highest cards to %s (King)", b, k))
	}
	s.startPlay()
}

// endRound closes the round once one player alone holds cards: the first
// out is King, the last is Bastard. The game ends at the round limit;
// otherwise the Bastard deals the next round and the King chooses cards
// for the exchange.
func (s *State) endRound() {
	k, b := s.order[0], s.in().First()
	if b == cards.Spectator { // only in a damaged state: nobody left
		b = s.order[max(s.nOut-1, 0)]
	}
	s.king, s.bastard = k, b
	s.kings[k]++
	s.bastards[b]++
	s.pile = s.pile.Union(s.trickCards())
	s.plays, s.nPlays, s.passed = [maxPlays]play{}, 0, 0
	s.kingGave, s.bastardGave = cards.Set{}, cards.Set{}
	if s.log.On() {
		s.event(EventData{Kind: EventRoundEnded, Round: int(s.round), King: k, Bastard: b}, "round %d ended: %s is King, %s is Bastard", s.round, k, b)
	}
	if s.cfg.rounds > 0 && s.round >= s.cfg.rounds {
		s.phase, s.toAct = PhaseOver, cards.Spectator
		if s.log.On() {
			w := s.Result().Winners
			s.event(EventData{Kind: EventGameEnded, Players: w, Count: int(s.kings[w.First()])}, "the game ended: %s", s.winnersText())
		}
		return
	}
	s.deal(s.round+1, b)
	s.phase, s.toAct = PhaseExchange, k
}

// winnersText names the winners of a finished game.
func (s State) winnersText() string {
	w := s.Result().Winners
	best := s.kings[w.First()]
	verb := "won"
	if w.Len() > 1 {
		verb = "shared the win"
	}
	return fmt.Sprintf("%s %s with %s as King", w.Names(), verb, cards.Plural(int(best), "round"))
}
