package server

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/cardjson"
	"github.com/cardrules/games/cards/server/cardroom"
)

// Error codes of the server's refusals: the card room's (see package
// cardroom), the engines' (anygame.ErrorCode: illegal_move,
// not_your_turn, game_over, bad_options, bad_input, unknown_bot,
// internal), and the HTTP layer's own.
const (
	CodeNotFound     = cardroom.CodeNotFound     // 404: no game has that id
	CodeUnauthorized = cardroom.CodeUnauthorized // 401: no token, or not one of the game's
	CodeNotYourSeat  = cardroom.CodeNotYourSeat  // 403: acting for, or reading, another seat
	CodeStale        = cardroom.CodeStale        // 409: the game moved on since the version given
	CodeNoOpenSeat   = cardroom.CodeNoOpenSeat   // 409: the seat asked for, or every seat, is taken
	CodeNameTaken    = cardroom.CodeNameTaken    // 409: another player of the game has that name
	CodeStarted      = cardroom.CodeStarted      // 409: the game started: its seats are no longer open
	CodeNotStarted   = cardroom.CodeNotStarted   // 409: the game waits for players: no move yet
	CodeSeatsOpen    = cardroom.CodeSeatsOpen    // 409: the game cannot start with open seats
	CodeNotOver      = cardroom.CodeNotOver      // 409: a rematch of a game that is not over
	CodeNoPlayer     = cardroom.CodeNoPlayer     // 409: the seat has no person to send away or replace
	CodeNotIdle      = cardroom.CodeNotIdle      // 409: the seat's player may take more time before it goes to a bot
	CodeSeatGiven    = cardroom.CodeSeatGiven    // 409: the host gave the seat kept for this player to a bot
	CodeSpectator    = cardroom.CodeSpectator    // 403: a spectator cannot act
	CodeTooLarge     = "too_large"               // 413: the request's body is over MaxBody
	CodeMediaType    = "unsupported_type"        // 415: a body that is not application/json
	CodeNoHumanSeat  = cardroom.CodeNoHumanSeat  // 422: a game needs a human seat to be served
	CodeSeats        = cardroom.CodeSeats        // 422: the seats do not fit the game
	CodeBotLimit     = cardroom.CodeBotLimit     // 422: a bot asks for more work than the server allows
	CodeBadName      = cardroom.CodeBadName      // 422: a name that cannot be shown as given
	CodeSecretOption = cardroom.CodeSecretOption // 422: an option the server sets itself
	CodeClosed       = cardroom.CodeClosed       // 422: the game reached the server's limit of moves
	CodeTooMany      = cardroom.CodeTooMany      // 429: over the client's rate limit or quota
	CodeBadRequest   = "bad_request"             // 400: a request the API does not know
	CodeDamaged      = "damaged_game"            // 500: the stored game does not match its checksum
	CodeUnavailable  = cardroom.CodeBusy         // 503: the database failed or is slow, or the bots or streams are all busy; try again
	CodeFull         = cardroom.CodeFull         // 503: the server holds as many games as it may
)

// statusOf is the HTTP status of each code of a refusal.
var statusOf = map[string]int{
	CodeNotFound: http.StatusNotFound, CodeUnauthorized: http.StatusUnauthorized, CodeNotYourSeat: http.StatusForbidden,
	CodeSpectator: http.StatusForbidden, anygame.CodeNotYourTurn: http.StatusForbidden,
	CodeStale: http.StatusConflict, CodeNoOpenSeat: http.StatusConflict, CodeNameTaken: http.StatusConflict,
	CodeStarted: http.StatusConflict, CodeNotStarted: http.StatusConflict, CodeSeatsOpen: http.StatusConflict,
	CodeNotOver: http.StatusConflict, CodeNoPlayer: http.StatusConflict, CodeNotIdle: http.StatusConflict, CodeSeatGiven: http.StatusConflict,
	CodeNoHumanSeat: http.StatusUnprocessableEntity, CodeSeats: http.StatusUnprocessableEntity, CodeBotLimit: http.StatusUnprocessableEntity,
	CodeBadName: http.StatusUnprocessableEntity, CodeSecretOption: http.StatusUnprocessableEntity, CodeClosed: http.StatusUnprocessableEntity,
	anygame.CodeIllegalMove: http.StatusUnprocessableEntity, anygame.CodeGameOver: http.StatusUnprocessableEntity,
	anygame.CodeBadOptions: http.StatusUnprocessableEntity, anygame.CodeUnknownBot: http.StatusUnprocessableEntity,
	anygame.CodeBadInput: http.StatusBadRequest, CodeTooMany: http.StatusTooManyRequests,
	CodeUnavailable: http.StatusServiceUnavailable, CodeFull: http.StatusServiceUnavailable,
}

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
}

func (e *Error) Error() string { return e.Message }

// AppendJSON appends the refusal's JSON to b.
func (e *Error) AppendJSON(b []byte) ([]byte, error) {
	return cardjson.AppendFields(b, []cardjson.Field{{Name: "code", Ptr: &e.Code}, {Name: "error", Ptr: &e.Message}})
}

// errorAnswering returns the refusal that answers err: a room's refusal with the
// status of its code; an engine's error of bad input (a request's JSON)
// as 400; a database that failed as 503, to try again; a damaged game as
// 500; and anything else as a fault of the server.
func errorAnswering(err error) *Error {
	var e *Error
	var r *cardroom.Refusal
	switch {
	case errors.As(err, &e):
		return e
	case errors.As(err, &r):
		status, ok := statusOf[r.Code]
		if !ok {
			status = http.StatusInternalServerError
		}
		return &Error{Status: status, Code: r.Code, Message: r.Reason, RetryAfter: r.RetryAfter}
	case errors.Is(err, cardroom.ErrDamaged):
		return &Error{Status: http.StatusInternalServerError, Code: CodeDamaged, Message: "the stored game is damaged"}
	case errors.Is(err, cardroom.ErrUnavailable), errors.Is(err, context.DeadlineExceeded):
		return &Error{Status: http.StatusServiceUnavailable, Code: CodeUnavailable, RetryAfter: time.Second,
			Message: "the server's database is busy or unavailable; try again shortly"}
	}
	if code := anygame.ErrorCode(err); code != anygame.CodeInternal && code != anygame.CodeCanceled {
		return &Error{Status: statusOf[code], Code: code, Message: err.Error()}
	}
	return &Error{Status: http.StatusInternalServerError, Code: anygame.CodeInternal, Message: "internal error"}
}

// fail answers an error as errorAnswering maps it; a fault of the server is
// logged, and a refusal over a client's rate waits Limits.RefusalDelay
// (or less, if the client goes).
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	e := errorAnswering(err)
	if e.Status >= 500 {
		h.log.Error("server fault", "method", r.Method, "path", r.URL.Path, "status", e.Status, "err", err)
	}
	if e.Code == CodeTooMany {
		h.refusalDelay(r)
	}
	b, _ := e.AppendJSON(nil)
	w.Header().Set("Content-Type", "application/json")
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", retryAfter(e.RetryAfter))
	}
	w.WriteHeader(e.Status)
	w.Write(b)
}

// refusalDelay waits Limits.RefusalDelay before a refusal over a rate, so
// that a flood waits too, or less if the client goes.
func (h *Handler) refusalDelay(r *http.Request) {
	d := h.room.Limits().RefusalDelay
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.Context().Done():
	}
}

// retryAfter is the value of a Retry-After header: whole seconds, at
// least one.
func retryAfter(d time.Duration) string {
	return strconv.Itoa(max(1, int(math.Ceil(d.Seconds()))))
}
