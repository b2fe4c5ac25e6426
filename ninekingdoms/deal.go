package ninekingdoms

import (
	"github.com/cardrules/games/cards"
)

// NewGame deals a new game (or the first game of a match) for the options:
// Player 1 (player 0) is first player, and every player is dealt five
// cards to choose from.
func NewGame(opts Options) (State, error) {
	n, err := opts.players()
	if err != nil {
		return State{}, err
	}
	s := State{n: uint8(n), match: opts.Match, game: 1, rng: cards.NewRand(uint64(opts.Seed))}
	if opts.NoLog {
		s.log = cards.Off()
	}
	s.startGame()
	return s, nil
}

// maxTotal bounds match totals; a total that reaches it stays there.
const maxTotal = 1 << 30

// startGame clears the table, shuffles the whole deck and starts round 1.
// In a match, game g (from 1) has player g-1 as first player (modulo the
// number of players).
func (s *State) startGame() {
	s.hand, s.pair, s.tableau, s.pile, s.hidden = [MaxPlayers]Counts{}, [MaxPlayers]Counts{}, [MaxPlayers]Counts{}, [MaxPlayers]Counts{}, [MaxPlayers]Counts{}
	s.seen = Counts{}
	for k := range s.owner {
		s.owner[k] = cards.Spectator
	}
	s.deckLen = 0
	s.fillDeck(fullDeck)
	s.round = 1
	s.first = cards.Player((int(s.game) - 1) % s.np())
	if s.log.On() && s.match {
		s.event(EventData{Kind: EventGameBegan, Game: s.game}, "Game %d of the match began", s.game)
	}
	s.startRound()
}

// startRound deals the round's hands and waits for every player's choice.
func (s *State) startRound() {
	s.phase, s.stage, s.shown = PhaseChoose, StageNone, [2]Card{}
	s.turn, s.reactor, s.stashed, s.reacted = s.first, cards.Spectator, false, false
	if s.log.On() {
		s.event(EventData{Kind: EventRoundBegan, Round: s.round, Player: s.first}, "Round %d began: %v is first player", s.round, s.first)
	}
	s.deal()
}

// deal deals five cards to each player, one at a time from the first
// player, making a new deck of the discards if the deck runs out.
func (s *State) deal() {
	n := s.np()
	for range HandSize {
		for i := range n {
			c, ok := s.draw()
			if !ok {
				break
			}
			s.hand[(int(s.first)+i)%n].Add(c)
		}
	}
	if s.log.On() {
		s.event(EventData{Kind: EventDealt, Count: int(s.deckLen)}, "The dealer dealt five cards to each player; the deck has %s left", cards.Plural(int(s.deckLen), "card"))
		for p := range cards.Player(n) {
			s.secret(p, EventData{Kind: EventDealtHand, Player: p, Hand: s.hand[p], Count: s.hand[p].Len()},
				p.String()+" was dealt "+s.hand[p].String(), p.String()+" was dealt "+cards.Plural(s.hand[p].Len(), "card"))
		}
	}
}

// draw takes the top card of the deck, first shuffling the discards into a
// new deck if it is empty. It reports false if there is no card left.
func (s *State) draw() (Card, bool) {
	if s.deckLen == 0 {
		s.reshuffle()
	}
	if s.deckLen == 0 || s.deckLen > DeckSize {
		return 0, false
	}
	s.deckLen--
	return s.deck[s.deckLen], true
}

// reshuffle makes a new deck of the discard pile.
func (s *State) reshuffle() {
	discards := s.discards()
	s.seen, s.hidden = Counts{}, [MaxPlayers]Counts{}
	s.fillDeck(discards)
	if s.log.On() {
		s.event(EventData{Kind: EventReshuffled, Count: discards.Len()}, "The deck ran out: the dealer shuffled the %s of the discard pile into a new deck", cards.Plural(discards.Len(), "card"))
	}
}

// discards returns the cards of the discard pile.
func (s *State) discards() Counts {
	g := s.seen
	for _, h := range s.hidden {
		g = g.Plus(h)
	}
	return g
}

// fillDeck puts the cards of g on the deck and shuffles it.
func (s *State) fillDeck(g Counts) {
	for c := range Card(Values) {
		for range g[c] {
			if int(s.deckLen) < DeckSize {
				s.deck[s.deckLen] = c
				s.deckLen++
			}
		}
	}
	s.rng.ShuffleFunc(int(s.deckLen), func(i, j int) { s.deck[i], s.deck[j] = s.deck[j], s.deck[i] })
}
