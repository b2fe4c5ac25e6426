package server_test

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/server"
	"github.com/cardrules/games/cards/server/servertest"
)

// openDB opens a new SQLite database in a temporary folder and migrates
// it.
func openDB(t testing.TB) *sql.DB {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.db")
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	applied, err := server.Migrate(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if len(applied) == 0 {
		t.Fatal("no migration applied to a new database")
	}
	return db
}

// serve starts a handler on a new database and returns it with its API's
// root.
func serve(t testing.TB) (*server.Handler, string) {
	return serveWith(t, server.Config{})
}

// serveWith is serve with a configuration; its Logger is the test's.
// Its zero Limits are those of a server for one client that plays many
// games at once, as the tests do: no rate limit and no quota of a client.
func serveWith(t testing.TB, c server.Config) (*server.Handler, string) {
	if c.Limits == (server.Limits{}) {
		c.Limits = oneClient
	}
	return serveOn(t, openDB(t), c)
}

// oneClient are the limits of a server that one client uses, as hard as
// it likes.
var oneClient = server.Limits{RequestRate: -1, CreateRate: -1, OpenGamesPerClient: -1, WaitingGamesPerClient: -1, BotGamesPerClient: -1, BotsWaiting: -1, StreamsPerClient: -1}

// serveOn serves a handler of db; its Logger is the test's.
func serveOn(t testing.TB, db *sql.DB, c server.Config) (*server.Handler, string) {
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewTextHandler(testLog{t}, nil))
	}
	h := server.New(db, c)
	t.Cleanup(func() { h.Close() })
	mux := http.NewServeMux()
	mux.Handle("/api/", http.StripPrefix("/api", h))
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return h, ts.URL + "/api"
}

// testLog writes the server's log to the test's.
type testLog struct{ t testing.TB }

func (l testLog) Write(b []byte) (int, error) {
	l.t.Log(string(b))
	return len(b), nil
}

func TestServer(t *testing.T) {
	onEach(t, func(t *testing.T, db *sql.DB, d server.Dialect) {
		h, url := serveOn(t, db, server.Config{Dialect: d, Limits: oneClient})
		servertest.Run(t, servertest.Config{URL: url, Snapshot: h.Snapshot, Seed: 1,
			Bots: []string{anygame.RandomBot, anygame.ISMCTSBot + ":strength=1", anygame.MonteCarloBot}})
	})
}

func TestMigrateTwice(t *testing.T) {
	db := openDB(t)
	applied, err := server.Migrate(context.Background(), db)
	if err != nil || len(applied) != 0 {
		t.Fatalf("migrating a migrated database applied %v: %v", applied, err)
	}
	var tables []string
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		rows.Scan(&name)
		tables = append(tables, name)
	}
	for _, want := range []string{"d1_migrations", "events", "games", "moves"} {
		if !slices.Contains(tables, want) {
			t.Errorf("no table %s among %v", want, tables)
		}
	}
}

// TestHostile attacks a handler of the default limits, whose clients are
// told apart by a header as behind a proxy.
func TestHostile(t *testing.T) {
	limits := server.Limits{BotTime: 100 * time.Millisecond, EventsPerAnswer: 100, TurnTime: 2 * time.Second}
	_, url := serveWith(t, server.Config{Limits: limits, ClientHeader: "X-Client"})
	servertest.Hostile(t, servertest.HostileConfig{URL: url, Client: servertest.HeaderClients("X-Client"), Seed: 1})
}

// TestTables meets around tables: seats by name, the lobby, spectators,
// rematches.
func TestTables(t *testing.T) {
	onEach(t, func(t *testing.T, db *sql.DB, d server.Dialect) {
		h, url := serveOn(t, db, server.Config{Dialect: d, Limits: oneClient})
		servertest.Tables(t, servertest.Config{URL: url, Snapshot: h.Snapshot, Seed: 1})
	})
}

// TestLive follows games live while they are played, the connections cut
// now and then.
func TestLive(t *testing.T) {
	_, url := serve(t)
	servertest.Live(t, servertest.LiveConfig{URL: url, Games: 10, Duration: 3 * time.Second, Seed: 1})
}

// TestLivePaged follows games live where a version may hold more events
// than an answer does: its events come in several messages.
func TestLivePaged(t *testing.T) {
	limits := oneClient
	limits.EventsPerAnswer = 2
	_, url := serveWith(t, server.Config{Limits: limits})
	servertest.Live(t, servertest.LiveConfig{URL: url, Games: 4, Duration: 2 * time.Second, Seed: 2})
}
