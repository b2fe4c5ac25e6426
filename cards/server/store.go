package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/cardrules/games/cards"
)

// The store keeps games in three tables (see migrations/): a row per game
// with its state, and its events and moves apart. It needs no
// transactions, for Cloudflare D1 offers none through database/sql: every
// change is one statement.
//
// A commit is one UPDATE of the game's row, made only where the version is
// the one the change was computed from, so that of two concurrent changes
// exactly one applies. The row's pending column holds the moves and
// events of its last commit; as a commit replaces them, a trigger of the
// update copies them to their tables, in the same statement. So every
// move and event the game ever accepted is either in its table or in the
// row, and readers merge the two.

// errStale is returned by commit when the game's version moved on.
var errStale = errors.New("the game has changed since")

// errNoGame is returned for a game id the store does not hold.
var errNoGame = errors.New("no such game")

// A row is a game's row in the games table.
type row struct {
	id      string
	game    string
	options json.RawMessage
	seats   []seat
	version int64
	state   json.RawMessage
	moves   int
	events  int
	pending pending
}

// A seat is one seat of a game as stored: a bot's name, or the SHA-256 of
// a human player's token in hex.
type seat struct {
	Bot   string `json:"bot,omitzero"`
	Token string `json:"token,omitzero"`
}

// pending is the moves and events of a game's last commit.
type pending struct {
	Moves  []plyMove     `json:"moves"`
	Events []storedEvent `json:"events"`
}

// A plyMove is a move and its number in the game, from 1.
type plyMove struct {
	Ply  int             `json:"ply"`
	Move json.RawMessage `json:"move"`
}

// A storedEvent is an event as the events table holds it.
type storedEvent struct {
	Seq     int    `json:"seq"`
	Text    string `json:"text"`
	Readers uint16 `json:"readers"`
	Others  string `json:"others"`
}

func storedEvents(events []cards.Event) []storedEvent {
	s := make([]storedEvent, len(events))
	for i, e := range events {
		s[i] = storedEvent{Seq: e.Seq, Text: e.Text, Readers: uint16(e.To), Others: e.Others}
	}
	return s
}

func (e storedEvent) event() cards.Event {
	return cards.Event{Seq: e.Seq, Text: e.Text, To: cards.PlayerSet(e.Readers), Others: e.Others}
}

// store is the games of a database.
type store struct {
	db    *sql.DB
	now   func() time.Time
	stmts *statements
	// turns, if not nil, holds a token for each statement running: a
	// statement waits for a place in it, first come first served.
	turns chan struct{}
}

// statements are the store's statements, each prepared when first used.
type statements struct {
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

// stmt returns the statement of the query, prepared.
func (s store) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	s.stmts.mu.Lock()
	defer s.stmts.mu.Unlock()
	if st, ok := s.stmts.m[query]; ok {
		return st, nil
	}
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if s.stmts.m == nil {
		s.stmts.m = map[string]*sql.Stmt{}
	}
	s.stmts.m[query] = st
	return st, nil
}

// turn waits for the turn of a statement and returns the function that
// ends it.
func (s store) turn(ctx context.Context) (end func(), err error) {
	if s.turns == nil {
		return func() {}, nil
	}
	select {
	case s.turns <- struct{}{}:
		return func() { <-s.turns }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// begin waits for the turn of a statement and returns it, prepared, with
// the function that ends the turn.
func (s store) begin(ctx context.Context, query string) (*sql.Stmt, func(), error) {
	st, err := s.stmt(ctx, query)
	if err != nil {
		return nil, nil, err
	}
	end, err := s.turn(ctx)
	return st, end, err
}

func (s store) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, end, err := s.begin(ctx, query)
	if err != nil {
		return nil, err
	}
	defer end()
	return st.ExecContext(ctx, args...)
}

// query runs a query in its turn, calls each for every row, and ends the
// turn when the rows are read.
func (s store) query(ctx context.Context, each func(*sql.Rows) error, query string, args ...any) error {
	st, end, err := s.begin(ctx, query)
	if err != nil {
		return err
	}
	defer end()
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

func (s store) millis() int64 { return s.now().UnixMilli() }

// create inserts a new game's row.
func (s store) create(ctx context.Context, r row) error {
	seats, pend, err := encodeRow(r)
	if err != nil {
		return err
	}
	now := s.millis()
	_, err = s.exec(ctx, `INSERT INTO games (id, game, options, seats, version, state, moves, events, pending, created, updated)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.id, r.game, string(r.options), seats, r.version, string(r.state), r.moves, r.events, pend, now, now)
	return err
}

func encodeRow(r row) (seats, pend string, err error) {
	b, err := json.Marshal(r.seats)
	if err != nil {
		return "", "", err
	}
	p, err := json.Marshal(r.pending)
	return string(b), string(p), err
}

// load reads a game's row, or returns errNoGame.
func (s store) load(ctx context.Context, id string) (row, error) {
	r := row{id: id}
	var options, seats, state, pend string
	st, end, err := s.begin(ctx, `SELECT game, options, seats, version, state, moves, events, pending FROM games WHERE id = ?`)
	if err != nil {
		return r, err
	}
	err = st.QueryRowContext(ctx, id).Scan(&r.game, &options, &seats, &r.version, &state, &r.moves, &r.events, &pend)
	end()
	if errors.Is(err, sql.ErrNoRows) {
		return r, errNoGame
	}
	if err != nil {
		return r, err
	}
	r.options, r.state = json.RawMessage(options), json.RawMessage(state)
	// The columns are the store's own JSON: decoded without the checks
	// of cards.Unmarshal.
	if err := json.Unmarshal([]byte(seats), &r.seats); err != nil {
		return r, fmt.Errorf("game %s: its seats: %w", id, err)
	}
	if err := json.Unmarshal([]byte(pend), &r.pending); err != nil {
		return r, fmt.Errorf("game %s: its pending moves: %w", id, err)
	}
	return r, nil
}

// commit replaces the game's state by next's, where the game is still at
// old's version, and returns next with its new version. It returns
// errStale if the version moved on. The update's trigger (see
// migrations/) copies the pending moves and events of old's commit to
// their tables.
func (s store) commit(ctx context.Context, old, next row) (row, error) {
	_, pend, err := encodeRow(next)
	if err != nil {
		return old, err
	}
	res, err := s.exec(ctx, `UPDATE games SET version = version + 1, state = ?, moves = ?, events = ?, pending = ?, updated = ?
WHERE id = ? AND version = ?`,
		string(next.state), next.moves, next.events, pend, s.millis(), old.id, old.version)
	if err != nil {
		return old, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return old, err
	}
	// The update changes the one row or none; D1 counts the rows its
	// trigger inserts too.
	if n == 0 {
		return old, errStale
	}
	next.version = old.version + 1
	return next, nil
}

// eventsSince returns the game's events after the n-th, oldest first.
func (s store) eventsSince(ctx context.Context, r row, n int) ([]cards.Event, error) {
	n = max(n, 0)
	if n >= r.events {
		return []cards.Event{}, nil
	}
	first := r.events + 1 // the first event of the row's pending events
	if len(r.pending.Events) > 0 {
		first = r.pending.Events[0].Seq
	}
	events := make([]cards.Event, 0, r.events-n)
	if n+1 < first {
		err := s.query(ctx, func(rows *sql.Rows) error {
			var e storedEvent
			if err := rows.Scan(&e.Seq, &e.Text, &e.Readers, &e.Others); err != nil {
				return err
			}
			events = append(events, e.event())
			return nil
		}, `SELECT seq, text, readers, others FROM events WHERE game = ? AND seq > ? AND seq < ? ORDER BY seq`, r.id, n, first)
		if err != nil {
			return nil, err
		}
	}
	for _, e := range r.pending.Events {
		if e.Seq > n {
			events = append(events, e.event())
		}
	}
	if len(events) != r.events-n {
		return nil, fmt.Errorf("game %s: %d events after the %d-th, not %d", r.id, len(events), n, r.events-n)
	}
	return events, nil
}

// movesOf returns every move the game accepted, in order.
func (s store) movesOf(ctx context.Context, r row) ([]json.RawMessage, error) {
	first := r.moves + 1
	if len(r.pending.Moves) > 0 {
		first = r.pending.Moves[0].Ply
	}
	moves := make([]json.RawMessage, 0, r.moves)
	err := s.query(ctx, func(rows *sql.Rows) error {
		var m string
		if err := rows.Scan(&m); err != nil {
			return err
		}
		moves = append(moves, json.RawMessage(m))
		return nil
	}, `SELECT move FROM moves WHERE game = ? AND ply < ? ORDER BY ply`, r.id, first)
	if err != nil {
		return nil, err
	}
	for _, m := range r.pending.Moves {
		moves = append(moves, m.Move)
	}
	if len(moves) != r.moves {
		return nil, fmt.Errorf("game %s: %d moves stored, not %d", r.id, len(moves), r.moves)
	}
	return moves, nil
}
