// Package sqlstore keeps a card room's games (package cardroom) in a
// database reached through database/sql: an embedded SQLite file,
// Cloudflare D1 (SQLite's SQL, without transactions), or PostgreSQL,
// which several processes may share. Migrate sets up its schema.
//
// A game is a row of the games table with its state, bounded whatever its
// length; its events and moves are kept apart, append-only. A commit is
// one UPDATE of the row, made only where the version is the one the
// change was made from, so that of two concurrent changes exactly one
// applies. The row's pending column holds the moves and events of its
// last commit; as a commit replaces them, a trigger copies them to their
// tables, in the same statement: a commit is one statement, as D1, which
// offers no transactions through database/sql, needs. Readers merge the
// events and moves of their tables with the row's pending ones. Every
// row carries a checksum of its content, checked when it is read.
//
// On SQLite, concurrent commits share one transaction and one sync of the
// disk (group commit): a writer takes the writes waiting and runs them in
// one transaction; should one fail, it runs them again each in a
// savepoint of its own, so that a write that fails leaves the others of
// its batch committed.
package sqlstore

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
	"github.com/cardrules/games/cards/cardjson"
	"github.com/cardrules/games/cards/server/cardroom"
)

// Options configure a Store.
type Options struct {
	// Dialect is the SQL of the database.
	Dialect Dialect
	// MaxStatements, if not 0, is the most statements the store runs on
	// the database at once; the others wait their turn, first come first
	// served. Set it to the size of the database's pool of connections:
	// database/sql hands a connection that frees up to a waiter drawn at
	// random, which leaves a few requests waiting long.
	MaxStatements int
	// MaxWrites, if not 0, is the most statements that write the store
	// runs at once, as MaxStatements. Set it to 1 for SQLite, which
	// writes one change at a time: its writes then share transactions
	// (see GroupCommit), and reads go on beside them (in WAL mode).
	MaxWrites int
	// GroupCommit, where MaxWrites is 1 and the dialect has transactions,
	// commits the writes waiting together, in one transaction: one sync
	// of the disk for all of them.
	GroupCommit bool
}

// A Store keeps games in a database. It implements cardroom.Store.
type Store struct {
	db      *sql.DB
	dialect Dialect
	stmts   statements
	// turns, if not nil, holds a token for each statement running, and
	// writes for each statement that writes: a statement waits for a
	// place in them, first come first served.
	turns, writes chan struct{}
	group         *batcher
}

var _ cardroom.Store = (*Store)(nil)

// New returns a store of the games of db, whose schema Migrate (or
// wrangler, on D1) has set up.
func New(db *sql.DB, o Options) *Store {
	s := &Store{db: db, dialect: o.Dialect}
	if o.MaxStatements > 0 {
		s.turns = make(chan struct{}, o.MaxStatements)
	}
	if o.MaxWrites > 0 {
		s.writes = make(chan struct{}, o.MaxWrites)
	}
	if o.GroupCommit && o.MaxWrites == 1 && o.Dialect.transactions() {
		s.group = newBatcher(s)
	}
	return s
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
func (s *Store) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	s.stmts.mu.Lock()
	defer s.stmts.mu.Unlock()
	if st, ok := s.stmts.m[query]; ok {
		return st, nil
	}
	st, err := s.db.PrepareContext(ctx, s.dialect.Rebind(query))
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
func (s *Store) turn(ctx context.Context, write bool) (end func(), err error) {
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
func (s *Store) begin(ctx context.Context, query string) (context.Context, *sql.Stmt, func(), error) {
	ctx, cancel := context.WithTimeout(ctx, statementTime)
	st, err := s.stmt(ctx, query)
	if err != nil {
		cancel()
		return nil, nil, nil, cardroom.Unavailable(err)
	}
	end, err := s.turn(ctx, !strings.HasPrefix(query, "SELECT"))
	if err != nil {
		cancel()
		return nil, nil, nil, cardroom.Unavailable(err)
	}
	return ctx, st, func() { end(); cancel() }, nil
}

// exec runs a statement that writes: in a batch of the writer's, where
// commits are grouped, else in its own turn.
func (s *Store) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if s.group != nil {
		return s.group.exec(ctx, query, args)
	}
	ctx, st, end, err := s.begin(ctx, query)
	if err != nil {
		return nil, err
	}
	defer end()
	res, err := st.ExecContext(ctx, args...)
	return res, cardroom.Unavailable(err)
}

// query runs a query in its turn, calls each for every row, and ends the
// turn when the rows are read. An error of each is returned as it is;
// the database's own, wrapped in cardroom.ErrUnavailable.
func (s *Store) query(ctx context.Context, each func(*sql.Rows) error, query string, args ...any) error {
	ctx, st, end, err := s.begin(ctx, query)
	if err != nil {
		return err
	}
	defer end()
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return cardroom.Unavailable(err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows); err != nil {
			return err
		}
	}
	return cardroom.Unavailable(rows.Err())
}

// queryRow runs a query of one row in its turn and scans it into dest;
// it returns sql.ErrNoRows if there is none.
func (s *Store) queryRow(ctx context.Context, query string, args []any, dest ...any) error {
	ctx, st, end, err := s.begin(ctx, query)
	if err != nil {
		return err
	}
	defer end()
	err = st.QueryRowContext(ctx, args...).Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return cardroom.Unavailable(err)
}

// flag is a boolean as the database keeps it: 1 or 0.
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A row is a game's row as the database holds its columns.
type row struct {
	seats, pending, keys string
}

// encode returns the columns of game g, of its pending change.
func encode(g *cardroom.Game, c cardroom.Change, version int64) (row, error) {
	seats, err := cardjson.AppendList(nil, g.Seats)
	if err != nil {
		return row{}, err
	}
	keys, err := g.Keys.AppendJSON(nil)
	if err != nil {
		return row{}, err
	}
	pend, err := appendPending(nil, c)
	return row{seats: string(seats), pending: string(pend), keys: string(keys)}, err
}

// appendPending appends the JSON of a commit's moves and events, as the
// pending column holds them and its trigger reads them.
func appendPending(b []byte, c cardroom.Change) ([]byte, error) {
	b = append(b, `{"moves":[`...)
	for i, m := range c.Moves {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(append(b, `{"ply":`...), int64(m.Ply), 10)
		b = append(append(append(b, `,"move":`...), m.Move...), '}')
	}
	b = append(b, `],"events":[`...)
	for i, e := range c.Events {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(append(b, `{"seq":`...), int64(e.Seq), 10)
		var err error
		if b, err = cardjson.AppendValue(append(b, `,"text":`...), &e.Text); err != nil {
			return b, err
		}
		b = strconv.AppendInt(append(b, `,"readers":`...), int64(uint16(e.To)), 10)
		if b, err = cardjson.AppendValue(append(b, `,"others":`...), &e.Others); err != nil {
			return b, err
		}
		if b, err = appendData(b, `,"data":`, e.Data); err != nil {
			return b, err
		}
		if b, err = appendData(b, `,"othersData":`, e.OthersData); err != nil {
			return b, err
		}
		b = append(b, '}')
	}
	return append(b, "]}"...), nil
}

// appendData appends member, a name and a colon, and an event's data to
// b, unless there is none.
func appendData(b []byte, member string, d cards.Data) ([]byte, error) {
	if d == nil {
		return b, nil
	}
	return d.AppendJSON(append(b, member...))
}

// pending is the moves and events of a game's last commit, as the row
// holds them.
type pending struct {
	Moves []struct {
		Ply  int             `json:"ply"`
		Move json.RawMessage `json:"move"`
	} `json:"moves"`
	Events []pendingEvent `json:"events"`
}

// A pendingEvent is an event as the row holds it: its data, and its
// others' data, the JSON of an object, or none.
type pendingEvent struct {
	Seq        int             `json:"seq"`
	Text       string          `json:"text"`
	Readers    uint16          `json:"readers"`
	Others     string          `json:"others"`
	Data       json.RawMessage `json:"data,omitempty"`
	OthersData json.RawMessage `json:"othersData,omitempty"`
}

// event returns the event the row holds.
func (e pendingEvent) event() cards.Event {
	return cards.Event{Seq: e.Seq, Text: e.Text, To: cards.PlayerSet(e.Readers), Others: e.Others,
		Data: rawData(e.Data), OthersData: rawData(e.OthersData)}
}

// rawData returns stored data as an event's data, or nil for none.
func rawData(b []byte) cards.Data {
	if len(b) == 0 {
		return nil
	}
	return cards.RawData(b)
}

// sum returns the checksum of a game's row: a SHA-256 of its columns,
// each preceded by its length, in hex.
func sum(g *cardroom.Game, r row, version int64) string {
	h := sha256.New()
	var num [20]byte
	col := func(b []byte) {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	text := func(s string) { col([]byte(s)) }
	number := func(n int64) { col(strconv.AppendInt(num[:0], n, 10)) }
	truth := func(b bool) { col(strconv.AppendBool(num[:0], b)) }
	text(g.ID)
	text(g.Rules)
	col(g.Options)
	text(r.seats)
	number(version)
	col(g.State)
	number(int64(g.Moves))
	number(int64(g.Events))
	text(r.pending)
	text(g.Client)
	truth(g.Over)
	truth(g.BotsDue)
	truth(g.Started)
	truth(g.Public)
	truth(g.Spectators)
	text(r.keys)
	text(g.Table)
	text(g.Previous)
	text(g.Next)
	text(g.Result)
	if g.Tally != "" { // a row without a tally sums as rows did before they had one
		text(g.Tally)
	}
	var out [sha256.Size]byte
	return hex.EncodeToString(h.Sum(out[:0])[:16])
}

// Insert keeps a new game and the events of its deal.
func (s *Store) Insert(ctx context.Context, g *cardroom.Game, events []cards.Event) error {
	r, err := encode(g, cardroom.Change{Events: events}, g.Version)
	if err != nil {
		return err
	}
	_, err = s.exec(ctx, `INSERT INTO games (id, game, options, seats, version, state, moves, events, pending, client, over, due,
	started, public, spectators, keys, tab, prev, next, result, tally, sum, created, updated)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		g.ID, g.Rules, string(g.Options), r.seats, g.Version, string(g.State), g.Moves, g.Events, r.pending, g.Client, flag(g.Over), flag(g.BotsDue),
		flag(g.Started), flag(g.Public), flag(g.Spectators), r.keys, g.Table, g.Previous, g.Next, g.Result, g.Tally, sum(g, r, g.Version),
		g.Created.UnixMilli(), g.Updated.UnixMilli())
	if err == nil {
		g.Kept = keptAs(r, cardroom.Change{Events: events})
	}
	return err
}

// kept is what a game's row holds beside the Game: its pending change,
// as the column holds it and decoded, which readers of the game's events
// and moves merge with their tables'.
type kept struct {
	raw    row // the columns as stored, which its checksum sums
	moves  []cardroom.StoredMove
	events []cards.Event
}

// keptOf returns what the store kept of game g.
func keptOf(g *cardroom.Game) kept {
	k, _ := g.Kept.(kept)
	return k
}

// columns are the columns of a game's row that Load reads.
const columns = `id, game, options, seats, version, state, moves, events, pending, client, over, due,
	started, public, spectators, keys, tab, prev, next, result, tally, sum, created, updated`

// scan reads a game's row from the scanner of a query of its columns. A
// row that does not match its checksum is an error wrapping
// cardroom.ErrDamaged.
func scan(scan func(dest ...any) error) (*cardroom.Game, error) {
	g := &cardroom.Game{}
	var options, seats, state, pend, keys, want string
	var created, updated int64
	err := scan(&g.ID, &g.Rules, &options, &seats, &g.Version, &state, &g.Moves, &g.Events, &pend, &g.Client, &g.Over, &g.BotsDue,
		&g.Started, &g.Public, &g.Spectators, &keys, &g.Table, &g.Previous, &g.Next, &g.Result, &g.Tally, &want, &created, &updated)
	if err != nil {
		return nil, err
	}
	g.Options, g.State, g.Created, g.Updated = json.RawMessage(options), json.RawMessage(state), time.UnixMilli(created), time.UnixMilli(updated)
	if want != "" && want != sum(g, row{seats: seats, pending: pend, keys: keys}, g.Version) {
		return g, fmt.Errorf("%w: game %s does not match its checksum", cardroom.ErrDamaged, g.ID)
	}
	k := kept{raw: row{seats: seats, pending: pend, keys: keys}}
	var p pending
	// The columns are the store's own JSON, decoded without the checks
	// of cardjson.Unmarshal.
	if err := json.Unmarshal([]byte(keys), &g.Keys); err != nil {
		return g, fmt.Errorf("%w: game %s: its keys: %w", cardroom.ErrDamaged, g.ID, err)
	}
	if err := json.Unmarshal([]byte(seats), &g.Seats); err != nil {
		return g, fmt.Errorf("%w: game %s: its seats: %w", cardroom.ErrDamaged, g.ID, err)
	}
	if err := json.Unmarshal([]byte(pend), &p); err != nil {
		return g, fmt.Errorf("%w: game %s: its pending moves: %w", cardroom.ErrDamaged, g.ID, err)
	}
	for _, m := range p.Moves {
		k.moves = append(k.moves, cardroom.StoredMove{Ply: m.Ply, Move: m.Move})
	}
	for _, e := range p.Events {
		k.events = append(k.events, e.event())
	}
	g.Kept = k
	return g, nil
}

// Load returns the game of the given id, or an error wrapping
// cardroom.ErrNoGame.
func (s *Store) Load(ctx context.Context, id string) (*cardroom.Game, error) {
	ctx, st, end, err := s.begin(ctx, `SELECT `+columns+` FROM games WHERE id = ?`)
	if err != nil {
		return nil, err
	}
	defer end()
	g, err := scan(st.QueryRowContext(ctx, id).Scan)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, fmt.Errorf("%w: %s", cardroom.ErrNoGame, id)
	case err != nil && !errors.Is(err, cardroom.ErrDamaged):
		return nil, cardroom.Unavailable(err)
	}
	return g, err
}

// Commit replaces old by next, at the version after old's, with the moves
// and events of the change, only where the game is still at old's
// version; else it returns cardroom.ErrStale. The update's trigger (see
// migrations/) copies the pending moves and events of old's commit to
// their tables.
//
// If the database fails to answer, the update may still have been made:
// Commit then reads the game again, and returns nil if it holds next's
// state at next's version, so that a change that was committed is never
// reported as failed.
func (s *Store) Commit(ctx context.Context, old, next *cardroom.Game, c cardroom.Change) error {
	r, err := encode(next, c, next.Version)
	if err != nil {
		return err
	}
	res, err := s.exec(ctx, `UPDATE games SET version = version + 1, seats = ?, state = ?, moves = ?, events = ?, pending = ?, over = ?, due = ?,
	started = ?, next = ?, result = ?, sum = ?, updated = ?
WHERE id = ? AND version = ?`,
		r.seats, string(next.State), next.Moves, next.Events, r.pending, flag(next.Over), flag(next.BotsDue),
		flag(next.Started), next.Next, next.Result, sum(next, r, next.Version), next.Updated.UnixMilli(), old.ID, old.Version)
	if err != nil {
		if s.committed(ctx, next) {
			next.Kept = keptAs(r, c)
			return nil
		}
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return cardroom.Unavailable(err)
	}
	// The update changes the one row or none; D1 counts the rows its
	// trigger inserts too.
	if n == 0 {
		return cardroom.ErrStale
	}
	next.Kept = keptAs(r, c)
	return nil
}

// keptAs returns what the store keeps of a game whose columns are raw, of
// the change c.
func keptAs(raw row, c cardroom.Change) kept {
	return kept{raw: raw, moves: c.Moves, events: c.Events}
}

// committed reports whether the game holds next as it is, after a commit
// whose answer was lost.
func (s *Store) committed(ctx context.Context, next *cardroom.Game) bool {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), statementTime)
	defer cancel()
	g, err := s.Load(ctx, next.ID)
	return err == nil && g.Version == next.Version && g.Moves == next.Moves && bytes.Equal(g.State, next.State)
}

// Events returns the game's events after the n-th, oldest first, at most
// limit of them (all if limit is negative), each with the version of its
// commit.
func (s *Store) Events(ctx context.Context, g *cardroom.Game, n, limit int) ([]cardroom.VersionedEvent, error) {
	n = max(n, 0)
	if n >= g.Events {
		return []cardroom.VersionedEvent{}, nil
	}
	p := keptOf(g)
	want := g.Events - n
	if limit >= 0 {
		want = min(want, limit)
	}
	first := g.Events + 1 // the first event of the row's pending events
	if len(p.events) > 0 {
		first = p.events[0].Seq
	}
	events := make([]cardroom.VersionedEvent, 0, want)
	if n+1 < first {
		err := s.query(ctx, func(rows *sql.Rows) error {
			var e cardroom.VersionedEvent
			var readers uint16
			var data, others string
			if err := rows.Scan(&e.Seq, &e.Text, &readers, &e.Others, &data, &others, &e.Version); err != nil {
				return cardroom.Unavailable(err)
			}
			e.To, e.Data, e.OthersData = cards.PlayerSet(readers), rawData([]byte(data)), rawData([]byte(others))
			events = append(events, e)
			return nil
		}, `SELECT seq, text, readers, others, data, others_data, version FROM events WHERE game = ? AND seq > ? AND seq < ? ORDER BY seq LIMIT ?`, g.ID, n, first, want)
		if err != nil {
			return nil, err
		}
	}
	for _, e := range p.events {
		if e.Seq > n && len(events) < want {
			events = append(events, cardroom.VersionedEvent{Event: e, Version: g.Version})
		}
	}
	if len(events) != want || (want > 0 && events[0].Seq != n+1) {
		return nil, fmt.Errorf("%w: game %s: %d events after the %d-th, not %d", cardroom.ErrDamaged, g.ID, len(events), n, want)
	}
	return events, nil
}

// EventsAt returns the number of the last event of game g at version v.
func (s *Store) EventsAt(ctx context.Context, g *cardroom.Game, v int64) (int, error) {
	if v >= g.Version {
		return g.Events, nil
	}
	var seq int
	err := s.queryRow(ctx, `SELECT coalesce(max(seq), 0) FROM events WHERE game = ? AND version <= ?`, []any{g.ID, v}, &seq)
	return seq, err
}

// Moves returns every move the game accepted, in order.
func (s *Store) Moves(ctx context.Context, g *cardroom.Game) ([]json.RawMessage, error) {
	p := keptOf(g)
	first := g.Moves + 1
	if len(p.moves) > 0 {
		first = p.moves[0].Ply
	}
	moves := make([]json.RawMessage, 0, g.Moves)
	err := s.query(ctx, func(rows *sql.Rows) error {
		var m string
		if err := rows.Scan(&m); err != nil {
			return cardroom.Unavailable(err)
		}
		moves = append(moves, json.RawMessage(m))
		return nil
	}, `SELECT move FROM moves WHERE game = ? AND ply < ? ORDER BY ply`, g.ID, first)
	if err != nil {
		return nil, err
	}
	for _, m := range p.moves {
		moves = append(moves, m.Move)
	}
	if len(moves) != g.Moves {
		return nil, fmt.Errorf("%w: game %s: %d moves stored, not %d", cardroom.ErrDamaged, g.ID, len(moves), g.Moves)
	}
	return moves, nil
}

// Settle clears the mark of a game whose bots were due, if the game is
// still at g's version.
func (s *Store) Settle(ctx context.Context, g *cardroom.Game) error {
	settled := *g
	settled.BotsDue = false
	_, err := s.exec(ctx, `UPDATE games SET due = 0, sum = ? WHERE id = ? AND version = ?`, sum(&settled, keptOf(g).raw, settled.Version), g.ID, g.Version)
	return err
}

// Remove deletes a game with its events and moves.
func (s *Store) Remove(ctx context.Context, id string) error {
	_, err := s.exec(ctx, `DELETE FROM games WHERE id = ?`, id)
	return err
}

// page reads a page's cursor: the time of the game it ends with, and its
// row's number, for rows are numbered as they are inserted.
func page(p cardroom.Page) (created, rowid int64, err error) {
	if p.Cursor == "" {
		return math.MaxInt64, math.MaxInt64, nil
	}
	t, n, ok := strings.Cut(p.Cursor, ".")
	created, err1 := strconv.ParseInt(t, 10, 64)
	rowid, err2 := strconv.ParseInt(n, 10, 64)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, cards.BadInput("%q is a cursor of no list", p.Cursor)
	}
	return created, rowid, nil
}

// cursor returns the cursor of a page that ends with the row of the given
// time and number.
func cursor(created time.Time, rowid int64) string {
	return strconv.FormatInt(created.UnixMilli(), 10) + "." + strconv.FormatInt(rowid, 10)
}

// games reads a page of the games a query of their columns and rowid,
// cut by the cursor's time and rowid and limited to the page, returns.
func (s *Store) games(ctx context.Context, p cardroom.Page, query string, args ...any) ([]*cardroom.Game, string, error) {
	created, rowid, err := page(p)
	if err != nil {
		return nil, "", err
	}
	var games []*cardroom.Game
	var rowids []int64
	err = s.query(ctx, func(rows *sql.Rows) error {
		var n int64
		g, err := scan(func(dest ...any) error { return rows.Scan(append(dest, &n)...) })
		if err != nil {
			return err
		}
		games, rowids = append(games, g), append(rowids, n)
		return nil
	}, query, append(args, created, created, rowid, p.Limit+1)...)
	if err != nil || len(games) <= p.Limit {
		return games, "", err
	}
	return games[:p.Limit], cursor(games[p.Limit-1].Created, rowids[p.Limit-1]), nil
}

// Lobby returns a page of the public games that wait for players, of the
// named game ("" for all), newest first, and the cursor of the next page.
func (s *Store) Lobby(ctx context.Context, rules string, p cardroom.Page) ([]*cardroom.Game, string, error) {
	return s.games(ctx, p, `SELECT `+columns+`, rowid FROM games
WHERE public = 1 AND started = 0 AND (? = '' OR game = ?) AND (created < ? OR (created = ? AND rowid < ?))
ORDER BY created DESC, rowid DESC LIMIT ?`, rules, rules)
}

// Table returns a page of the games of a table, newest first, the cursor
// of the next page, and the table's newest game.
func (s *Store) Table(ctx context.Context, table string, p cardroom.Page) ([]*cardroom.Game, string, *cardroom.Game, error) {
	games, next, err := s.games(ctx, p, `SELECT `+columns+`, rowid FROM games
WHERE tab = ? AND (created < ? OR (created = ? AND rowid < ?))
ORDER BY created DESC, rowid DESC LIMIT ?`, table)
	if err != nil {
		return nil, "", nil, err
	}
	if p.Cursor == "" && len(games) > 0 {
		return games, next, games[0], nil
	}
	newest, _, err := s.games(ctx, cardroom.Page{Limit: 1}, `SELECT `+columns+`, rowid FROM games
WHERE tab = ? AND (created < ? OR (created = ? AND rowid < ?))
ORDER BY created DESC, rowid DESC LIMIT ?`, table)
	if err != nil || len(newest) == 0 {
		return games, next, nil, err
	}
	return games, next, newest[0], nil
}

// Count counts the games not over and those waiting for players, in all
// and of a client ("" for none), and those whose bots must act.
func (s *Store) Count(ctx context.Context, client string) (cardroom.Counts, error) {
	var n cardroom.Counts
	for _, q := range []struct {
		query string
		args  []any
		to    *int
	}{
		{`SELECT count(*) FROM games WHERE over = 0`, nil, &n.Open},
		{`SELECT count(*) FROM games WHERE client = ? AND over = 0`, []any{client}, &n.Mine},
		{`SELECT count(*) FROM games WHERE started = 0`, nil, &n.Waiting},
		{`SELECT count(*) FROM games WHERE started = 0 AND client = ?`, []any{client}, &n.MineWaiting},
		{`SELECT count(*) FROM games WHERE due = 1`, nil, &n.Due},
	} {
		if err := s.queryRow(ctx, q.query, q.args, q.to); err != nil {
			return n, err
		}
	}
	return n, nil
}

// Due returns the ids of at most limit games whose bots must move and that
// nobody changed since before.
func (s *Store) Due(ctx context.Context, before time.Time, limit int) ([]string, error) {
	return s.ids(ctx, `SELECT id FROM games WHERE due = 1 AND updated < ? ORDER BY updated LIMIT ?`, before.UnixMilli(), limit)
}

// IDs returns the ids of at most limit games after the given one, in
// order.
func (s *Store) IDs(ctx context.Context, after string, limit int) ([]string, error) {
	return s.ids(ctx, `SELECT id FROM games WHERE id > ? ORDER BY id LIMIT ?`, after, limit)
}

// ids returns the ids a query of them returns.
func (s *Store) ids(ctx context.Context, query string, args ...any) ([]string, error) {
	var ids []string
	err := s.query(ctx, func(rows *sql.Rows) error {
		var id string
		if err := rows.Scan(&id); err != nil {
			return cardroom.Unavailable(err)
		}
		ids = append(ids, id)
		return nil
	}, query, args...)
	return ids, err
}

// Expire deletes at most limit games over since before finished,
// unchanged since before idle, or made before waiting and waiting for
// players still (whatever claims and leaves changed them since), with
// their events and moves, and returns how many it deleted. A zero time
// deletes none of that kind.
func (s *Store) Expire(ctx context.Context, finished, idle, waiting time.Time, limit int) (int, error) {
	at := func(t time.Time) int64 {
		if t.IsZero() {
			return math.MinInt64
		}
		return t.UnixMilli()
	}
	ids, err := s.ids(ctx, `SELECT id FROM games WHERE over = 1 AND updated < ?
	UNION ALL SELECT id FROM games WHERE over = 0 AND started = 1 AND updated < ?
	UNION ALL SELECT id FROM games WHERE started = 0 AND created < ?
	LIMIT ?`, at(finished), at(idle), at(waiting), limit)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		if err := s.Remove(ctx, id); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Ping reports whether the database answers.
func (s *Store) Ping(ctx context.Context) error {
	var n int
	return s.queryRow(ctx, `SELECT count(*) FROM d1_migrations`, nil, &n)
}
