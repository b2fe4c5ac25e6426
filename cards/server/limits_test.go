package server_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardrules/games/cards/server"
)

// do sends a request as the client named (by the header X-Client, which
// the handlers of these tests trust) and returns the answer's status, its
// headers and its body.
func do(t *testing.T, method, url, client, token, body string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if client != "" {
		req.Header.Set("X-Client", client)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

// refusal decodes a refusal's body.
func refusal(t *testing.T, body string) server.Error {
	t.Helper()
	var e server.Error
	if err := json.Unmarshal([]byte(body), &e); err != nil || e.Code == "" || e.Message == "" {
		t.Fatalf("not a refusal: %s", body)
	}
	return e
}

// wantRefusal checks that an answer is the refusal of the given status
// and code, with a Retry-After if the status asks to come back.
func wantRefusal(t *testing.T, what string, status int, header http.Header, body string, wantStatus int, code string) {
	t.Helper()
	if status != wantStatus {
		t.Errorf("%s: %d %s, want %d %s", what, status, body, wantStatus, code)
		return
	}
	if e := refusal(t, body); e.Code != code {
		t.Errorf("%s: code %s (%s), want %s", what, e.Code, e.Message, code)
	}
	if wantStatus == http.StatusTooManyRequests || wantStatus == http.StatusServiceUnavailable {
		if s, err := strconv.Atoi(header.Get("Retry-After")); err != nil || s < 1 {
			t.Errorf("%s: %d without a Retry-After in seconds (%q)", what, status, header.Get("Retry-After"))
		}
	}
}

// TestBotSpecsBeyondTheLimitsAreRefused: a seat whose bot asks for more
// iterations, worlds or playout moves than the server allows is refused
// (422 bot_over_limit, saying the limit), and the catalog tells the
// limits.
func TestBotSpecsBeyondTheLimitsAreRefused(t *testing.T) {
	limits := oneClient
	limits.BotIterations, limits.BotSamples, limits.BotDepth = 1000, 50, 500
	_, url := serveWith(t, server.Config{Limits: limits})
	cl := &server.Client{URL: url}
	cat, err := cl.Catalog(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if cat.Limits.BotIterations != 1000 || cat.Limits.BotSamples != 50 || cat.Limits.BotDepth != 500 || cat.Limits.BotTime != server.DefaultLimits().BotTime {
		t.Errorf("the catalog's limits: %+v", cat.Limits)
	}
	for _, spec := range []string{"ismcts:iterations=1001", "ismcts:strength=4", "montecarlo:samples=51", "montecarlo:depth=501", "ismcts:depth=501", "montecarlo:samples=10000,depth=100000"} {
		_, err := cl.Create(t.Context(), server.CreateRequest{Game: "bastards", Seats: []string{server.Human, spec, spec, spec}})
		var e *server.Error
		if !errors.As(err, &e) || e.Status != http.StatusUnprocessableEntity || e.Code != server.CodeBotLimit || !strings.Contains(e.Message, "at most") {
			t.Errorf("%s: %v, want 422 %s", spec, err, server.CodeBotLimit)
		}
	}
	for _, spec := range []string{"ismcts:iterations=1000", "ismcts:strength=3", "montecarlo:samples=50,depth=500", "ismcts:time=60s", "random"} {
		if _, err := cl.Create(t.Context(), server.CreateRequest{Game: "bastards", Seats: []string{server.Human, spec, spec, spec}}); err != nil {
			t.Errorf("%s: %v", spec, err)
		}
	}
}

// botTimes is a server.Metrics that notes how long each bot move took.
type botTimes struct {
	mu    sync.Mutex
	moves []time.Duration
}

func (b *botTimes) Request(string, int, time.Duration) {}
func (b *botTimes) GameCreated(string)                 {}
func (b *botTimes) GamesExpired(int)                   {}
func (b *botTimes) BotMove(game, bot string, d time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.moves = append(b.moves, d)
}

func (b *botTimes) all() []time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.moves)
}

// TestBotsThinkAtMostBotTime: a bot that would search for a minute a move
// plays its best move when the server's time a move runs out, and the
// bots play after the commit: the move's answer does not wait for them.
func TestBotsThinkAtMostBotTime(t *testing.T) {
	limits := oneClient
	limits.BotTime = 50 * time.Millisecond
	times := &botTimes{}
	_, url := serveWith(t, server.Config{Limits: limits, Metrics: times})
	cl := &server.Client{URL: url}
	ctx := t.Context()
	created, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, "ismcts:time=60s"}})
	if err != nil {
		t.Fatal(err)
	}
	p := newSeat(cl, created, 0)
	for moves := 0; moves < 6; {
		if err := p.await(ctx); err != nil {
			t.Fatal(err)
		}
		if p.over() {
			break
		}
		begin := time.Now()
		if err := p.play(ctx, 0); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(begin); d > time.Second {
			t.Errorf("a move's answer took %v: it waited for the bots", d)
		}
		moves++
	}
	moves := times.all()
	if len(moves) == 0 {
		t.Fatal("the bot never moved")
	}
	for _, d := range moves {
		if d > limits.BotTime+500*time.Millisecond {
			t.Errorf("a bot move took %v, over the limit of %v by more than the slack", d, limits.BotTime)
		}
	}
	t.Logf("%d bot moves, the longest %v (limit %v)", len(moves), slices.Max(moves), limits.BotTime)
}

// A seat is a test's client for one human seat of a game.
type seat struct {
	cl    *server.Client
	id    string
	token string
	view  server.SeatView
	read  int
}

func newSeat(cl *server.Client, created server.Created, i int) *seat {
	return &seat{cl: cl, id: created.ID, token: created.Seats[i].Token}
}

// head is what a seat reads of its view.
type head struct {
	ToAct  []int             `json:"toAct"`
	Over   bool              `json:"over"`
	Moves  []json.RawMessage `json:"moves"`
	Events int               `json:"events"`
}

func (s *seat) head() head {
	var h head
	json.Unmarshal(s.view.View, &h)
	return h
}

func (s *seat) over() bool { return s.head().Over }

// sync reads the seat's view and every event after those read.
func (s *seat) sync(ctx context.Context) error {
	for {
		v, err := s.cl.View(ctx, s.id, s.token, s.read, 0)
		if err != nil {
			return err
		}
		for _, e := range v.Events {
			if e.Seq != s.read+1 {
				return fmt.Errorf("event %d after event %d", e.Seq, s.read)
			}
			s.read = e.Seq
		}
		s.view = v
		if !v.More {
			return nil
		}
	}
}

// await reads the seat's view until it has moves to make, or the game
// is over.
func (s *seat) await(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	for {
		if err := s.sync(ctx); err != nil {
			return err
		}
		if h := s.head(); h.Over || len(h.Moves) > 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for a move to make: %w", ctx.Err())
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// play makes the i-th of the seat's moves (modulo their number).
func (s *seat) play(ctx context.Context, i int) error {
	moves := s.head().Moves
	v, err := s.cl.Move(ctx, s.id, s.token, s.view.Version, moves[i%len(moves)], s.read)
	if err != nil {
		return err
	}
	for _, e := range v.Events {
		s.read = e.Seq
	}
	s.view = v
	return nil
}

// TestEventsArePaged: an answer holds at most Limits.EventsPerAnswer
// events, says that more follow, and reading on from the last one gives
// every event once, in order.
func TestEventsArePaged(t *testing.T) {
	limits := oneClient
	limits.EventsPerAnswer = 7
	_, url := serveWith(t, server.Config{Limits: limits})
	cl := &server.Client{URL: url}
	ctx := t.Context()
	created, err := cl.Create(ctx, server.CreateRequest{Game: "packs", Seats: []string{server.Human, server.Human}})
	if err != nil {
		t.Fatal(err)
	}
	seats := []*seat{newSeat(cl, created, 0), newSeat(cl, created, 1)}
	for range 30 {
		for _, s := range seats {
			if err := s.sync(ctx); err != nil {
				t.Fatal(err)
			}
			if len(s.head().Moves) > 0 {
				if err := s.play(ctx, 0); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	v, err := cl.View(ctx, created.ID, seats[0].token, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	var h head
	json.Unmarshal(v.View, &h)
	if len(v.Events) != 7 || !v.More || h.Events <= 7 {
		t.Fatalf("from the first event: %d events, more %v, of %d", len(v.Events), v.More, h.Events)
	}
	fresh := newSeat(cl, created, 0)
	if err := fresh.sync(ctx); err != nil {
		t.Fatal(err)
	}
	if fresh.read != h.Events {
		t.Errorf("paging read %d events of %d", fresh.read, h.Events)
	}
}

// TestMovesPerGameClosesTheGame: a game that reaches the server's limit
// of moves is closed: its view says so, and its moves are refused (422
// game_closed).
func TestMovesPerGameClosesTheGame(t *testing.T) {
	limits := oneClient
	limits.MovesPerGame = 5
	_, url := serveWith(t, server.Config{Limits: limits})
	cl := &server.Client{URL: url}
	ctx := t.Context()
	created, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}})
	if err != nil {
		t.Fatal(err)
	}
	seats := []*seat{newSeat(cl, created, 0), newSeat(cl, created, 1)}
	for moved := 0; moved < 5; {
		for _, s := range seats {
			if err := s.sync(ctx); err != nil {
				t.Fatal(err)
			}
			if len(s.head().Moves) > 0 && moved < 5 {
				if err := s.play(ctx, 0); err != nil {
					t.Fatal(err)
				}
				moved++
			}
		}
	}
	for _, s := range seats {
		if err := s.sync(ctx); err != nil {
			t.Fatal(err)
		}
		if s.view.Closed == "" || s.view.Moves != 5 {
			t.Errorf("after 5 moves: closed %q, moves %d", s.view.Closed, s.view.Moves)
		}
		if len(s.head().Moves) > 0 {
			err := s.play(ctx, 0)
			var e *server.Error
			if !errors.As(err, &e) || e.Status != http.StatusUnprocessableEntity || e.Code != server.CodeClosed {
				t.Errorf("a move in a closed game: %v", err)
			}
		}
	}
}

// TestRateLimits: a client that sends requests, or creates games, faster
// than its limits allow is refused (429 with Retry-After) once its burst
// is spent, and another client is not.
func TestRateLimits(t *testing.T) {
	limits := server.Limits{RequestRate: 1, RequestBurst: 5, CreateRate: 1, CreateBurst: 2, RefusalDelay: -1}
	_, url := serveWith(t, server.Config{Limits: limits, ClientHeader: "X-Client"})
	create := `{"game":"crown","seats":["human","human"]}`
	for i := range 2 {
		if status, _, body := do(t, "POST", url+"/games", "creator", "", create); status != http.StatusCreated {
			t.Fatalf("create %d: %d %s", i, status, body)
		}
	}
	status, header, body := do(t, "POST", url+"/games", "creator", "", create)
	wantRefusal(t, "a third create at once", status, header, body, http.StatusTooManyRequests, server.CodeTooMany)
	if status, _, body := do(t, "POST", url+"/games", "another", "", create); status != http.StatusCreated {
		t.Errorf("another client's create: %d %s", status, body)
	}
	refused := 0
	for range 10 {
		status, header, body := do(t, "GET", url+"/catalog", "reader", "", "")
		if status == http.StatusTooManyRequests {
			wantRefusal(t, "a request over the rate", status, header, body, http.StatusTooManyRequests, server.CodeTooMany)
			refused++
		}
	}
	if refused != 5 {
		t.Errorf("%d of 10 requests at once refused, want 5 (the burst is 5)", refused)
	}
	if status, _, _ := do(t, "GET", url+"/health", "reader", "", ""); status != http.StatusOK {
		t.Errorf("the health check over the rate: %d, want 200 (it is not limited)", status)
	}
}

// TestRelayIsNotRateLimited: the handler of Relay serves a client's
// requests beyond its request rate, for they are the deployment's own
// reads of its streams' news, and the client's own requests are still
// counted (and refused) as before.
func TestRelayIsNotRateLimited(t *testing.T) {
	limits := server.Limits{RequestRate: 1, RequestBurst: 2, RefusalDelay: -1}
	h, url := serveWith(t, server.Config{Limits: limits, ClientHeader: "X-Client"})
	relay := httptest.NewServer(h.Relay())
	t.Cleanup(relay.Close)
	for i := range 10 {
		if status, _, body := do(t, "GET", relay.URL+"/catalog", "follower", "", ""); status != http.StatusOK {
			t.Fatalf("the relay's read %d: %d %s", i, status, body)
		}
	}
	refused := 0
	for range 4 {
		if status, _, _ := do(t, "GET", url+"/catalog", "follower", "", ""); status == http.StatusTooManyRequests {
			refused++
		}
	}
	if refused != 2 {
		t.Errorf("%d of the client's own 4 requests refused after the relay's reads, want 2 (its burst is 2)", refused)
	}
}

// TestRefusalsOverTheRateWait: the refusal of a request over its
// client's rate is sent after Limits.RefusalDelay, so that a flood on a
// few connections sends few requests.
func TestRefusalsOverTheRateWait(t *testing.T) {
	limits := server.Limits{RequestRate: 1, RequestBurst: 1, RefusalDelay: 300 * time.Millisecond}
	_, url := serveWith(t, server.Config{Limits: limits, ClientHeader: "X-Client"})
	if status, _, _ := do(t, "GET", url+"/catalog", "flood", "", ""); status != http.StatusOK {
		t.Fatalf("the first request: %d", status)
	}
	begin := time.Now()
	status, header, body := do(t, "GET", url+"/catalog", "flood", "", "")
	wantRefusal(t, "the second request at once", status, header, body, http.StatusTooManyRequests, server.CodeTooMany)
	if d := time.Since(begin); d < limits.RefusalDelay {
		t.Errorf("the refusal came after %v, before the delay of %v", d, limits.RefusalDelay)
	}
}

// TestOpenGamesQuotas: a client may hold at most OpenGamesPerClient games
// not over (then 429), and the server OpenGames in all (then 503
// server_is_full).
func TestOpenGamesQuotas(t *testing.T) {
	limits := oneClient
	limits.OpenGames, limits.OpenGamesPerClient = 3, 2
	_, url := serveWith(t, server.Config{Limits: limits, ClientHeader: "X-Client"})
	create := `{"game":"crown","seats":["human","human"]}`
	for _, c := range []struct {
		client string
		status int
		code   string
	}{
		{"a", http.StatusCreated, ""}, {"a", http.StatusCreated, ""}, {"a", http.StatusTooManyRequests, server.CodeTooMany},
		{"b", http.StatusCreated, ""}, {"b", http.StatusServiceUnavailable, server.CodeFull},
	} {
		status, header, body := do(t, "POST", url+"/games", c.client, "", create)
		if c.code == "" {
			if status != c.status {
				t.Errorf("client %s: %d %s, want %d", c.client, status, body, c.status)
			}
			continue
		}
		wantRefusal(t, "client "+c.client, status, header, body, c.status, c.code)
	}
}

// TestBodiesAreJSON: a body that is not declared application/json is
// refused (415), whatever it holds: a page of another site can send
// text/plain or a form without asking, but not JSON.
func TestBodiesAreJSON(t *testing.T) {
	_, url := serve(t)
	for _, typ := range []string{"", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx"} {
		req, _ := http.NewRequestWithContext(t.Context(), "POST", url+"/games", strings.NewReader(`{"game":"crown","seats":["human","human"]}`))
		if typ != "" {
			req.Header.Set("Content-Type", typ)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		wantRefusal(t, "Content-Type "+typ, resp.StatusCode, resp.Header, string(b), http.StatusUnsupportedMediaType, server.CodeMediaType)
	}
	if status, _, body := do(t, "POST", url+"/games", "", "", `{"game":"crown","seats":["human","human"]}`); status != http.StatusCreated {
		t.Errorf("application/json: %d %s", status, body)
	}
}

// TestHeaders: every answer of the API keeps out of other sites' pages
// (nosniff, a policy that loads nothing and frames nothing).
func TestHeaders(t *testing.T) {
	_, url := serve(t)
	for _, path := range []string{"/catalog", "/games/nothing", "/nowhere"} {
		_, header, _ := do(t, "GET", url+path, "", "", "")
		if header.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("%s: %v", path, header)
		}
	}
}

// TestHealth: /health answers 200 while the database answers, 503 with
// Retry-After once it does not, and database faults answer 503 too.
func TestHealth(t *testing.T) {
	onEach(t, func(t *testing.T, db *sql.DB, d server.Dialect) {
		_, url := serveOn(t, db, server.Config{Dialect: d, Limits: oneClient})
		if status, _, body := do(t, "GET", url+"/health", "", "", ""); status != http.StatusOK || !strings.Contains(body, `"ok"`) {
			t.Errorf("health: %d %s", status, body)
		}
		created, err := (&server.Client{URL: url}).Create(t.Context(), server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}})
		if err != nil {
			t.Fatal(err)
		}
		db.Close()
		status, header, body := do(t, "GET", url+"/health", "", "", "")
		wantRefusal(t, "health of a closed database", status, header, body, http.StatusServiceUnavailable, server.CodeUnavailable)
		status, header, body = do(t, "GET", url+"/games/"+created.ID, "", created.Seats[0].Token, "")
		wantRefusal(t, "a read from a closed database", status, header, body, http.StatusServiceUnavailable, server.CodeUnavailable)
		status, header, body = do(t, "POST", url+"/games", "", "", `{"game":"crown","seats":["human","human"]}`)
		wantRefusal(t, "a create on a closed database", status, header, body, http.StatusServiceUnavailable, server.CodeUnavailable)
	})
}

// TestCloseStopsTheBots: Close stops a bot that would think for a minute
// at once; its game stays due, and a sweep of another handler on the same
// database, once the game is stale, lets its bots play on.
func TestCloseStopsTheBots(t *testing.T) {
	db := openDB(t)
	limits := oneClient
	limits.BotTime = -1 // the bot's own minute, not the server's limit
	times := &botTimes{}
	first, url := serveOn(t, db, server.Config{Limits: limits, Metrics: times})
	cl := &server.Client{URL: url}
	ctx := t.Context()
	created, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{"ismcts:time=60s", server.Human}})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond) // the bot thinks
	begin := time.Now()
	first.Close()
	if d := time.Since(begin); d > 2*time.Second {
		t.Errorf("Close took %v", d)
	}
	if n := len(times.all()); n != 1 {
		t.Fatalf("%d bot moves ended, want the one stopped", n)
	}
	p := newSeat(cl, created, 1)
	if err := p.sync(ctx); err != nil {
		t.Fatal(err)
	}
	if p.view.Moves != 0 {
		t.Fatalf("a bot stopped in its thinking committed a move: %d moves", p.view.Moves)
	}
	// Reads change nothing, the game's version included.
	for _, method := range []string{"GET", "HEAD", "GET"} {
		status, header, _ := do(t, method, url+"/games/"+created.ID, "", p.token, "")
		if status != http.StatusOK || header.Get("ETag") != `"1"` {
			t.Errorf("%s: %d, ETag %s", method, status, header.Get("ETag"))
		}
	}
	limits.BotTime = 20 * time.Millisecond
	second, url2 := serveOn(t, db, server.Config{Limits: limits})
	if rep, err := second.Sweep(ctx); err != nil || rep.Resumed != 0 {
		t.Errorf("a sweep before the game is stale: %+v, %v", rep, err)
	}
	server.SetClock(second, func() time.Time { return time.Now().Add(time.Hour) })
	if rep, err := second.Sweep(ctx); err != nil || rep.Resumed != 1 {
		t.Errorf("a sweep once the game is stale: %+v, %v", rep, err)
	}
	p.cl = &server.Client{URL: url2}
	if err := p.await(ctx); err != nil {
		t.Fatal(err)
	}
	if p.view.Moves == 0 {
		t.Error("the bots did not play after the sweep")
	}
}

// TestExpiry: a sweep deletes games over for longer than KeepFinished and
// games unchanged for longer than KeepIdle, with their events and moves,
// and keeps the others.
func TestExpiry(t *testing.T) {
	onEach(t, func(t *testing.T, db *sql.DB, d server.Dialect) {
		limits := oneClient
		limits.KeepFinished, limits.KeepIdle, limits.MovesPerGame = time.Hour, 24*time.Hour, 2
		h, url := serveOn(t, db, server.Config{Dialect: d, Limits: limits})
		var now atomic.Int64
		now.Store(time.Now().UnixMilli())
		server.SetClock(h, func() time.Time { return time.UnixMilli(now.Load()) })
		cl := &server.Client{URL: url}
		ctx := t.Context()
		newGame := func() server.Created {
			c, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}})
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
		finished, idle := newGame(), newGame()
		seats := []*seat{newSeat(cl, finished, 0), newSeat(cl, finished, 1)}
		for moved := 0; moved < 2; { // the limit of moves closes the game: it counts as over
			for _, s := range seats {
				if err := s.sync(ctx); err != nil {
					t.Fatal(err)
				}
				if len(s.head().Moves) > 0 && moved < 2 {
					if err := s.play(ctx, 0); err != nil {
						t.Fatal(err)
					}
					moved++
				}
			}
		}
		count := func(table, id string) int {
			var n int
			if err := db.QueryRow(server.Rebind(d, `SELECT count(*) FROM `+table+` WHERE `+map[string]string{"games": "id", "events": "game", "moves": "game"}[table]+` = ?`), id).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if count("events", finished.ID) == 0 || count("moves", finished.ID) == 0 {
			t.Fatal("the finished game's events and moves are not in their tables")
		}
		now.Add((time.Hour + time.Minute).Milliseconds())
		rep, err := h.Sweep(ctx)
		if err != nil || rep.Expired != 1 {
			t.Fatalf("a sweep after an hour: %+v, %v", rep, err)
		}
		for _, table := range []string{"games", "events", "moves"} {
			if n := count(table, finished.ID); n != 0 {
				t.Errorf("the finished game left %d rows in %s", n, table)
			}
		}
		if count("games", idle.ID) != 1 {
			t.Fatal("the idle game went after an hour")
		}
		now.Add((24 * time.Hour).Milliseconds())
		if rep, err := h.Sweep(ctx); err != nil || rep.Expired != 1 || count("games", idle.ID) != 0 {
			t.Errorf("a sweep after a day: %+v, %v", rep, err)
		}
		if _, err := cl.View(ctx, idle.ID, idle.Seats[0].Token, 0, 0); err == nil {
			t.Error("an expired game still answers")
		}
	})
}

// TestDamagedGamesAreRefused: a game whose stored row was changed behind
// the server's back does not match its checksum: reads of it answer 500
// damaged_game, and Verify names it.
func TestDamagedGamesAreRefused(t *testing.T) {
	onEach(t, func(t *testing.T, db *sql.DB, d server.Dialect) {
		h, url := serveOn(t, db, server.Config{Dialect: d, Limits: oneClient})
		cl := &server.Client{URL: url}
		ctx := t.Context()
		var ids []string
		for range 3 {
			c, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, c.ID)
			if c.ID == ids[0] {
				defer func() {
					status, header, body := do(t, "GET", url+"/games/"+c.ID, "", c.Seats[0].Token, "")
					wantRefusal(t, "a damaged game", status, header, body, http.StatusInternalServerError, server.CodeDamaged)
				}()
			}
		}
		if _, err := db.Exec(server.Rebind(d, `UPDATE games SET state = replace(state, '"turn":', '"turn": ') WHERE id = ?`), ids[0]); err != nil {
			t.Fatal(err)
		}
		var damaged []string
		n, err := h.Verify(ctx, func(id string, err error) { damaged = append(damaged, id) })
		if err != nil || n != 3 || !slices.Equal(damaged, ids[:1]) {
			t.Errorf("Verify checked %d, found %v damaged (%v), want %v", n, damaged, err, ids[:1])
		}
	})
}

// TestSpawnedBotsPlayATurn: where Config.Spawn runs the bots (within a
// request, on a Worker), a task plays one turn of a game's bots and ends,
// the game left due; the game's next read, once the bots are late, lets
// them play on in another task, even a read answered 304 Not Modified.
func TestSpawnedBotsPlayATurn(t *testing.T) {
	limits := oneClient
	limits.BotTime = 100 * time.Millisecond
	tasks := make(chan time.Duration, 16)
	spawn := func(task func()) {
		go func() {
			begin := time.Now()
			task()
			tasks <- time.Since(begin)
		}()
	}
	h, url := serveWith(t, server.Config{Limits: limits, Spawn: spawn})
	server.SetBotTurn(h, 250*time.Millisecond) // three moves of BotTime
	cl := &server.Client{URL: url}
	ctx := t.Context()
	bot := "montecarlo:samples=200,depth=1000" // thinks BotTime a move
	seats := []string{bot, bot, bot, bot, bot, server.Human}
	var created server.Created
	read := func() server.SeatView {
		t.Helper()
		v, err := cl.View(ctx, created.ID, created.Watch.Key, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	var first server.SeatView
	for tries := 1; ; tries++ { // a game whose bots act first, four of them at least
		if tries > 50 {
			t.Fatal("50 games, and in none did the bots' turn end before the human's")
		}
		var err error
		created, err = cl.Create(ctx, server.CreateRequest{Game: "bastards", Options: json.RawMessage(`{"players":6}`), Seats: seats})
		if err != nil {
			t.Fatal(err)
		}
		select {
		case took := <-tasks:
			if took > 5*time.Second {
				t.Errorf("a task played for %v, beyond a turn", took)
			}
		case <-time.After(2 * time.Second):
			continue // the human acts first: no bot played
		}
		first = read()
		var h head
		json.Unmarshal(first.View, &h)
		if !h.Over && !slices.Contains(h.ToAct, 5) {
			break // the bots' turn ended, and they are still to act
		}
	}
	time.Sleep(500 * time.Millisecond)
	if v := read(); v.Version != first.Version {
		t.Errorf("the bots played on after their task: version %d, then %d", first.Version, v.Version)
	}
	// The bots are late 2 s and twice BotTime after their last commit.
	// A poller's read with If-None-Match may answer 304, and lets them
	// play on all the same: no poller sees 304 for ever.
	time.Sleep(1800 * time.Millisecond)
	if _, err := cl.View(ctx, created.ID, created.Watch.Key, 0, first.Version); err != nil && !errors.Is(err, server.ErrNotModified) {
		t.Fatal(err)
	}
	select {
	case <-tasks:
	case <-time.After(10 * time.Second):
		t.Fatal("the read of a game whose bots are late did not let them play")
	}
	if v := read(); v.Version <= first.Version {
		t.Errorf("the bots' second turn made no move: version %d, then %d", first.Version, v.Version)
	}
	t.Logf("a task played a turn, to version %d; the next read let them play on", first.Version)
}
