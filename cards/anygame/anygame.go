// Package anygame gives every game of this module one face that speaks
// JSON: options, states, moves and views go in and out as JSON values, so
// that a server, a WebAssembly bundle or a terminal program can serve any
// game it finds by name, without knowing its types.
//
// Of adapts a game's cards.Rules; package catalog lists the games of this
// module adapted. Every method checks its input and answers bad input with
// an error wrapping a sentinel of package cards; ErrorCode turns such an
// error into a short machine-readable code.
package anygame

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
)

// Game is one game, with JSON in and out.
type Game interface {
	// Name returns the game's short name ("bastards").
	Name() string
	// Title returns the game's name as people write it ("Kings & Bastards").
	Title() string
	// DefaultOptions returns the zero options as JSON: an object naming
	// every option of the game.
	DefaultOptions() json.RawMessage
	// NewGame deals a game from options given as JSON. Unknown option
	// names are an error wrapping cards.ErrBadOptions.
	NewGame(options []byte) (state json.RawMessage, err error)
	// Status tells who must act in a state, whether it is over, and the
	// result.
	Status(state []byte) (Status, error)
	// LegalMoves returns the moves legal in a state, as a JSON array.
	LegalMoves(state []byte) (json.RawMessage, error)
	// Apply returns the state after a move.
	Apply(state, move []byte) (json.RawMessage, error)
	// View returns what player p, or cards.Spectator, may know of a state.
	View(state []byte, p cards.Player) (json.RawMessage, error)
	// ViewText renders a view (as returned by View) as text for a person.
	ViewText(view []byte) (string, error)
	// Move decodes a move and tells whose it is and how it reads.
	Move(move []byte) (MoveInfo, error)
	// Bots returns the names of the bots that can play the game.
	Bots() []string
	// BotMove returns the move the named bot chooses from a view (as
	// returned by View), drawing its randomness from seed.
	BotMove(view []byte, botName string, seed uint64) (json.RawMessage, error)
}

// Status is what a state tells of its progress.
type Status struct {
	Players int             `json:"players"`
	ToAct   cards.PlayerSet `json:"toAct"`
	Over    bool            `json:"over"`
	Result  cards.Result    `json:"result"`
}

// MoveInfo tells whose a move is and how it reads.
type MoveInfo struct {
	Player cards.Player    `json:"player"`
	Text   string          `json:"text"`
	JSON   json.RawMessage `json:"move"` // the move as the game encodes it
}

// The bots every game offers.
const (
	RandomBot     = "random"
	MonteCarloBot = "montecarlo"
)

// ErrUnknownBot is wrapped by the error for a bot name no game knows.
var ErrUnknownBot = errors.New("unknown bot")

// Titled is implemented by the Rules of a game that has a title beside its
// short name.
type Titled interface {
	Title() string
}

// Of adapts rules to the JSON face.
func Of[O any, S cards.State, M cards.Move, V cards.View[M]](rules cards.Rules[O, S, M, V]) Game {
	return adapter[O, S, M, V]{rules}
}

type adapter[O any, S cards.State, M cards.Move, V cards.View[M]] struct {
	rules cards.Rules[O, S, M, V]
}

func (a adapter[O, S, M, V]) Name() string { return a.rules.Name() }

func (a adapter[O, S, M, V]) Title() string {
	if t, ok := a.rules.(Titled); ok {
		return t.Title()
	}
	return a.rules.Name()
}

func (a adapter[O, S, M, V]) DefaultOptions() json.RawMessage {
	var zero O
	b, err := json.Marshal(zero)
	if err != nil {
		return json.RawMessage("{}")
	}
	return b
}

func (a adapter[O, S, M, V]) NewGame(options []byte) (_ json.RawMessage, err error) {
	defer guard(&err)
	var opts O
	dec := json.NewDecoder(bytes.NewReader(options))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&opts); err != nil {
		if errors.Is(err, cards.ErrBadInput) || errors.Is(err, cards.ErrBadOptions) {
			return nil, fmt.Errorf("%w: %w", cards.ErrBadOptions, err)
		}
		return nil, cards.BadOptions("%s options: %v", a.Name(), err)
	}
	s, err := a.rules.NewGame(opts)
	if err != nil {
		return nil, err
	}
	return encode(s)
}

func (a adapter[O, S, M, V]) Status(state []byte) (_ Status, err error) {
	defer guard(&err)
	s, err := decode[S]("state", state)
	if err != nil {
		return Status{}, err
	}
	return Status{Players: s.Players(), ToAct: s.ToAct(), Over: s.Over(), Result: s.Result()}, nil
}

func (a adapter[O, S, M, V]) LegalMoves(state []byte) (_ json.RawMessage, err error) {
	defer guard(&err)
	s, err := decode[S]("state", state)
	if err != nil {
		return nil, err
	}
	return encode(a.rules.AppendLegalMoves([]M{}, s))
}

func (a adapter[O, S, M, V]) Apply(state, move []byte) (_ json.RawMessage, err error) {
	defer guard(&err)
	s, err := decode[S]("state", state)
	if err != nil {
		return nil, err
	}
	m, err := decode[M]("move", move)
	if err != nil {
		return nil, err
	}
	next, err := a.rules.Apply(s, m)
	if err != nil {
		return nil, err
	}
	return encode(next)
}

func (a adapter[O, S, M, V]) View(state []byte, p cards.Player) (_ json.RawMessage, err error) {
	defer guard(&err)
	s, err := decode[S]("state", state)
	if err != nil {
		return nil, err
	}
	if p != cards.Spectator && !p.Valid(s.Players()) {
		return nil, cards.BadInput("%d is not a player of this %d-player game", p, s.Players())
	}
	return encode(a.rules.View(s, p))
}

func (a adapter[O, S, M, V]) ViewText(view []byte) (_ string, err error) {
	defer guard(&err)
	v, err := decode[V]("view", view)
	if err != nil {
		return "", err
	}
	return v.String(), nil
}

func (a adapter[O, S, M, V]) Move(move []byte) (_ MoveInfo, err error) {
	defer guard(&err)
	m, err := decode[M]("move", move)
	if err != nil {
		return MoveInfo{}, err
	}
	b, err := encode(m)
	if err != nil {
		return MoveInfo{}, err
	}
	return MoveInfo{Player: m.Player(), Text: m.String(), JSON: b}, nil
}

func (a adapter[O, S, M, V]) Bots() []string { return []string{RandomBot, MonteCarloBot} }

func (a adapter[O, S, M, V]) BotMove(view []byte, botName string, seed uint64) (_ json.RawMessage, err error) {
	defer guard(&err)
	v, err := decode[V]("view", view)
	if err != nil {
		return nil, err
	}
	var b bot.Bot[M, V]
	switch botName {
	case RandomBot:
		b = bot.Random[M, V]{}
	case MonteCarloBot:
		b = bot.MonteCarlo[O, S, M, V]{Rules: a.rules}
	default:
		return nil, fmt.Errorf("%w %q: the bots are %v", ErrUnknownBot, botName, a.Bots())
	}
	r := cards.NewRand(seed)
	m, err := b.Choose(v, &r)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(v.Base().Moves, m) {
		return nil, fmt.Errorf("%w: bot %s chose a move the view does not list", ErrInternal, botName)
	}
	return encode(m)
}

// decode decodes JSON into a T, wrapping every failure in cards.ErrBadInput.
func decode[T any](what string, b []byte) (T, error) {
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		if errors.Is(err, cards.ErrBadInput) {
			return v, err
		}
		return v, cards.BadInput("%s: %v", what, err)
	}
	return v, nil
}

func encode(v any) (json.RawMessage, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("%w: encoding %T: %v", ErrInternal, v, err)
	}
	return b, nil
}
