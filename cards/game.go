package cards

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
	// Name returns the game's short name, as used in URLs and flags
	// ("bastards").
	Name() string

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
	// viewer's view of the result equals v, but for the log: the result's
	// log is off, for it is a world to search, not a game to show. Search
	// bots use it to sample the worlds a player cannot tell apart.
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
// the viewer's legal moves, the result and the log the viewer may read. A
// game's view embeds it, and its fields appear at the top level of the
// view's JSON.
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
	// Log is the game's log as the viewer may read it, oldest first.
	Log []string `json:"log"`
}

// Base returns the view's shared part.
func (b ViewBase[M]) Base() ViewBase[M] { return b }

// Result is the outcome of a game, or its standing before the end.
type Result struct {
	// Winners holds the winners once the game is over (several share a
	// tie); it is empty before.
	Winners PlayerSet `json:"winners"`
	// Scores holds each player's score, indexed by player, in the game's
	// own terms (points, rounds won as King, …).
	Scores []int `json:"scores"`
}

// BaseOf returns the shared part of viewer p's view of s: the viewer (a p
// who is no player of s is the Spectator), who acts, the result, the
// viewer's own legal moves — appendLegal is the game's AppendLegalMoves,
// called only when p must act — and the log as p may read it. Moves and
// Log are never nil, so that they encode as JSON arrays.
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
		Log:     log.For(p),
	}
}
