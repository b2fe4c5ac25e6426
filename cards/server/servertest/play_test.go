package servertest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"testing"

	"github.com/cardrules/games/cards/server"
)

// TestUnanswered: a player retries a request that had no answer (a
// failure of the connection, a 503), even wrapped, and nothing else: not
// a refusal, nor an answer that fails its checks.
func TestUnanswered(t *testing.T) {
	timeout := &url.Error{Op: "Get", URL: "http://server/api", Err: context.DeadlineExceeded}
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{timeout, true},
		{fmt.Errorf("seat 1, move {}: %w", timeout), true},
		{io.ErrUnexpectedEOF, true},
		{&server.Error{Status: http.StatusServiceUnavailable}, true},
		{fmt.Errorf("seat 1, move {}: %w", &server.Error{Status: http.StatusServiceUnavailable}), true},
		{&server.Error{Status: http.StatusConflict}, false},
		{&server.Error{Status: http.StatusInternalServerError}, false},
		{errors.New("seat 1: event 5 follows event 3"), false},
		{nil, false},
	} {
		if got := unanswered(tc.err); got != tc.want {
			t.Errorf("unanswered(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}
