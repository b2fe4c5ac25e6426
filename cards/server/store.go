package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
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

// ErrUnavailable is wrapped by the errors of a database that failed or
// did not answer in time: the handler answers them 503 Service
// Unavailable, with Retry-After.
var ErrUnavailable = errors.New("the database is unavailable")

// ErrDamaged is wrapped by the error for a game whose stored row does not
// match its checksum: the database was damaged.
var ErrDamaged = errors.New("the stored game is damaged")

// unavailable wraps an error of the database in ErrUnavailable.
func unavailable(err error) error {
	if err == nil || errors.Is(err, ErrUnavailable) {
		return err
	}
	return fmt.Errorf("%w: %w", ErrUnavailable, err)
}

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
	// client is the key of the client that created the game.
	client string
	// over tells that the game is over, or closed; due, that a bot must
	// move.
	over, due bool
	// started tells that the game's seats are full and it plays; public,
	// that the lobby lists it while it waits; spectators, that anyone may
	// watch it.
	started, public, spectators bool
	// keys are the hashes of the game's keys.
	keys keys
	// tab is the id of the table's first game; prev and next, the games
	// before and after this one at the table ("" for none).
	tab, prev, next string
	// result is the game's result once it is over: its JSON, with the
	// winners' names (a Played).
	result string
	// tally is the table's wins before this game (the JSON of a
	// []NameWins), "" for none.
	tally string
	// created and updated are when the row was made and last changed, as
	// read.
	created, updated time.Time
}

// keys are the SHA-256, in hex, of a game's keys: the host's, the
// invitation's and the spectators' ("" for none).
type keys struct {
	Host   string `json:"host,omitzero"`
	Invite string `json:"invite,omitzero"`
	Watch  string `json:"watch,omitzero"`
}

// sum returns the checksum of the row's content: a SHA-256 of its
// columns, each preceded by its length, in hex.
func (r row) sum(seats, pend string) string {
	h := sha256.New()
	k, _ := json.Marshal(r.keys)
	cols := []string{r.id, r.game, string(r.options), seats, strconv.FormatInt(r.version, 10), string(r.state),
		strconv.Itoa(r.moves), strconv.Itoa(r.events), pend, r.client, strconv.FormatBool(r.over), strconv.FormatBool(r.due),
		strconv.FormatBool(r.started), strconv.FormatBool(r.public), strconv.FormatBool(r.spectators), string(k), r.tab, r.prev, r.next, r.result}
	if r.tally != "" { // a row without a tally sums as rows did before they had one
		cols = append(cols, r.tally)
	}
	for _, col := range cols {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(col)))
		h.Write(n[:])
		h.Write([]byte(col))
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// A seat is one seat of a game as stored: a bot's name, or a person's
// name and the SHA-256 of their token in hex, or open for a person to
// claim (and reserved for the player of a seat of the game before, in a
// rematch).
type seat struct {
	Bot   string `json:"bot,omitzero"`
	Token string `json:"token,omitzero"`
	Name  string `json:"name,omitzero"`
	Open  bool   `json:"open,omitzero"`
	// For is the hash of the token of the seat of the game before that
	// this open seat is kept for, until its player takes or leaves it;
	// on a bot's seat, the player the host gave it away from.
	For string `json:"for,omitzero"`
	// Player identifies a person from game to game of a table, whatever
	// their name: the table's history counts wins by it. A kept seat
	// holds its player's.
	Player string `json:"player,omitzero"`
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
	db *sql.DB
	// dialect rewrites the statements, written in SQLite's SQL, for the
	// database.
	dialect Dialect
	now     func() time.Time
	stmts   *statements
	// turns, if not nil, holds a token for each statement running, and
	// writes for each statement that writes: a statement waits for a
	// place in them, first come first served.
	turns, writes chan struct{}
}

// statementTime bounds the time a statement takes, its wait for a turn
// included: a database slower than that is unavailable.
const statementTime = 10 * time.Second

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
	st, err := s.db.PrepareContext(ctx, s.dialect.rebind(query))
	if err != nil {
		return nil, err
	}
	if s.stmts.m == nil {
		s.stmts.m = map[string]*sql.Stmt{}
	}
	s.stmts.m[query] = st
	return st, nil
}

// turn waits for the turn of a statement, one that writes if write, and
// returns the function that ends it.
func (s store) turn(ctx context.Context, write bool) (end func(), err error) {
	var held []chan struct{}
	end = func() {
		for _, c := range held {
			<-c
		}
	}
	for _, c := range []chan struct{}{s.writes, s.turns} { // the writes' first, whose waits are longer
		if c == nil || (c == s.writes && !write) {
			continue
		}
		select {
		case c <- struct{}{}:
			held = append(held, c)
		case <-ctx.Done():
			end()
			return nil, ctx.Err()
		}
	}
	return end, nil
}

// begin waits for the turn of a statement and returns it, prepared, with
// the function that ends the turn, which also ends the statement's
// context (bounded by statementTime). A statement that is no SELECT
// writes.
func (s store) begin(ctx context.Context, query string) (context.Context, *sql.Stmt, func(), error) {
	ctx, cancel := context.WithTimeout(ctx, statementTime)
	st, err := s.stmt(ctx, query)
	if err != nil {
		cancel()
		return nil, nil, nil, unavailable(err)
	}
	end, err := s.turn(ctx, !strings.HasPrefix(query, "SELECT"))
	if err != nil {
		cancel()
		return nil, nil, nil, unavailable(err)
	}
	return ctx, st, func() { end(); cancel() }, nil
}

func (s store) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	ctx, st, end, err := s.begin(ctx, query)
	if err != nil {
		return nil, err
	}
	defer end()
	res, err := st.ExecContext(ctx, args...)
	return res, unavailable(err)
}

// query runs a query in its turn, calls each for every row, and ends the
// turn when the rows are read. An error of each is returned as it is;
// the database's own, wrapped in ErrUnavailable.
func (s store) query(ctx context.Context, each func(*sql.Rows) error, query string, args ...any) error {
	ctx, st, end, err := s.begin(ctx, query)
	if err != nil {
		return err
	}
	defer end()
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return unavailable(err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows); err != nil {
			return err
		}
	}
	return unavailable(rows.Err())
}

// queryRow runs a query of one row in its turn and scans it into dest;
// it returns sql.ErrNoRows if there is none.
func (s store) queryRow(ctx context.Context, query string, args []any, dest ...any) error {
	ctx, st, end, err := s.begin(ctx, query)
	if err != nil {
		return err
	}
	defer end()
	err = st.QueryRowContext(ctx, args...).Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return unavailable(err)
}

// flag is a boolean as the database keeps it: 1 or 0.
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (s store) millis() int64 { return s.now().UnixMilli() }

// create inserts a new game's row.
func (s store) create(ctx context.Context, r row) error {
	seats, pend, err := encodeRow(r)
	if err != nil {
		return err
	}
	now := s.millis()
	k, _ := json.Marshal(r.keys)
	_, err = s.exec(ctx, `INSERT INTO games (id, game, options, seats, version, state, moves, events, pending, client, over, due,
	started, public, spectators, keys, tab, prev, next, result, tally, sum, created, updated)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.id, r.game, string(r.options), seats, r.version, string(r.state), r.moves, r.events, pend, r.client, flag(r.over), flag(r.due),
		flag(r.started), flag(r.public), flag(r.spectators), string(k), r.tab, r.prev, r.next, r.result, r.tally, r.sum(seats, pend), now, now)
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

// load reads a game's row, or returns errNoGame. A row that does not
// match its checksum is an error wrapping ErrDamaged.
func (s store) load(ctx context.Context, id string) (row, error) {
	r := row{id: id}
	var options, seats, state, pend, k, sum string
	var created, updated int64
	err := s.queryRow(ctx, `SELECT game, options, seats, version, state, moves, events, pending, client, over, due,
	started, public, spectators, keys, tab, prev, next, result, tally, sum, created, updated FROM games WHERE id = ?`,
		[]any{id}, &r.game, &options, &seats, &r.version, &state, &r.moves, &r.events, &pend, &r.client, &r.over, &r.due,
		&r.started, &r.public, &r.spectators, &k, &r.tab, &r.prev, &r.next, &r.result, &r.tally, &sum, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return r, errNoGame
	}
	if err != nil {
		return r, err
	}
	r.options, r.state, r.created, r.updated = json.RawMessage(options), json.RawMessage(state), time.UnixMilli(created), time.UnixMilli(updated)
	if err := json.Unmarshal([]byte(k), &r.keys); err != nil {
		return r, fmt.Errorf("%w: game %s: its keys: %w", ErrDamaged, id, err)
	}
	if sum != "" && sum != r.sum(seats, pend) {
		return r, fmt.Errorf("%w: game %s does not match its checksum", ErrDamaged, id)
	}
	// The columns are the store's own JSON: decoded without the checks
	// of cardjson.Unmarshal.
	if err := json.Unmarshal([]byte(seats), &r.seats); err != nil {
		return r, fmt.Errorf("%w: game %s: its seats: %w", ErrDamaged, id, err)
	}
	if err := json.Unmarshal([]byte(pend), &r.pending); err != nil {
		return r, fmt.Errorf("%w: game %s: its pending moves: %w", ErrDamaged, id, err)
	}
	return r, nil
}

// commit replaces the game's state by next's, where the game is still at
// old's version, and returns next with its new version. It returns
// errStale if the version moved on. The update's trigger (see
// migrations/) copies the pending moves and events of old's commit to
// their tables.
//
// If the database fails to answer, the update may still have been made:
// commit then reads the game again, and returns next if it holds next's
// state at next's version, so that a change that was committed is never
// reported as failed.
func (s store) commit(ctx context.Context, old, next row) (row, error) {
	next.version = old.version + 1
	seats, pend, err := encodeRow(next)
	if err != nil {
		return old, err
	}
	res, err := s.exec(ctx, `UPDATE games SET version = version + 1, seats = ?, state = ?, moves = ?, events = ?, pending = ?, over = ?, due = ?,
	started = ?, next = ?, result = ?, sum = ?, updated = ?
WHERE id = ? AND version = ?`,
		seats, string(next.state), next.moves, next.events, pend, flag(next.over), flag(next.due),
		flag(next.started), next.next, next.result, next.sum(seats, pend), s.millis(), old.id, old.version)
	if err != nil {
		if s.committed(ctx, next) {
			return next, nil
		}
		return old, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return old, unavailable(err)
	}
	// The update changes the one row or none; D1 counts the rows its
	// trigger inserts too.
	if n == 0 {
		return old, errStale
	}
	return next, nil
}

// committed reports whether the game holds next as it is, after a commit
// whose answer was lost.
func (s store) committed(ctx context.Context, next row) bool {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), statementTime)
	defer cancel()
	r, err := s.load(ctx, next.id)
	return err == nil && r.version == next.version && r.moves == next.moves && bytes.Equal(r.state, next.state)
}

// eventsSince returns the game's events after the n-th, oldest first, at
// most limit of them (all if limit is negative).
func (s store) eventsSince(ctx context.Context, r row, n, limit int) ([]cards.Event, error) {
	vs, err := s.versionedSince(ctx, r, n, limit)
	events := make([]cards.Event, len(vs))
	for i, v := range vs {
		events[i] = v.Event
	}
	return events, err
}

// versionedSince returns the game's events after the n-th, oldest first,
// at most limit of them (all if limit is negative), each with the version
// of the commit that made it.
func (s store) versionedSince(ctx context.Context, r row, n, limit int) ([]versioned, error) {
	n = max(n, 0)
	if n >= r.events {
		return []versioned{}, nil
	}
	want := r.events - n
	if limit >= 0 {
		want = min(want, limit)
	}
	first := r.events + 1 // the first event of the row's pending events
	if len(r.pending.Events) > 0 {
		first = r.pending.Events[0].Seq
	}
	events := make([]versioned, 0, want)
	if n+1 < first {
		err := s.query(ctx, func(rows *sql.Rows) error {
			var e storedEvent
			var v int64
			if err := rows.Scan(&e.Seq, &e.Text, &e.Readers, &e.Others, &v); err != nil {
				return unavailable(err)
			}
			events = append(events, versioned{Event: e.event(), version: v})
			return nil
		}, `SELECT seq, text, readers, others, version FROM events WHERE game = ? AND seq > ? AND seq < ? ORDER BY seq LIMIT ?`, r.id, n, first, want)
		if err != nil {
			return nil, err
		}
	}
	for _, e := range r.pending.Events {
		if e.Seq > n && len(events) < want {
			events = append(events, versioned{Event: e.event(), version: r.version})
		}
	}
	if len(events) != want || (want > 0 && events[0].Seq != n+1) {
		return nil, fmt.Errorf("%w: game %s: %d events after the %d-th, not %d", ErrDamaged, r.id, len(events), n, want)
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
			return unavailable(err)
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
		return nil, fmt.Errorf("%w: game %s: %d moves stored, not %d", ErrDamaged, r.id, len(moves), r.moves)
	}
	return moves, nil
}

// dueGames returns the ids of at most limit games whose bots must move
// and that nobody changed since before.
func (s store) dueGames(ctx context.Context, before time.Time, limit int) ([]string, error) {
	var ids []string
	err := s.query(ctx, func(rows *sql.Rows) error {
		var id string
		if err := rows.Scan(&id); err != nil {
			return unavailable(err)
		}
		ids = append(ids, id)
		return nil
	}, `SELECT id FROM games WHERE due = 1 AND updated < ? ORDER BY updated LIMIT ?`, before.UnixMilli(), limit)
	return ids, err
}

// expire deletes at most limit games over since before finished,
// unchanged since before idle, or made before waiting and waiting for
// players still (whatever claims and leaves changed them since), with
// their events and moves, and returns how many it deleted.
// A zero time deletes none of that kind.
func (s store) expire(ctx context.Context, finished, idle, waiting time.Time, limit int) (int, error) {
	at := func(t time.Time) int64 {
		if t.IsZero() {
			return math.MinInt64
		}
		return t.UnixMilli()
	}
	n := 0
	err := s.query(ctx, func(*sql.Rows) error { n++; return nil }, `DELETE FROM games WHERE id IN (
	SELECT id FROM games WHERE over = 1 AND updated < ?
	UNION ALL SELECT id FROM games WHERE over = 0 AND started = 1 AND updated < ?
	UNION ALL SELECT id FROM games WHERE started = 0 AND created < ?
	LIMIT ?) RETURNING id`, at(finished), at(idle), at(waiting), limit)
	return n, err
}

// openGames returns the number of games not over, and the number of them
// that the client created.
func (s store) openGames(ctx context.Context, client string) (all, mine int, err error) {
	if err := s.queryRow(ctx, `SELECT count(*) FROM games WHERE over = 0`, nil, &all); err != nil {
		return 0, 0, err
	}
	err = s.queryRow(ctx, `SELECT count(*) FROM games WHERE client = ? AND over = 0`, []any{client}, &mine)
	return all, mine, err
}

// waitingGames returns the number of games waiting for players, and the
// number of them that the client created.
func (s store) waitingGames(ctx context.Context, client string) (all, mine int, err error) {
	if err := s.queryRow(ctx, `SELECT count(*) FROM games WHERE started = 0`, nil, &all); err != nil {
		return 0, 0, err
	}
	err = s.queryRow(ctx, `SELECT count(*) FROM games WHERE started = 0 AND client = ?`, []any{client}, &mine)
	return all, mine, err
}

// remove deletes a game with its events and moves.
func (s store) remove(ctx context.Context, id string) error {
	_, err := s.exec(ctx, `DELETE FROM games WHERE id = ?`, id)
	return err
}

// ping reports whether the database answers.
func (s store) ping(ctx context.Context) error {
	var n int
	return s.queryRow(ctx, `SELECT count(*) FROM d1_migrations`, nil, &n)
}

// settle clears the mark of a game due for its bots where no bot must
// act, if the game is still at r's version.
func (s store) settle(ctx context.Context, r row) error {
	r.due = false
	seats, pend, err := encodeRow(r)
	if err != nil {
		return err
	}
	_, err = s.exec(ctx, `UPDATE games SET due = 0, sum = ? WHERE id = ? AND version = ?`, r.sum(seats, pend), r.id, r.version)
	return err
}
