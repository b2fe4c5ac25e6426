package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// decodeBody reads a request's JSON body, strictly, into v. The body must
// be declared application/json, which no other site's page can send
// without the server's leave (a CORS preflight, which the API does not
// grant).
func (h *Handler) decodeBody(w http.ResponseWriter, r *http.Request, v any, what string) error {
	if t, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || t != "application/json" {
		return refuse(http.StatusUnsupportedMediaType, CodeMediaType, fmt.Sprintf("%s is sent as Content-Type: application/json", what))
	}
	if r.ContentLength > MaxBody {
		return refuse(http.StatusRequestEntityTooLarge, CodeTooLarge, fmt.Sprintf("a request's body is at most %d bytes", MaxBody))
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return refuse(http.StatusRequestEntityTooLarge, CodeTooLarge, fmt.Sprintf("a request's body is at most %d bytes", MaxBody))
	}
	if err != nil {
		return fmt.Errorf("%w: reading %s: %v", cards.ErrBadInput, what, err)
	}
	return cardjson.Unmarshal(body, v, what)
}

func (h *Handler) answer(w http.ResponseWriter, r *http.Request, status int, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		h.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// fail answers an error: a refusal as it is, any other error as
// engineError maps it; a fault of the server is logged.
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	e := engineError(err)
	if e.Status >= 500 {
		h.log.Error("server fault", "method", r.Method, "path", r.URL.Path, "status", e.Status, "err", err)
	}
	b, _ := json.Marshal(e)
	w.Header().Set("Content-Type", "application/json")
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", retryAfter(e.RetryAfter))
	}
	w.WriteHeader(e.Status)
	w.Write(b)
}

// statusRecorder notes the status of an answer.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

// Unwrap lets http.ResponseController reach the writer recorded.
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
