package server

import (
	"errors"
	"net/http"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// Error codes of the server's own refusals, beside those of
// anygame.ErrorCode (illegal_move, not_your_turn, game_over, bad_options,
// bad_input, unknown_bot, internal).
const (
	CodeNotFound     = "not_found"      // 404: no game has that id
	CodeUnauthorized = "unauthorized"   // 401: no token, or not one of the game's
	CodeNotYourSeat  = "not_your_seat"  // 403: acting for, or reading, another seat
	CodeStale        = "stale_version"  // 409: the game moved on since the version given
	CodeTooLarge     = "too_large"      // 413: the request's body is over MaxBody
	CodeNoHumanSeat  = "no_human_seat"  // 422: a game needs a human seat to be served
	CodeSeats        = "bad_seats"      // 422: the seats do not fit the game
	CodeSecretOption = "secret_option"  // 422: an option the server sets itself
	CodeBadRequest   = "bad_request"    // 400: a request the API does not know
	CodeUnavailable  = "server_is_busy" // 503: the database kept refusing the change
)

// An Error is a refusal: an HTTP status, a code and a message. Its JSON is
// the body of every answer that is not a success:
//
//	{"code":"illegal_move","error":"illegal move: P2 must follow suit"}
type Error struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"error"`
}

func (e *Error) Error() string { return e.Message }

func refuse(status int, code, message string) *Error {
	return &Error{Status: status, Code: code, Message: message}
}

// engineError turns an error of the JSON face into a refusal: bad input is
// 400, a move out of turn 403, an illegal move or bad options 422, and
// anything else a fault of the server.
func engineError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	code := anygame.ErrorCode(err)
	switch {
	case errors.Is(err, cards.ErrNotYourTurn):
		return refuse(http.StatusForbidden, code, err.Error())
	case errors.Is(err, cards.ErrIllegalMove), errors.Is(err, cards.ErrBadOptions), errors.Is(err, anygame.ErrUnknownBot):
		return refuse(http.StatusUnprocessableEntity, code, err.Error())
	case errors.Is(err, cards.ErrBadInput):
		return refuse(http.StatusBadRequest, code, err.Error())
	}
	return refuse(http.StatusInternalServerError, anygame.CodeInternal, "internal error")
}
