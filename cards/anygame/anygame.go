// Package anygame gives every game of this module one face that speaks
// JSON: options, states, moves, views and events go in and out as JSON
// values, so that a server, a WebAssembly bundle or a terminal program can
// serve any game it finds by name, without knowing its types.
//
// Of adapts a game's cards.Rules; package catalog lists the games of this
// module adapted. A program that serves a game keeps its state and its
// events, and sends each seat its view and the events it may read:
//
//	g, _ := catalog.Lookup("bastards")
//	start, _ := g.NewGame([]byte(`{"players":5,"seed":42}`))
//	// store start.State and start.Events
//	pos, _ := g.Load(start.State)         // one decoding serves every call below
//	view, _ := pos.View(0)                // P1's view, with P1's legal moves
//	next, events, err := pos.Apply(move)  // a move from P1, as JSON
//	// store next.State() and events; send P1 cards.EventsFor(events, 0)
//
// # Input
//
// Every method checks its input before it works, and answers bad input
// with an error wrapping a sentinel of package cards; ErrorCode turns an
// error into a short machine-readable code. Decoding is strict: member
// names match exactly, and unknown or repeated members, null, trailing
// data and wrong types are errors, and so is an input over cardjson.MaxInput
// bytes (a record, over MaxRecordInput). A state must name its game and
// its encoding version. A view given back (to ViewText or a bot) must be
// one the game could show: its players within the game's range, its moves
// the viewer's own and each listed once. Players are numbers checked
// against the game: 0 for P1, cards.Spectator (-1) for the spectator.
//
// # Bots
//
// BotMove asks a bot for a seat's move and Simulate plays a whole game with
// bots; both take a bot by its spec, a name alone ("ismcts") or with
// options ("ismcts:strength=4", "montecarlo:samples=50"). BotInfos
// describes the bots and their options, CheckBot checks a spec, and the
// ISMCTS bot's strengths 1 to 5 are 50 to 10000 iterations a move (see
// DefaultStrength). A bot sees the view it is given, nothing more.
//
// A server bounds its bots: BotWorkOf tells the most work a spec asks of
// a move, to compare with the server's bounds before it accepts the spec,
// and BotMoveContext stops a bot's search at a context's deadline, with
// the best move found so far, or when the context is cancelled.
//
// # Secrets
//
// A state holds every hidden card and the random source: it must stay on
// the server, and so must LegalMoves, which lists every player's moves
// (during a simultaneous choice, the choices the others could make). Send
// players views, and events through cards.EventsFor.
package anygame

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
	"github.com/cardrules/games/cards/cardjson"
)

// Game is one game, with JSON in and out.
type Game interface {
	// Info describes the game: its names, its players and its options.
	Info() cards.GameInfo
	// DefaultOptions returns the game's default options as a JSON object
	// that names every option.
	DefaultOptions() json.RawMessage
	// NewGame deals a game from options given as a JSON object. Options it
	// does not name keep their defaults; unknown names are an error
	// wrapping cards.ErrBadOptions. It returns the state and the events of
	// the deal.
	NewGame(options []byte) (Step, error)
	// Deal deals a game as NewGame does and returns its position, for
	// calls on it without a decoding, and the events of the deal.
	Deal(options []byte) (Position, []cards.Event, error)
	// Load decodes and checks a state, for any number of calls on it.
	Load(state []byte) (Position, error)
	// NewMoveTable returns an empty table to number the game's moves.
	NewMoveTable() *MoveTable
	// Status tells who must act in a state, whether it is over, and the
	// result.
	Status(state []byte) (Status, error)
	// LegalMoves returns every move legal in a state, for every player, as
	// a JSON array. It tells secrets: see the package documentation.
	LegalMoves(state []byte) (json.RawMessage, error)
	// Apply returns the state after a move and the events the move
	// produced.
	Apply(state, move []byte) (Step, error)
	// View returns what player p (0 for P1), or the spectator
	// (cards.Spectator), may know of a state.
	View(state []byte, p cards.Player) (json.RawMessage, error)
	// ViewText renders a view (as returned by View) as text for a person.
	ViewText(view []byte) (string, error)
	// BriefText renders a view as ViewText does, without the legend Info
	// gives (see cards.Briefer), for a program that shows the legend once
	// and view after view; for a game whose views have no legend, as
	// ViewText.
	BriefText(view []byte) (string, error)
	// Tries lists the moves the viewer of a view might try now, so that a
	// program can say why a card or a move is not offered: the view's
	// legal moves, in its order, then the moves the game's rules propose
	// as candidates (see cards.Explainer) that the rules refuse, each with
	// the refusal. It reads the view alone, and a refusal says nothing the
	// viewer may not know. For a game whose rules are no Explainer, it
	// lists the legal moves alone.
	Tries(view []byte) ([]Try, error)
	// Move decodes a move and tells whose it is and how it reads.
	Move(move []byte) (MoveInfo, error)
	// DecodeMove decodes a move once, for Position.Play.
	DecodeMove(move []byte) (Move, error)
	// Bots returns the names of the bots that can play the game;
	// BotInfos describes them and their options.
	Bots() []string
	// BotMove returns the move a bot chooses from a view (as returned by
	// View), drawing its randomness from seed. The bot is given by a spec:
	// its name, or its name and options ("ismcts:strength=4"; see
	// BotInfo). The same view, spec and seed give the same move, but
	// for a bot given a time. BotMove is BotMoveContext under a context
	// never done, as context.Background() is.
	BotMove(view []byte, bot string, seed uint64) (json.RawMessage, error)
	// BotMoveContext is BotMove under ctx: once ctx is done, the bot's
	// search stops promptly. Past ctx's deadline the bot returns the best
	// move it has found so far, a legal move always, as a bot given a
	// time does when its time runs out (a deadline, as a time, makes the
	// move depend on the clock). If ctx is cancelled, BotMoveContext
	// returns an error wrapping ctx.Err(), so that errors.Is(err,
	// context.Canceled) and ErrorCode gives CodeCanceled: never an error
	// of bad input. Any context.Context is a bot.Context, the part of it
	// a bot reads.
	BotMoveContext(ctx bot.Context, view []byte, bot string, seed uint64) (json.RawMessage, error)
	// Simulate plays a whole game with a bot in every seat: the game of
	// options as NewGame takes them, and bots[p] the spec of seat p's bot.
	// The bots draw their randomness from seed. It returns the final
	// state, the result and what each seat's bot did.
	Simulate(options []byte, bots []string, seed uint64) (Simulation, error)
	// SimulateEach plays as Simulate does, and calls each after every
	// move with what the move was (see Ply); an error from each stops
	// the game and is returned. A program that studies games (the
	// balance lab) counts from the plies what happened.
	SimulateEach(options []byte, bots []string, seed uint64, each func(Ply) error) (Simulation, error)
	// Replay plays a game's record from its options through its moves,
	// and returns the final position and every event of the game.
	Replay(record []byte) (Position, []cards.Event, error)
}

// Position is a decoded state, for any number of calls: a server loads a
// state once, applies a move, and encodes the new state and every seat's
// view from the result.
type Position interface {
	// State returns the state as JSON.
	State() (json.RawMessage, error)
	// AppendState appends the state's JSON to b, as State returns it.
	AppendState(b []byte) ([]byte, error)
	// StateObject encodes the state member by member, as a cardjson.Object
	// whose JSON is the state's. base is the Object of an earlier state of
	// the same game, or nil: the members whose values are the same are
	// taken from it, and the new Object tells the state as a patch of it.
	// spare is an Object no longer in use, or nil: the new Object takes
	// its memory (it may be spare itself).
	StateObject(base, spare *cardjson.Object) (*cardjson.Object, error)
	// Status tells who must act, whether the game is over, and the
	// result.
	Status() Status
	// LegalMoves returns every move legal now, for every player, as a
	// JSON array. It tells secrets: see the package documentation.
	LegalMoves() (json.RawMessage, error)
	// AppendLegalMoves appends the JSON array LegalMoves returns to b.
	AppendLegalMoves(b []byte) ([]byte, error)
	// View returns what player p (0 for P1), or the spectator
	// (cards.Spectator), may know.
	View(p cards.Player) (json.RawMessage, error)
	// Apply returns the position after a move and the events the move
	// produced. It leaves the position as it was.
	Apply(move []byte) (Position, []cards.Event, error)
	// Play is Apply of a move decoded by the game's DecodeMove, or chosen
	// by BotMove, without another decoding.
	Play(m Move) (Position, []cards.Event, error)
	// BotMove returns the move the bot of spec ("ismcts:strength=4", see
	// Game.BotMove) chooses for player p, from p's view of the position,
	// drawing its randomness from seed, under ctx as Game.BotMoveContext
	// is; a move to Play, never encoded on the way.
	BotMove(ctx bot.Context, p cards.Player, spec string, seed uint64) (Move, error)
	// ApplyLegal is Apply of the move at index i of LegalMoves' list,
	// without the decoding of a move: a program that lists the moves and
	// picks one by its index.
	ApplyLegal(i int) (Position, []cards.Event, error)
	// LegalMoveIDs appends to ids the numbers in t of the moves
	// LegalMoves lists, in its order, numbering in t those it has not
	// met. t must be a table of the position's game.
	LegalMoveIDs(t *MoveTable, ids []int32) ([]int32, error)
	// ApplyMoveID is Apply of the move numbered id in t, without the
	// decoding of a move. The move need not be legal: it is checked as
	// Apply checks a move.
	ApplyMoveID(t *MoveTable, id int32) (Position, []cards.Event, error)
}

// Step is a state and the events that led to it: the deal's events after
// NewGame, a move's after Apply.
type Step struct {
	State  json.RawMessage `json:"state"`
	Events []cards.Event   `json:"events"`
}

// Status is what a state tells of its progress.
type Status struct {
	Players int             `json:"players"`
	ToAct   cards.PlayerSet `json:"toAct"`
	Over    bool            `json:"over"`
	Result  cards.Result    `json:"result"`
	// Events is the number of events the game has produced.
	Events int `json:"events"`
}

// Fields lists the members of the status's JSON, in order.
func (s *Status) Fields() []cardjson.Field {
	return []cardjson.Field{
		{Name: "players", Ptr: &s.Players}, {Name: "toAct", Ptr: &s.ToAct}, {Name: "over", Ptr: &s.Over},
		{Name: "result", Ptr: &s.Result}, {Name: "events", Ptr: &s.Events},
	}
}

// AppendJSON appends the status's JSON to b.
func (s Status) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, s.Fields()) }

// MarshalJSON encodes the status as AppendJSON does.
func (s Status) MarshalJSON() ([]byte, error) { return s.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends.
func (s *Status) UnmarshalJSON(b []byte) error {
	_, err := cardjson.DecodeFields(b, "a status", s.Fields())
	return err
}

// MaxSimulatedMoves bounds the moves of a game Simulate plays: a game
// without end (Kings & Bastards without a round limit) stops there.
const MaxSimulatedMoves = 1_000_000

// A Simulation is a whole game played by bots.
type Simulation struct {
	// State is the final state: over, unless the game reached
	// MaxSimulatedMoves.
	State json.RawMessage `json:"state"`
	// Status tells the final result.
	Status Status `json:"status"`
	// Moves is the number of moves of the game.
	Moves int `json:"moves"`
	// Seats tells what each seat's bot did.
	Seats []SeatPlay `json:"seats"`
	// Ending tells how the game ended (see cards.EndingOf).
	Ending cards.Ending `json:"-"`
}

// A Ply is one move of a game SimulateEach plays.
type Ply struct {
	// Player is the player who moved.
	Player cards.Player
	// Move is the move.
	Move Move
	// Kind is the move's kind (see MoveKind).
	Kind string
	// Choices is the number of moves the mover could choose from: 1 for
	// a forced move.
	Choices int
	// Offered lists the kinds of those moves, each once, in the order
	// the game lists them.
	Offered []string
	// Time is the time the mover's bot took to choose.
	Time time.Duration
	// Events are the events the move produced, or none when the game
	// keeps no log (its option noLog).
	Events []cards.Event
}

// SeatPlay tells what one seat's bot did in a simulated game.
type SeatPlay struct {
	// Bot is the spec of the seat's bot.
	Bot string `json:"bot"`
	// Moves is the number of moves it chose.
	Moves int `json:"moves"`
	// Time is the time it took to choose them, in nanoseconds.
	Time time.Duration `json:"time"`
	// Automaton reports a seat the game plays itself (the solo automaton
	// of Packs Kingdoms): its bot is never asked, and it is no player's.
	Automaton bool `json:"automaton"`
}

// MoveInfo tells whose a move is and how it reads.
type MoveInfo struct {
	Player cards.Player    `json:"player"`
	Text   string          `json:"text"`
	JSON   json.RawMessage `json:"move"` // the move as the game encodes it
}

// Fields lists the members of the move info's JSON, in order.
func (m *MoveInfo) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "player", Ptr: &m.Player}, {Name: "text", Ptr: &m.Text}, {Name: "move", Ptr: &m.JSON}}
}

// AppendJSON appends the move info's JSON to b.
func (m MoveInfo) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, m.Fields()) }

// MarshalJSON encodes the move info as AppendJSON does.
func (m MoveInfo) MarshalJSON() ([]byte, error) { return m.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends.
func (m *MoveInfo) UnmarshalJSON(b []byte) error {
	_, err := cardjson.DecodeFields(b, "a move's info", m.Fields())
	return err
}

// A State is a game's state as the JSON face needs it: one that lists
// the members of its JSON (see cardjson.Encoding), so that a position
// encodes it member by member (Position.StateObject).
type State interface {
	cards.State
	cardjson.Encoding
}

// Of adapts rules to the JSON face.
func Of[O any, S State, M cards.Move, V cards.View[M]](rules cards.Rules[O, S, M, V]) Game {
	return adapter[O, S, M, V]{rules: rules, info: rules.Info()}
}

type adapter[O any, S State, M cards.Move, V cards.View[M]] struct {
	rules cards.Rules[O, S, M, V]
	info  cards.GameInfo
}

func (a adapter[O, S, M, V]) Info() cards.GameInfo { return a.rules.Info() }

func (a adapter[O, S, M, V]) DefaultOptions() json.RawMessage {
	b, err := cardjson.Marshal(a.rules.DefaultOptions())
	if err != nil {
		return json.RawMessage("{}")
	}
	return b
}

func (a adapter[O, S, M, V]) NewGame(options []byte) (_ Step, err error) {
	defer guard(&err)
	s, err := a.start(options)
	if err != nil {
		return Step{}, err
	}
	b, err := encode(s)
	return Step{State: b, Events: s.Log().Since(0)}, err
}

func (a adapter[O, S, M, V]) Deal(options []byte) (_ Position, _ []cards.Event, err error) {
	defer guard(&err)
	s, err := a.start(options)
	if err != nil {
		return nil, nil, err
	}
	return position[O, S, M, V]{a: a, s: s}, s.Log().Since(0), nil
}

// start deals a game from options given as JSON, over the defaults.
func (a adapter[O, S, M, V]) start(options []byte) (S, error) {
	opts := a.rules.DefaultOptions()
	if err := cardjson.Unmarshal(options, &opts, a.info.Title+" options"); err != nil {
		var zero S
		return zero, fmt.Errorf("%w: %w", cards.ErrBadOptions, err)
	}
	return a.rules.NewGame(opts)
}

func (a adapter[O, S, M, V]) Load(state []byte) (_ Position, err error) {
	defer guard(&err)
	s, err := decode[S](state, "a "+a.info.Name+" state")
	if err != nil {
		return nil, err
	}
	return position[O, S, M, V]{a: a, s: s}, nil
}

func (a adapter[O, S, M, V]) NewMoveTable() *MoveTable {
	return &MoveTable{t: newMoveTable[M]()}
}

func (a adapter[O, S, M, V]) Status(state []byte) (Status, error) {
	p, err := a.Load(state)
	if err != nil {
		return Status{}, err
	}
	return p.Status(), nil
}

func (a adapter[O, S, M, V]) LegalMoves(state []byte) (json.RawMessage, error) {
	p, err := a.Load(state)
	if err != nil {
		return nil, err
	}
	return p.LegalMoves()
}

func (a adapter[O, S, M, V]) Apply(state, move []byte) (Step, error) {
	p, err := a.Load(state)
	if err != nil {
		return Step{}, err
	}
	next, events, err := p.Apply(move)
	if err != nil {
		return Step{}, err
	}
	b, err := next.State()
	return Step{State: b, Events: events}, err
}

func (a adapter[O, S, M, V]) View(state []byte, p cards.Player) (json.RawMessage, error) {
	pos, err := a.Load(state)
	if err != nil {
		return nil, err
	}
	return pos.View(p)
}

func (a adapter[O, S, M, V]) ViewText(view []byte) (_ string, err error) {
	defer guard(&err)
	v, err := a.view(view)
	if err != nil {
		return "", err
	}
	return v.String(), nil
}

// view decodes a view given back by a client and checks it.
func (a adapter[O, S, M, V]) view(b []byte) (V, error) {
	v, err := decode[V](b, "a "+a.info.Name+" view")
	if err != nil {
		return v, err
	}
	if err := v.Base().Check(a.info); err != nil {
		return v, err
	}
	if c, ok := any(v).(interface{ Check() error }); ok {
		if err := c.Check(); err != nil {
			return v, err
		}
	}
	return v, nil
}

func (a adapter[O, S, M, V]) Move(move []byte) (_ MoveInfo, err error) {
	defer guard(&err)
	m, err := a.move(move)
	if err != nil {
		return MoveInfo{}, err
	}
	b, err := encode(m)
	if err != nil {
		return MoveInfo{}, err
	}
	return MoveInfo{Player: m.Player(), Text: m.String(), JSON: b}, nil
}

// move decodes a move and checks that its player may sit at the game's
// table.
func (a adapter[O, S, M, V]) move(b []byte) (M, error) {
	m, err := decode[M](b, "a "+a.info.Name+" move")
	if err == nil && !m.Player().Valid(a.info.MaxPlayers) {
		err = cards.BadInput("a move is made by a player from 0 to %d, not %d", a.info.MaxPlayers-1, m.Player())
	}
	return m, err
}

func (a adapter[O, S, M, V]) Bots() []string { return botNames() }

func (a adapter[O, S, M, V]) BotMove(view []byte, name string, seed uint64) (json.RawMessage, error) {
	return a.botMove(nil, view, name, seed)
}

func (a adapter[O, S, M, V]) BotMoveContext(ctx bot.Context, view []byte, name string, seed uint64) (json.RawMessage, error) {
	return a.botMove(ctx, view, name, seed)
}

// botMove is BotMoveContext under ctx, or BotMove if ctx is nil.
func (a adapter[O, S, M, V]) botMove(ctx bot.Context, view []byte, name string, seed uint64) (_ json.RawMessage, err error) {
	defer guard(&err)
	b, err := botFor(a.rules, name)
	if err != nil {
		return nil, err
	}
	v, err := a.view(view)
	if err != nil {
		return nil, err
	}
	m, err := choose(ctx, b, v, seed)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(v.Base().Moves, m) {
		return nil, fmt.Errorf("%w: bot %s chose a move the view does not list", ErrInternal, name)
	}
	return encode(m)
}

func (a adapter[O, S, M, V]) Simulate(options []byte, specs []string, seed uint64) (Simulation, error) {
	return a.SimulateEach(options, specs, seed, nil)
}

func (a adapter[O, S, M, V]) SimulateEach(options []byte, specs []string, seed uint64, each func(Ply) error) (_ Simulation, err error) {
	defer guard(&err)
	s, err := a.start(options)
	if err != nil {
		return Simulation{}, err
	}
	if len(specs) != s.Players() {
		return Simulation{}, cards.BadInput("a game of %d players needs %d bots, not %d", s.Players(), s.Players(), len(specs))
	}
	bots := make([]bot.Bot[M, V], len(specs))
	for p, spec := range specs {
		if bots[p], err = botFor(a.rules, spec); err != nil {
			return Simulation{}, err
		}
	}
	r := cards.NewRand(seed)
	var stopped error // each's own error, returned as it is
	if each != nil {
		tell := each
		each = func(p Ply) error {
			stopped = tell(p)
			return stopped
		}
	}
	final, seats, err := bot.PlayEach(a.rules, s, bots, &r, MaxSimulatedMoves, plies[S, M, V](each))
	switch {
	case err != nil && err == stopped:
		return Simulation{}, err
	case err != nil:
		return Simulation{}, fmt.Errorf("%w: %w", ErrInternal, err)
	}
	pos := position[O, S, M, V]{a: a, s: final}
	sim := Simulation{Status: pos.Status(), Ending: cards.EndingOf(final)}
	for p, seat := range seats {
		sim.Moves += seat.Moves
		sim.Seats = append(sim.Seats, SeatPlay{Bot: specs[p], Moves: seat.Moves, Time: seat.Time, Automaton: seat.Automaton})
	}
	sim.State, err = encode(final)
	return sim, err
}

// plies returns the function that tells each its plies, as PlayEach
// tells its turns; nil for a nil each.
func plies[S cards.State, M cards.Move, V cards.View[M]](each func(Ply) error) func(bot.Turn[S, M, V]) error {
	if each == nil {
		return nil
	}
	kinds := map[M]string{} // each move's kind, once worked out
	kind := func(m M) string {
		k, ok := kinds[m]
		if !ok {
			k = MoveKind(m)
			kinds[m] = k
		}
		return k
	}
	return func(t bot.Turn[S, M, V]) error {
		moves := t.View.Base().Moves
		ply := Ply{Player: t.Player, Move: typedMove[M]{t.Move}, Kind: kind(t.Move), Choices: len(moves), Time: t.Time}
		for _, m := range moves {
			if k := kind(m); !slices.Contains(ply.Offered, k) {
				ply.Offered = append(ply.Offered, k)
			}
		}
		if t.After.Log().On() {
			ply.Events = t.After.Log().Since(t.Before.Log().Len())
		}
		return each(ply)
	}
}

// position is a decoded state of a game.
type position[O any, S State, M cards.Move, V cards.View[M]] struct {
	a adapter[O, S, M, V]
	s S
}

func (p position[O, S, M, V]) State() (_ json.RawMessage, err error) {
	defer guard(&err)
	return encode(p.s)
}

func (p position[O, S, M, V]) AppendState(b []byte) (_ []byte, err error) {
	defer guard(&err)
	n := len(b)
	if b, err = cardjson.AppendJSON(b, p.s); err != nil {
		return b[:n], fmt.Errorf("%w: encoding %T: %v", ErrInternal, p.s, err)
	}
	return b, nil
}

func (p position[O, S, M, V]) StateObject(base, spare *cardjson.Object) (_ *cardjson.Object, err error) {
	defer guard(&err)
	fields := p.s.Fields()
	if fields == nil {
		return nil, fmt.Errorf("%w: encoding %T: no fields", ErrInternal, p.s)
	}
	o := spare
	if o == nil || o == base {
		o = new(cardjson.Object)
	}
	if err := o.Encode(fields, base); err != nil {
		return nil, fmt.Errorf("%w: encoding %T: %v", ErrInternal, p.s, err)
	}
	return o, nil
}

func (p position[O, S, M, V]) Status() Status {
	return Status{Players: p.s.Players(), ToAct: p.s.ToAct(), Over: p.s.Over(), Result: p.s.Result(), Events: p.s.Log().Len()}
}

func (p position[O, S, M, V]) LegalMoves() (json.RawMessage, error) {
	return p.AppendLegalMoves(nil)
}

func (p position[O, S, M, V]) AppendLegalMoves(b []byte) (_ []byte, err error) {
	defer guard(&err)
	n := len(b)
	if b, err = cardjson.AppendList(b, p.legalMoves()); err != nil {
		return b[:n], fmt.Errorf("%w: encoding moves: %v", ErrInternal, err)
	}
	return b, nil
}

func (p position[O, S, M, V]) View(viewer cards.Player) (_ json.RawMessage, err error) {
	defer guard(&err)
	if viewer != cards.Spectator && !viewer.Valid(p.s.Players()) {
		return nil, cards.BadInput("%d is not a player of this %d-player game (0 to %d, or %d for the spectator)", viewer, p.s.Players(), p.s.Players()-1, cards.Spectator)
	}
	return encode(p.a.rules.View(p.s, viewer))
}

func (p position[O, S, M, V]) Apply(move []byte) (_ Position, _ []cards.Event, err error) {
	defer guard(&err)
	m, err := p.a.move(move)
	if err != nil {
		return nil, nil, err
	}
	return p.apply(m)
}

func (p position[O, S, M, V]) LegalMoveIDs(t *MoveTable, ids []int32) (_ []int32, err error) {
	defer guard(&err)
	own, err := tableOf(p.a, t)
	if err != nil {
		return ids, err
	}
	own.legal = p.a.rules.AppendLegalMoves(own.legal[:0], p.s)
	for _, m := range own.legal {
		ids = append(ids, own.id(m))
	}
	return ids, nil
}

func (p position[O, S, M, V]) ApplyMoveID(t *MoveTable, id int32) (_ Position, _ []cards.Event, err error) {
	defer guard(&err)
	own, err := tableOf(p.a, t)
	if err != nil {
		return nil, nil, err
	}
	m, err := own.move(id)
	if err != nil {
		return nil, nil, err
	}
	return p.apply(m)
}

// apply returns the position after m, a move decoded or met before,
// which may be illegal, and the events it produced.
func (p position[O, S, M, V]) apply(m M) (Position, []cards.Event, error) {
	if !m.Player().Valid(p.s.Players()) {
		return nil, nil, cards.BadInput("a move is made by a player from 0 to %d, not %d", p.s.Players()-1, m.Player())
	}
	next, err := p.a.rules.Apply(p.s, m)
	if err != nil {
		return nil, nil, err
	}
	return position[O, S, M, V]{a: p.a, s: next}, next.Log().Since(p.s.Log().Len()), nil
}

// legalMoves returns the legal moves, in a list with room for most
// positions' moves, so that it seldom grows.
func (p position[O, S, M, V]) legalMoves() []M {
	return p.a.rules.AppendLegalMoves(make([]M, 0, 16), p.s)
}

func (p position[O, S, M, V]) ApplyLegal(i int) (_ Position, _ []cards.Event, err error) {
	defer guard(&err)
	moves := p.legalMoves()
	if i < 0 || i >= len(moves) {
		return nil, nil, cards.BadInput("no legal move has index %d: there are %d", i, len(moves))
	}
	next, err := p.a.rules.Apply(p.s, moves[i])
	if err != nil {
		return nil, nil, fmt.Errorf("%w: a legal move was refused: %w", ErrInternal, err)
	}
	return position[O, S, M, V]{a: p.a, s: next}, next.Log().Since(p.s.Log().Len()), nil
}

// decode decodes JSON into a T strictly; every failure wraps
// cards.ErrBadInput.
func decode[T any](b []byte, what string) (T, error) {
	var v T
	err := cardjson.Unmarshal(b, &v, what)
	return v, err
}

func encode(v any) (json.RawMessage, error) {
	b, err := cardjson.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("%w: encoding %T: %v", ErrInternal, v, err)
	}
	return b, nil
}
