package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/cardrules/games/cards"
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
	// streamBatch is the most versions one wake of a stream sends before
	// it looks again.
	streamBatch = 200
)

// A hub tells the streams of this handler of the commits of their games.
type hub struct {
	mu       sync.Mutex
	subs     map[string]map[*subscriber]bool // by game; true for a spectator's
	byClient map[string]int
	total    int
	closing  chan struct{}
	closed   bool
}

// A subscriber is a stream's place in the hub: nudged when its game
// commits.
type subscriber struct {
	game, client string
	nudge        chan struct{}
}

func newHub() *hub {
	return &hub{subs: map[string]map[*subscriber]bool{}, byClient: map[string]int{}, closing: make(chan struct{})}
}

// subscribe adds a stream of a game, if the limits allow it.
func (b *hub) subscribe(game, client string, spectator bool, l Limits) (*subscriber, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case b.closed:
		return nil, &Error{Status: http.StatusServiceUnavailable, Code: CodeUnavailable, RetryAfter: time.Second, Message: "the server is stopping"}
	case !within(b.byClient[client]+1, l.StreamsPerClient):
		return nil, &Error{Status: http.StatusTooManyRequests, Code: CodeTooMany, RetryAfter: 10 * time.Second,
			Message: fmt.Sprintf("this client follows %d streams, as many as the server allows", b.byClient[client])}
	case !within(b.total+1, l.Streams):
		return nil, &Error{Status: http.StatusServiceUnavailable, Code: CodeUnavailable, RetryAfter: 10 * time.Second,
			Message: "the server follows as many streams as it may; poll, or try again later"}
	}
	s := &subscriber{game: game, client: client, nudge: make(chan struct{}, 1)}
	if b.subs[game] == nil {
		b.subs[game] = map[*subscriber]bool{}
	}
	b.subs[game][s] = spectator
	b.byClient[client]++
	b.total++
	return s, nil
}

func (b *hub) unsubscribe(s *subscriber) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.subs[s.game], s)
	if len(b.subs[s.game]) == 0 {
		delete(b.subs, s.game)
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
	for s := range b.subs[game] {
		select {
		case s.nudge <- struct{}{}:
		default: // nudged already
		}
	}
}

// publishAll nudges every stream.
func (b *hub) publishAll() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, subs := range b.subs {
		for s := range subs {
			select {
			case s.nudge <- struct{}{}:
			default:
			}
		}
	}
}

// watchers counts the spectators' streams of a game.
func (b *hub) watchers(game string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, spectator := range b.subs[game] {
		if spectator {
			n++
		}
	}
	return n
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
		h.catchUp(w, r, q, at)
		return
	}
	sub, err := h.hub.subscribe(q.row.id, h.clientOf(r), q.seat < 0, h.limits)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	defer h.hub.unsubscribe(sub)
	h.hub.publish(q.row.id) // the watchers' count changed
	defer h.hub.publish(q.row.id)
	rc := http.NewResponseController(w)
	rc.SetWriteDeadline(time.Time{}) // a stream outlives the server's time to write an answer
	w.WriteHeader(http.StatusOK)
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	end := time.After(maxStreamTime)
	for {
		caughtUp, err := h.sendNews(ctx, w, q, &at)
		if err != nil {
			if ctx.Err() == nil {
				h.log.Warn("a stream stopped", "game", q.row.id, "err", err)
			}
			return
		}
		if err := rc.Flush(); err != nil {
			return
		}
		if !caughtUp {
			continue
		}
		select {
		case <-sub.nudge:
		case <-tick.C:
			if _, err := w.Write([]byte(": ping\n\n")); err != nil {
				return
			}
			rc.Flush()
		case <-end:
			return
		case <-h.hub.closing:
			return
		case <-ctx.Done():
			return
		}
	}
}

// catchUp answers the messages of the versions after at, up to the game
// as it stands, and ends: GET /games/{id}/stream?once=1, for a service
// that holds the streams of a game itself and is told of its commits (a
// Cloudflare Durable Object), which passes them on.
func (h *Handler) catchUp(w http.ResponseWriter, r *http.Request, q gameRequest, at streamAt) {
	w.WriteHeader(http.StatusOK)
	for range 100 {
		caughtUp, err := h.sendNews(r.Context(), w, q, &at)
		if err != nil || caughtUp {
			return
		}
	}
}

// A position in a stream: the version sent last (-1 for none yet), and
// the number of the last event sent.
type streamAt struct {
	version int64
	since   int
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

// sendNews writes the messages of the versions after at, at most
// streamBatch of them, and reports whether it caught up with the game.
func (h *Handler) sendNews(ctx context.Context, w http.ResponseWriter, q gameRequest, at *streamAt) (bool, error) {
	r, _, pos, err := h.loadGame(ctx, q.row.id)
	if err != nil {
		return false, err
	}
	if r.version == at.version && (!r.started || at.since >= r.events) {
		return true, nil
	}
	events := []versioned{}
	if r.started {
		if events, err = h.store.versionedSince(ctx, r, at.since, h.limits.EventsPerAnswer); err != nil {
			return false, err
		}
	}
	var msgs []SeatView
	if at.version < 0 || at.version == r.version || r.version-at.version > streamBatch {
		// Opened anew, far behind, or with more events of the version
		// it sent: the game as it stands, with the events after the last
		// one sent.
		v, err := h.seatView(ctx, r, pos, q.seat, at.since, true)
		if err != nil {
			return false, err
		}
		msgs = append(msgs, v)
	} else {
		msgs = h.versions(r, q.seat, at.version, events)
		last, err := h.seatView(ctx, r, pos, q.seat, at.since, true)
		if err != nil {
			return false, err
		}
		last.Events = msgs[len(msgs)-1].Events
		last.More = len(events) > 0 && events[len(events)-1].Seq < r.events && r.started
		for i := range msgs[:len(msgs)-1] { // the others are as the last, without the view
			events := msgs[i].Events
			msgs[i] = last
			msgs[i].Version, msgs[i].Events, msgs[i].View, msgs[i].More = int64(i)+at.version+1, events, nil, false
		}
		msgs[len(msgs)-1] = last
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
	}
	at.version = msgs[len(msgs)-1].Version
	return !msgs[len(msgs)-1].More, nil
}

// versions returns the messages of the versions after the given one, up
// to r's, each with the events the seat reads of its version (an event of
// an earlier version, the first message).
func (h *Handler) versions(r row, seat int, after int64, events []versioned) []SeatView {
	var msgs []SeatView
	for v := after + 1; v <= r.version; v++ {
		msgs = append(msgs, SeatView{ID: r.id, Game: r.game, Seat: seat, Version: v, Events: []cards.Entry{}})
	}
	for _, e := range events {
		i := max(0, int(e.version-after-1))
		if i >= len(msgs) {
			i = len(msgs) - 1
		}
		msgs[i].Events = append(msgs[i].Events, e.Event.For(cards.Player(seat)))
	}
	return msgs
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
