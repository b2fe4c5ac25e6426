package server_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardrules/games/cards/server"
)

// TestStreamChurnCostsFollowersNothing: streams of a game that open and
// close read the game for themselves only; its followers read nothing of
// it (the count of a database's reads of the game's row).
func TestStreamChurnCostsFollowersNothing(t *testing.T) {
	db, reads := countingDB(t)
	_, url := serveOn(t, db, server.Config{Limits: oneClient})
	cl := &server.Client{URL: url}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	created, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}, Spectators: true})
	if err != nil {
		t.Fatal(err)
	}
	const followers, churned = 20, 50
	for range followers {
		status, done := openStream(ctx, url, created.ID)
		if status != http.StatusOK {
			t.Fatalf("a follower's stream: %d", status)
		}
		defer done()
	}
	time.Sleep(100 * time.Millisecond)
	before := reads.Load()
	for range churned {
		_, done := openStream(ctx, url, created.ID)
		done()
	}
	time.Sleep(200 * time.Millisecond) // the followers would have read by now
	n := reads.Load() - before
	t.Logf("%d streams opened and closed beside %d followers: %d reads of the game", churned, followers, n)
	if most := int64(2*churned + 5); n > most { // each stream reads the game as it opens, and for its first message
		t.Errorf("%d reads of the game for %d streams opened and closed beside %d followers; want at most %d", n, churned, followers, most)
	}
}

// TestStreamsReadOncePerCommit: a game's streams hear of the commits of
// their handler from memory, with no read of the store; of another
// handler's commits (on the same database, told by Published), with one
// read of the game's row a commit whatever the number of its streams.
func TestStreamsReadOncePerCommit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	dbA, readsA := countingDBAt(t, path)
	dbB, readsB := countingDBAt(t, path)
	var hB *server.Handler
	_, urlA := serveOn(t, dbA, server.Config{Limits: oneClient, MaxWrites: 1, Published: func(id string, _ int64) { hB.Publish(id) }})
	hB, urlB := serveOn(t, dbB, server.Config{Limits: oneClient, MaxWrites: 1})
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	cl := &server.Client{URL: urlA}
	created, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Options: json.RawMessage(`{"maxTurns":60}`), Seats: []string{server.Human, server.Human}, Spectators: true})
	if err != nil {
		t.Fatal(err)
	}
	// Each seat follows the game on A, and plays from its stream; ten
	// spectators follow it on each handler.
	var mu sync.Mutex
	seats := make([]server.SeatView, 2)
	news := make(chan struct{}, 1)
	for i := range 2 {
		go cl.Follow(ctx, created.ID, created.Seats[i].Token, 0, func(v server.SeatView) error {
			if v.View != nil {
				mu.Lock()
				seats[i] = v
				mu.Unlock()
				select {
				case news <- struct{}{}:
				default:
				}
			}
			return nil
		})
	}
	var seen [2]atomic.Int64
	for h, url := range []string{urlA, urlB} {
		for range 10 {
			go (&server.Client{URL: url}).Follow(ctx, created.ID, "", 0, func(v server.SeatView) error {
				if v.View != nil {
					seen[h].Store(v.Version)
				}
				return nil
			})
		}
	}
	time.Sleep(500 * time.Millisecond) // every stream opened and caught up
	a0, b0 := readsA.Load(), readsB.Load()
	moves := 0
	var version int64
	for moves < 30 {
		select {
		case <-news:
		case <-time.After(10 * time.Second):
			t.Fatal("no news of the game")
		}
		mu.Lock()
		views := slices.Clone(seats)
		mu.Unlock()
		for i, v := range views {
			var h struct {
				ToAct []int             `json:"toAct"`
				Over  bool              `json:"over"`
				Moves []json.RawMessage `json:"moves"`
			}
			json.Unmarshal(v.View, &h)
			if v.Version < max(views[0].Version, views[1].Version) || len(h.Moves) == 0 || h.Over || v.Version <= version {
				continue
			}
			if _, err := cl.Move(ctx, created.ID, created.Seats[i].Token, v.Version, h.Moves[0], -1); err != nil {
				t.Fatal(err)
			}
			version = v.Version
			moves++
		}
	}
	final := version + 1
	for deadline := time.Now().Add(10 * time.Second); (seen[0].Load() < final || seen[1].Load() < final) && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	a, b := readsA.Load()-a0, readsB.Load()-b0
	t.Logf("%d moves on handler A, each followed by 12 streams on A and 10 on B: %d reads of the game's row on A, %d on B", moves, a, b)
	if seen[0].Load() < final || seen[1].Load() < final {
		t.Fatalf("the spectators saw versions %d and %d, not %d", seen[0].Load(), seen[1].Load(), final)
	}
	if a > 2 {
		t.Errorf("%d reads of the game on the handler that made its %d commits", a, moves)
	}
	if b > int64(moves)+2 {
		t.Errorf("%d reads of the game on another handler for %d commits", b, moves)
	}
}

// openStream opens a stream of game id without a key, reads its first
// message, and returns its status and a function that closes it.
func openStream(ctx context.Context, url, id string) (int, func()) {
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/games/"+id+"/stream", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, func() {}
	}
	if resp.StatusCode == http.StatusOK {
		resp.Body.Read(make([]byte, 1))
	}
	return resp.StatusCode, func() { resp.Body.Close() }
}

// countingDB opens a migrated SQLite database whose reads of a game's row
// are counted.
func countingDB(t *testing.T) (*sql.DB, *atomic.Int64) {
	return countingDBAt(t, filepath.Join(t.TempDir(), "games.db"))
}

// countingDBAt opens the SQLite database of the file given, migrated,
// its reads of a game's row counted.
func countingDBAt(t *testing.T, path string) (*sql.DB, *atomic.Int64) {
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)"
	plain, err := sql.Open("sqlite", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	if _, err := server.Migrate(t.Context(), plain); err != nil {
		t.Fatal(err)
	}
	c := &countingConnector{drv: plain.Driver(), dsn: dsn, reads: new(atomic.Int64)}
	db := sql.OpenDB(c)
	t.Cleanup(func() { db.Close() })
	return db, c.reads
}

// A countingConnector opens connections whose statements that read a
// game's row are counted.
type countingConnector struct {
	drv   driver.Driver
	dsn   string
	reads *atomic.Int64
}

func (c *countingConnector) Connect(context.Context) (driver.Conn, error) {
	conn, err := c.drv.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	return &countingConn{Conn: conn, reads: c.reads}, nil
}

func (c *countingConnector) Driver() driver.Driver { return c.drv }

type countingConn struct {
	driver.Conn
	reads *atomic.Int64
}

func (c *countingConn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

func (c *countingConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	var st driver.Stmt
	var err error
	if p, ok := c.Conn.(driver.ConnPrepareContext); ok {
		st, err = p.PrepareContext(ctx, query)
	} else {
		st, err = c.Conn.Prepare(query)
	}
	if err != nil || !strings.HasPrefix(query, "SELECT id, game, options, seats") {
		return st, err
	}
	return &countingStmt{Stmt: st, reads: c.reads}, nil
}

func (c *countingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if b, ok := c.Conn.(driver.ConnBeginTx); ok {
		return b.BeginTx(ctx, opts)
	}
	return c.Conn.Begin() //lint:ignore SA1019 the driver offers nothing else
}

type countingStmt struct {
	driver.Stmt
	reads *atomic.Int64
}

func (s *countingStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	s.reads.Add(1)
	return s.Stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
}
