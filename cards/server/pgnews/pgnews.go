//go:build !js

// Package pgnews carries the news of commits between the handlers of
// package server that serve one PostgreSQL database, in several
// processes: a Notifier, the Config.Published of each handler, sends a
// NOTIFY for each commit, and Listen, in each process, LISTENs and passes
// what it hears to its handler's Publish, so that a stream connected to
// any process receives every version of its game as soon as it is
// committed, whichever process committed it.
//
// A notification carries the game's id and its version ("ID VERSION").
// News are only nudges: a stream reads what changed from the database,
// so a nudge too many costs a read and a nudge coalesced with another
// loses nothing. A listener that lost its connection nudges every stream
// once it has listened again, for it may have missed news meanwhile.
package pgnews

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// Channel is the channel of the notifications.
const Channel = "cardrules_games"

// ErrClosed is returned by a Notifier's Close called twice.
var ErrClosed = errors.New("pgnews: the notifier is closed")

// A Notifier sends a NOTIFY for each commit it is told of, apart from the
// request that made it: its Published, which never waits for the
// database, is a handler's Config.Published. The commits of a game not
// yet sent are sent as one, its last version, and those of several games
// in one statement.
type Notifier struct {
	db      *sql.DB
	log     *slog.Logger
	mu      sync.Mutex
	pending map[string]int64
	wake    chan struct{}
	stop    chan struct{}
	done    chan struct{}
}

// NewNotifier returns a notifier that sends its notifications through
// db, a PostgreSQL database of pgx's stdlib, and logs its faults to log
// (nil: slog.Default()). Close stops it. Keep a connection of db's pool
// for it (the handler's Config.MaxStatements below the pool's size), or
// the news wait for the requests' statements.
func NewNotifier(db *sql.DB, log *slog.Logger) *Notifier {
	if log == nil {
		log = slog.Default()
	}
	n := &Notifier{db: db, log: log, pending: map[string]int64{}, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go n.run()
	return n
}

// Published queues the news of a commit: the game and its new version.
func (n *Notifier) Published(game string, version int64) {
	n.mu.Lock()
	n.pending[game] = max(n.pending[game], version)
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

// Close sends the news queued, and stops.
func (n *Notifier) Close() error {
	select {
	case <-n.stop:
		return ErrClosed
	default:
	}
	close(n.stop)
	<-n.done
	return nil
}

// run sends the news queued whenever there are some, until Close.
func (n *Notifier) run() {
	defer close(n.done)
	for {
		select {
		case <-n.wake:
		case <-n.stop:
			n.send()
			return
		}
		n.send()
	}
}

// send sends every news queued in one statement; what the database
// refuses is queued again, to be sent with the next news or retried.
func (n *Notifier) send() {
	n.mu.Lock()
	batch := n.pending
	n.pending = map[string]int64{}
	n.mu.Unlock()
	if len(batch) == 0 {
		return
	}
	payloads := make([]string, 0, len(batch))
	for game, v := range batch {
		payloads = append(payloads, game+" "+strconv.FormatInt(v, 10))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := n.db.ExecContext(ctx, `SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p`, Channel, payloads)
	if err == nil {
		return
	}
	n.log.Warn("pgnews: the news of commits were not sent; retrying", "games", len(batch), "err", err)
	n.mu.Lock()
	for game, v := range batch {
		n.pending[game] = max(n.pending[game], v)
	}
	n.mu.Unlock()
	select {
	case <-n.stop:
	case <-time.After(500 * time.Millisecond):
		select {
		case n.wake <- struct{}{}:
		default:
		}
	}
}

// A Publisher passes news to the streams it serves: a *server.Handler.
type Publisher interface {
	// Publish nudges the streams of a game.
	Publish(game string)
	// PublishAll nudges every stream.
	PublishAll()
}

// Listen listens to the news of commits on the PostgreSQL database of the
// address (a URL or DSN as pgx.Connect takes it) until ctx is done, and
// passes each to p. A lost connection is made again, waiting a little
// longer each time (at most 5 s), then every stream is nudged. ready, if
// not nil, is called each time it listens. It returns ctx's error.
func Listen(ctx context.Context, address string, p Publisher, log *slog.Logger, ready func()) error {
	if log == nil {
		log = slog.Default()
	}
	wait, lost := 100*time.Millisecond, false
	for {
		err := listen(ctx, address, p, func() {
			wait = 100 * time.Millisecond
			if lost {
				p.PublishAll()
				lost = false
			}
			if ready != nil {
				ready()
			}
		})
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !lost {
			log.Warn("pgnews: not listening to the news of commits; connecting again", "err", err)
		}
		lost = true
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, 5*time.Second)
	}
}

// listen connects, listens, and passes the news to p until the
// connection fails or ctx is done.
func listen(ctx context.Context, address string, p Publisher, listening func()) error {
	conn, err := pgx.Connect(ctx, address)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{Channel}.Sanitize()); err != nil {
		return err
	}
	listening()
	for {
		note, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if game, _, ok := strings.Cut(note.Payload, " "); ok {
			p.Publish(game)
		}
	}
}
