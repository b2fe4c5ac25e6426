package server

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/cardjson"
	"github.com/cardrules/games/cards/server/cardroom"
	"github.com/cardrules/games/cards/server/sqlstore"
)

// MaxBody is the largest request body, in bytes, that the handler reads;
// a larger one is refused with 413.
const MaxBody = 16 << 10

// Config configures a Handler. The zero Config serves every game of
// package catalog within DefaultLimits.
type Config struct {
	// Games are the games served; nil means catalog.Games().
	Games []anygame.Game
	// JoinPage is the address of the web page that a join link opens, with
	// the game and the seat's token in its fragment
	// ("/#game=ID&token=TOKEN"); "" means "/".
	JoinPage string
	// Logger receives the faults of the server; nil means slog.Default().
	Logger *slog.Logger
	// MaxStatements, if not 0, is the most statements the handler runs on
	// the database at once; the others wait their turn, first come first
	// served. Set it to the size of the database's pool of connections
	// when that is small, as SQLite's one connection: database/sql hands a
	// connection that frees up to a waiter drawn at random, which leaves a
	// few requests waiting long.
	MaxStatements int
	// MaxWrites, if not 0, is the most statements that write the handler
	// runs on the database at once, the others waiting their turn as
	// MaxStatements's do. Set it to 1 for SQLite, which writes one change
	// at a time: the changes waiting then commit together, in one
	// transaction and one sync of the disk (group commit), and reads go on
	// beside them (in WAL mode).
	MaxWrites int
	// Dialect is the SQL of the database: SQLite (the zero value), D1 or
	// PostgreSQL, whose schema Dialect.Migrate sets up.
	Dialect Dialect
	// Limits bound what requests can cause; its zero fields take their
	// values in DefaultLimits.
	Limits Limits
	// ClientHeader, if set, is the header that a trusted proxy in front of
	// the handler sets to the client's address ("CF-Connecting-IP" on
	// Cloudflare, "X-Real-IP", or "X-Forwarded-For", of which the last
	// address counts): the clients of the rate limits and quotas. Unset,
	// the client is the connection's remote address. Set it only behind
	// such a proxy, for a client can send any header.
	ClientHeader string
	// Metrics, if set, receives what the handler measures.
	Metrics Metrics
	// Spawn, if set, runs a task of the handler apart from the request
	// that started it, after its answer: the bots' moves that follow a
	// commit. See cardroom.Config.Spawn.
	Spawn func(task func())
	// Published, if set, is told of every commit the handler makes: the
	// game and its new version, for the handlers that serve the same
	// database elsewhere (their Publish) or a service that tells the
	// game's followers. It must be quick.
	Published func(game string, version int64)
}

// Metrics receives what a handler measures, for an operator's dashboard
// (examples/server records it in Prometheus's format). Its methods are
// called from many goroutines at once, and must be quick.
type Metrics interface {
	cardroom.Metrics
	// Request tells of a request answered: the route of the API that
	// served it ("POST /games/{id}/moves"; "" for a path the API does not
	// know), its status and how long it took.
	Request(route string, status int, d time.Duration)
}

// A Handler serves a card room (package cardroom) over HTTP, its games
// kept in a database: it decodes each request, asks the room, and writes
// the room's answer, or maps its refusal to a status, in one place. It
// keeps no game in memory that another handler could change: any number
// of handlers, on any number of machines, can serve the same database.
// Its paths are those of the package documentation, from its root: mount
// it under a prefix with http.StripPrefix.
type Handler struct {
	room         *cardroom.Room
	clientHeader string
	metrics      Metrics
	log          *slog.Logger
	writeTime    time.Duration // bounds each write of a stream
	mux          *http.ServeMux
}

// New returns a handler that serves games from db.
func New(db *sql.DB, c Config) *Handler {
	store := sqlstore.New(db, sqlstore.Options{Dialect: c.Dialect, MaxStatements: c.MaxStatements, MaxWrites: c.MaxWrites, GroupCommit: true})
	rc := cardroom.Config{Games: c.Games, JoinPage: c.JoinPage, Limits: c.Limits, Logger: c.Logger, Spawn: c.Spawn, Published: c.Published}
	if c.Metrics != nil {
		rc.Metrics = c.Metrics
	}
	h := &Handler{room: cardroom.New(store, rc), clientHeader: c.ClientHeader, metrics: c.Metrics,
		log: cmp.Or(c.Logger, slog.Default()), writeTime: writeTime, mux: http.NewServeMux()}
	h.handle("GET /health", h.health)
	h.handle("GET /catalog", func(w http.ResponseWriter, r *http.Request) { h.answer(w, r, http.StatusOK, h.room.Catalog()) })
	h.handle("POST /games", h.create)
	h.handle("GET /games/{id}", h.read)
	h.handle("POST /games/{id}/moves", h.move)
	h.handle("POST /games/{id}/seats", h.claim)
	h.handle("DELETE /games/{id}/seats/{seat}", h.leave)
	h.handle("POST /games/{id}/seats/{seat}/bot", h.giveToBot)
	h.handle("POST /games/{id}/start", h.start)
	h.handle("POST /games/{id}/rematch", h.rematch)
	h.handle("GET /games/{id}/history", h.history)
	h.handle("GET /games/{id}/stream", h.stream)
	h.handle("GET /lobby", h.lobby)
	h.handle("/", func(w http.ResponseWriter, r *http.Request) {
		h.fail(w, r, &Error{Status: http.StatusNotFound, Code: CodeBadRequest, Message: "the API has no " + r.Method + " " + r.URL.Path})
	})
	return h
}

// Room returns the card room the handler serves, for a program that
// asks it directly, in Go, beside the handler.
func (h *Handler) Room() *cardroom.Room { return h.room }

// handle serves a route of the API, measured.
func (h *Handler) handle(pattern string, serve http.HandlerFunc) {
	route := pattern
	if route == "/" {
		route = ""
	}
	h.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		if h.metrics == nil {
			serve(w, r)
			return
		}
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		begin := time.Now()
		serve(rec, r)
		h.metrics.Request(route, rec.status, time.Since(begin))
	})
}

// ServeHTTP serves the API: every answer with headers that keep it out of
// other sites' pages, and every request but the health check within the
// client's rate limit.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.serve(w, r, true) }

// Relay returns a handler of the API for a service of the deployment's
// own that holds the streams of live updates in place of the handler
// (a Durable Object of a game, on Cloudflare Workers), and reads each
// follower's news with GET /games/{id}/stream?once=1 when it learns of a
// commit: it serves as the Handler does, tokens and all, but its requests
// are not counted against any client's request rate, for the news of a
// stream are not requests of its client (the request that opened the
// stream was). It must never be reachable from outside.
func (h *Handler) Relay() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.serve(w, r, false) })
}

// serve serves the API, within the client's rate limit if counted.
func (h *Handler) serve(w http.ResponseWriter, r *http.Request, counted bool) {
	hd := w.Header()
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
	hd.Set("Referrer-Policy", "no-referrer")
	if counted && r.URL.Path != "/health" {
		if d := h.room.AllowRequest(h.clientOf(r)); d > 0 {
			h.fail(w, r, &cardroom.Refusal{Code: CodeTooMany, RetryAfter: d,
				Reason: "this client sends requests faster than the server allows (" + strconv.FormatFloat(h.room.Limits().RequestRate, 'g', -1, 64) + " a second)"})
			return
		}
	}
	h.mux.ServeHTTP(w, r)
}

// clientOf returns the key of the client that sent r.
func (h *Handler) clientOf(r *http.Request) string { return ClientOf(r, h.clientHeader) }

// Publish tells the handler's streams of game id that it changed: news
// of a commit another handler made (see Config.Published).
func (h *Handler) Publish(id string) { h.room.Publish(id) }

// PublishAll tells the handler's streams that their games may have
// changed, for a relay of news that may have missed some (its connection
// was lost): each reads what changed, if anything.
func (h *Handler) PublishAll() { h.room.PublishAll() }

// Sweep does the work that no request does: it lets the bots play in
// games that were left waiting for them, and deletes expired games. Run
// it every few seconds (see cardroom.Room.Sweep).
func (h *Handler) Sweep(ctx context.Context) (SweepReport, error) { return h.room.Sweep(ctx) }

// Close ends the handler's streams and stops its bots (see
// cardroom.Room.Close).
func (h *Handler) Close() error { return h.room.Close() }

// Snapshot returns the game of the given id as the server holds it,
// secrets included.
func (h *Handler) Snapshot(ctx context.Context, id string) (Snapshot, error) {
	return h.room.Snapshot(ctx, id)
}

// Verify replays every game the database holds and compares it with the
// stored game (see cardroom.Room.Verify).
func (h *Handler) Verify(ctx context.Context, bad func(id string, err error)) (int, error) {
	return h.room.Verify(ctx, bad)
}

// Stats counts the games the database holds.
func (h *Handler) Stats(ctx context.Context) (Stats, error) { return h.room.Stats(ctx) }

func (h *Handler) health(w http.ResponseWriter, r *http.Request) {
	if err := h.room.Health(r.Context()); err != nil {
		h.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	h.answer(w, r, http.StatusOK, Health{Status: "ok"})
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	var req CreateRequest
	if !h.decode(w, r, &req, "a request to create a game") {
		return
	}
	created, err := h.room.Create(r.Context(), h.clientOf(r), req)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	w.Header().Set("Location", "games/"+created.ID)
	h.answer(w, r, http.StatusCreated, created)
}

func (h *Handler) read(w http.ResponseWriter, r *http.Request) {
	q, ok := h.query(w, r)
	if !ok {
		return
	}
	if tag := r.Header.Get("If-None-Match"); tag != "" {
		q.Known, _ = strconv.ParseInt(strings.Trim(tag, `"`), 10, 64)
	}
	v, err := h.room.Read(r.Context(), q)
	if errors.Is(err, cardroom.ErrNotModified) {
		setCache(w, v.Version)
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.answerView(w, r, v, err)
}

func (h *Handler) move(w http.ResponseWriter, r *http.Request) {
	q, ok := h.query(w, r)
	if !ok {
		return
	}
	var req MoveRequest
	if !h.decode(w, r, &req, "a move request") {
		return
	}
	v, err := h.room.Move(r.Context(), q, req.Version, req.Move)
	h.answerView(w, r, v, err)
}

// answerView answers a seat's view, with its version as its ETag.
func (h *Handler) answerView(w http.ResponseWriter, r *http.Request, v SeatView, err error) {
	if err != nil {
		h.fail(w, r, err)
		return
	}
	setCache(w, v.Version)
	h.answer(w, r, http.StatusOK, v)
}

func (h *Handler) claim(w http.ResponseWriter, r *http.Request) {
	var req ClaimRequest
	if !h.decode(w, r, &req, "a claim of a seat") {
		return
	}
	key, _ := bearer(r)
	st, err := h.room.Claim(r.Context(), h.clientOf(r), r.PathValue("id"), key, req)
	h.answerOr(w, r, http.StatusCreated, st, err)
}

func (h *Handler) leave(w http.ResponseWriter, r *http.Request) {
	seat, ok := h.seat(w, r)
	if !ok {
		return
	}
	key, _ := bearer(r)
	if err := h.room.Leave(r.Context(), r.PathValue("id"), key, seat); err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) giveToBot(w http.ResponseWriter, r *http.Request) {
	var req StartRequest
	if !h.decode(w, r, &req, "a request to give a seat to a bot") {
		return
	}
	seat, ok := h.seat(w, r)
	if !ok {
		return
	}
	key, _ := bearer(r)
	v, err := h.room.GiveToBot(r.Context(), r.PathValue("id"), key, seat, req.Bot)
	h.answerOr(w, r, http.StatusOK, versionOf{v}, err)
}

func (h *Handler) start(w http.ResponseWriter, r *http.Request) {
	var req StartRequest
	if !h.decode(w, r, &req, "a request to start a game") {
		return
	}
	key, _ := bearer(r)
	v, err := h.room.Start(r.Context(), r.PathValue("id"), key, req.Bot)
	h.answerOr(w, r, http.StatusOK, versionOf{v}, err)
}

// versionOf is the answer of a change of a game's seats: its version.
type versionOf struct{ version int64 }

func (v versionOf) AppendJSON(b []byte) ([]byte, error) {
	return append(strconv.AppendInt(append(b, `{"version":`...), v.version, 10), '}'), nil
}

func (h *Handler) rematch(w http.ResponseWriter, r *http.Request) {
	var req RematchRequest
	if !h.decode(w, r, &req, "a rematch request") {
		return
	}
	q, ok := h.query(w, r)
	if !ok {
		return
	}
	m, err := h.room.Rematch(r.Context(), h.clientOf(r), q, req.Leave)
	h.answerOr(w, r, http.StatusOK, m, err)
}

func (h *Handler) history(w http.ResponseWriter, r *http.Request) {
	q, ok := h.query(w, r)
	if !ok {
		return
	}
	p, ok := h.page(w, r, "before")
	if !ok {
		return
	}
	hist, err := h.room.History(r.Context(), q, p)
	h.answerOr(w, r, http.StatusOK, hist, err)
}

func (h *Handler) lobby(w http.ResponseWriter, r *http.Request) {
	p, ok := h.page(w, r, "after")
	if !ok {
		return
	}
	l, err := h.room.Lobby(r.Context(), r.URL.Query().Get("game"), p)
	h.answerOr(w, r, http.StatusOK, l, err)
}

// query reads what a request for a game asks: its id, its bearer key,
// ?since=N and ?seat=N.
func (h *Handler) query(w http.ResponseWriter, r *http.Request) (cardroom.Query, bool) {
	q := cardroom.Query{ID: r.PathValue("id"), Since: -1, Seat: cardroom.NoSeat}
	q.Key, _ = bearer(r)
	var err error
	if s := r.URL.Query().Get("since"); s != "" {
		if q.Since, err = strconv.Atoi(s); err != nil || q.Since < 0 {
			h.fail(w, r, cards.BadInput("since is the number of the last event read, from 0, not %q", s))
			return q, false
		}
	}
	if s := r.URL.Query().Get("seat"); s != "" {
		if q.Seat, err = strconv.Atoi(s); err != nil {
			h.fail(w, r, &cardroom.Refusal{Code: CodeNotYourSeat, Reason: "seat is a number, not " + strconv.Quote(s)})
			return q, false
		}
	}
	return q, true
}

// seat reads the seat a path names.
func (h *Handler) seat(w http.ResponseWriter, r *http.Request) (int, bool) {
	seat, err := strconv.Atoi(r.PathValue("seat"))
	if err != nil {
		h.fail(w, r, &Error{Status: http.StatusNotFound, Code: CodeNotFound, Message: "no seat is named " + strconv.Quote(r.PathValue("seat"))})
		return 0, false
	}
	return seat, true
}

// page reads the page of a list a request asks for: ?limit=N and the
// cursor of the named parameter.
func (h *Handler) page(w http.ResponseWriter, r *http.Request, param string) (cardroom.Page, bool) {
	p := cardroom.Page{Cursor: r.URL.Query().Get(param)}
	if s := r.URL.Query().Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			h.fail(w, r, cards.BadInput("limit is a number of games, from 1, not %q", s))
			return p, false
		}
		p.Limit = n
	}
	return p, true
}

// bearer returns a request's bearer token.
func bearer(r *http.Request) (string, bool) {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" {
		return "", false
	}
	return token, true
}

func etag(version int64) string { return `"` + strconv.FormatInt(version, 10) + `"` }

func setCache(w http.ResponseWriter, version int64) {
	w.Header().Set("ETag", etag(version))
	w.Header().Set("Cache-Control", "no-cache, private")
	w.Header().Set("Vary", "Authorization")
}

// decode reads a request's JSON body, strictly, into v, or answers its
// refusal and reports false. The body must be declared application/json,
// which no other site's page can send without the server's leave (a CORS
// preflight, which the API does not grant).
func (h *Handler) decode(w http.ResponseWriter, r *http.Request, v any, what string) bool {
	if t, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || t != "application/json" {
		h.fail(w, r, &Error{Status: http.StatusUnsupportedMediaType, Code: CodeMediaType, Message: what + " is sent as Content-Type: application/json"})
		return false
	}
	tooLarge := &Error{Status: http.StatusRequestEntityTooLarge, Code: CodeTooLarge, Message: "a request's body is at most " + strconv.Itoa(MaxBody) + " bytes"}
	if r.ContentLength > MaxBody {
		h.fail(w, r, tooLarge)
		return false
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	var over *http.MaxBytesError
	switch {
	case errors.As(err, &over):
		h.fail(w, r, tooLarge)
		return false
	case err != nil:
		h.fail(w, r, cards.BadInput("reading %s: %v", what, err))
		return false
	}
	if err := cardjson.Unmarshal(body, v, what); err != nil {
		h.fail(w, r, err)
		return false
	}
	return true
}

// answerOr answers v, or the error if there is one.
func (h *Handler) answerOr(w http.ResponseWriter, r *http.Request, status int, v cardjson.Appender, err error) {
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.answer(w, r, status, v)
}

// answer writes v's JSON as the answer, with the status given.
func (h *Handler) answer(w http.ResponseWriter, r *http.Request, status int, v cardjson.Appender) {
	b, err := v.AppendJSON(make([]byte, 0, 1024))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
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
