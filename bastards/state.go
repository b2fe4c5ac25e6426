package bastards

import "github.com/cardrules/games/cards"

// A Phase is the stage of a round.
//
//cards:json enum "a phase"
type Phase uint8

// The phases. Each round after the first opens with the exchange; the game
// ends in PhaseOver once the round limit is reached. The zero Phase is no
// phase: the zero State, which is no game.
const (
	_ Phase = iota
	// PhaseExchange: the King chooses two cards for the Bastard.
	PhaseExchange
	// PhasePlay: tricks are played.
	PhasePlay
	// PhaseOver: the game has ended.
	PhaseOver
	numPhases
)

// String returns the phase's name: "exchange", "play" or "over".
func (ph Phase) String() string { return phaseCodes.Name(ph) }

// State is a game of Kings & Bastards: a small value of bitsets and fixed
// arrays, copied by assignment. Apply returns new states and never changes
// one. Its JSON holds the whole game, hidden cards and random source
// included, and no history: its tagged fields.
//
//cards:json state gameName stateVersion
type State struct {
	cfg    config       `cards:",inline"`
	round  int32        `cards:"round"` // the current round, from 1
	phase  Phase        `cards:"phase"`
	dealer cards.Player `cards:"dealer"` // who dealt this round
	toAct  cards.Player `cards:"toAct"`  // who must move; Spectator once over

	hands  [MaxPlayers]cards.Set `cards:"hands,seats"`
	plays  [maxPlays]play        `cards:"plays,len=nPlays"` // the current trick's plays in order; the last is the play to beat
	nPlays int8                  // how many of plays are made
	pile   cards.Set             `cards:"pile"` // cards of the tricks won this round

	passed cards.PlayerSet          `cards:"passed"` // players who passed since the last play
	out    cards.PlayerSet          // players who have gone out this round
	order  [MaxPlayers]cards.Player `cards:"out,len=nOut"` // who went out this round, in order
	nOut   int8                     // how many of order are set

	king     cards.Player      `cards:"king"`    // of the last finished round, or Spectator
	bastard  cards.Player      `cards:"bastard"` // of the last finished round, or Spectator
	kings    [MaxPlayers]int32 `cards:"kings,seats"`
	bastards [MaxPlayers]int32 `cards:"bastards,seats"`

	kingGave    cards.Set `cards:"kingGave"`    // the King's two cards in this round's exchange
	bastardGave cards.Set `cards:"bastardGave"` // the Bastard's two cards in this round's exchange

	rng cards.Rand `cards:"rand"`
	log cards.Log
}

// decoded sets what a decoded state's members do not say: the players
// out, from their order, and whether the game keeps a log.
func (s *State) decoded() error {
	s.cfg.noLog = !s.log.On()
	for _, p := range s.order[:max(0, min(int(s.nOut), len(s.order)))] {
		if !p.Valid(s.Players()) {
			return cards.BadInput("%s is not a player", p)
		}
		s.out = s.out.With(p)
	}
	for _, pl := range s.plays[:max(0, min(int(s.nPlays), len(s.plays)))] {
		if !pl.by.Valid(s.Players()) {
			return cards.BadInput("a play of the trick was made by %s, who is not a player", pl.by)
		}
	}
	return nil
}

// maxPlays bounds the plays of a trick on the table: each play but a 2
// is of a strictly higher rank than the one before, from 3 up to A, and a 2
// wins the trick at once.
const maxPlays = 12

// A play is cards on the table: what they are, their rank (a lone joker's
// declared rank) and who played them. A play is at most four cards, kept in
// card order with NoCard after the last, so that a trick's plays take
// little room in a state.
//
//cards:ts TablePlay
type play struct {
	cards [4]cards.Card
	rank  cards.Rank
	by    cards.Player
}

// newPlay returns the play of cs, at most four cards, of rank r by p.
func newPlay(cs cards.Set, r cards.Rank, p cards.Player) play {
	pl := play{rank: r, by: p}
	i := 0
	for c := range cs.All() {
		if i == len(pl.cards) {
			break
		}
		pl.cards[i] = c
		i++
	}
	return pl
}

// set returns the cards of the play.
func (pl play) set() cards.Set {
	var s cards.Set
	for _, c := range pl.cards {
		if c != cards.NoCard {
			s.Add(c)
		}
	}
	return s
}

// size returns the number of cards of the play.
func (pl play) size() int {
	n := 0
	for _, c := range pl.cards {
		if c != cards.NoCard {
			n++
		}
	}
	return n
}

// Players returns the number of players.
func (s State) Players() int { return int(s.cfg.players) }

// Log returns the events the state holds and the number its game has
// produced.
func (s State) Log() cards.Log { return s.log }

// ToAct returns the player who must move, or none once the game is over.
func (s State) ToAct() cards.PlayerSet {
	if s.phase == PhaseOver {
		return 0
	}
	return cards.PlayersOf(s.toAct)
}

// Over reports whether the round limit has been reached.
func (s State) Over() bool { return s.phase == PhaseOver }

// Ending tells how the game ended: always at its round limit
// (Options.Rounds), for the rules set it no other end.
func (s State) Ending() cards.Ending { return cards.Ending{Name: "the round limit", Limit: true} }

// Result returns the rounds each player was King as the scores and, once
// the game is over, the players with the most (several share a tie).
func (s State) Result() cards.Result {
	r := cards.Result{Scores: make([]int, s.Players())}
	best := int32(-1)
	for i := range r.Scores {
		r.Scores[i] = int(s.kings[i])
		best = max(best, s.kings[i])
	}
	if s.phase == PhaseOver {
		for i := range r.Scores {
			if s.kings[i] == best {
				r.Winners = r.Winners.With(cards.Player(i))
			}
		}
	}
	return r
}

// Round returns the number of the current round, from 1.
func (s State) Round() int { return int(s.round) }

// Phase returns the stage of the round.
func (s State) Phase() Phase { return s.phase }

// Hand returns player p's cards.
func (s State) Hand(p cards.Player) cards.Set {
	if !p.Valid(s.Players()) {
		return cards.Set{}
	}
	return s.hands[p]
}

// Kings returns how many rounds player p was King.
func (s State) Kings(p cards.Player) int {
	if !p.Valid(s.Players()) {
		return 0
	}
	return int(s.kings[p])
}

// Bastards returns how many rounds player p was Bastard.
func (s State) Bastards(p cards.Player) int {
	if !p.Valid(s.Players()) {
		return 0
	}
	return int(s.bastards[p])
}

// in returns the players who still hold cards in this round.
func (s State) in() cards.PlayerSet {
	return cards.AllPlayers(s.Players()) &^ s.out
}

// nextIn returns the first player to the left of p who is still in the
// round, or p itself if nobody else is.
func (s State) nextIn(p cards.Player) cards.Player {
	n := s.Players()
	q := p
	for range n {
		q = q.Next(n)
		if !s.out.Has(q) {
			return q
		}
	}
	return p
}

// leading reports whether the player to act leads a trick.
func (s *State) leading() bool { return s.nPlays == 0 }

// top returns the play to beat: the trick's last play, or no play (of no
// cards, by P1) when a trick is to be led.
func (s *State) top() play {
	if s.nPlays <= 0 || int(s.nPlays) > maxPlays {
		return play{}
	}
	return s.plays[s.nPlays-1]
}

// trick returns the plays of the current trick, in order.
func (s *State) trick() []play { return s.plays[:max(0, min(int(s.nPlays), maxPlays))] }

// outOrder returns, in a new slice, the players who went out this round in
// the order they did.
func (s *State) outOrder() []cards.Player {
	return append([]cards.Player{}, s.order[:max(0, min(int(s.nOut), len(s.order)))]...)
}

// trickCards returns every card of the current trick.
func (s *State) trickCards() cards.Set {
	var cs cards.Set
	for _, pl := range s.trick() {
		cs = cs.Union(pl.set())
	}
	return cs
}

// opening reports whether the round's first play is still to be made: it
// must include 3♣.
func (s *State) opening() bool { return s.nPlays == 0 && s.pile.Empty() }

// holder returns the player holding card c, or Spectator.
func (s State) holder(c cards.Card) cards.Player {
	for p := range s.Players() {
		if s.hands[p].Has(c) {
			return cards.Player(p)
		}
	}
	return cards.Spectator
}
