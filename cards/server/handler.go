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
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
)

// MaxBody is the largest request body, in bytes, that the handler reads;
// a larger one is refused with 413.
const MaxBody = 16 << 10

// Bots play in commits of at most commitMoves moves, and at most botMoves
// moves in one request; a game whose bots still must act goes on at the
// next request that reads it.
const (
	commitMoves = 64
	botMoves    = 2048
)

// Config configures a Handler. The zero Config serves every game of
// package catalog.
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
	// Spawn, if set, runs a task of the handler apart from the request
	// that started it, after its answer: the bots' moves that follow a
	// commit. It must run the task to its end (the task ends itself at
	// its budget). nil runs it in a goroutine. A Cloudflare Worker passes
	// a function that keeps its instance, and the request's lifetime
	// (waitUntil), until the task is done.
	Spawn func(task func())
}

// A Handler serves games over HTTP from a database whose schema Migrate
// (or wrangler) has set up. It keeps nothing in memory between requests:
// any number of handlers, on any number of machines, can serve the same
// database. Its paths are those of the package documentation, from its
// root: mount it under a prefix with http.StripPrefix.
type Handler struct {
	store    store
	games    []anygame.Game
	byName   map[string]anygame.Game
	joinPage string
	log      *slog.Logger
	mux      *http.ServeMux
}

// New returns a handler that serves games from db.
func New(db *sql.DB, c Config) *Handler {
	h := &Handler{
		store:    store{db: db, now: time.Now, stmts: &statements{}},
		games:    c.Games,
		joinPage: c.JoinPage,
		log:      c.Logger,
		mux:      http.NewServeMux(),
	}
	if c.MaxStatements > 0 {
		h.store.turns = make(chan struct{}, c.MaxStatements)
	}
	if h.games == nil {
		h.games = catalog.Games()
	}
	h.byName = map[string]anygame.Game{}
	for _, g := range h.games {
		h.byName[g.Info().Name] = g
	}
	if h.joinPage == "" {
		h.joinPage = "/"
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	h.mux.HandleFunc("GET /catalog", h.catalog)
	h.mux.HandleFunc("POST /games", h.create)
	h.mux.HandleFunc("GET /games/{id}", h.read)
	h.mux.HandleFunc("POST /games/{id}/moves", h.move)
	h.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		h.fail(w, r, refuse(http.StatusNotFound, CodeBadRequest, "the API has no "+r.Method+" "+r.URL.Path))
	})
	return h
}

// ServeHTTP serves the API.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mux.ServeHTTP(w, r)
}

func (h *Handler) lookup(name string) (anygame.Game, bool) {
	g, ok := h.byName[name]
	return g, ok
}

func (h *Handler) catalog(w http.ResponseWriter, r *http.Request) {
	var c Catalog
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
	created, err := h.createGame(r.Context(), req)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	w.Header().Set("Location", "games/"+created.ID)
	h.answer(w, r, http.StatusCreated, created)
}

func (h *Handler) createGame(ctx context.Context, req CreateRequest) (Created, error) {
	g, ok := h.lookup(req.Game)
	if !ok {
		return Created{}, fmt.Errorf("%w: no game is named %q", cards.ErrBadInput, req.Game)
	}
	seats, err := seatsOf(g, req.Seats)
	if err != nil {
		return Created{}, err
	}
	options, err := dealOptions(g.Info(), req.Options, len(seats))
	if err != nil {
		return Created{}, err
	}
	deal, err := g.NewGame(options)
	if err != nil {
		return Created{}, err
	}
	pos, err := g.Load(deal.State)
	if err != nil {
		return Created{}, err
	}
	if n := pos.Status().Players; n != len(seats) {
		return Created{}, refuse(http.StatusUnprocessableEntity, CodeSeats, fmt.Sprintf("%d seats for a game of %d players", len(seats), n))
	}
	id, err := randomString(9)
	if err != nil {
		return Created{}, err
	}
	created := Created{ID: id, Game: req.Game, Version: 1}
	for i := range seats {
		st := SeatToken{Seat: i, Bot: seats[i].Bot}
		if st.Bot == "" {
			if st.Token, err = randomString(32); err != nil {
				return Created{}, err
			}
			seats[i].Token = hashToken(st.Token)
			st.Join = h.joinPage + "#game=" + id + "&token=" + st.Token
		}
		created.Seats = append(created.Seats, st)
	}
	r := row{id: id, game: req.Game, options: options, seats: seats, version: 1, state: deal.State,
		events: len(deal.Events), pending: pending{Moves: []plyMove{}, Events: storedEvents(deal.Events)}}
	if err := h.store.create(ctx, r); err != nil {
		return Created{}, err
	}
	r, _, err = h.playBots(ctx, g, r, start(r, pos))
	if err != nil && !errors.Is(err, errStale) {
		return Created{}, err
	}
	created.Version = r.version
	return created, nil
}

// seatsOf checks the seats of a request to create a game.
func seatsOf(g anygame.Game, names []string) ([]seat, error) {
	seats := make([]seat, len(names))
	humans := 0
	for i, name := range names {
		if name == Human {
			humans++
			continue
		}
		if err := anygame.CheckBot(name); errors.Is(err, anygame.ErrUnknownBot) {
			return nil, fmt.Errorf("seat %d: %w; a seat is %q or a bot", i, err, Human)
		} else if err != nil {
			return nil, refuse(http.StatusUnprocessableEntity, CodeSeats, fmt.Sprintf("seat %d: %v", i, err))
		}
		seats[i].Bot = name
	}
	if humans == 0 {
		return nil, refuse(http.StatusUnprocessableEntity, CodeNoHumanSeat, "a game needs at least one human seat")
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
	if err := cards.Unmarshal(v, new(json.RawMessage), what); err != nil {
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
	row row
	pos anygame.Position
}

// add records a move and its events in the change.
func (c *change) add(move json.RawMessage, events []cards.Event, pos anygame.Position) {
	c.row.moves++
	c.row.pending.Moves = append(c.row.pending.Moves, plyMove{Ply: c.row.moves, Move: move})
	c.row.pending.Events = append(c.row.pending.Events, storedEvents(events)...)
	c.row.events = pos.Status().Events
	c.pos = pos
}

// start begins a change of the game r at position pos.
func start(r row, pos anygame.Position) change {
	r.pending = pending{Moves: []plyMove{}, Events: []storedEvent{}}
	return change{row: r, pos: pos}
}

// commit stores the change c of the game old.
func (h *Handler) commit(ctx context.Context, old row, c change) (row, error) {
	state, err := c.pos.State()
	if err != nil {
		return old, err
	}
	c.row.state = state
	return h.store.commit(ctx, old, c.row)
}

// playBots lets the bots play their seats from c, a change of the stored
// row old, committing c and their moves in chunks, until a human must
// act, the game is over, or the bots made botMoves moves. It returns the
// game's row and position after the last commit; a commit refused as
// stale ends it with errStale.
func (h *Handler) playBots(ctx context.Context, g anygame.Game, old row, c change) (row, anygame.Position, error) {
	for n := 0; ; {
		p, bot := botToAct(c.row.seats, c.pos.Status())
		if bot == "" || n == botMoves || len(c.row.pending.Moves) == commitMoves {
			if c.row.moves != old.moves {
				committed, err := h.commit(ctx, old, c)
				if err != nil {
					return old, c.pos, err
				}
				old, c = committed, start(committed, c.pos)
			}
			if bot == "" || n == botMoves {
				return old, c.pos, nil
			}
		}
		move, err := h.botMove(g, c.pos, p, bot)
		if err != nil {
			return old, c.pos, err
		}
		next, events, err := c.pos.Apply(move)
		if err != nil {
			return old, c.pos, fmt.Errorf("%w: bot %s's move %s: %w", anygame.ErrInternal, bot, move, err)
		}
		c.add(move, events, next)
		n++
	}
}

// botToAct returns the first seat to act that a bot plays, and its bot, or
// "" if only humans must act.
func botToAct(seats []seat, st anygame.Status) (int, string) {
	for p := range st.ToAct.All() {
		if int(p) < len(seats) && seats[p].Bot != "" {
			return int(p), seats[p].Bot
		}
	}
	return -1, ""
}

// botMove asks the bot of seat p for its move. A bot that fails is
// replaced by the random bot for that move, so that the game goes on.
func (h *Handler) botMove(g anygame.Game, pos anygame.Position, p int, bot string) (json.RawMessage, error) {
	view, err := pos.View(p)
	if err != nil {
		return nil, err
	}
	seed, err := randomSeed()
	if err != nil {
		return nil, err
	}
	move, err := g.BotMove(view, bot, seed)
	if err != nil && bot != anygame.RandomBot {
		h.log.Error("a bot failed; the random bot plays its move", "bot", bot, "err", err)
		move, err = g.BotMove(view, anygame.RandomBot, seed)
	}
	return move, err
}

// read answers a seat's view and the events after ?since=N, and plays
// the bots if they must act (a request that made them act stopped early).
func (h *Handler) read(w http.ResponseWriter, r *http.Request) {
	q, err := h.open(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if etag(q.row.version) == r.Header.Get("If-None-Match") {
		setCache(w, q.row.version)
		w.WriteHeader(http.StatusNotModified)
		return
	}
	row, pos, err := h.catchUp(r.Context(), q.game, q.row)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.answerView(w, r, row, pos, q.seat, q.since)
}

// catchUp loads a game's position and lets its bots play if they must.
func (h *Handler) catchUp(ctx context.Context, g anygame.Game, r row) (row, anygame.Position, error) {
	pos, err := g.Load(r.state)
	if err != nil {
		return r, nil, err
	}
	if _, bot := botToAct(r.seats, pos.Status()); bot == "" {
		return r, pos, nil
	}
	r, pos, err = h.playBots(ctx, g, r, start(r, pos))
	if errors.Is(err, errStale) { // another request played them
		if r, err = h.store.load(ctx, r.id); err == nil {
			pos, err = g.Load(r.state)
		}
	}
	return r, pos, err
}

// move applies a seat's move at the version it names, then lets the bots
// play, and answers the seat's view after them with the events after
// ?since=N (by default, those after the version the move named).
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
	since := q.since
	if since < 0 {
		since = q.row.events
	}
	row, pos, err := h.applyMove(r.Context(), q.game, q.row, q.seat, req)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.answerView(w, r, row, pos, q.seat, since)
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
		return r, nil, err
	}
	if st := pos.Status(); st.Over {
		return r, nil, cards.ErrGameOver
	} else if !st.ToAct.Has(info.Player) {
		return r, nil, fmt.Errorf("%w: %v is not to act", cards.ErrNotYourTurn, info.Player)
	}
	next, events, err := pos.Apply(info.JSON)
	if err != nil {
		return r, nil, err
	}
	c := start(r, pos)
	c.add(info.JSON, events, next)
	r, pos, err = h.playBots(ctx, g, r, c)
	if errors.Is(err, errStale) && r.version == req.Version {
		return r, nil, refuse(http.StatusConflict, CodeStale, "the game changed while the move was made")
	}
	if errors.Is(err, errStale) { // a later commit of the bots' moves: they go on at the next request
		err = nil
	}
	return r, pos, err
}

// A gameRequest is a request for a game: the game, its row, the seat
// its token plays, and the ?since=N it names (-1 without one).
type gameRequest struct {
	game  anygame.Game
	row   row
	seat  int
	since int
}

// open finds the game of the request's path and the seat its bearer token
// plays, and checks the seat named by ?seat=N, if any.
func (h *Handler) open(r *http.Request) (gameRequest, error) {
	q := gameRequest{seat: -1}
	var err error
	if q.since, err = sinceOf(r); err != nil {
		return q, err
	}
	token, ok := bearer(r)
	if !ok {
		return q, refuse(http.StatusUnauthorized, CodeUnauthorized, "a request for a game carries its seat's token: Authorization: Bearer TOKEN")
	}
	id := r.PathValue("id")
	q.row, err = h.store.load(r.Context(), id)
	if errors.Is(err, errNoGame) {
		return q, refuse(http.StatusNotFound, CodeNotFound, fmt.Sprintf("no game has the id %q", id))
	}
	if err != nil {
		return q, err
	}
	if q.game, ok = h.lookup(q.row.game); !ok {
		return q, refuse(http.StatusNotFound, CodeNotFound, fmt.Sprintf("game %s is of %q, which this server does not serve", id, q.row.game))
	}
	if q.seat = seatOf(q.row.seats, token); q.seat < 0 {
		return q, refuse(http.StatusUnauthorized, CodeUnauthorized, "this token is no seat's of this game")
	}
	if s := r.URL.Query().Get("seat"); s != "" && s != strconv.Itoa(q.seat) {
		return q, refuse(http.StatusForbidden, CodeNotYourSeat, fmt.Sprintf("this token reads seat %d, not seat %s", q.seat, s))
	}
	return q, nil
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

func (h *Handler) answerView(w http.ResponseWriter, r *http.Request, rw row, pos anygame.Position, seat, since int) {
	view, err := pos.View(seat)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	events, err := h.store.eventsSince(r.Context(), rw, max(since, 0))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	v := SeatView{ID: rw.id, Game: rw.game, Seat: seat, Version: rw.version, Moves: rw.moves, View: view,
		Events: cards.EventsFor(events, cards.Player(seat))}
	for _, s := range rw.seats {
		v.Seats = append(v.Seats, cmp.Or(s.Bot, Human))
	}
	setCache(w, rw.version)
	h.answer(w, r, http.StatusOK, v)
}

func etag(version int64) string { return `"` + strconv.FormatInt(version, 10) + `"` }

func setCache(w http.ResponseWriter, version int64) {
	w.Header().Set("ETag", etag(version))
	w.Header().Set("Cache-Control", "no-cache, private")
	w.Header().Set("Vary", "Authorization")
}

// decodeBody reads a request's JSON body, strictly, into v.
func (h *Handler) decodeBody(w http.ResponseWriter, r *http.Request, v any, what string) error {
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
	return cards.Unmarshal(body, v, what)
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

// fail answers an error: a refusal as it is, an error of the JSON face as
// engineError maps it, anything else as a fault of the server, logged.
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	e := engineError(err)
	if e.Status >= 500 {
		h.log.Error("server fault", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	b, _ := json.Marshal(e)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.Status)
	w.Write(b)
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
	events, err := h.store.eventsSince(ctx, r, 0)
	if err != nil {
		return Snapshot{}, err
	}
	return Snapshot{Record: anygame.Record{Game: r.game, Options: r.options, Moves: moves}, State: r.state, Version: r.version, Events: events}, nil
}
