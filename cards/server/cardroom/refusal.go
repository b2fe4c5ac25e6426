package cardroom

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// A Refusal is a request the room does not carry out, and why: a code a
// program reads, words a person reads, and, for a refusal that a later
// request may not meet (a rate, a quota, the room full or busy), when to
// try again. Every error a Room's method returns is a Refusal, but for a
// store that failed (ErrUnavailable), a stored game that is damaged
// (ErrDamaged), and faults of the room's own.
type Refusal struct {
	Code       string
	Reason     string
	RetryAfter time.Duration

	cause error // what the refusal answers, if a caller needs to know
}

func (r *Refusal) Error() string { return r.Reason }

// Unwrap returns what the refusal answers, if anything: a game that does
// not exist (ErrNoGame), an engine's sentinel (cards.ErrIllegalMove…).
func (r *Refusal) Unwrap() error { return r.cause }

// The codes of refusals, beside those of the engines (anygame.ErrorCode:
// illegal_move, not_your_turn, game_over, bad_options, bad_input,
// unknown_bot).
const (
	CodeNotFound     = "not_found"         // no game has that id
	CodeUnauthorized = "unauthorized"      // no key, or not one of the game's
	CodeNotYourSeat  = "not_your_seat"     // acting for, or reading, another seat
	CodeStale        = "stale_version"     // the game moved on since the version given
	CodeNoOpenSeat   = "no_open_seat"      // the seat asked for, or every seat, is taken
	CodeNameTaken    = "name_taken"        // another player of the game has that name
	CodeStarted      = "game_started"      // the game started: its seats are no longer open
	CodeNotStarted   = "not_started"       // the game waits for players: no move yet
	CodeSeatsOpen    = "seats_open"        // the game cannot start with open seats
	CodeNotOver      = "not_over"          // a rematch of a game that is not over
	CodeNoPlayer     = "no_player"         // the seat has no person to send away or replace
	CodeNotIdle      = "not_idle"          // the seat's player may take more time before it goes to a bot
	CodeSeatGiven    = "seat_given"        // the host gave the seat kept for this player to a bot
	CodeSpectator    = "spectator"         // a spectator cannot act
	CodeNoHumanSeat  = "no_human_seat"     // a game needs a human seat to be served
	CodeSeats        = "bad_seats"         // the seats do not fit the game
	CodeBotLimit     = "bot_over_limit"    // a bot asks for more work than the room allows
	CodeBadName      = "bad_name"          // a name that cannot be shown as given
	CodeSecretOption = "secret_option"     // an option the room sets itself
	CodeClosed       = "game_closed"       // the game reached the room's limit of moves
	CodeTooMany      = "too_many_requests" // over the client's rate or quota
	CodeBusy         = "server_is_busy"    // the bots, the streams or the store are all busy
	CodeFull         = "server_is_full"    // the room holds as many games as it may
)

// refuse returns a refusal of the code, for the reason given.
func refuse(code, reason string) *Refusal { return &Refusal{Code: code, Reason: reason} }

// refusef returns a refusal of the code, its reason formatted as
// fmt.Sprintf does.
func refusef(code, format string, args ...any) *Refusal {
	return refuse(code, fmt.Sprintf(format, args...))
}

// later returns a refusal to try again after d.
func later(code string, d time.Duration, format string, args ...any) *Refusal {
	r := refusef(code, format, args...)
	r.RetryAfter = d
	return r
}

// ErrNoGame is wrapped by the refusal of a game id no game has, and by
// the store's error for it.
var ErrNoGame = errors.New("no such game")

// notFound is the refusal of a game id that no game has.
func notFound(id string) *Refusal {
	r := refusef(CodeNotFound, "no game has the id %q", id)
	r.cause = ErrNoGame
	return r
}

// ErrUnavailable is wrapped by the errors of a store that failed or did
// not answer in time: try again shortly.
var ErrUnavailable = errors.New("the database is unavailable")

// ErrDamaged is wrapped by the error for a stored game that does not
// match its checksum, or cannot be read: the store was damaged.
var ErrDamaged = errors.New("the stored game is damaged")

// ErrStale is returned by a store's commit when the game's version moved
// on since the change was made from it.
var ErrStale = errors.New("the game has changed since")

// ErrNotModified is returned by Read for a game still at the version the
// reader knows.
var ErrNotModified = errors.New("the game is at the version known")

// Unavailable wraps an error of a store in ErrUnavailable.
func Unavailable(err error) error {
	if err == nil || errors.Is(err, ErrUnavailable) {
		return err
	}
	return fmt.Errorf("%w: %w", ErrUnavailable, err)
}

// refusalOf turns an engine's error into a refusal of its code: a bad
// move, bad options, bad input, an unknown bot; other errors (the store's,
// faults) are returned as they are.
func refusalOf(err error) error {
	var r *Refusal
	switch {
	case err == nil, errors.As(err, &r), errors.Is(err, ErrUnavailable), errors.Is(err, ErrDamaged), errors.Is(err, context.DeadlineExceeded):
		return err
	case errors.Is(err, cards.ErrNotYourTurn), errors.Is(err, cards.ErrIllegalMove), errors.Is(err, cards.ErrBadOptions),
		errors.Is(err, cards.ErrBadInput), errors.Is(err, anygame.ErrUnknownBot):
		return &Refusal{Code: anygame.ErrorCode(err), Reason: err.Error(), cause: err}
	}
	return err
}
