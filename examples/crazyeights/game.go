package crazyeights

import (
	"github.com/cardrules/games/cards"
)

// The bounds of the game.
const (
	MinPlayers = 2
	MaxPlayers = 5
)

// Options describe a game of Crazy Eights. DefaultOptions gives four
// players. In JSON, a member left out keeps its default.
//
//cards:json options "Crazy Eights options"
type Options struct {
	// Players is the number of players, 2 to 5.
	Players int
	// Seed makes the game reproducible.
	Seed cards.Seed
	// NoLog turns the event log off, for search and simulation.
	NoLog bool
}

// DefaultOptions returns the options of a game of four players.
func DefaultOptions() Options { return Options{Players: 4} }

// A Kind is what a move does: "play", "draw" or "pass" in JSON.
//
//cards:json enum "a kind of move"
type Kind uint8

// The kinds of moves; the zero Kind is none.
const (
	_ Kind = iota
	// KindPlay plays Card onto the discard pile; an eight names Suit.
	KindPlay
	// KindDraw draws a card from the stock.
	KindDraw
	// KindPass passes, when nothing can be played or drawn.
	KindPass
)

// A Suit is a suit to follow, named by an eight: "clubs", "diamonds",
// "hearts" or "spades" in JSON. The zero Suit is none.
//
//cards:json enum "a suit"
type Suit uint8

// The suits; SuitOf gives a card's.
const (
	_ Suit = iota
	SuitClubs
	SuitDiamonds
	SuitHearts
	SuitSpades
)

// SuitOf returns the suit of card c.
func SuitOf(c cards.Card) Suit { return Suit(c.Suit()) + SuitClubs }

// Suits lists the four suits.
var Suits = [4]Suit{SuitClubs, SuitDiamonds, SuitHearts, SuitSpades}

// Name returns the suit's name: "hearts".
func (s Suit) Name() string { return cards.Suit(s - SuitClubs).Name() }

// A Move is one player's decision. Make them with Play, PlayEight, Draw
// and Pass; a move is legal exactly when it is == to one AppendLegalMoves
// lists. Its JSON names its player, its kind, the card a play plays and
// the suit an eight names, and ends with its text for people:
// {"player":0,"kind":"play","card":"8S","suit":"hearts","text":"play 8♠
// naming hearts"}.
//
//cards:json move text=appendText seats=MaxPlayers "a Crazy Eights move"
type Move struct {
	Who  cards.Player `cards:"player"`
	Kind Kind
	Card cards.Card `kinds:"play"`                                     // the card played
	Suit Suit       `kinds:"play" when:"x.Card.Rank() == cards.Eight"` // the suit an eight names; 0 for any other move
}

// Play returns p's move playing card c, which is not an eight.
func Play(p cards.Player, c cards.Card) Move { return Move{Who: p, Kind: KindPlay, Card: c} }

// PlayEight returns p's move playing the eight c and naming suit s.
func PlayEight(p cards.Player, c cards.Card, s Suit) Move {
	return Move{Who: p, Kind: KindPlay, Card: c, Suit: s}
}

// Draw returns p's move drawing a card.
func Draw(p cards.Player) Move { return Move{Who: p, Kind: KindDraw} }

// Pass returns p's move passing.
func Pass(p cards.Player) Move { return Move{Who: p, Kind: KindPass} }

// Player returns the player who makes the move.
func (m Move) Player() cards.Player { return m.Who }

// String describes the move: "play 7♦", "play 8♠ naming hearts", "draw",
// "pass".
func (m Move) String() string {
	switch {
	case m.Kind == KindPlay && m.Card.Rank() == cards.Eight:
		return "play " + m.Card.String() + " naming " + m.Suit.Name()
	case m.Kind == KindPlay:
		return "play " + m.Card.String()
	case m.Kind == KindDraw:
		return "draw"
	case m.Kind == KindPass:
		return "pass"
	}
	return "no move"
}

// appendText appends the move's text to b, for its JSON.
func (m Move) appendText(b []byte) []byte { return append(b, m.String()...) }

// State is a game in progress: a value, copied by assignment. Its JSON
// holds every hand and the random source: a program keeps states and
// sends views.
//
//cards:json state name 1
type State struct {
	players int                   `cards:"players"`
	turn    cards.Player          `cards:"turn"`
	hands   [MaxPlayers]cards.Set `cards:"hands,seats"`
	stock   cards.Set             `cards:"stock"`
	pile    cards.Set             `cards:"pile"` // the discard pile beneath its top card
	top     cards.Card            `cards:"top"`  // the top card of the discard pile
	suit    Suit                  `cards:"suit"` // the suit to follow: top's, or the one an eight named
	rng     cards.Rand            `cards:"rand"`
	log     cards.Log
}

// NewGame deals a game. Options that describe no game give an error
// wrapping cards.ErrBadOptions.
func NewGame(o Options) (State, error) {
	if o.Players < MinPlayers || o.Players > MaxPlayers {
		return State{}, cards.BadOptions("Crazy Eights is for %d to %d players, not %d", MinPlayers, MaxPlayers, o.Players)
	}
	s := State{players: o.Players, stock: cards.Standard(), rng: cards.NewRand(uint64(o.Seed))}
	if o.NoLog {
		s.log = cards.Off()
	}
	hand := 5
	if o.Players == 2 {
		hand = 7
	}
	for p := range o.Players {
		for range hand {
			s.hands[p].Add(s.draw())
		}
	}
	for s.top = s.draw(); s.top.Rank() == cards.Eight; s.top = s.draw() {
		s.stock.Add(s.top) // an eight turned up goes back into the stock
	}
	s.suit = SuitOf(s.top)
	if s.log.On() {
		s.event(EventData{Kind: EventDealt, Card: s.top, Count: hand}, "the dealer dealt %s to each player and turned up %v", cards.Plural(hand, "card"), s.top)
	}
	return s, nil
}

// draw takes a card at random from the stock (the stock is shuffled: any
// of its cards is as likely to be the top). The caller keeps it.
func (s *State) draw() cards.Card {
	c := s.rng.Pick(s.stock)
	s.stock.Remove(c)
	return c
}

// Players returns the number of players.
func (s State) Players() int { return s.players }

// Over reports whether a player has gone out.
func (s State) Over() bool { return s.out() != cards.Spectator }

// out returns the player whose hand is empty, or cards.Spectator.
func (s State) out() cards.Player {
	for p := range cards.Player(s.players) {
		if s.hands[p].Empty() {
			return p
		}
	}
	return cards.Spectator
}

// ToAct returns the player whose turn it is, or nobody once it is over.
func (s State) ToAct() cards.PlayerSet {
	if s.Over() {
		return 0
	}
	return cards.PlayersOf(s.turn)
}

// Points returns the penalty points of a hand: 50 an eight, 10 a K, Q or
// J, 1 an ace, the number for the others.
func Points(hand cards.Set) int {
	n := 0
	for c := range hand.All() {
		switch r := c.Rank(); {
		case r == cards.Eight:
			n += 50
		case r >= cards.Jack:
			n += 10
		default:
			n += int(r)
		}
	}
	return n
}

// Result returns the scores, and the winner once the game is over: the
// player who went out, who scores the points in the other hands. Before
// the end every score is 0.
func (s State) Result() cards.Result {
	r := cards.Result{Scores: make([]int, s.players)}
	w := s.out()
	if w == cards.Spectator {
		return r
	}
	r.Winners = cards.PlayersOf(w)
	for p := range s.players {
		r.Scores[w] += Points(s.hands[p])
	}
	return r
}

// Log returns the state's log.
func (s State) Log() cards.Log { return s.log }

// Check reports whether the state keeps the rules: every card of the deck
// once, in a hand, the stock, the discard pile or on top; the suit to
// follow the top card's, but after an eight; the turn at the table; one
// player out at most.
func (s State) Check() error {
	if s.players < MinPlayers || s.players > MaxPlayers {
		return cards.BadInput("Crazy Eights is for %d to %d players, not %d", MinPlayers, MaxPlayers, s.players)
	}
	seen, n := s.stock.Union(s.pile), s.stock.Len()+s.pile.Len()
	for p := range MaxPlayers {
		if p >= s.players && !s.hands[p].Empty() {
			return cards.BadInput("a hand of a player not at the table")
		}
		seen, n = seen.Union(s.hands[p]), n+s.hands[p].Len()
	}
	switch {
	case !s.top.Valid() || s.top.IsJoker() || seen.Has(s.top):
		return cards.BadInput("the top card of the discard pile is no card of the deck, or is also elsewhere")
	case seen.Union(cards.SetOf(s.top)) != cards.Standard() || n+1 != 52:
		return cards.BadInput("the cards in play are not the deck, each once")
	case s.suit != SuitOf(s.top) && s.top.Rank() != cards.Eight:
		return cards.BadInput("the suit to follow is the top card's, unless an eight named another")
	case s.suit < SuitClubs || s.suit > SuitSpades:
		return cards.BadInput("the suit to follow is no suit")
	case !s.turn.Valid(s.players):
		return cards.BadInput("the turn is %v's, who is not at the table", s.turn)
	}
	out := 0
	for p := range s.players {
		if s.hands[p].Empty() {
			out++
		}
	}
	if out > 1 {
		return cards.BadInput("%d players are out: the game ends when the first is", out)
	}
	return nil
}
