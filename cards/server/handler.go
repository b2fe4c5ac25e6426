package server

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/cardjson"
	"github.com/cardrules/games/cards/catalog"
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
	// at a time, and give its pool a few connections: reads then go on
	// beside a write (in WAL mode) instead of waiting for its sync.
	MaxWrites int
	// Dialect is the SQL of the database: SQLite (the zero value, and D1)
	// or PostgreSQL, whose schema Dialect.Migrate sets up.
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
	// commit. It must run the task to its end. nil runs it in a
	// goroutine. A task that Spawn runs plays one game's bots for a turn
	// at most (1 s, and the move under way, within Limits.BotTime) and leaves their
	// moves beyond it to the game's next read or Sweep, for a host that
	// runs it within a request must keep it short: a Cloudflare Worker
	// passes a function that keeps its instance, and the request's
	// lifetime (waitUntil), until the task is done.
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
	// Request tells of a request answered: the route of the API that
	// served it ("POST /games/{id}/moves"; "" for a path the API does not
	// know), its status and how long it took.
	Request(route string, status int, d time.Duration)
	// BotMove tells of a bot's move: the game, the bot, and how long it
	// thought.
	BotMove(game, bot string, d time.Duration)
	// GameCreated tells of a game created.
	GameCreated(game string)
	// GamesExpired tells of n games deleted as expired.
	GamesExpired(n int)
}

// A Handler serves games over HTTP from a database whose schema Migrate
// (or wrangler) has set up. It keeps no game in memory between requests:
// any number of handlers, on any number of machines, can serve the same
// database. Its paths are those of the package documentation, from its
// root: mount it under a prefix with http.StripPrefix.
//
// The bots play apart from requests, as Config.Spawn runs them; Close
// stops them, and Sweep resumes the games they left.
type Handler struct {
	store        store
	games        []anygame.Game
	byName       map[string]anygame.Game
	joinPage     string
	log          *slog.Logger
	limits       Limits
	clientHeader string
	clients      *clients
	metrics      Metrics
	bots         *botRunner
	hub          *hub
	writeTime    time.Duration // bounds each write of a stream
	published    func(string, int64)
	mux          *http.ServeMux
}

// New returns a handler that serves games from db.
func New(db *sql.DB, c Config) *Handler {
	h := &Handler{
		store:        store{db: db, dialect: c.Dialect, now: time.Now, stmts: &statements{}},
		games:        c.Games,
		joinPage:     cmp.Or(c.JoinPage, "/"),
		log:          c.Logger,
		limits:       c.Limits.withDefaults(),
		clientHeader: c.ClientHeader,
		metrics:      c.Metrics,
		published:    c.Published,
		writeTime:    writeTime,
		mux:          http.NewServeMux(),
	}
	if c.MaxStatements > 0 {
		h.store.turns = make(chan struct{}, c.MaxStatements)
	}
	if c.MaxWrites > 0 {
		h.store.writes = make(chan struct{}, c.MaxWrites)
	}
	if h.games == nil {
		h.games = catalog.Games()
	}
	h.byName = map[string]anygame.Game{}
	for _, g := range h.games {
		h.byName[g.Info().Name] = g
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	h.clients = newClients(h.limits, time.Now)
	h.bots = newBotRunner(h, c.Spawn)
	h.hub = newHub()
	h.handle("GET /health", h.health)
	h.handle("GET /catalog", h.catalog)
	h.handle("POST /games", h.create)
	h.handle("GET /games/{id}", h.read)
	h.handle("POST /games/{id}/moves", h.move)
	h.handle("POST /games/{id}/seats", h.claim)
	h.handle("DELETE /games/{id}/seats/{seat}", h.leave)
	h.handle("POST /games/{id}/seats/{seat}/bot", h.giveToBot)
	h.handle("POST /games/{id}/start", h.startGame)
	h.handle("POST /games/{id}/rematch", h.rematch)
	h.handle("GET /games/{id}/history", h.history)
	h.handle("GET /games/{id}/stream", h.stream)
	h.handle("GET /lobby", h.lobby)
	h.handle("/", func(w http.ResponseWriter, r *http.Request) {
		h.fail(w, r, refuse(http.StatusNotFound, CodeBadRequest, "the API has no "+r.Method+" "+r.URL.Path))
	})
	return h
}

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
		if d := wait(h.clients.of(h.clientOf(r)).requests, time.Now()); d > 0 {
			h.refuseRate(w, r, tooMany(d, "this client sends requests faster than the server allows (%g a second)", h.limits.RequestRate))
			return
		}
	}
	h.mux.ServeHTTP(w, r)
}

// refuseRate answers the refusal of a request over its client's rate,
// after Limits.RefusalDelay (or sooner, if the client goes).
func (h *Handler) refuseRate(w http.ResponseWriter, r *http.Request, e *Error) {
	if d := h.limits.RefusalDelay; d > 0 {
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
		}
	}
	h.fail(w, r, e)
}

// clientOf returns the key of the client that sent r.
func (h *Handler) clientOf(r *http.Request) string { return ClientOf(r, h.clientHeader) }

func (h *Handler) lookup(name string) (anygame.Game, bool) {
	g, ok := h.byName[name]
	return g, ok
}

// health answers whether the database answers: 200, or 503.
func (h *Handler) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := h.store.ping(ctx); err != nil {
		h.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	h.answer(w, r, http.StatusOK, Health{Status: "ok"})
}

func (h *Handler) catalog(w http.ResponseWriter, r *http.Request) {
	c := Catalog{Limits: h.limits}
	for _, g := range h.games {
		info := GameInfo{GameInfo: g.Info(), DefaultOptions: g.DefaultOptions(), Bots: []anygame.BotInfo{}}
		for _, b := range anygame.BotInfos() {
			if slices.Contains(g.Bots(), b.Name) {
				info.Bots = append(info.Bots, b)
			}
		}
		c.Games = append(c.Games, info)
	}
	h.answer(w, r, http.StatusOK, c)
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	var req CreateRequest
	if err := h.decodeBody(w, r, &req, "a request to create a game"); err != nil {
		h.fail(w, r, err)
		return
	}
	client := h.clientOf(r)
	if d := wait(h.clients.of(client).creates, time.Now()); d > 0 {
		h.refuseRate(w, r, tooMany(d, "this client creates games faster than the server allows (%g a minute)", h.limits.CreateRate))
		return
	}
	created, err := h.createGame(r.Context(), req, client)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	w.Header().Set("Location", "games/"+created.ID)
	h.answer(w, r, http.StatusCreated, created)
	if h.metrics != nil {
		h.metrics.GameCreated(created.Game)
	}
	if created.due {
		h.bots.kick(created.ID, client)
	}
}

func (h *Handler) createGame(ctx context.Context, req CreateRequest, client string) (Created, error) {
	g, ok := h.lookup(req.Game)
	if !ok {
		return Created{}, fmt.Errorf("%w: no game is named %q", cards.ErrBadInput, req.Game)
	}
	seats, err := h.seatsOf(req.Seats)
	if err != nil {
		return Created{}, err
	}
	if req.Name != "" {
		i := slices.Index(req.Seats, Human)
		if i < 0 {
			return Created{}, refuse(http.StatusUnprocessableEntity, CodeSeats, "a name is the creator's, of the first human seat, and there is none")
		}
		if seats[i].Name, err = prepareName(req.Name); err != nil {
			return Created{}, err
		}
	}
	options, err := dealOptions(g.Info(), req.Options, len(seats))
	if err != nil {
		return Created{}, err
	}
	pos, events, err := g.Deal(options)
	if err != nil {
		return Created{}, err
	}
	if n := pos.Status().Players; n != len(seats) {
		return Created{}, refuse(http.StatusUnprocessableEntity, CodeSeats, fmt.Sprintf("%d seats for a game of %d players", len(seats), n))
	}
	waiting := slices.ContainsFunc(seats, func(s seat) bool { return s.Open })
	if err := h.checkRoom(ctx, client, waiting); err != nil {
		return Created{}, err
	}
	id, err := randomString(9)
	if err != nil {
		return Created{}, err
	}
	r := row{id: id, game: req.Game, options: options, seats: seats, version: 1, client: client,
		public: req.Public, spectators: req.Spectators, tab: id}
	created := Created{ID: id, Game: req.Game, Version: 1}
	if created.Host, r.keys.Host, err = newKey(); err != nil {
		return Created{}, err
	}
	if created.Watch.Key, r.keys.Watch, err = newKey(); err != nil {
		return Created{}, err
	}
	created.Watch.Join = h.link(id, "watch", created.Watch.Key)
	if slices.ContainsFunc(seats, func(s seat) bool { return s.Open }) {
		created.Invite = &Key{}
		if created.Invite.Key, r.keys.Invite, err = newKey(); err != nil {
			return Created{}, err
		}
		created.Invite.Join = h.link(id, "invite", created.Invite.Key)
	}
	for i := range seats {
		st := SeatToken{Seat: i, Bot: seats[i].Bot, Name: seats[i].Name, Open: seats[i].Open}
		if st.Bot == "" && !st.Open {
			if st.Token, seats[i].Token, err = newKey(); err != nil {
				return Created{}, err
			}
			if seats[i].Player, err = randomString(9); err != nil {
				return Created{}, err
			}
			st.Join = h.link(id, "token", st.Token)
		}
		created.Seats = append(created.Seats, st)
	}
	if r.state, err = pos.State(); err != nil {
		return Created{}, err
	}
	r.started = !waiting
	c := h.start(r, pos)
	c.row.events = len(events)
	c.row.pending.Events = storedEvents(events)
	if c.row.due {
		if err := h.bots.room(c.row); err != nil {
			return Created{}, err
		}
	}
	if err := h.store.create(ctx, c.row); err != nil {
		return Created{}, err
	}
	created.Started, created.due = c.row.started, c.row.due
	return created, nil
}

// newKey returns a new secret key (a token), and its hash as the store
// keeps it.
func newKey() (key, hash string, err error) {
	if key, err = randomString(32); err != nil {
		return "", "", err
	}
	return key, hashToken(key), nil
}

// link returns the web page's link to game id with a key, as its fragment
// names it ("token", "invite", "watch").
func (h *Handler) link(id, name, key string) string {
	return h.joinPage + "#game=" + id + "&" + name + "=" + key
}

// checkRoom refuses a new game of the client if the server, or the
// client, holds as many games not over as the limits allow; or, for a
// game that waits for players, as many games waiting.
func (h *Handler) checkRoom(ctx context.Context, client string, waiting bool) error {
	l := h.limits
	if l.OpenGames >= 0 || l.OpenGamesPerClient >= 0 {
		all, mine, err := h.store.openGames(ctx, client)
		switch {
		case err != nil:
			return err
		case !within(all+1, l.OpenGames):
			return &Error{Status: http.StatusServiceUnavailable, Code: CodeFull, RetryAfter: time.Minute,
				Message: fmt.Sprintf("the server holds as many games as it may (%d); try again later", l.OpenGames)}
		case !within(mine+1, l.OpenGamesPerClient):
			return &Error{Status: http.StatusTooManyRequests, Code: CodeTooMany, RetryAfter: time.Minute,
				Message: fmt.Sprintf("this client has %d games going, as many as the server allows; finish one, or wait until one expires", mine)}
		}
	}
	if !waiting || (l.WaitingGames < 0 && l.WaitingGamesPerClient < 0) {
		return nil
	}
	all, mine, err := h.store.waitingGames(ctx, client)
	switch {
	case err != nil:
		return err
	case !within(all+1, l.WaitingGames):
		return &Error{Status: http.StatusServiceUnavailable, Code: CodeFull, RetryAfter: time.Minute,
			Message: fmt.Sprintf("the server holds as many games waiting for players as it may (%d); join one from the lobby, or try again later", l.WaitingGames)}
	case !within(mine+1, l.WaitingGamesPerClient):
		return &Error{Status: http.StatusTooManyRequests, Code: CodeTooMany, RetryAfter: time.Minute,
			Message: fmt.Sprintf("this client has %d games waiting for players, as many as the server allows; start one, or wait until one expires", mine)}
	}
	return nil
}

// seatsOf checks the seats of a request to create a game.
func (h *Handler) seatsOf(names []string) ([]seat, error) {
	seats := make([]seat, len(names))
	humans := 0
	for i, name := range names {
		switch name {
		case Human:
			humans++
			continue
		case Open:
			humans++
			seats[i].Open = true
			continue
		}
		if err := checkBot(name, h.limits); err != nil {
			return nil, refuseBot(i, err)
		}
		seats[i].Bot = name
	}
	if humans == 0 {
		return nil, refuse(http.StatusUnprocessableEntity, CodeNoHumanSeat, "a game needs at least one seat for a person, human or open")
	}
	return seats, nil
}

// dealOptions returns the options a game is dealt from: the request's,
// with one player a seat unless they say otherwise, and a secret seed.
func dealOptions(info cards.GameInfo, given json.RawMessage, seats int) (json.RawMessage, error) {
	options := map[string]json.RawMessage{}
	if len(given) > 0 {
		if err := decodeMembers(given, options, info.Title+" options"); err != nil {
			return nil, err
		}
	}
	for _, o := range info.Options {
		if _, ok := options[o.Name]; !ok {
			if o.Name == "players" && o.Type == cards.IntOption {
				options[o.Name] = json.RawMessage(strconv.Itoa(seats))
			}
			continue
		}
		if o.Type == cards.SeedOption || o.Name == cards.NoLogOpt().Name {
			return nil, refuse(http.StatusUnprocessableEntity, CodeSecretOption, fmt.Sprintf("the server sets option %s itself", o.Name))
		}
	}
	for _, o := range info.Options {
		if o.Type == cards.SeedOption {
			var b [8]byte
			if _, err := rand.Read(b[:]); err != nil {
				return nil, err
			}
			// 53 bits, so that the seed is a JSON number for every reader.
			options[o.Name] = json.RawMessage(strconv.FormatUint(binary.LittleEndian.Uint64(b[:])>>11, 10))
		}
	}
	return json.Marshal(options)
}

// decodeMembers decodes v, a JSON object, into members: each name once.
// Every error wraps cards.ErrBadInput; what names the object in messages.
func decodeMembers(v []byte, members map[string]json.RawMessage, what string) error {
	if err := cardjson.Unmarshal(v, new(json.RawMessage), what); err != nil {
		return err // not valid JSON
	}
	dec := json.NewDecoder(bytes.NewReader(v))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return cards.BadInput("%s is a JSON object", what)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return cards.BadInput("%s: %v", what, err)
		}
		name := tok.(string)
		if _, seen := members[name]; seen {
			return cards.BadInput("%s names its member %q twice", what, name)
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return cards.BadInput("%s: %v", what, err)
		}
		members[name] = value
	}
	return nil
}

// change is a commit being made: the game's row as it will be, and the
// position it holds.
type change struct {
	row      row
	pos      anygame.Position
	maxMoves int // Limits.MovesPerGame
}

// start begins a change of the game r at position pos.
func (h *Handler) start(r row, pos anygame.Position) change {
	r.pending = pending{Moves: []plyMove{}, Events: []storedEvent{}}
	c := change{row: r, pos: pos, maxMoves: h.limits.MovesPerGame}
	c.settle()
	return c
}

// add records a move and its events in the change.
func (c *change) add(move json.RawMessage, events []cards.Event, pos anygame.Position) {
	c.row.moves++
	c.row.pending.Moves = append(c.row.pending.Moves, plyMove{Ply: c.row.moves, Move: move})
	c.row.pending.Events = append(c.row.pending.Events, storedEvents(events)...)
	c.row.events = pos.Status().Events
	c.pos = pos
	c.settle()
}

// settle marks the change's game over when it is, or when it has as many
// moves as the server allows (closed), with its result, and due when it
// plays and a bot must act.
func (c *change) settle() {
	st := c.pos.Status()
	c.row.over = st.Over || closed(c.row.moves, c.maxMoves)
	_, bot := botToAct(c.row.seats, st)
	c.row.due = c.row.started && !c.row.over && bot != ""
	if c.row.over && c.row.result == "" {
		c.row.result = resultOf(c.row.seats, st)
	}
}

// closed reports whether a game of the given moves is closed by the limit.
func closed(moves, limit int) bool { return limit >= 0 && moves >= limit }

// commit stores the change c of the game old, and tells the game's
// streams.
func (h *Handler) commit(ctx context.Context, old row, c change) (row, error) {
	state, err := c.pos.State()
	if err != nil {
		return old, err
	}
	c.row.state = state
	committed, err := h.store.commit(ctx, old, c.row)
	if err == nil {
		h.hub.publish(committed.id)
		if h.published != nil {
			h.published(committed.id, committed.version)
		}
	}
	return committed, err
}

// Publish tells the handler's streams of game id that it changed: news
// of a commit another handler made (see Config.Published).
func (h *Handler) Publish(id string) { h.hub.publish(id) }

// PublishAll tells the handler's streams that their games may have
// changed, for a relay of news that may have missed some (its connection
// was lost): each reads what changed, if anything.
func (h *Handler) PublishAll() { h.hub.publishAll() }

// loadGame reads game id's row, its game and its position.
func (h *Handler) loadGame(ctx context.Context, id string) (row, anygame.Game, anygame.Position, error) {
	r, err := h.store.load(ctx, id)
	if err != nil {
		return r, nil, nil, err
	}
	g, ok := h.lookup(r.game)
	if !ok {
		return r, nil, nil, fmt.Errorf("%w: game %s is of %q, which this server does not serve", errNoGame, id, r.game)
	}
	pos, err := g.Load(r.state)
	if err != nil {
		return r, nil, nil, fmt.Errorf("%w: game %s: its state: %w", ErrDamaged, id, err)
	}
	return r, g, pos, nil
}

// read answers a seat's view and the events after ?since=N. It changes
// nothing; but if the game's bots were left to act, it lets them play
// after the answer.
func (h *Handler) read(w http.ResponseWriter, r *http.Request) {
	q, err := h.open(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if q.row.due && h.store.now().Sub(q.row.updated) > h.staleAfter() {
		defer h.bots.kick(q.row.id, q.row.client)
	}
	if etag(q.row.version) == r.Header.Get("If-None-Match") {
		setCache(w, q.row.version)
		w.WriteHeader(http.StatusNotModified)
		return
	}
	pos, err := q.game.Load(q.row.state)
	if err != nil {
		h.fail(w, r, fmt.Errorf("%w: game %s: its state: %w", ErrDamaged, q.row.id, err))
		return
	}
	h.answerView(w, r, q.row, pos, q.seat, max(q.since, 0), false)
}

// move applies a seat's move at the version it names, and answers the
// seat's view after it with the events after ?since=N (by default, those
// after the version the move named); the bots play after the answer.
func (h *Handler) move(w http.ResponseWriter, r *http.Request) {
	q, err := h.open(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	var req MoveRequest
	if err := h.decodeBody(w, r, &req, "a move request"); err != nil {
		h.fail(w, r, err)
		return
	}
	switch {
	case q.seat < 0:
		h.fail(w, r, refuse(http.StatusForbidden, CodeSpectator, "a spectator watches, and makes no move"))
		return
	case !q.row.started:
		h.fail(w, r, refuse(http.StatusConflict, CodeNotStarted, "the game waits for its players: it starts when every seat is taken"))
		return
	}
	since := q.since
	if since < 0 {
		since = q.row.events
	}
	row, pos, err := h.applyMove(r.Context(), q.game, q.row, q.seat, req)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.answerView(w, r, row, pos, q.seat, since, true)
	if row.due {
		h.bots.kick(row.id, row.client)
	}
}

func (h *Handler) applyMove(ctx context.Context, g anygame.Game, r row, seat int, req MoveRequest) (row, anygame.Position, error) {
	info, err := g.Move(req.Move)
	if err != nil {
		return r, nil, err
	}
	if int(info.Player) != seat {
		return r, nil, refuse(http.StatusForbidden, CodeNotYourSeat, fmt.Sprintf("this token plays %v, not %v", cards.Player(seat), info.Player))
	}
	if req.Version != r.version {
		return r, nil, refuse(http.StatusConflict, CodeStale, fmt.Sprintf("the game is at version %d, not %d", r.version, req.Version))
	}
	pos, err := g.Load(r.state)
	if err != nil {
		return r, nil, fmt.Errorf("%w: game %s: its state: %w", ErrDamaged, r.id, err)
	}
	if st := pos.Status(); st.Over {
		return r, nil, cards.ErrGameOver
	} else if closed(r.moves, h.limits.MovesPerGame) {
		return r, nil, refuse(http.StatusUnprocessableEntity, CodeClosed, fmt.Sprintf("the game reached the server's limit of %d moves: it is closed", h.limits.MovesPerGame))
	} else if !st.ToAct.Has(info.Player) {
		return r, nil, fmt.Errorf("%w: %v is not to act", cards.ErrNotYourTurn, info.Player)
	}
	next, events, err := pos.Apply(info.JSON)
	if err != nil {
		return r, nil, err
	}
	c := h.start(r, pos)
	c.add(info.JSON, events, next)
	if c.row.due {
		if err := h.bots.room(c.row); err != nil {
			return r, nil, err
		}
	}
	committed, err := h.commit(ctx, r, c)
	if errors.Is(err, errStale) {
		return r, nil, refuse(http.StatusConflict, CodeStale, "the game changed while the move was made")
	}
	return committed, next, err
}

// A gameRequest is a request for a game: the game, its row, the key it
// carries, the seat that key reads (cards.Spectator for a spectator), and
// the ?since=N it names (-1 without one).
type gameRequest struct {
	game  anygame.Game
	row   row
	key   credential
	seat  int
	since int
}

// A credential is the key a request carries: its bearer token, if any.
type credential struct {
	token    string
	hasToken bool
}

// open finds the game of the request's path and who reads it (see
// readerOf); and it checks the seat named by ?seat=N, if any.
func (h *Handler) open(r *http.Request) (gameRequest, error) {
	q := gameRequest{seat: -1}
	var err error
	if q.since, err = sinceOf(r); err != nil {
		return q, err
	}
	q.key.token, q.key.hasToken = bearer(r)
	id := r.PathValue("id")
	q.row, err = h.store.load(r.Context(), id)
	if errors.Is(err, errNoGame) {
		return q, refuse(http.StatusNotFound, CodeNotFound, fmt.Sprintf("no game has the id %q", id))
	}
	if err != nil {
		return q, err
	}
	var ok bool
	if q.game, ok = h.lookup(q.row.game); !ok {
		return q, refuse(http.StatusNotFound, CodeNotFound, fmt.Sprintf("game %s is of %q, which this server does not serve", id, q.row.game))
	}
	if q.seat, err = readerOf(q.row, q.key); err != nil {
		return q, err
	}
	if s := r.URL.Query().Get("seat"); s != "" && s != strconv.Itoa(q.seat) {
		return q, refuse(http.StatusForbidden, CodeNotYourSeat, fmt.Sprintf("this token reads seat %d, not seat %s", q.seat, s))
	}
	return q, nil
}

// readerOf returns who reads game r with the key k: the seat its token
// plays, or a spectator (by the spectators', the host's or the
// invitation's key — who may take a seat may see who sits — or by no key
// at all if anyone may watch). A stream asks again at every message it
// sends, for a seat changes hands when its player leaves.
func readerOf(r row, k credential) (int, error) {
	seat := -1
	if k.hasToken {
		seat = seatOf(r.seats, k.token)
	}
	switch {
	case seat >= 0:
		return seat, nil
	case k.hasToken && (keyIs(r.keys.Watch, k.token) || keyIs(r.keys.Host, k.token) || keyIs(r.keys.Invite, k.token)):
		return int(cards.Spectator), nil
	case !k.hasToken && r.spectators:
		return int(cards.Spectator), nil
	case !k.hasToken:
		return 0, refuse(http.StatusUnauthorized, CodeUnauthorized, "a request for a game carries its seat's token, or its spectators' key: Authorization: Bearer TOKEN")
	}
	return 0, refuse(http.StatusUnauthorized, CodeUnauthorized, "this token is no seat's of this game, nor its spectators' key")
}

// keyIs reports whether key is the one whose hash is given, in constant
// time.
func keyIs(hash, key string) bool {
	return hash != "" && subtle.ConstantTimeCompare([]byte(hash), []byte(hashToken(key))) == 1
}

// seatOf returns the seat whose token is token, or -1. It compares the
// token's hash with every seat's in constant time.
func seatOf(seats []seat, token string) int {
	sum := sha256.Sum256([]byte(token))
	hash := []byte(hex.EncodeToString(sum[:]))
	found := -1
	for i, s := range seats {
		if subtle.ConstantTimeCompare(hash, []byte(s.Token)) == 1 {
			found = i
		}
	}
	return found
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func bearer(r *http.Request) (string, bool) {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" {
		return "", false
	}
	return token, true
}

// sinceOf reads ?since=N, or returns -1 without it.
func sinceOf(r *http.Request) (int, error) {
	s := r.URL.Query().Get("since")
	if s == "" {
		return -1, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%w: since is the number of the last event read, from 0, not %q", cards.ErrBadInput, s)
	}
	return n, nil
}

// answerView answers a seat's view of the game and its events after the
// since-th, at most Limits.EventsPerAnswer of them. After a commit, a
// failure to read the events cannot fail the answer: it holds none, and
// says that more follow.
func (h *Handler) answerView(w http.ResponseWriter, r *http.Request, rw row, pos anygame.Position, seat, since int, committed bool) {
	v, err := h.seatView(r.Context(), rw, pos, seat, since, true)
	if errors.Is(err, errEvents) && committed {
		h.log.Error("the events of a committed move could not be read", "game", rw.id, "err", err)
		v.Events, v.More, err = []cards.Entry{}, true, nil
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	setCache(w, rw.version)
	h.answer(w, r, http.StatusOK, v)
}

// errEvents is wrapped by seatView's error when the events could not be
// read.
var errEvents = errors.New("reading the events")

// seatView returns a seat's view of the game at position pos, with its
// events after the since-th, at most Limits.EventsPerAnswer of them; the
// view itself only if withView. Before the game starts, it has neither.
func (h *Handler) seatView(ctx context.Context, rw row, pos anygame.Position, seat, since int, withView bool) (SeatView, error) {
	v := h.head(rw, pos, seat)
	if !rw.started {
		return v, nil
	}
	if withView {
		view, err := pos.View(cards.Player(seat))
		if err != nil {
			return v, err
		}
		v.View = view
	}
	events, err := h.store.eventsSince(ctx, rw, since, h.limits.EventsPerAnswer)
	if err != nil {
		return v, fmt.Errorf("%w: %w", errEvents, err)
	}
	v.Events = cards.EventsFor(events, cards.Player(seat))
	v.More = since+len(events) < rw.events
	return v, nil
}

// head returns what every SeatView of game rw at position pos tells the
// seat, without the view and the events.
func (h *Handler) head(rw row, pos anygame.Position, seat int) SeatView {
	v := SeatView{ID: rw.id, Game: rw.game, Seat: seat, Version: rw.version, Moves: rw.moves, Events: []cards.Entry{},
		Started: rw.started, Options: withoutSeed(h.byName[rw.game].Info(), rw.options), Public: rw.public, Spectators: rw.spectators,
		Watchers: h.hub.watchers(rw.id), Table: rw.tab, Previous: rw.prev, Next: rw.next}
	for _, s := range rw.seats {
		v.Seats = append(v.Seats, s.kind())
		v.Names = append(v.Names, s.Name)
	}
	if rw.started && closed(rw.moves, h.limits.MovesPerGame) && !pos.Status().Over {
		v.Closed = fmt.Sprintf("the game reached the server's limit of %d moves", h.limits.MovesPerGame)
	}
	return v
}

func etag(version int64) string { return `"` + strconv.FormatInt(version, 10) + `"` }

func setCache(w http.ResponseWriter, version int64) {
	w.Header().Set("ETag", etag(version))
	w.Header().Set("Cache-Control", "no-cache, private")
	w.Header().Set("Vary", "Authorization")
}

// randomString returns n random bytes in unpadded base64url.
func randomString(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func randomSeed() (uint64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint64(b[:]), nil
}

// Snapshot is a game as the server holds it, secrets included: for the
// server's own tools and tests, never for players.
type Snapshot struct {
	// Record is the game's options, seed included, and every move it
	// accepted: anygame's Replay of it rebuilds the game.
	Record  anygame.Record
	State   json.RawMessage
	Version int64
	// Events is every event of the game.
	Events []cards.Event
}

// Snapshot returns the game of the given id as the server holds it.
func (h *Handler) Snapshot(ctx context.Context, id string) (Snapshot, error) {
	r, err := h.store.load(ctx, id)
	if err != nil {
		return Snapshot{}, err
	}
	moves, err := h.store.movesOf(ctx, r)
	if err != nil {
		return Snapshot{}, err
	}
	events, err := h.store.eventsSince(ctx, r, 0, -1)
	if err != nil {
		return Snapshot{}, err
	}
	return Snapshot{Record: anygame.Record{Game: r.game, Options: r.options, Moves: moves}, State: r.state, Version: r.version, Events: events}, nil
}
