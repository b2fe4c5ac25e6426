package servertest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/server"
)

// LiveConfig tells Live where the server is and how many follow it.
type LiveConfig struct {
	// URL is the API's root: "http://127.0.0.1:8080/api".
	URL string
	// Games is the number of games played at once; 0 means 50.
	Games int
	// Duration is how long the games are played; 0 means 10 s.
	Duration time.Duration
	// Pace is the least time between two moves of a game; 0 means 50 ms.
	Pace time.Duration
	// Cut is the chance that a message of a stream ends its connection,
	// as a network that breaks does; 0 means 1 in 20.
	Cut float64
	// Client, if set, returns the HTTP client of the i-th client (see
	// LoadConfig.Client).
	Client func(i int) *http.Client
	// Seed makes the clients' choices reproducible.
	Seed uint64
}

// LiveReport is what Live measured.
type LiveReport struct {
	Games, Subscribers, Moves, Messages, Reconnects int
	// P50 and P99 are the percentiles of the time from a move's request
	// to each subscriber's receipt of its version: the time from the
	// commit, and a little more.
	P50, P99 time.Duration
}

func (r LiveReport) String() string {
	return fmt.Sprintf("%d games × 4 subscribers (%d in all), %d moves, %d messages, %d reconnections; from a move to its receipt p50 %v, p99 %v",
		r.Games, r.Subscribers, r.Moves, r.Messages, r.Reconnects, r.P50.Round(time.Microsecond), r.P99.Round(time.Microsecond))
}

// Live plays games of three seats while each seat and a spectator follow
// its stream, their connections cut now and then: every subscriber must
// receive every version once, in order, with exactly the events it may
// read, and no other. It reports how soon the versions arrive.
func Live(t *testing.T, c LiveConfig) LiveReport {
	games, duration, pace, cut := cmpOr(c.Games, 50), cmpOr(c.Duration, 10*time.Second), cmpOr(c.Pace, 50*time.Millisecond), c.Cut
	if cut == 0 {
		cut = 0.05
	}
	l := &live{report: LiveReport{Games: games}}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, games*5)
	for i := range games {
		hc := &http.Client{Timeout: time.Minute}
		if c.Client != nil {
			hc = c.Client(i)
		}
		cl := &server.Client{URL: c.URL, HTTP: hc}
		created, err := cl.Create(ctx, server.CreateRequest{Game: "bastards", Seats: seats(3, 0, nil)})
		if err != nil {
			t.Fatal(err)
		}
		g := &liveGame{l: l, created: created, sent: map[int64]time.Time{}}
		tokens := []string{created.Watch.Key}
		for _, s := range created.Seats {
			tokens = append(tokens, s.Token)
		}
		gctx, stop := context.WithCancel(ctx)
		follows := &sync.WaitGroup{}
		subs := make([]*subscription, len(tokens))
		for j, token := range tokens {
			subs[j] = &subscription{g: g, seat: j - 1}
			r := rand.New(rand.NewPCG(c.Seed+uint64(i), uint64(j)))
			fc := &server.Client{URL: c.URL, HTTP: &http.Client{Transport: &cutter{next: transportOf(hc), chance: cut, rand: r, mu: &sync.Mutex{}, l: l}}}
			follows.Go(func() {
				err := fc.Follow(gctx, created.ID, token, 0, subs[j].take)
				if err != nil && !errors.Is(err, context.Canceled) {
					errs <- fmt.Errorf("game %s, subscriber %d: %w", created.ID, j, err)
				}
			})
		}
		wg.Go(func() {
			if err := g.play(ctx, cl, tokens[1:], pace, duration, rand.New(rand.NewPCG(c.Seed, uint64(i)))); err != nil {
				errs <- err
			}
			g.finish(ctx, cl, subs)
			stop()
			follows.Wait()
			for _, s := range subs {
				if s.err != nil {
					errs <- s.err
				}
			}
		})
	}
	l.mu.Lock()
	l.report.Subscribers = games * 4
	l.mu.Unlock()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.report.P50, l.report.P99 = percentiles2(l.latencies, 50, 99)
	t.Log(l.report)
	return l.report
}

func cmpOr[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

func transportOf(hc *http.Client) http.RoundTripper {
	if hc.Transport != nil {
		return hc.Transport
	}
	return http.DefaultTransport
}

// live is the figures of Live as its games add to them.
type live struct {
	mu        sync.Mutex
	report    LiveReport
	latencies []time.Duration
}

// A liveGame is a game of Live: the times its versions were asked for.
type liveGame struct {
	l       *live
	created server.Created
	mu      sync.Mutex
	sent    map[int64]time.Time // version → when the move that made it was sent
}

// play makes moves of the game's seats at the pace until the duration
// passes or the game ends.
func (g *liveGame) play(ctx context.Context, cl *server.Client, tokens []string, pace, duration time.Duration, r *rand.Rand) error {
	deadline := time.Now().Add(duration)
	ps := make([]*player, len(tokens))
	for i, token := range tokens {
		ps[i] = &player{c: cl, id: g.created.ID, token: token, seat: i, rand: r}
	}
	for time.Now().Before(deadline) && ctx.Err() == nil {
		moved := false
		for _, p := range ps {
			if _, err := p.sync(ctx); err != nil {
				return err
			}
			h, err := headOf(p.last)
			if err != nil {
				return err
			}
			if h.Over {
				return nil
			}
			if len(h.Moves) == 0 {
				continue
			}
			time.Sleep(pace)
			begin := time.Now()
			v, err := p.c.Move(ctx, p.id, p.token, p.last.Version, h.Moves[r.IntN(len(h.Moves))], p.read)
			if err != nil {
				var e *server.Error
				if errors.As(err, &e) && e.Status == http.StatusConflict {
					continue
				}
				return err
			}
			g.mu.Lock()
			g.sent[v.Version] = begin
			g.mu.Unlock()
			g.l.mu.Lock()
			g.l.report.Moves++
			g.l.mu.Unlock()
			p.take(v)
			moved = true
		}
		if !moved {
			time.Sleep(pace)
		}
	}
	return nil
}

// finish notes the game's last version, and waits until every
// subscription has read it and checked what it read.
func (g *liveGame) finish(ctx context.Context, cl *server.Client, subs []*subscription) {
	v, err := cl.View(ctx, g.created.ID, g.created.Watch.Key, 0, 0)
	if err != nil {
		return
	}
	for _, s := range subs {
		if err := s.wait(ctx, v.Version); err != nil {
			s.fail(err)
		}
	}
	for i, s := range subs {
		token := g.created.Watch.Key
		if s.seat >= 0 {
			token = g.created.Seats[s.seat].Token
		}
		p := &player{c: cl, id: g.created.ID, token: token, seat: s.seat}
		if _, err := p.sync(ctx); err != nil {
			s.fail(err)
			continue
		}
		want, err := allEvents(ctx, cl, g.created.ID, token)
		if err != nil {
			s.fail(err)
			continue
		}
		s.mu.Lock()
		if !slices.Equal(s.events, want) {
			s.err = fmt.Errorf("game %s, subscriber %d: the stream gave %d events, the game gives it %d, or others", g.created.ID, i, len(s.events), len(want))
		}
		s.mu.Unlock()
	}
}

// allEvents reads every event the token's reader reads of a game.
func allEvents(ctx context.Context, cl *server.Client, id, token string) ([]cards.Entry, error) {
	var events []cards.Entry
	for {
		v, err := cl.View(ctx, id, token, len(events), 0)
		if err != nil {
			return nil, err
		}
		events = append(events, v.Events...)
		if !v.More {
			return events, nil
		}
	}
}

func (s *subscription) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.err = err
	}
}

// A subscription is one follower of a game's stream: a seat, or the
// spectator (-1).
type subscription struct {
	g       *liveGame
	seat    int
	mu      sync.Mutex
	version int64
	more    bool // the last message said that more events of its version follow
	read    int
	events  []cards.Entry
	err     error
}

// take checks a message of the stream: the next version, the events after
// those read, in order.
func (s *subscription) take(v server.SeatView) error {
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.version == 0 && v.Version < 1:
		return fmt.Errorf("seat %d: a first message of version %d", s.seat, v.Version)
	case s.version != 0 && v.Version != s.version+1 && !(s.more && v.Version == s.version):
		return fmt.Errorf("seat %d: version %d after version %d", s.seat, v.Version, s.version)
	case v.Seat != s.seat:
		return fmt.Errorf("seat %d: a message for seat %d", s.seat, v.Seat)
	}
	for _, e := range v.Events {
		if e.Seq != s.read+1 {
			return fmt.Errorf("seat %d: event %d after event %d", s.seat, e.Seq, s.read)
		}
		s.read = e.Seq
		s.events = append(s.events, e)
	}
	s.version, s.more = v.Version, v.More
	s.g.mu.Lock()
	sent, ok := s.g.sent[v.Version]
	s.g.mu.Unlock()
	s.g.l.mu.Lock()
	s.g.l.report.Messages++
	if ok {
		s.g.l.latencies = append(s.g.l.latencies, now.Sub(sent))
	}
	s.g.l.mu.Unlock()
	return nil
}

// wait waits until the subscription has read the given version, for at
// most a while.
func (s *subscription) wait(ctx context.Context, version int64) error {
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		s.mu.Lock()
		at, err := s.version, s.err
		s.mu.Unlock()
		switch {
		case err != nil:
			return err
		case at >= version:
			return nil
		case ctx.Err() != nil:
			return ctx.Err()
		case time.Now().After(deadline):
			return fmt.Errorf("seat %d: at version %d of %d after 30 s", s.seat, at, version)
		}
	}
}

// A cutter ends a stream's connection, now and then, after a message.
type cutter struct {
	next   http.RoundTripper
	chance float64
	rand   *rand.Rand
	mu     *sync.Mutex
	l      *live
}

func (c *cutter) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := c.next.RoundTrip(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		return resp, err
	}
	if req.Header.Get("Last-Event-ID") != "" {
		c.l.mu.Lock()
		c.l.report.Reconnects++
		c.l.mu.Unlock()
	}
	resp.Body = &cutBody{ReadCloser: resp.Body, c: c}
	return resp, nil
}

// A cutBody fails a read, now and then, at the end of a message.
type cutBody struct {
	io.ReadCloser
	c *cutter
}

func (b *cutBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.c.mu.Lock()
	cut := slices.Contains(p[:n], '\n') && b.c.rand.Float64() < b.c.chance
	b.c.mu.Unlock()
	if cut {
		// What was read reaches the reader, cut at the last message's end.
		i := lastMessageEnd(p[:n])
		b.ReadCloser.Close()
		return i, io.ErrUnexpectedEOF
	}
	return n, err
}

// lastMessageEnd returns the length of p up to the end of its last whole
// message (a blank line), or 0.
func lastMessageEnd(p []byte) int {
	for i := len(p) - 1; i > 0; i-- {
		if p[i] == '\n' && p[i-1] == '\n' {
			return i + 1
		}
	}
	return 0
}
