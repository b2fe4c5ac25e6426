package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// Live updates: GET /games/{id}/stream answers a stream of Server-Sent
// Events (text/event-stream), read as a seat or a spectator reads the
// game. Each message is a version of the game: its id is the version,
// its data a SeatView with the events of that version the reader may
// read, and, in the last message of those sent at once, the view (the
// others' is null, and their other members are the last's). A version of more events
// than an answer holds comes in several messages of that version, each
// but the last saying that more follow. A
// stream opened anew begins with the game as it stands and the events
// after ?since=N; one opened again with Last-Event-ID: V (or ?version=V)
// goes on from version V: every version after it, none twice, each with
// its events. A comment line every heartbeat keeps idle connections
// open; a stream ends after maxStreamTime, to be opened again. With
// ?once=1 the stream answers the versions it has to send, and ends.
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
	// streamBatch is the most versions one message batch of a stream
	// holds before it looks again.
	streamBatch = 200
)

// A hub tells the streams of this handler of the commits of their games.
// A stream that opens or closes costs the others nothing: they learn the
// count of the game's watchers with their next message, or at their next
// heartbeat if it changed.
type hub struct {
	mu       sync.Mutex
	games    map[string]*followers
	byClient map[string]int
	total    int
	closing  chan struct{}
	closed   bool
}

// followers are the streams of one game.
type followers struct {
	subs       map[*subscriber]struct{}
	spectators int
}

// A subscriber is a stream's place in the hub: nudged when its game
// commits.
type subscriber struct {
	game, client string
	spectator    bool
	nudge        chan struct{}
}

func newHub() *hub {
	return &hub{games: map[string]*followers{}, byClient: map[string]int{}, closing: make(chan struct{})}
}

// subscribe adds a stream of a game, if the limits allow it.
func (b *hub) subscribe(game, client string, spectator bool, l Limits) (*subscriber, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	f := b.games[game]
	switch {
	case b.closed:
		return nil, &Error{Status: http.StatusServiceUnavailable, Code: CodeUnavailable, RetryAfter: time.Second, Message: "the server is stopping"}
	case !within(b.byClient[client]+1, l.StreamsPerClient):
		return nil, &Error{Status: http.StatusTooManyRequests, Code: CodeTooMany, RetryAfter: 10 * time.Second,
			Message: fmt.Sprintf("this client follows %d streams, as many as the server allows", b.byClient[client])}
	case f != nil && !within(len(f.subs)+1, l.StreamsPerGame):
		return nil, &Error{Status: http.StatusServiceUnavailable, Code: CodeUnavailable, RetryAfter: 10 * time.Second,
			Message: "the game has as many followers as the server allows; poll, or try again later"}
	case !within(b.total+1, l.Streams):
		return nil, &Error{Status: http.StatusServiceUnavailable, Code: CodeUnavailable, RetryAfter: 10 * time.Second,
			Message: "the server follows as many streams as it may; poll, or try again later"}
	}
	if f == nil {
		f = &followers{subs: map[*subscriber]struct{}{}}
		b.games[game] = f
	}
	s := &subscriber{game: game, client: client, spectator: spectator, nudge: make(chan struct{}, 1)}
	f.subs[s] = struct{}{}
	if spectator {
		f.spectators++
	}
	b.byClient[client]++
	b.total++
	return s, nil
}

func (b *hub) unsubscribe(s *subscriber) {
	b.mu.Lock()
	defer b.mu.Unlock()
	f := b.games[s.game]
	delete(f.subs, s)
	if s.spectator {
		f.spectators--
	}
	if len(f.subs) == 0 {
		delete(b.games, s.game)
	}
	if b.byClient[s.client]--; b.byClient[s.client] <= 0 {
		delete(b.byClient, s.client)
	}
	b.total--
}

// publish nudges the streams of a game, which read what changed.
func (b *hub) publish(game string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if f := b.games[game]; f != nil {
		for s := range f.subs {
			s.poke()
		}
	}
}

// publishAll nudges every stream.
func (b *hub) publishAll() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, f := range b.games {
		for s := range f.subs {
			s.poke()
		}
	}
}

// poke nudges the subscriber, unless it is nudged already.
func (s *subscriber) poke() {
	select {
	case s.nudge <- struct{}{}:
	default:
	}
}

// watchers counts the spectators' streams of a game.
func (b *hub) watchers(game string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	if f := b.games[game]; f != nil {
		return f.spectators
	}
	return 0
}

// close ends every stream.
func (b *hub) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.closed {
		b.closed = true
		close(b.closing)
	}
}

// errReaderChanged ends a stream whose key no longer reads the game as it
// did: its seat went to another player, or to a bot.
var errReaderChanged = errors.New("the stream's key no longer reads the game as it did")

// stream answers a game's stream of versions: GET /games/{id}/stream.
func (h *Handler) stream(w http.ResponseWriter, r *http.Request) {
	q, err := h.open(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	at, err := h.resumption(r, q)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-cache, private")
	hd.Set("X-Accel-Buffering", "no") // a proxy passes each message on at once
	ctx := r.Context()
	if r.URL.Query().Get("once") != "" {
		w.WriteHeader(http.StatusOK)
		h.sendNews(ctx, w, q, &at)
		return
	}
	client := h.clientOf(r)
	sub, err := h.hub.subscribe(q.row.id, client, q.seat < 0, h.limits)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	defer h.hub.unsubscribe(sub)
	s := &sseWriter{w: w, rc: http.NewResponseController(w), within: h.writeTime}
	s.deadline()
	w.WriteHeader(http.StatusOK)
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	end := time.NewTimer(maxStreamTime)
	defer end.Stop()
	for first := true; ; first = false {
		if !first {
			// A stream that catches up reads as a client's requests do.
			if err := h.clients.of(client).requests.Wait(ctx); err != nil {
				return
			}
		}
		caughtUp, err := h.sendNews(ctx, s, q, &at)
		if err != nil {
			if ctx.Err() == nil && !errors.Is(err, errReaderChanged) {
				h.log.Warn("a stream stopped", "game", q.row.id, "err", err)
			}
			return
		}
		if s.flush() != nil {
			return
		}
		for caughtUp {
			select {
			case <-sub.nudge:
				caughtUp = false
			case <-tick.C:
				if s.heartbeat(h.hub.watchers(q.row.id)) != nil {
					return
				}
			case <-end.C:
				return
			case <-h.hub.closing:
				return
			case <-ctx.Done():
				return
			}
		}
	}
}

// An sseWriter writes a stream's messages, each write bounded by
// within (writeTime).
type sseWriter struct {
	w        http.ResponseWriter
	rc       *http.ResponseController
	within   time.Duration
	watchers int // as last sent
}

func (s *sseWriter) Header() http.Header         { return s.w.Header() }
func (s *sseWriter) WriteHeader(status int)      { s.w.WriteHeader(status) }
func (s *sseWriter) Write(b []byte) (int, error) { return s.w.Write(b) }

// deadline bounds the next writes by their time from now.
func (s *sseWriter) deadline() { s.rc.SetWriteDeadline(time.Now().Add(s.within)) }

func (s *sseWriter) flush() error {
	err := s.rc.Flush()
	s.deadline()
	return err
}

// heartbeat keeps the connection open: a comment, or the game's count of
// watchers if it changed since the stream last told it (a message of
// the event "watchers", its data {"watchers":N}).
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

// A position in a stream: the version sent last (-1 for none yet), and
// the number of the last event sent.
type streamAt struct {
	version int64
	since   int
	more    bool // the last message said that more events of its version follow
}

// resumption returns where a stream goes on from: Last-Event-ID (or
// ?version=V), every version after it; or, opened anew, the game as it
// stands, with the events after ?since=N.
func (h *Handler) resumption(r *http.Request, q gameRequest) (streamAt, error) {
	at := streamAt{version: -1, since: max(q.since, 0)}
	id := r.Header.Get("Last-Event-ID")
	if v := r.URL.Query().Get("version"); v != "" {
		id = v
	}
	if id == "" {
		return at, nil
	}
	v, err := strconv.ParseInt(id, 10, 64)
	if err != nil || v < 0 {
		return at, fmt.Errorf("%w: a stream goes on from a version, a number, not %q", cards.ErrBadInput, id)
	}
	if v > q.row.version {
		return at, refuse(http.StatusConflict, CodeStale, fmt.Sprintf("the game is at version %d, not %d", q.row.version, v))
	}
	at.version = v
	if q.since < 0 {
		if at.since, err = h.store.seqAt(r.Context(), q.row, v); err != nil {
			return at, err
		}
	}
	return at, nil
}

// sendNews writes the messages of the versions after at — at most
// streamBatch versions, and Limits.EventsPerAnswer events — and reports
// whether it caught up with the game. It reads the game anew, and ends
// the stream (errReaderChanged) if the request's key no longer reads it
// as the stream does.
func (h *Handler) sendNews(ctx context.Context, w io.Writer, q gameRequest, at *streamAt) (bool, error) {
	r, _, pos, err := h.loadGame(ctx, q.row.id)
	if err != nil {
		return false, err
	}
	if seat, err := readerOf(r, q.key); err != nil || seat != q.seat {
		return false, errReaderChanged
	}
	if r.version == at.version && (!r.started || at.since >= r.events) {
		return true, nil
	}
	msgs, err := h.news(ctx, r, pos, q.seat, *at)
	if err != nil {
		return false, err
	}
	for _, m := range msgs {
		b, err := json.Marshal(m)
		if err != nil {
			return false, err
		}
		if _, err := fmt.Fprintf(w, "id: %d\ndata: %s\n\n", m.Version, b); err != nil {
			return false, err
		}
		for _, e := range m.Events {
			at.since = e.Seq
		}
		at.version, at.more = m.Version, m.More
	}
	last := msgs[len(msgs)-1]
	return last.Version == r.version && !last.More, nil
}

// news returns the messages of game r, at position pos, that a stream at
// at sends next, as the seat reads them: opened anew, the game as it
// stands with the events after at.since; else a message for each version
// after at.version, up to streamBatch of them, each with the events of
// its version (those of the version a message before ended with more,
// in a message of that version again), at most Limits.EventsPerAnswer
// events in all. Every message is as r's head; the last has the view if
// it is r's version, and says that more follow if events of its version
// remain.
func (h *Handler) news(ctx context.Context, r row, pos anygame.Position, seat int, at streamAt) ([]SeatView, error) {
	if at.version < 0 {
		v, err := h.seatView(ctx, r, pos, seat, at.since, true)
		return []SeatView{v}, err
	}
	head := h.head(r, pos, seat)
	events := []versioned{}
	var err error
	if r.started {
		// One event more than an answer holds tells whether the version
		// of its last one goes on.
		if events, err = h.store.versionedSince(ctx, r, at.since, h.limits.EventsPerAnswer+1); err != nil {
			return nil, err
		}
	}
	from := at.version + 1
	if at.more || from > r.version {
		from = at.version // the rest of the events of the version sent last
	}
	upto := min(r.version, from+streamBatch-1)
	more := false
	if n := h.limits.EventsPerAnswer; n >= 0 && len(events) > n {
		more = events[n].version == events[n-1].version
		upto = max(from, min(upto, events[n-1].version))
		events = events[:n]
	}
	var msgs []SeatView
	for v := from; v <= upto; v++ {
		m := head
		m.Version, m.Events, m.View, m.More, m.Closed = v, []cards.Entry{}, nil, false, ""
		msgs = append(msgs, m)
	}
	for _, e := range events {
		if e.version > upto {
			break
		}
		i := max(0, int(e.version-from))
		msgs[i].Events = append(msgs[i].Events, e.Event.For(cards.Player(seat)))
	}
	last := &msgs[len(msgs)-1]
	last.More = more && upto == events[len(events)-1].version
	if upto == r.version {
		if r.started {
			if last.View, err = pos.View(cards.Player(seat)); err != nil {
				return nil, err
			}
		}
		last.Closed = head.Closed
	}
	return msgs, nil
}

// A versioned event is an event and the version of the commit that made
// it.
type versioned struct {
	cards.Event
	version int64
}

// seqAt returns the number of the last event of game r at version v.
func (s store) seqAt(ctx context.Context, r row, v int64) (int, error) {
	if v >= r.version {
		return r.events, nil
	}
	var seq int
	err := s.queryRow(ctx, `SELECT coalesce(max(seq), 0) FROM events WHERE game = ? AND version <= ?`, []any{r.id, v}, &seq)
	return seq, err
}
