package servertest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/cardrules/games/cards/server"
)

// LoadConfig tells Load where the server is and how hard to play.
type LoadConfig struct {
	// URL is the API's root: "http://127.0.0.1:8080/api".
	URL string
	// Clients is the number of clients playing at once; each plays whole
	// games of every seat, one after another.
	Clients int
	// Duration is how long the clients start new moves.
	Duration time.Duration
	// Games are the games played, in turn; nil means every game of the
	// server's catalog (GET /catalog).
	Games []string
	// Seed makes the clients' choices reproducible.
	Seed uint64
	// Progress, if set, is called about once a second with the counts
	// so far (the percentiles are left for the end).
	Progress func(LoadReport)
	// Client, if set, returns the HTTP client of the i-th client: each a
	// client of its own for the server's limits (see LoopbackClients).
	// Unset, the clients share one HTTP client, as one client of the
	// server.
	Client func(i int) *http.Client
	// Pace, if set, is the least time between two moves of a client, as
	// a person plays; a client that plays at its pace stays within the
	// server's rate limits.
	Pace time.Duration
}

// LoadReport is what Load measured.
type LoadReport struct {
	Clients  int
	Elapsed  time.Duration
	Games    int // games created
	Finished int // games played to their end
	Moves    int // moves accepted
	Requests int
	// ServerErrors counts the answers with a 5xx status, and Refused the
	// other refusals (none are expected).
	ServerErrors int
	Refused      int
	// Errors are the first errors met, for a person to read.
	Errors []string
	// Lost counts the moves the server accepted that its game does not
	// hold at the end.
	Lost int
	// Percentiles of the latency of a move (from the request to its
	// answer, bots included) and of a read.
	MoveP50, MoveP99, ReadP50, ReadP99 time.Duration
}

// MovesPerSecond returns the moves accepted a second.
func (r LoadReport) MovesPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Moves) / r.Elapsed.Seconds()
}

func (r LoadReport) String() string {
	return fmt.Sprintf("%d clients, %v: %d moves accepted (%.0f/s), %d requests, %d games (%d finished); move p50 %v p99 %v, read p50 %v p99 %v; %d 5xx, %d other refusals, %d moves lost",
		r.Clients, r.Elapsed.Round(time.Millisecond), r.Moves, r.MovesPerSecond(), r.Requests, r.Games, r.Finished,
		r.MoveP50.Round(time.Microsecond), r.MoveP99.Round(time.Microsecond), r.ReadP50.Round(time.Microsecond), r.ReadP99.Round(time.Microsecond),
		r.ServerErrors, r.Refused, r.Lost)
}

// load is the figures of a run as the clients add to them.
type load struct {
	mu     sync.Mutex
	report LoadReport
	moves  []time.Duration
	reads  []time.Duration
}

// The kinds of request whose latency load notes.
type requestKind int

const (
	otherRequest requestKind = iota // not noted
	readRequest
	moveRequest
)

// request notes a request of the given kind that took d and answered err.
func (l *load) request(d time.Duration, kind requestKind, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.report.Requests++
	var e *server.Error
	switch {
	case errors.As(err, &e) && e.Status >= 500:
		l.report.ServerErrors++
	case err != nil:
		l.report.Refused++
	}
	switch {
	case err != nil:
		if len(l.report.Errors) < 10 {
			l.report.Errors = append(l.report.Errors, err.Error())
		}
	case kind == moveRequest:
		l.report.Moves++
		l.moves = append(l.moves, d)
	case kind == readRequest:
		l.reads = append(l.reads, d)
	}
}

// snapshot returns the figures so far; the percentiles only if asked,
// for sorting the latencies takes a while.
func (l *load) snapshot(elapsed time.Duration, percentiles bool) LoadReport {
	l.mu.Lock()
	r := l.report
	r.Errors = slices.Clone(r.Errors)
	r.Elapsed = elapsed
	var moves, reads []time.Duration
	if percentiles {
		moves, reads = slices.Clone(l.moves), slices.Clone(l.reads)
	}
	l.mu.Unlock()
	if percentiles {
		r.MoveP50, r.MoveP99 = percentiles2(moves, 50, 99)
		r.ReadP50, r.ReadP99 = percentiles2(reads, 50, 99)
	}
	return r
}

// percentiles2 sorts ds and returns its p-th and q-th percentiles.
func percentiles2(ds []time.Duration, p, q int) (time.Duration, time.Duration) {
	if len(ds) == 0 {
		return 0, 0
	}
	slices.Sort(ds)
	at := func(p int) time.Duration { return ds[min(len(ds)-1, len(ds)*p/100)] }
	return at(p), at(q)
}

// Load has c.Clients clients play whole games at once for c.Duration,
// each client every seat of its game, and reports what it measured. Every
// game a client played is read again at the end, to count the accepted
// moves it lost. It returns an error only if it could not play at all.
func Load(ctx context.Context, c LoadConfig) (LoadReport, error) {
	hc := &http.Client{Timeout: time.Minute, Transport: &http.Transport{
		MaxIdleConns: c.Clients, MaxIdleConnsPerHost: c.Clients, IdleConnTimeout: time.Minute,
	}}
	defer hc.CloseIdleConnections()
	cl := &server.Client{URL: c.URL, HTTP: hc}
	clientOf := func(i int) *server.Client {
		if c.Client == nil {
			return cl
		}
		return &server.Client{URL: c.URL, HTTP: c.Client(i)}
	}
	cat, err := clientOf(0).Catalog(ctx)
	if err != nil {
		return LoadReport{}, err
	}
	var games []server.GameInfo
	for _, g := range cat.Games {
		if c.Games == nil || slices.Contains(c.Games, g.Name) {
			games = append(games, g)
		}
	}
	if len(games) == 0 {
		return LoadReport{}, fmt.Errorf("the server's catalog lists none of the games %v", c.Games)
	}
	l := &load{report: LoadReport{Clients: c.Clients}}
	begin := time.Now()
	deadline := begin.Add(c.Duration)
	done := make(chan struct{})
	if c.Progress != nil {
		go func() {
			tick := time.NewTicker(time.Second)
			defer tick.Stop()
			for {
				select {
				case <-done:
					return
				case <-tick.C:
					c.Progress(l.snapshot(time.Since(begin), false))
				}
			}
		}()
	}
	var wg sync.WaitGroup
	for i := range c.Clients {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(c.Seed, uint64(i)))
			cl := clientOf(i)
			for n := i; time.Now().Before(deadline) && ctx.Err() == nil; n++ {
				loadGame(ctx, cl, l, games[n%len(games)], r, deadline, c.Pace)
			}
		})
	}
	wg.Wait()
	close(done)
	return l.snapshot(time.Since(begin), true), ctx.Err()
}

// loadGame creates a game of human seats and plays every seat until the
// game is over or the deadline passes, then checks that the game holds
// every move accepted.
func loadGame(ctx context.Context, cl *server.Client, l *load, g server.GameInfo, r *rand.Rand, deadline time.Time, pace time.Duration) {
	n := seatsFor(g, 3)
	created, err := cl.Create(ctx, server.CreateRequest{Game: g.Name, Seats: seats(n, 0, nil)})
	l.request(0, otherRequest, err)
	if err != nil {
		return
	}
	l.mu.Lock()
	l.report.Games++
	l.mu.Unlock()
	token := func(seat int) string { return created.Seats[seat].Token }
	timed := func(kind requestKind, f func() (server.SeatView, error)) (server.SeatView, error) {
		t := time.Now()
		v, err := f()
		l.request(time.Since(t), kind, err)
		return v, err
	}
	accepted := 0
	seat, read := 0, 0 // the seat to act, and the events read
	var last time.Time // the last move
	for time.Now().Before(deadline) && ctx.Err() == nil {
		v, err := timed(readRequest, func() (server.SeatView, error) { return cl.View(ctx, created.ID, token(seat), read, 0) })
		if err != nil {
			break
		}
		h, err := headOf(v)
		if err != nil {
			break
		}
		read = h.Events
		if h.Over {
			l.mu.Lock()
			l.report.Finished++
			l.mu.Unlock()
			break
		}
		if len(h.Moves) == 0 {
			if len(h.ToAct) == 0 {
				break
			}
			seat = h.ToAct[0]
			continue
		}
		m := h.Moves[r.IntN(len(h.Moves))]
		if wait := pace - time.Since(last); wait > 0 {
			time.Sleep(wait)
		}
		last = time.Now()
		after, err := timed(moveRequest, func() (server.SeatView, error) {
			return cl.Move(ctx, created.ID, token(seat), v.Version, m, read)
		})
		if err != nil {
			break
		}
		accepted++
		if next, err := headOf(after); err == nil && len(next.ToAct) > 0 {
			seat, read = next.ToAct[0], next.Events
		}
	}
	// Count what the game lost: read it again, whatever happened, until
	// the server answers (it may be starting again).
	check, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	v, err := cl.View(check, created.ID, token(0), 0, 0)
	for unanswered(err) && check.Err() == nil {
		time.Sleep(100 * time.Millisecond)
		v, err = cl.View(check, created.ID, token(0), 0, 0)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if err != nil {
		l.report.Lost += accepted
	} else if v.Moves < accepted {
		l.report.Lost += accepted - v.Moves
	}
}

// LoadTest runs Load as a test: it logs the progress, the figures and the
// first errors, and fails if the run accepted no move, or met a 5xx or
// any other refusal, or lost a move.
func LoadTest(t *testing.T, c LoadConfig) LoadReport {
	t.Helper()
	c.Progress = func(r LoadReport) { t.Logf("%v: %d moves", r.Elapsed.Round(time.Second), r.Moves) }
	report, err := Load(t.Context(), c)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(report)
	for _, e := range report.Errors {
		t.Log(e)
	}
	if report.ServerErrors != 0 || report.Lost != 0 || report.Refused != 0 || report.Moves == 0 {
		t.Errorf("%d moves, %d 5xx, %d other refusals, %d moves lost", report.Moves, report.ServerErrors, report.Refused, report.Lost)
	}
	return report
}
