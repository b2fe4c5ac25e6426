package anygame

import (
	"fmt"
	"slices"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
	"github.com/cardrules/games/cards/cardjson"
)

// A Move is a move decoded once, to be played on a Position of its game
// with Play: a server decodes a request's move once, and a bot's move is
// played as the bot chose it, never encoded and decoded on the way.
type Move interface {
	// Player tells who makes the move.
	Player() cards.Player
	// String reads the move as a person does ("play 7♦").
	String() string
	// AppendJSON appends the move's JSON, as the game encodes it, to b.
	AppendJSON(b []byte) ([]byte, error)
}

// typedMove is a Move of a game whose moves are of type M.
type typedMove[M cards.Move] struct{ m M }

func (t typedMove[M]) Player() cards.Player { return t.m.Player() }
func (t typedMove[M]) String() string       { return t.m.String() }

func (t typedMove[M]) AppendJSON(b []byte) ([]byte, error) {
	b, err := cardjson.AppendJSON(b, t.m)
	if err != nil {
		return b, fmt.Errorf("%w: encoding a move: %v", ErrInternal, err)
	}
	return b, nil
}

func (a adapter[O, S, M, V]) DecodeMove(move []byte) (_ Move, err error) {
	defer guard(&err)
	m, err := a.move(move)
	if err != nil {
		return nil, err
	}
	return typedMove[M]{m}, nil
}

func (p position[O, S, M, V]) Play(m Move) (_ Position, _ []cards.Event, err error) {
	defer guard(&err)
	t, ok := m.(typedMove[M])
	if !ok {
		return nil, nil, cards.BadInput("a move of another game than %s: %v", p.a.info.Name, m)
	}
	return p.apply(t.m)
}

func (p position[O, S, M, V]) BotMove(ctx bot.Context, player cards.Player, spec string, seed uint64) (_ Move, err error) {
	defer guard(&err)
	if !player.Valid(p.s.Players()) {
		return nil, cards.BadInput("%d is not a player of this %d-player game", player, p.s.Players())
	}
	b, err := botFor(p.a.rules, spec)
	if err != nil {
		return nil, err
	}
	v := p.a.rules.View(p.s, player)
	m, err := choose(ctx, b, v, seed)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(v.Base().Moves, m) {
		return nil, fmt.Errorf("%w: bot %s chose a move the view does not list", ErrInternal, spec)
	}
	return typedMove[M]{m}, nil
}
