package server_test

import (
	"context"
	"database/sql"
	"io/fs"
	"path"
	"slices"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/server"
	"github.com/cardrules/games/cards/server/pgnews"
	"github.com/cardrules/games/cards/server/servertest"
	"github.com/cardrules/games/cards/server/servertest/pgtest"
	"github.com/cardrules/games/cards/server/servertest/skipnote"
)

// note says on the terminal why a test skipped (package skipnote).
var note = skipnote.New("cards/server")

// pg is the PostgreSQL server of the tests, started when first needed.
var pg = pgtest.NewShared(note)

func TestMain(m *testing.M) { pg.Main(m) }

// openPostgres opens a new PostgreSQL database and migrates it.
func openPostgres(t testing.TB) *sql.DB {
	t.Helper()
	db, err := sql.Open("pgx", pg.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	// Connections kept open: a new one is a process of PostgreSQL's, and
	// prepares its statements anew.
	db.SetMaxOpenConns(pgConns)
	db.SetMaxIdleConns(pgConns)
	applied, err := server.PostgreSQL.Migrate(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	if len(applied) == 0 {
		t.Fatal("no migration applied to a new database")
	}
	return db
}

// pgConns is the size of the tests' pools of connections to PostgreSQL.
const pgConns = 8

// onEach runs a test on a new database of each dialect, in a subtest
// named after it.
func onEach(t *testing.T, test func(t *testing.T, db *sql.DB, d server.Dialect)) {
	for _, d := range []server.Dialect{server.SQLite, server.PostgreSQL} {
		t.Run(d.String(), func(t *testing.T) {
			open := openDB
			if d == server.PostgreSQL {
				open = openPostgres
			}
			test(t, open(t), d)
		})
	}
}

// columns returns each table's columns, in order, as the database's
// catalog lists them.
func columns(t *testing.T, db *sql.DB, d server.Dialect) map[string][]string {
	query := `SELECT m.name, c.name FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, c.cid`
	if d == server.PostgreSQL {
		query = `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`
	}
	rows, err := db.QueryContext(t.Context(), query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols := map[string][]string{}
	for rows.Next() {
		var table, col string
		if err := rows.Scan(&table, &col); err != nil {
			t.Fatal(err)
		}
		cols[table] = append(cols[table], col)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return cols
}

// TestSchemas: the migrations of each dialect, from their own files, give
// the same tables with the same columns (PostgreSQL's games has rowid,
// which SQLite's has without listing it); migrating again applies none.
func TestSchemas(t *testing.T) {
	sqlite, postgres := openDB(t), openPostgres(t)
	want := columns(t, sqlite, server.SQLite)
	got := columns(t, postgres, server.PostgreSQL)
	got["games"] = slices.DeleteFunc(got["games"], func(c string) bool { return c == "rowid" })
	if len(want) != len(got) {
		t.Errorf("SQLite's tables %v, PostgreSQL's %v", want, got)
	}
	for table, cols := range want {
		if !slices.Equal(cols, got[table]) {
			t.Errorf("table %s: SQLite's columns %v, PostgreSQL's %v", table, cols, got[table])
		}
	}
	if s, p := names(t, "migrations"), names(t, "migrations/postgres"); !slices.Equal(s, p) {
		t.Errorf("SQLite's migrations %v, PostgreSQL's %v: each has a file of the same name", s, p)
	}
	if applied, err := server.PostgreSQL.Migrate(t.Context(), postgres); err != nil || len(applied) != 0 {
		t.Errorf("migrating a migrated database applied %v: %v", applied, err)
	}
}

// TestMigrateAtOnce: processes that start at once on one new PostgreSQL
// database migrate it once between them.
func TestMigrateAtOnce(t *testing.T) {
	url := pg.Database(t)
	var (
		mu      sync.Mutex
		applied []string
		wg      sync.WaitGroup
	)
	for range 4 {
		wg.Go(func() {
			db, err := sql.Open("pgx", url)
			if err != nil {
				t.Error(err)
				return
			}
			defer db.Close()
			names, err := server.PostgreSQL.Migrate(context.Background(), db)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			applied = append(applied, names...)
			mu.Unlock()
		})
	}
	wg.Wait()
	slices.Sort(applied)
	if want := names(t, "migrations/postgres"); !slices.Equal(applied, want) {
		t.Errorf("four processes at once applied %v, want %v once each", applied, want)
	}
}

// names returns the names of the migrations of a folder of Migrations.
func names(t *testing.T, dir string) []string {
	files, err := fs.Glob(server.Migrations, dir+"/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations in %s: %v", dir, err)
	}
	for i, f := range files {
		files[i] = path.Base(f)
	}
	slices.Sort(files)
	return files
}

// twoHandlers serves two handlers of one new PostgreSQL database, each
// with its own pool of connections, as two processes would, and returns
// them with their API's roots. Each tells the other of its commits as
// processes do (package pgnews): a NOTIFY after each commit, and a
// listener that passes what it hears to its handler. Each handler is
// configured by c, edited for it by edit if it is not nil.
func twoHandlers(t *testing.T, c server.Config, edit func(i int, db *sql.DB, c *server.Config)) ([]*server.Handler, []string) {
	url := pg.Database(t)
	c.Dialect = server.PostgreSQL
	if c.Limits == (server.Limits{}) {
		c.Limits = oneClient
	}
	var hs []*server.Handler
	var urls []string
	listening := make(chan struct{}, 2)
	for i := range 2 {
		db, err := sql.Open("pgx", url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		db.SetMaxOpenConns(pgConns)
		db.SetMaxIdleConns(pgConns)
		if _, err := server.PostgreSQL.Migrate(t.Context(), db); err != nil {
			t.Fatal(err)
		}
		news := pgnews.NewNotifier(db, nil)
		t.Cleanup(func() { news.Close() })
		ci := c
		// A connection of the pool is left to the news, which never
		// wait for a request's statements.
		ci.MaxStatements, ci.Published = pgConns-1, news.Published
		if edit != nil {
			edit(i, db, &ci)
		}
		h, u := serveOn(t, db, ci)
		hs, urls = append(hs, h), append(urls, u)
		ctx, stop := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			defer close(done)
			pgnews.Listen(ctx, url, h, ci.Logger, func() { listening <- struct{}{} })
		}()
		t.Cleanup(func() { stop(); <-done })
	}
	for range 2 {
		<-listening
	}
	return hs, urls
}

// TestTwoHandlers runs the suites against two handlers of one PostgreSQL
// database, as two processes behind a load balancer: each client's
// requests alternate between them.
func TestTwoHandlers(t *testing.T) {
	hs, urls := twoHandlers(t, server.Config{}, nil)
	alternate := servertest.Alternating(urls...)
	c := servertest.Config{URL: urls[0], HTTP: alternate(0), Snapshot: hs[1].Snapshot, Seed: 3,
		Bots: []string{anygame.RandomBot, anygame.ISMCTSBot + ":strength=1"}}
	t.Run("run", func(t *testing.T) { servertest.Run(t, c) })
	t.Run("tables", func(t *testing.T) { servertest.Tables(t, c) })
	t.Run("live", func(t *testing.T) {
		rep := servertest.Live(t, servertest.LiveConfig{URL: urls[0], Client: alternate, Games: 10, Duration: 3 * time.Second, Seed: 3})
		t.Logf("live across two handlers (NOTIFY): %v", rep)
	})
}

// TestTwoHandlersHostile attacks two handlers of one PostgreSQL database
// of the default limits, each client's requests alternating between
// them: a stream served by one ends when its seat is left through the
// other, and each limit binds across both (the rates count per handler).
func TestTwoHandlersHostile(t *testing.T) {
	limits := server.Limits{BotTime: 100 * time.Millisecond, EventsPerAnswer: 100, TurnTime: 2 * time.Second}
	_, urls := twoHandlers(t, server.Config{Limits: limits, ClientHeader: "X-Client"}, nil)
	servertest.Hostile(t, servertest.HostileConfig{URL: urls[0], Client: servertest.Named("X-Client", servertest.Alternating(urls...)), Seed: 2, Servers: 2})
}
