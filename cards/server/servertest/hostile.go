package servertest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cardrules/games/cards/server"
)

// HostileConfig tells Hostile where the server is, and how to reach it as
// clients the server tells apart.
type HostileConfig struct {
	// URL is the API's root: "http://127.0.0.1:8080/api".
	URL string
	// Client returns the HTTP client of the i-th client, from 0: each a
	// client of its own for the server's limits (another address, or
	// another value of the header the server trusts). Client 0 is the
	// attacker. nil makes every client the same one, which leaves the
	// tests that need two clients undone.
	Client func(i int) *http.Client
	// Seed makes the clients' choices reproducible.
	Seed uint64
	// Servers is the number of handlers behind URL, each of which counts
	// its clients' rates and streams apart (several processes behind a
	// load balancer): a client may do that many times what the limits
	// say. 0 means 1.
	Servers int
}

// scaled returns the limits of a client of the servers behind c's URL.
func (c HostileConfig) scaled(l server.Limits) server.Limits {
	n := max(1, c.Servers)
	if l.RequestRate >= 0 {
		l.RequestRate, l.RequestBurst = l.RequestRate*float64(n), l.RequestBurst*n
	}
	if l.CreateRate >= 0 {
		l.CreateRate, l.CreateBurst = l.CreateRate*float64(n), l.CreateBurst*n
	}
	if l.StreamsPerClient >= 0 {
		l.StreamsPerClient *= n
	}
	return l
}

func (c HostileConfig) client(i int) *server.Client {
	hc := &http.Client{Timeout: time.Minute}
	if c.Client != nil {
		hc = c.Client(i)
	}
	return &server.Client{URL: c.URL, HTTP: hc}
}

// Hostile attacks the server as a stranger on the internet would, each
// attack a test that logs its figure: bots asked for endless work, a game
// read whole after many moves, floods of games and of requests, bodies
// that other sites' pages can send; and what strangers do at tables: a
// stream kept after its seat was left, streams opened and closed beside a
// game's followers, games that wait for players made by the hundred,
// chains of rematches, seats squatted, a rematch started before its
// players answer, a table's history, rematches proposed at once, names
// that pass for nothing or for something else. It checks that each is
// bounded by the limits the server's catalog tells, and that other
// clients are served meanwhile.
func Hostile(t *testing.T, c HostileConfig) {
	cat, err := c.client(7).Catalog(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	l := c.scaled(cat.Limits)
	t.Logf("the server's limits: %+v", cat.Limits)
	t.Run("bot-bomb", func(t *testing.T) { testBotBomb(t, c, l) })
	t.Run("long-game", func(t *testing.T) { testLongGame(t, c, l) })
	t.Run("cross-site", func(t *testing.T) { testCrossSite(t, c) })
	t.Run("create-flood", func(t *testing.T) { testCreateFlood(t, c, l) })
	t.Run("request-flood", func(t *testing.T) { testRequestFlood(t, c, l) })
	t.Run("stream-flood", func(t *testing.T) { testStreamFlood(t, c, l) })
	t.Run("stream-after-leave", func(t *testing.T) { testStreamAfterLeave(t, c) })
	t.Run("stream-churn", func(t *testing.T) { testStreamChurn(t, c, l) })
	t.Run("waiting-flood", func(t *testing.T) { testWaitingFlood(t, c, l) })
	t.Run("rematch-flood", func(t *testing.T) { testRematchFlood(t, c, l) })
	t.Run("squatting", func(t *testing.T) { testSquatting(t, c, l) })
	t.Run("rematch-keys", func(t *testing.T) { testRematchKeys(t, c) })
	t.Run("history", func(t *testing.T) { testHistory(t, c) })
	t.Run("rematch-race", func(t *testing.T) { testRematchRace(t, c) })
	t.Run("bad-names", func(t *testing.T) { testBadNames(t, c) })
}

// bombSpecs are bot specs that ask for endless work.
var bombSpecs = []string{"montecarlo:samples=10000,depth=100000", "ismcts:iterations=100000", "ismcts:strength=5,depth=100000"}

// capped returns the spec of the hardest-working bot within the limits.
func capped(l server.Limits) string {
	samples, depth := l.BotSamples, l.BotDepth
	if samples < 0 {
		samples = 10000
	}
	if depth < 0 {
		depth = 100000
	}
	return fmt.Sprintf("montecarlo:samples=%d,depth=%d", samples, depth)
}

// testBotBomb asks for bots beyond the limits (refused), then plays games
// against the hardest-working bots within them: every bot move ends
// within the server's time a move, and another client's requests are
// answered meanwhile.
func testBotBomb(t *testing.T, c HostileConfig, l server.Limits) {
	ctx := t.Context()
	attacker, other := c.client(0), c.client(1)
	bastards := json.RawMessage(`{"rounds":1000}`)
	refused := 0
	for _, spec := range bombSpecs {
		_, err := attacker.Create(ctx, server.CreateRequest{Game: "bastards", Options: bastards, Seats: []string{server.Human, spec, spec, spec, spec, spec}})
		var e *server.Error
		switch {
		case errors.As(err, &e) && e.Status == http.StatusUnprocessableEntity && e.Code == server.CodeBotLimit:
			refused++
		case err != nil:
			t.Errorf("%s: %v, want 422 %s", spec, err, server.CodeBotLimit)
		default:
			t.Errorf("%s: accepted, over the limits %+v", spec, l)
		}
	}
	t.Logf("bots asking for endless work: %d of %d refused", refused, len(bombSpecs))
	if l.BotTime < 0 {
		return
	}
	before := latencies(ctx, other, 20)
	spec := capped(l)
	games := max(1, min(l.BotGamesPerClient, 3))
	var wg sync.WaitGroup
	waits := make([]time.Duration, games)
	for i := range games {
		wg.Go(func() { waits[i] = bombGame(ctx, t, attacker, spec, l) })
	}
	during := latencies(ctx, other, 50)
	wg.Wait()
	longest := slices.Max(waits)
	t.Logf("%d games against %s: the longest wait for a bot's move %v (the limit: %v a move); another client's catalog p50/p99 %v/%v before, %v/%v meanwhile",
		games, spec, longest.Round(time.Millisecond), l.BotTime, before[0], before[1], during[0], during[1])
	if longest > l.BotTime+5*time.Second {
		t.Errorf("a bot's move took %v, over the limit of %v a move", longest, l.BotTime)
	}
}

// bombGame plays a human seat against the bots of spec for a few moves,
// and returns the longest it waited for the bots to move.
func bombGame(ctx context.Context, t *testing.T, cl *server.Client, spec string, l server.Limits) time.Duration {
	created, err := cl.Create(ctx, server.CreateRequest{Game: "bastards", Options: json.RawMessage(`{"rounds":1000,"players":6}`),
		Seats: []string{server.Human, spec, spec, spec, spec, spec}})
	if err != nil {
		t.Errorf("a game against %s: %v", spec, err)
		return 0
	}
	p := &player{c: cl, id: created.ID, token: created.Seats[0].Token, seat: 0, rand: rand.New(rand.NewPCG(1, 2))}
	longest := time.Duration(0)
	for moves := 0; moves < 3; {
		begin, version := time.Now(), p.last.Version
		if err := waitForTurn(ctx, p, 2*time.Minute); err != nil {
			t.Error(err)
			return longest
		}
		if p.last.Version != version && version != 0 {
			bots := max(1, int(p.last.Version-version)) // the commits of the bots meanwhile
			longest = max(longest, time.Since(begin)/time.Duration(bots))
		}
		h, _ := headOf(p.last)
		if h.Over {
			return longest
		}
		ok, err := p.move(ctx, h.Moves[p.rand.IntN(len(h.Moves))])
		var e *server.Error
		if errors.As(err, &e) && e.RetryAfter > 0 { // the bots are busy: as a client should, come back
			time.Sleep(e.RetryAfter)
			continue
		}
		if err != nil {
			t.Error(err)
			return longest
		}
		if ok {
			moves++
		}
	}
	return longest
}

// waitForTurn polls the player's view, a few times a second, until it
// must act or the game is over.
func waitForTurn(ctx context.Context, p *player, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		_, err := p.sync(ctx)
		var e *server.Error
		if errors.As(err, &e) && e.RetryAfter > 0 { // as a client should, come back when told
			time.Sleep(e.RetryAfter)
			continue
		}
		if err != nil {
			return err
		}
		h, err := headOf(p.last)
		if err != nil {
			return err
		}
		if h.Over || len(h.Moves) > 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("seat %d waited over %v for its turn", p.seat, limit)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// latencies reads the catalog n times and returns the p50 and p99 of the
// time it took.
func latencies(ctx context.Context, cl *server.Client, n int) [2]time.Duration {
	var ds []time.Duration
	for range n {
		begin := time.Now()
		if _, err := cl.Catalog(ctx); err != nil {
			continue
		}
		ds = append(ds, time.Since(begin))
		time.Sleep(10 * time.Millisecond)
	}
	p50, p99 := percentiles2(ds, 50, 99)
	return [2]time.Duration{p50.Round(time.Microsecond), p99.Round(time.Microsecond)}
}

// testLongGame plays a game of human seats on to many events, then reads
// it whole: each answer holds at most the server's events an answer, and
// reading on gives every event once. A game that reaches the server's
// limit of moves is closed.
func testLongGame(t *testing.T, c HostileConfig, l server.Limits) {
	ctx := t.Context()
	cl := c.spread(100, 50) // a fast player, within each client's rate
	per := l.EventsPerAnswer
	if per < 0 {
		t.Log("no limit of events an answer")
		return
	}
	tab, err := newTableOf(ctx, cl, server.CreateRequest{Game: "bastards", Options: json.RawMessage(`{"rounds":1000}`), Seats: seats(4, 0, nil)}, c.Seed)
	if err != nil {
		t.Fatal(err)
	}
	target := 3*per + 1
	moves := 0
	begin := time.Now()
	for tab.players[0].read < target && !closed(tab) {
		moved := false
		for _, p := range tab.players {
			if _, err := p.sync(ctx); err != nil {
				t.Fatal(err)
			}
			h, _ := headOf(p.last)
			if h.Over {
				t.Fatalf("the game ended after %d events, before %d", p.read, target)
			}
			if len(h.Moves) > 0 {
				if _, err := p.move(ctx, h.Moves[p.rand.IntN(len(h.Moves))]); err != nil {
					t.Fatal(err)
				}
				moves, moved = moves+1, true
			}
		}
		if !moved {
			t.Fatal("nobody could move")
		}
	}
	t.Logf("a game of %d moves and %d events in %v", moves, tab.players[0].read, time.Since(begin).Round(time.Millisecond))
	start := time.Now()
	status, body := rawRequest(t, cl, "GET", "/games/"+tab.created.ID+"?since=0", tab.players[0].token, "")
	took := time.Since(start)
	var v server.SeatView
	if status != http.StatusOK || json.Unmarshal([]byte(body), &v) != nil {
		t.Fatalf("reading the game whole: %d %.200s", status, body)
	}
	t.Logf("read from its first event: %d events (the limit: %d), %d bytes, in %v; more follow: %v", len(v.Events), per, len(body), took.Round(time.Microsecond), v.More)
	if len(v.Events) > per || !v.More {
		t.Errorf("an answer held %d events (more: %v), over the limit of %d", len(v.Events), v.More, per)
	}
	fresh := &player{c: cl, id: tab.created.ID, token: tab.players[0].token, seat: 0}
	if _, err := fresh.sync(ctx); err != nil {
		t.Fatalf("reading on: %v", err)
	}
	if h, _ := headOf(fresh.last); fresh.read != h.Events || fresh.read < target {
		t.Errorf("reading on gave %d events of %d", fresh.read, h.Events)
	}
	// What a stream sends at once is bounded as an answer is; opened again
	// far behind, it sends every version after the one it names, once.
	start = time.Now()
	status, body = rawRequest(t, cl, "GET", "/games/"+tab.created.ID+"/stream?once=1&version=0", tab.players[0].token, "")
	took = time.Since(start)
	events := strings.Count(body, `"seq":`)
	t.Logf("?once=1 from the first version: %d events (the limit: %d), %d bytes, in %v", events, per, len(body), took.Round(time.Microsecond))
	if status != http.StatusOK || events > per {
		t.Errorf("?once=1 from the first version: %d, %d events, over the limit of %d", status, events, per)
	}
	last := fresh.last.Version
	start = time.Now()
	msgs, err := readStream(ctx, cl, tab.created.ID, tab.players[0].token, 1, last)
	if err == nil {
		err = checkVersions(msgs, 1, -1)
	}
	t.Logf("a stream opened again %d versions behind: %d messages in %v", last-1, len(msgs), time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Errorf("a stream opened again %d versions behind: %v", last-1, err)
	}
}

// closed reports whether the table's game was closed by the limit of
// moves.
func closed(tab *table) bool { return tab.players[0].last.Closed != "" }

// testCrossSite sends what another site's page can send without the
// server's leave: bodies that are not JSON by their type. Each is refused
// (415), and the API grants no cross-origin request.
func testCrossSite(t *testing.T, c HostileConfig) {
	cl := c.client(2)
	body := `{"game":"crown","seats":["human","human"]}`
	for _, typ := range []string{"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""} {
		req, _ := http.NewRequestWithContext(t.Context(), "POST", strings.TrimSuffix(cl.URL, "/")+"/games", strings.NewReader(body))
		if typ != "" {
			req.Header.Set("Content-Type", typ)
		}
		req.Header.Set("Origin", "https://elsewhere.example")
		resp, err := cl.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnsupportedMediaType {
			t.Errorf("a body of type %q: %d, want 415", typ, resp.StatusCode)
		}
	}
	req, _ := http.NewRequestWithContext(t.Context(), "OPTIONS", strings.TrimSuffix(cl.URL, "/")+"/games", nil)
	req.Header.Set("Origin", "https://elsewhere.example")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "content-type")
	resp, err := cl.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("a preflight from another site was granted: %v", resp.Header)
	}
	t.Log("bodies of other types than JSON: all refused 415; no cross-origin request granted")
}

// testCreateFlood creates games as fast as it can for a while: once its
// burst and quota are spent it is refused (429 with Retry-After), and
// another client still creates games.
func testCreateFlood(t *testing.T, c HostileConfig, l server.Limits) {
	if c.Client == nil {
		t.Log("every client is the same one: no flood from one of them")
		return
	}
	ctx := t.Context()
	attacker, other := c.client(3), c.client(4)
	req := server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}}
	created, refused, begin := 0, 0, time.Now()
	for time.Since(begin) < 2*time.Second && refused < 20 {
		_, err := attacker.Create(ctx, req)
		var e *server.Error
		switch {
		case err == nil:
			created++
		case errors.As(err, &e) && e.Status == http.StatusTooManyRequests && e.RetryAfter > 0:
			refused++
		default:
			t.Fatalf("create %d: %v, want 201 or 429 with Retry-After", created+refused, err)
		}
	}
	elapsed := time.Since(begin)
	t.Logf("one client's flood of creates: %d created, %d refused 429, in %v (its burst: %d, then %g a minute; its quota: %d games going)",
		created, refused, elapsed.Round(time.Millisecond), l.CreateBurst, l.CreateRate, l.OpenGamesPerClient)
	most := l.CreateBurst + int(l.CreateRate*elapsed.Minutes()) + 1
	if l.CreateRate >= 0 && created > most {
		t.Errorf("%d games created, over the burst and rate (at most %d)", created, most)
	}
	if refused == 0 && l.CreateRate >= 0 {
		t.Error("no create was refused")
	}
	if _, err := other.Create(ctx, req); err != nil {
		t.Errorf("another client during the flood: %v", err)
	}
}

// testRequestFlood sends requests as fast as it can for a second: once
// its burst is spent it is refused (429 with Retry-After), and another
// client is still answered.
func testRequestFlood(t *testing.T, c HostileConfig, l server.Limits) {
	if c.Client == nil {
		t.Log("every client is the same one: no flood from one of them")
		return
	}
	ctx := t.Context()
	attacker, other := c.client(5), c.client(6)
	ok, refused, begin := 0, 0, time.Now()
	for time.Since(begin) < time.Second {
		status, _ := rawRequest(t, attacker, "GET", "/catalog", "", "")
		switch status {
		case http.StatusOK:
			ok++
		case http.StatusTooManyRequests:
			refused++
		default:
			t.Fatalf("a request of the flood: %d", status)
		}
	}
	t.Logf("one client's flood of requests: %d answered, %d refused 429, in a second (its burst: %d, then %g a second)", ok, refused, l.RequestBurst, l.RequestRate)
	if l.RequestRate >= 0 && ok > l.RequestBurst+int(l.RequestRate*time.Since(begin).Seconds())+1 {
		t.Errorf("%d requests answered, over the burst and rate", ok)
	}
	if _, err := other.Catalog(ctx); err != nil {
		t.Errorf("another client during the flood: %v", err)
	}
}

// spread returns a client whose requests come from n clients in turn,
// from the first-th: so many players at once, for the server's limits.
func (c HostileConfig) spread(first, n int) *server.Client {
	if c.Client == nil {
		return c.client(first)
	}
	r := &rotation{}
	for i := range n {
		r.clients = append(r.clients, c.Client(first+i))
	}
	return &server.Client{URL: c.URL, HTTP: &http.Client{Timeout: time.Minute, Transport: r}}
}

// A rotation sends each request through the next of its clients.
type rotation struct {
	mu      sync.Mutex
	next    int
	clients []*http.Client
}

func (r *rotation) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	hc := r.clients[r.next%len(r.clients)]
	r.next++
	r.mu.Unlock()
	t := hc.Transport
	if t == nil {
		t = http.DefaultTransport
	}
	return t.RoundTrip(req)
}

// HeaderClients returns clients that each name themselves in the given
// header ("client-0", "client-1", …): for a server that trusts that
// header for its clients' addresses, as behind a proxy.
func HeaderClients(header string) func(i int) *http.Client {
	return Named(header, func(int) *http.Client { return &http.Client{Timeout: time.Minute} })
}

// Named returns the clients given, each naming itself in the given header
// ("client-0", "client-1", …) on every request: Named("X-Client",
// Alternating(a, b)) are clients of a load balancer over two handlers
// that trust that header.
func Named(header string, clients func(i int) *http.Client) func(i int) *http.Client {
	return func(i int) *http.Client {
		hc := *clients(i)
		base := hc.Transport
		if base == nil {
			base = http.DefaultTransport
		}
		hc.Transport = headerTransport{header: header, value: fmt.Sprintf("client-%d", i), base: base}
		return &hc
	}
}

// headerTransport sets a header on every request.
type headerTransport struct {
	header, value string
	base          http.RoundTripper
}

func (h headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set(h.header, h.value)
	return h.base.RoundTrip(req)
}

// LoopbackClients returns clients that each connect from an address of
// their own on the loopback network, 127.1.0.1 and on (Linux routes all
// of 127.0.0.0/8 to the loopback): for a server on 127.0.0.1 that tells
// clients apart by their addresses, as on the internet.
func LoopbackClients() func(i int) *http.Client {
	return func(i int) *http.Client {
		return &http.Client{Timeout: time.Minute, Transport: &http.Transport{DialContext: LoopbackDialer(i), MaxIdleConnsPerHost: 8}}
	}
}

// testStreamFlood opens more streams of one game's live updates than a
// client may hold: those over Limits.StreamsPerClient are refused (429,
// or 503 where the server holds as many as it may), and another client
// still follows the game.
func testStreamFlood(t *testing.T, c HostileConfig, l server.Limits) {
	if c.Client == nil || l.StreamsPerClient < 0 {
		t.Log("every client is the same one, or streams are not limited by client: no flood")
		return
	}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	attacker, other := c.client(8), c.client(9)
	g, err := other.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}})
	if err != nil {
		t.Fatal(err)
	}
	token := g.Seats[0].Token
	open := func(cl *server.Client) (int, func()) {
		req, err := http.NewRequestWithContext(ctx, "GET", strings.TrimSuffix(cl.URL, "/")+"/games/"+g.ID+"/stream", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := cl.HTTP.Do(req)
		if err != nil {
			t.Fatalf("opening a stream: %v", err)
		}
		if resp.StatusCode != http.StatusOK {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		return resp.StatusCode, func() { resp.Body.Close() }
	}
	held, refused := 0, 0
	for range l.StreamsPerClient + 4 {
		status, done := open(attacker)
		defer done()
		switch status {
		case http.StatusOK:
			held++
		case http.StatusTooManyRequests, http.StatusServiceUnavailable:
			refused++
		default:
			t.Fatalf("a stream of the flood: %d", status)
		}
	}
	t.Logf("one client's flood of streams of a game: %d held, %d refused (its limit: %d)", held, refused, l.StreamsPerClient)
	if held > l.StreamsPerClient || refused == 0 {
		t.Errorf("%d streams held and %d refused, over the limit of %d", held, refused, l.StreamsPerClient)
	}
	if status, done := open(other); status != http.StatusOK {
		t.Errorf("another client's stream during the flood: %d", status)
	} else {
		done()
	}
}
