package sqlstore_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/server/cardroom"
	"github.com/cardrules/games/cards/server/sqlstore"
)

// openSQLite opens a new SQLite database in a temporary folder, migrated,
// as a server opens it: WAL, a few connections, full syncs.
func openSQLite(t *testing.T) *sql.DB {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.db")
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(FULL)&_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.SetMaxOpenConns(4)
	if _, err := sqlstore.Migrate(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	return db
}

// TestBatchFailsHalfWay: commits grouped in one transaction, of which some
// fail in the database: each failed commit is refused and changes
// nothing, each other is committed once, and nothing is lost or doubled.
func TestBatchFailsHalfWay(t *testing.T) {
	db := openSQLite(t)
	store := sqlstore.New(db, sqlstore.Options{MaxStatements: 4, MaxWrites: 1, GroupCommit: true})
	ctx := t.Context()
	const games = 48
	var gs []*cardroom.Game
	for i := range games {
		g := &cardroom.Game{ID: fmt.Sprintf("g%02d", i), Rules: "crown", Options: json.RawMessage(`{}`), Version: 1,
			State: json.RawMessage(`{}`), Events: 1, Started: true, Created: time.Now(), Updated: time.Now()}
		if err := store.Insert(ctx, g, []cards.Event{{Seq: 1, Text: "dealt"}}); err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
	}
	// Every third game's commits fail in the database, within the batch.
	if _, err := db.ExecContext(ctx, `CREATE TRIGGER fail BEFORE UPDATE OF version ON games
WHEN CAST(substr(NEW.id, 2) AS INTEGER) % 3 = 0 BEGIN SELECT RAISE(ABORT, 'the disk said no'); END`); err != nil {
		t.Fatal(err)
	}
	errs := make([]error, games)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, g := range gs {
		wg.Go(func() {
			<-start
			next := *g
			next.Version, next.Moves, next.Events = 2, 1, 2
			next.State = json.RawMessage(`{"moved":true}`)
			errs[i] = store.Commit(ctx, g, &next, cardroom.Change{
				Moves:  []cardroom.StoredMove{{Ply: 1, Move: json.RawMessage(`{"player":0}`)}},
				Events: []cards.Event{{Seq: 2, Text: "moved"}},
			})
		})
	}
	close(start)
	wg.Wait()
	committed, refused := 0, 0
	for i, g := range gs {
		stored, err := store.Load(context.Background(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		events, err := store.Events(ctx, stored, 0, -1)
		if err != nil {
			t.Fatal(err)
		}
		moves, err := store.Moves(ctx, stored)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case i%3 == 0:
			refused++
			if !errors.Is(errs[i], cardroom.ErrUnavailable) || stored.Version != 1 || len(events) != 1 || len(moves) != 0 {
				t.Errorf("game %s, whose commit failed: %v; version %d, %d events, %d moves", g.ID, errs[i], stored.Version, len(events), len(moves))
			}
		default:
			committed++
			if errs[i] != nil || stored.Version != 2 || len(events) != 2 || len(moves) != 1 {
				t.Errorf("game %s, committed beside failures: %v; version %d, %d events, %d moves", g.ID, errs[i], stored.Version, len(events), len(moves))
			}
		}
	}
	batches, writes := store.Batches()
	t.Logf("%d commits at once, every third failing in the database: %d committed, %d refused; %d writes in %d transactions", games, committed, refused, writes, batches)
	if batches >= writes {
		t.Errorf("%d writes in %d transactions: none grouped", writes, batches)
	}
	// A commit again from the old version is stale, and doubles nothing.
	next := *gs[1]
	next.Version = 2
	if err := store.Commit(ctx, gs[1], &next, cardroom.Change{}); !errors.Is(err, cardroom.ErrStale) {
		t.Errorf("a commit from a version gone: %v, want stale", err)
	}
}
