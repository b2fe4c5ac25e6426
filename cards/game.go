package cards

import "strconv"

// Rules is the contract every game of the library meets, so that one piece
// of code — a JSON adapter, a bot, a property test, a server — serves them
// all. A game package implements it with a zero-size type, Rules, whose
// methods call the package's functions:
//
//	func NewGame(opts Options) (State, error)
//	func LegalMoves(s State) []Move
//	func AppendLegalMoves(dst []Move, s State) []Move
//	func Apply(s State, m Move) (State, error)
//	func ViewOf(s State, p cards.Player) View
//	func Determinize(v View, seed uint64) (State, error)
//
// (The view function is ViewOf because a Go package cannot have a function
// and a type both named View.)
//
// O is the game's options, S its state, M its move and V its view; all four
// encode to JSON and back without loss.
type Rules[O any, S State, M Move, V View[M]] interface {
	// Info describes the game: its names, its players and its options.
	Info() GameInfo

	// DefaultOptions returns the options of the game as its rules set it
	// up. Options have literal values (0 means none, never "the
	// default"); a decoder of options starts from these, so that options
	// missing from the input keep their defaults.
	DefaultOptions() O

	// NewGame deals a new game. The options' seed makes it reproducible.
	// Options that describe no playable game give an error wrapping
	// ErrBadOptions.
	NewGame(opts O) (S, error)

	// AppendLegalMoves appends to dst every move legal in s, for every
	// player who must act, and returns the extended slice. It returns dst
	// unchanged when the game is over.
	AppendLegalMoves(dst []M, s S) []M

	// Apply returns the state after m. It never changes s. A move that
	// AppendLegalMoves would not list gives an error wrapping
	// ErrIllegalMove, and s is left as it was.
	Apply(s S, m M) (S, error)

	// View returns what player p — or Spectator — may know of s.
	View(s S, p Player) V

	// Determinize deals a full state that is consistent with view v: every
	// card the viewer cannot see is placed at random (from seed) where it
	// could be, and the state's random source is seeded afresh. The
	// viewer's view of the result equals v. The result's log is off (at
	// the view's count of events), for it is a world to search, not a
	// game to show. Search
	// bots use it to sample the worlds a player cannot tell apart. A view
	// no game could show gives an error wrapping ErrBadInput.
	Determinize(v V, seed uint64) (S, error)
}

// State is what every game's state tells about itself. A state is a value:
// copying it copies the game, and nothing changes it after it is made.
type State interface {
	// Players returns the number of players.
	Players() int
	// ToAct returns the players who must move now: usually one, several
	// for a simultaneous choice, none once the game is over.
	ToAct() PlayerSet
	// Over reports whether the game has ended.
	Over() bool
	// Result returns the scores so far and, once the game is over, the
	// winners (several share a tie).
	Result() Result
	// Check reports whether the state keeps the rules' invariants: no
	// card created, lost or duplicated, counts within bounds, and so on.
	// Decoding a state checks it.
	Check() error
	// Log returns the state's log: the events it holds in memory and the
	// number of events its game has produced. The events a move produced
	// are Apply's result's Log().Since(the input's Log().Len()).
	Log() Log
}

// Move is what every game's move tells about itself. Moves are comparable
// values; two moves are the same move exactly when they are ==.
type Move interface {
	comparable
	// Player returns the player who makes the move.
	Player() Player
	// String describes the move briefly, without the player: "play 7♦ 7♣".
	String() string
}

// View is what every game's view tells about itself. A game's view embeds
// ViewBase, which gives the Base method.
type View[M any] interface {
	Base() ViewBase[M]
	// String renders the view as text for a person at a terminal.
	String() string
}

// ViewBase is the part every view shares: whose view it is, who must act,
// the viewer's legal moves, the result, and how many events the game has
// produced. A game's view embeds it, and its fields appear at the top level
// of the view's JSON.
type ViewBase[M any] struct {
	// Viewer is the player whose view this is, or Spectator.
	Viewer Player `json:"viewer"`
	// Players is the number of players.
	Players int `json:"players"`
	// ToAct is who must move now.
	ToAct PlayerSet `json:"toAct"`
	// Over reports whether the game has ended.
	Over bool `json:"over"`
	// Result holds the scores so far and, once over, the winners.
	Result Result `json:"result"`
	// Moves lists the viewer's legal moves now, in the order the game
	// lists them; it is empty when the viewer need not act.
	Moves []M `json:"moves"`
	// Events is the number of events the game has produced: the sequence
	// number of the last.
	Events int `json:"events"`
	// Log holds the events the state held in memory, as the viewer may
	// read them, oldest first. It is not part of the view's JSON: a
	// program that serves views sends events apart, each reader the ones
	// it has not read yet (see package anygame).
	Log []Entry `json:"-"`
}

// Base returns the view's shared part.
func (b ViewBase[M]) Base() ViewBase[M] { return b }

// Check reports whether the shared part of a view is one that game could
// show: a number of players in its range, a viewer at the table or the
// spectator, players to act and winners at the table, a score a player,
// and moves that are the viewer's own, each listed once. Programs check a
// view that comes from outside before they act on it.
func (b ViewBase[M]) Check(info GameInfo) error {
	n := b.Players
	switch {
	case n < info.MinPlayers || n > info.MaxPlayers:
		return BadInput("a view of %s has %d to %d players, not %d", info.Title, info.MinPlayers, info.MaxPlayers, n)
	case b.Viewer != Spectator && !b.Viewer.Valid(n):
		return BadInput("viewer %d is not a player of this %d-player game", b.Viewer, n)
	case b.ToAct&^AllPlayers(n) != 0 || b.Result.Winners&^AllPlayers(n) != 0:
		return BadInput("a view names players who are not at the table")
	case len(b.Result.Scores) != n:
		return BadInput("a view's result holds a score for each of the %d players", n)
	case b.Over && b.ToAct != 0:
		return BadInput("nobody acts in a game that is over")
	case b.Events < 0:
		return BadInput("a view's event count is a number from 0")
	case len(b.Moves) > 0 && !b.ToAct.Has(b.Viewer):
		return BadInput("a view lists moves for %v, who is not to act", b.Viewer)
	}
	seen := make(map[any]bool, len(b.Moves))
	for _, m := range b.Moves {
		mv, ok := any(m).(interface{ Player() Player })
		if !ok || mv.Player() != b.Viewer {
			return BadInput("a view lists a move of another player than its viewer %v", b.Viewer)
		}
		if seen[m] {
			return BadInput("a view lists a move twice")
		}
		seen[m] = true
	}
	return nil
}

// Result is the outcome of a game, or its standing before the end.
type Result struct {
	// Winners holds the winners once the game is over; several share a
	// win, or a draw (see Drawn). It is empty before the end.
	Winners PlayerSet `json:"winners"`
	// Scores holds each player's score, indexed by player, in the game's
	// own terms (points, rounds won as King, …): a higher score is
	// better, in every game.
	Scores []int `json:"scores"`
	// Drawn reports a game that ended in a draw, such as one called at a
	// limit on its length with no player ahead: Winners then holds the
	// players who drew (every player, when nobody was behind).
	Drawn bool `json:"drawn,omitzero"`
	// Automata holds the seats the game plays itself (the automaton of a
	// solo game): nobody is asked for their moves.
	Automata PlayerSet `json:"automata,omitzero"`
}

// String tells the outcome in words, then the scores in the game's own
// terms: "P2 won (scores: P1 3, P2 5)", "P1 and P3 shared the win
// (scores: …)", "P1 and P2 drew (scores: …)", "no winner yet (scores: …)";
// an automaton's seat is named as such. A result without scores says the
// outcome alone.
func (r Result) String() string {
	names := func(ps PlayerSet) string {
		var items []string
		for p := range ps.All() {
			if r.Automata.Has(p) {
				items = append(items, p.String()+" (the automaton)")
			} else {
				items = append(items, p.String())
			}
		}
		return Series(items, "and")
	}
	var outcome string
	switch w := r.Winners; {
	case w == 0:
		outcome = "no winner yet"
	case r.Drawn:
		outcome = names(w) + " drew"
	case w.Len() == 1:
		outcome = names(w) + " won"
	default:
		outcome = names(w) + " shared the win"
	}
	if len(r.Scores) == 0 {
		return outcome
	}
	b := []byte(outcome + " (scores: ")
	for p, score := range r.Scores {
		if p > 0 {
			b = append(b, ", "...)
		}
		b = append(b, Player(p).String()...)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(score), 10)
	}
	return string(append(b, ')'))
}

// BaseOf returns the shared part of viewer p's view of s: the viewer (a p
// who is no player of s is the Spectator), who acts, the result, the
// viewer's own legal moves — appendLegal is the game's AppendLegalMoves,
// called only when p must act — and the events of log as p may read them.
// Moves is never nil, so that it encodes as a JSON array.
func BaseOf[S State, M Move](s S, p Player, appendLegal func([]M, S) []M, log Log) ViewBase[M] {
	if !p.Valid(s.Players()) {
		p = Spectator
	}
	own := []M{}
	if s.ToAct().Has(p) {
		for _, m := range appendLegal(nil, s) {
			if m.Player() == p {
				own = append(own, m)
			}
		}
	}
	return ViewBase[M]{
		Viewer:  p,
		Players: s.Players(),
		ToAct:   s.ToAct(),
		Over:    s.Over(),
		Result:  s.Result(),
		Moves:   own,
		Events:  log.Len(),
		Log:     log.For(p),
	}
}

// AppendJSON appends the result as a JSON object {"winners":[…],
// "scores":[…]}.
func (r Result) AppendJSON(b []byte) ([]byte, error) { return appendFields(b, r.fields()) }

// MarshalJSON encodes the result as AppendJSON does.
func (r Result) MarshalJSON() ([]byte, error) { return r.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends.
func (r *Result) UnmarshalJSON(v []byte) error {
	_, err := decodeFields(v, "a result", r.fields())
	return err
}

func (r *Result) fields() []field {
	return []field{
		{Name: "winners", Ptr: &r.Winners}, {Name: "scores", Ptr: &r.Scores},
		{Name: "drawn", Ptr: &r.Drawn, OmitZero: true}, {Name: "automata", Ptr: &r.Automata, OmitZero: true},
	}
}

// At returns xs[i], or the zero T if i is out of xs's range: a view's
// per-player lists (hand sizes, scores) may be short in a view given back
// from outside, and a view's String renders them at every index all the
// same.
func At[T any](xs []T, i int) T {
	if i >= 0 && i < len(xs) {
		return xs[i]
	}
	var zero T
	return zero
}
