package server

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// Error codes of the server's own refusals, beside those of
// anygame.ErrorCode (illegal_move, not_your_turn, game_over, bad_options,
// bad_input, unknown_bot, internal).
const (
	CodeNotFound     = "not_found"         // 404: no game has that id
	CodeUnauthorized = "unauthorized"      // 401: no token, or not one of the game's
	CodeNotYourSeat  = "not_your_seat"     // 403: acting for, or reading, another seat
	CodeStale        = "stale_version"     // 409: the game moved on since the version given
	CodeNoOpenSeat   = "no_open_seat"      // 409: the seat asked for, or every seat, is taken
	CodeNameTaken    = "name_taken"        // 409: another player of the game has that name
	CodeStarted      = "game_started"      // 409: the game started: its seats are no longer open
	CodeNotStarted   = "not_started"       // 409: the game waits for players: no move yet
	CodeSeatsOpen    = "seats_open"        // 409: the game cannot start with open seats
	CodeNotOver      = "not_over"          // 409: a rematch of a game that is not over
	CodeNoPlayer     = "no_player"         // 409: the seat has no person to send away or replace
	CodeNotIdle      = "not_idle"          // 409: the seat's player may take more time before it goes to a bot
	CodeSeatGiven    = "seat_given"        // 409: the host gave the seat kept for this player to a bot
	CodeSpectator    = "spectator"         // 403: a spectator cannot act
	CodeTooLarge     = "too_large"         // 413: the request's body is over MaxBody
	CodeMediaType    = "unsupported_type"  // 415: a body that is not application/json
	CodeNoHumanSeat  = "no_human_seat"     // 422: a game needs a human seat to be served
	CodeSeats        = "bad_seats"         // 422: the seats do not fit the game
	CodeBotLimit     = "bot_over_limit"    // 422: a bot asks for more work than the server allows
	CodeBadName      = "bad_name"          // 422: a name that cannot be shown as given
	CodeSecretOption = "secret_option"     // 422: an option the server sets itself
	CodeClosed       = "game_closed"       // 422: the game reached the server's limit of moves
	CodeTooMany      = "too_many_requests" // 429: over the client's rate limit or quota
	CodeBadRequest   = "bad_request"       // 400: a request the API does not know
	CodeDamaged      = "damaged_game"      // 500: the stored game does not match its checksum
	CodeUnavailable  = "server_is_busy"    // 503: the database failed or is slow; try again
	CodeFull         = "server_is_full"    // 503: the server holds as many games as it may
)

// An Error is a refusal: an HTTP status, a code and a message. Its JSON is
// the body of every answer that is not a success:
//
//	{"code":"illegal_move","error":"illegal move: P2 must follow suit"}
//
// A refusal that a later request may not meet (429, 503) says when to try
// again in RetryAfter, sent as the Retry-After header.
type Error struct {
	Status     int           `json:"-"`
	Code       string        `json:"code"`
	Message    string        `json:"error"`
	RetryAfter time.Duration `json:"-"`

	cause error // what the refusal answers, if the handler needs to know
}

func (e *Error) Error() string { return e.Message }

// Unwrap returns what the refusal answers, if anything.
func (e *Error) Unwrap() error { return e.cause }

// notFound is the refusal of a game id that no game has; it wraps
// errNoGame.
func notFound(id string) *Error {
	e := refuse(http.StatusNotFound, CodeNotFound, fmt.Sprintf("no game has the id %q", id))
	e.cause = errNoGame
	return e
}

func refuse(status int, code, message string) *Error {
	return &Error{Status: status, Code: code, Message: message}
}

// tooMany is the refusal of a request over a rate limit, to try again
// after d.
func tooMany(d time.Duration, format string, args ...any) *Error {
	return &Error{Status: http.StatusTooManyRequests, Code: CodeTooMany, Message: fmt.Sprintf(format, args...), RetryAfter: d}
}

// engineError turns an error into a refusal: bad input is 400, a move
// out of turn 403, an illegal move or bad options 422, a database that
// failed 503, and anything else a fault of the server.
func engineError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	code := anygame.ErrorCode(err)
	switch {
	case errors.Is(err, ErrDamaged):
		return refuse(http.StatusInternalServerError, CodeDamaged, "the stored game is damaged")
	case errors.Is(err, ErrUnavailable), errors.Is(err, context.DeadlineExceeded):
		return &Error{Status: http.StatusServiceUnavailable, Code: CodeUnavailable, RetryAfter: time.Second,
			Message: "the server's database is busy or unavailable; try again shortly"}
	case errors.Is(err, cards.ErrNotYourTurn):
		return refuse(http.StatusForbidden, code, err.Error())
	case errors.Is(err, cards.ErrIllegalMove), errors.Is(err, cards.ErrBadOptions), errors.Is(err, anygame.ErrUnknownBot):
		return refuse(http.StatusUnprocessableEntity, code, err.Error())
	case errors.Is(err, cards.ErrBadInput):
		return refuse(http.StatusBadRequest, code, err.Error())
	}
	return refuse(http.StatusInternalServerError, anygame.CodeInternal, "internal error")
}

// retryAfter is the value of a Retry-After header: whole seconds, at
// least one.
func retryAfter(d time.Duration) string {
	return strconv.Itoa(max(1, int(math.Ceil(d.Seconds()))))
}
