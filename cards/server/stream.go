package server

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/server/cardroom"
)

// Live updates: GET /games/{id}/stream answers a stream of Server-Sent
// Events (text/event-stream), read as a seat or a spectator reads the
// game: the messages of a cardroom.Follower. Each message is a version of
// the game: its id is the version, its data a SeatView with the events of
// that version the reader may read, and, in the last message of those
// sent at once, the view (the others' is null, and their other members
// are the last's). A version of more events than an answer holds comes in
// several messages of that version, each but the last saying that more
// follow. A stream opened anew begins with the game as it stands and the
// events after ?since=N; one opened again with Last-Event-ID: V (or
// ?version=V) goes on from version V: every version after it, none twice,
// each with its events. A comment line every heartbeat keeps idle
// connections open, or a message of the event "watchers" when the count
// of the game's spectators changed; a stream ends after maxStreamTime, to
// be opened again. With ?once=1 the stream answers the next batch of the
// versions it has to send, and ends.
//
// SSE rather than WebSocket: the news go one way, as moves go by POST
// with their version; SSE resumes where it stopped by the protocol's own
// Last-Event-ID, passes proxies as any answer does, and needs no library.

const (
	heartbeat     = 15 * time.Second
	maxStreamTime = 15 * time.Minute
	// writeTime bounds each write of a stream: a client that reads
	// nothing for that long loses its stream, and gives its place back.
	writeTime = 30 * time.Second
)

// stream answers a game's stream of versions: GET /games/{id}/stream.
func (h *Handler) stream(w http.ResponseWriter, r *http.Request) {
	q, ok := h.query(w, r)
	if !ok {
		return
	}
	resume, err := resumption(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ctx := r.Context()
	if r.URL.Query().Get("once") != "" {
		msgs, _, err := h.room.FollowOnce(ctx, q, resume)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		s := &sseWriter{w: w, rc: http.NewResponseController(w), within: h.writeTime}
		s.open()
		s.messages(msgs)
		return
	}
	f, err := h.room.Follow(ctx, h.clientOf(r), q, resume)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	defer f.Close()
	s := &sseWriter{w: w, rc: http.NewResponseController(w), within: h.writeTime}
	s.open()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	end := time.NewTimer(maxStreamTime)
	defer end.Stop()
	for {
		msgs, caughtUp, err := f.Next(ctx)
		if err != nil {
			if ctx.Err() == nil && !errors.Is(err, cardroom.ErrReaderChanged) {
				h.log.Warn("a stream stopped", "game", q.ID, "err", err)
			}
			return
		}
		if s.messages(msgs) != nil {
			return
		}
		for caughtUp {
			select {
			case <-f.News():
				caughtUp = false
			case <-tick.C:
				if s.heartbeat(f.Watchers()) != nil {
					return
				}
			case <-end.C:
				return
			case <-f.Closing():
				return
			case <-ctx.Done():
				return
			}
		}
	}
}

// resumption returns where a stream goes on from: Last-Event-ID (or
// ?version=V), every version after it; or, opened anew, the game as it
// stands, with the events after ?since=N.
func resumption(r *http.Request) (cardroom.Resume, error) {
	resume := cardroom.Resume{Version: -1, Since: -1}
	if s := r.URL.Query().Get("since"); s != "" {
		resume.Since, _ = strconv.Atoi(s) // checked as the query's
	}
	id := r.Header.Get("Last-Event-ID")
	if v := r.URL.Query().Get("version"); v != "" {
		id = v
	}
	if id == "" {
		return resume, nil
	}
	v, err := strconv.ParseInt(id, 10, 64)
	if err != nil || v < 0 {
		return resume, cards.BadInput("a stream goes on from a version, a number, not %q", id)
	}
	resume.Version = v
	return resume, nil
}

// An sseWriter writes a stream's messages, each write bounded by within
// (writeTime).
type sseWriter struct {
	w        http.ResponseWriter
	rc       *http.ResponseController
	within   time.Duration
	watchers int // as last sent
	buf      []byte
	set      time.Time // when the deadline was last moved
}

// open writes the stream's header.
func (s *sseWriter) open() {
	hd := s.w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-cache, private")
	hd.Set("X-Accel-Buffering", "no") // a proxy passes each message on at once
	s.deadline()
	s.w.WriteHeader(http.StatusOK)
	s.flush() // the client knows its stream is open, news or none
}

// deadline bounds the next writes by their time from now, give or take a
// thirty-second of it: a deadline moved at every message would cost a
// percent of a move's time.
func (s *sseWriter) deadline() {
	now := time.Now()
	if now.Sub(s.set) < s.within/32 {
		return
	}
	s.set = now
	s.rc.SetWriteDeadline(now.Add(s.within))
}

// messages writes messages and sends them on.
func (s *sseWriter) messages(msgs []cardroom.Message) error {
	if len(msgs) == 0 {
		return nil
	}
	b := s.buf[:0]
	for _, m := range msgs {
		b = strconv.AppendInt(append(b, "id: "...), m.Version, 10)
		b = append(append(append(b, "\ndata: "...), m.Data...), "\n\n"...)
	}
	s.buf = b
	if _, err := s.w.Write(b); err != nil {
		return err
	}
	return s.flush()
}

func (s *sseWriter) flush() error {
	err := s.rc.Flush()
	s.deadline()
	return err
}

// heartbeat keeps the connection open: a comment, or the game's count of
// watchers if it changed since the stream last told it (a message of the
// event "watchers", its data {"watchers":N}).
func (s *sseWriter) heartbeat(watchers int) error {
	var err error
	if watchers != s.watchers {
		s.watchers = watchers
		_, err = fmt.Fprintf(s.w, "event: watchers\ndata: {\"watchers\":%d}\n\n", watchers)
	} else {
		_, err = s.w.Write([]byte(": ping\n\n"))
	}
	if err != nil {
		return err
	}
	return s.flush()
}
