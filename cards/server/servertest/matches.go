package servertest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/cardrules/games/cards/server"
)

// MatchesConfig tells Matches where the server is and how its clients
// play: the shape of a multiplayer server's benchmark (boardgame.io's
// server-bench.js), so that two servers are measured alike.
type MatchesConfig struct {
	// URL is the API's root: "http://127.0.0.1:8080/api".
	URL string
	// Clients is the number of clients; each plays a seat and follows its
	// stream. Players is the most seats a match has: Clients are split
	// into matches of as equal a size as can be (50 clients of 4 players:
	// 11 matches of 4 and 2 of 3). 0 means 50 and 4.
	Clients, Players int
	// Game is the game played, "" for Kings & Bastards, and Options its
	// options (nil: one round).
	Game    string
	Options json.RawMessage
	// Warmup is how long the clients play before the measure begins, and
	// Duration how long it lasts.
	Warmup, Duration time.Duration
	// Client, if set, returns the HTTP client of the i-th client. By
	// default each client has a pool of connections of its own, as each
	// browser has: its moves reuse a connection, beside its stream's.
	Client func(i int) *http.Client
	// Seed makes the clients' choices reproducible.
	Seed uint64
}

// MatchesReport is what Matches measured, in its window.
type MatchesReport struct {
	Clients, Matches int
	Elapsed          time.Duration
	// Moves counts the moves answered by their stream, and Games the
	// games played to their end.
	Moves, Games int
	// The latency of a move: from its request to the mover's stream
	// telling the version it made.
	P50, P90, P99, Max time.Duration
	// Errors counts what went wrong; First holds the first few, for a
	// person to read.
	Errors int
	First  []string
}

// MovesPerSecond returns the moves a second of the window.
func (r MatchesReport) MovesPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Moves) / r.Elapsed.Seconds()
}

func (r MatchesReport) String() string {
	return fmt.Sprintf("%d clients in %d matches, %v: %d moves (%.0f/s), %d games; a move to its stream p50 %v, p90 %v, p99 %v, max %v; %d errors %q",
		r.Clients, r.Matches, r.Elapsed.Round(time.Millisecond), r.Moves, r.MovesPerSecond(), r.Games,
		r.P50.Round(10*time.Microsecond), r.P90.Round(10*time.Microsecond), r.P99.Round(10*time.Microsecond), r.Max.Round(10*time.Microsecond), r.Errors, r.First)
}

// Matches plays as boardgame.io's server benchmark does: the clients in
// matches, each following its seat's stream and moving, a random legal
// move, as soon as its stream tells it to, one move in flight a match;
// a match that ends makes a new game at once. It measures the moves and
// their latency, from a move's request to the mover's stream telling the
// version it made.
func Matches(ctx context.Context, c MatchesConfig) MatchesReport {
	clients, players := cmpOr(c.Clients, 50), cmpOr(c.Players, 4)
	game, options := cmpOr(c.Game, "bastards"), c.Options
	if options == nil && game == "bastards" {
		options = json.RawMessage(`{"rounds":1}`)
	}
	m := &matches{begin: time.Now().Add(c.Warmup)}
	m.end = m.begin.Add(c.Duration)
	var wg sync.WaitGroup
	first := 0
	for i, n := range matchSizes(clients, players) {
		var hcs []*http.Client
		for j := range n {
			hc := &http.Client{Timeout: time.Minute, Transport: http.DefaultTransport.(*http.Transport).Clone()}
			if c.Client != nil {
				hc = c.Client(first + j)
			}
			hcs = append(hcs, hc)
		}
		first += n
		wg.Go(func() { m.play(ctx, c.URL, hcs, game, options, rand.New(rand.NewPCG(c.Seed, uint64(i)))) })
	}
	wg.Wait()
	slices.Sort(m.latencies)
	rep := MatchesReport{Clients: clients, Matches: len(matchSizes(clients, players)), Elapsed: c.Duration, Moves: len(m.latencies), Games: m.games, Errors: m.errors, First: m.first}
	if n := len(m.latencies); n > 0 {
		at := func(q float64) time.Duration { return m.latencies[min(n-1, int(q*float64(n)))] }
		rep.P50, rep.P90, rep.P99, rep.Max = at(0.5), at(0.9), at(0.99), m.latencies[n-1]
	}
	return rep
}

// matchSizes splits n clients into matches of at most players, of as
// equal a size as can be.
func matchSizes(n, players int) []int {
	m := (n + players - 1) / players
	sizes := make([]int, m)
	for i := range sizes {
		sizes[i] = n / m
		if i < n%m {
			sizes[i]++
		}
	}
	return sizes
}

// matches is what the matches measure together.
type matches struct {
	begin, end time.Time
	mu         sync.Mutex
	latencies  []time.Duration
	games      int
	errors     int
	first      []string
}

func (m *matches) fail(err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.errors++
	if len(m.first) < 5 {
		m.first = append(m.first, err.Error())
	}
}

// A seatNews is a message of one seat's stream.
type seatNews struct {
	seat int
	view server.SeatView
}

// play plays the games of one match until the window ends.
func (m *matches) play(ctx context.Context, url string, hcs []*http.Client, game string, options json.RawMessage, r *rand.Rand) {
	host := &server.Client{URL: url, HTTP: hcs[0]}
	for time.Now().Before(m.end) && ctx.Err() == nil {
		created, err := host.Create(ctx, server.CreateRequest{Game: game, Options: options, Seats: seats(len(hcs), 0, nil)})
		if err != nil {
			m.fail(err)
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if m.game(ctx, url, hcs, created, r) && time.Now().After(m.begin) && time.Now().Before(m.end) {
			m.mu.Lock()
			m.games++
			m.mu.Unlock()
		}
	}
}

// game plays one game of the match to its end, or to the window's; it
// reports whether the game ended.
func (m *matches) game(ctx context.Context, url string, hcs []*http.Client, created server.Created, r *rand.Rand) bool {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	news := make(chan seatNews, 64)
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	cls := make([]*server.Client, len(hcs))
	for i, hc := range hcs {
		cls[i] = &server.Client{URL: url, HTTP: hc}
		wg.Go(func() {
			err := cls[i].Follow(ctx, created.ID, created.Seats[i].Token, 0, func(v server.SeatView) error {
				select {
				case news <- seatNews{i, v}:
				case <-ctx.Done():
				}
				return nil
			})
			if ctx.Err() == nil {
				m.fail(fmt.Errorf("seat %d's stream: %w", i, err))
			}
		})
	}
	type inFlight struct {
		seat    int
		version int64
		sent    time.Time
	}
	var pending *inFlight
	moved := make(chan error, 1)
	last := make([]server.SeatView, len(hcs))
	deadline := time.After(time.Until(m.end))
	for {
		select {
		case <-ctx.Done():
			return false
		case <-deadline:
			return false
		case err := <-moved:
			if err != nil {
				m.fail(err)
				pending = nil
			}
		case n := <-news:
			if n.view.View == nil { // a version told without the view: another follows
				continue
			}
			last[n.seat] = n.view
			if pending != nil && n.seat == pending.seat && n.view.Version > pending.version {
				if now := time.Now(); now.After(m.begin) && now.Before(m.end) {
					m.mu.Lock()
					m.latencies = append(m.latencies, now.Sub(pending.sent))
					m.mu.Unlock()
				}
				pending = nil
			}
		}
		if pending != nil {
			continue
		}
		latest := int64(0)
		for _, v := range last {
			latest = max(latest, v.Version)
		}
		h, err := headOf(last[0])
		if last[0].View != nil && err == nil && h.Over {
			return true
		}
		for seat, v := range last {
			h, err := headOf(v)
			if v.View == nil || v.Version < latest || err != nil || len(h.Moves) == 0 || !slices.Contains(h.ToAct, seat) {
				continue // the seat's stream has yet to tell the latest version
			}
			pending = &inFlight{seat: seat, version: v.Version, sent: time.Now()}
			move := h.Moves[r.IntN(len(h.Moves))]
			go func() {
				_, err := cls[seat].Move(ctx, created.ID, created.Seats[seat].Token, v.Version, move, -1)
				if ctx.Err() == nil {
					moved <- err
				}
			}()
			break
		}
	}
}
