package servertest_test

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite"

	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/server"
	"github.com/cardrules/games/cards/server/servertest"
	"github.com/cardrules/games/crown"
	"github.com/cardrules/games/examples/crazyeights"
)

// TestRunTestsAServerOfAnyGames runs the suite against a server of a game
// from outside the module's catalog beside one of the module's: the games
// tested are those the server's catalog lists. (Parallel subtests run
// after this function returns: the server closes at the test's cleanup.)
func TestRunTestsAServerOfAnyGames(t *testing.T) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "games.db")+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := server.Migrate(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	games := []anygame.Game{anygame.Of(crazyeights.Rules{}), anygame.Of(crown.Rules{})}
	h := server.New(db, server.Config{
		Games:  games,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Limits: server.Limits{RequestRate: -1, CreateRate: -1, OpenGamesPerClient: -1, WaitingGamesPerClient: -1, BotGamesPerClient: -1, BotsWaiting: -1, StreamsPerClient: -1},
	})
	t.Cleanup(func() { h.Close() })
	mux := http.NewServeMux()
	mux.Handle("/api/", http.StripPrefix("/api", h))
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	servertest.Run(t, servertest.Config{URL: ts.URL + "/api", Snapshot: h.Snapshot, Games: games, Seed: 2})
}
