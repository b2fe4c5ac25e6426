// Package servertest checks a running game server from outside, over
// HTTP, as its players reach it: Run plays complete games of every game
// with several clients and checks every refusal of the API; Load plays
// whole games with many clients at once and measures the server. They
// serve any deployment of package server: an httptest server on SQLite, a
// native server, a Cloudflare Worker under wrangler dev; and any games:
// Run and Load play the games the server's catalog lists (GET /catalog),
// a designer's own as well as this module's, by the moves each seat's
// view lists. Tables, Live and Hostile check how people meet and what a
// server withstands, at tables of this module's Kings & Bastards and
// Claim the Crown: a server that serves them.
package servertest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"time"

	"github.com/cardrules/games/cards/server"
)

// viewHead is the part of every game's view that a client needs to play:
// who must act, whether it is over, and the reader's legal moves.
type viewHead struct {
	Viewer  int               `json:"viewer"`
	Players int               `json:"players"`
	ToAct   []int             `json:"toAct"`
	Over    bool              `json:"over"`
	Result  json.RawMessage   `json:"result"`
	Moves   []json.RawMessage `json:"moves"`
	Events  int               `json:"events"`
}

func headOf(v server.SeatView) (viewHead, error) {
	var h viewHead
	if err := json.Unmarshal(v.View, &h); err != nil {
		return h, fmt.Errorf("the view of seat %d: %w", v.Seat, err)
	}
	return h, nil
}

// A player is a client that plays one seat of a game: it polls its view
// and makes a random legal move whenever its seat must act.
type player struct {
	c     *server.Client
	id    string
	token string
	seat  int
	rand  *rand.Rand
	poll  time.Duration

	last  server.SeatView // the last view read
	read  int             // the number of the last event read
	moved int             // moves accepted

	logf     func(format string, args ...any) // where a retried request is told
	failures int                              // requests failed in a row without an answer
}

// maxFailures is how many requests in a row may fail without an answer
// (a time-out of a slow server) before a player gives up: a read is read
// again, and a move whose answer was lost is found in the next read.
const maxFailures = 3

// retry reports whether err, the error of a request, is one without an
// answer that the player may retry: a failure of the connection (a
// time-out), or a 503 Service Unavailable (Cloudflare's answer when a
// worker restarts mid-request). An answer that fails the player's checks
// is never retried.
func (p *player) retry(ctx context.Context, err error) bool {
	if !unanswered(err) || ctx.Err() != nil || p.failures >= maxFailures {
		return false
	}
	p.failures++
	if p.logf != nil {
		p.logf("seat %d: retrying after %v", p.seat, err)
	}
	return true
}

// unanswered reports whether err is the error of a request that had no
// answer: a failure of the connection, or a 503 Service Unavailable.
func unanswered(err error) bool {
	var e *server.Error
	if errors.As(err, &e) {
		return e.Status == http.StatusServiceUnavailable
	}
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF)
}

// sync reads the seat's view if it changed, and checks that the events
// continue those read before; it reads on while the server has more
// events to give than one answer holds.
func (p *player) sync(ctx context.Context) (changed bool, err error) {
	known := p.last.Version
	for {
		v, err := p.c.View(ctx, p.id, p.token, p.read, known)
		if errors.Is(err, server.ErrNotModified) {
			return changed, nil
		}
		if err != nil {
			return changed, err
		}
		if err := p.take(v); err != nil {
			return true, err
		}
		if !v.More {
			return true, nil
		}
		changed, known = true, 0
	}
}

// take checks a view the server answered and keeps it.
func (p *player) take(v server.SeatView) error {
	if v.Seat != p.seat || v.ID != p.id {
		return fmt.Errorf("asked for seat %d of game %s, read seat %d of game %s", p.seat, p.id, v.Seat, v.ID)
	}
	if v.Version < p.last.Version {
		return fmt.Errorf("seat %d: the version went back from %d to %d", p.seat, p.last.Version, v.Version)
	}
	for _, e := range v.Events {
		if e.Seq != p.read+1 {
			return fmt.Errorf("seat %d: event %d follows event %d", p.seat, e.Seq, p.read)
		}
		p.read = e.Seq
	}
	h, err := headOf(v)
	if err != nil {
		return err
	}
	if !v.More && h.Events != p.read {
		return fmt.Errorf("seat %d: the view counts %d events, the seat has read %d", p.seat, h.Events, p.read)
	}
	if v.More && h.Events <= p.read {
		return fmt.Errorf("seat %d: the answer says more events follow the %d-th, but the view counts %d", p.seat, p.read, h.Events)
	}
	p.last = v
	return nil
}

// play makes moves for the seat until the game is over. A move refused
// because another seat moved first (409) is chosen again.
func (p *player) play(ctx context.Context) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		changed, err := p.sync(ctx)
		if p.retry(ctx, err) {
			continue
		}
		if err != nil {
			return err
		}
		p.failures = 0
		h, err := headOf(p.last)
		if err != nil {
			return err
		}
		if h.Over {
			return nil
		}
		if !slices.Contains(h.ToAct, p.seat) || len(h.Moves) == 0 {
			if !changed {
				time.Sleep(p.poll)
			}
			continue
		}
		if _, err := p.move(ctx, h.Moves[p.rand.IntN(len(h.Moves))]); err != nil && !p.retry(ctx, err) {
			return err
		}
	}
}

// move posts a move on the last version read; a stale version is no
// error (the next sync catches up). It reports whether the move applied.
func (p *player) move(ctx context.Context, m json.RawMessage) (bool, error) {
	v, err := p.c.Move(ctx, p.id, p.token, p.last.Version, m, p.read)
	var e *server.Error
	if errors.As(err, &e) && e.Status == http.StatusConflict {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("seat %d, move %s: %w", p.seat, m, err)
	}
	p.failures = 0
	p.moved++
	if err := p.take(v); err != nil {
		return true, err
	}
	if v.More {
		_, err = p.sync(ctx)
	}
	return true, err
}
