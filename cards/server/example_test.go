package server_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite"

	"github.com/cardrules/games/cards/server"
)

// A server of every game on an SQLite file, and a game of Claim the
// Crown played through its API with the Go client: a person against the
// random bot.
func Example() {
	dir, err := os.MkdirTemp("", "games")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "games.db")+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if _, err := server.Migrate(ctx, db); err != nil {
		log.Fatal(err)
	}
	h := server.New(db, server.Config{MaxWrites: 1}) // SQLite writes one change at a time
	defer h.Close()
	mux := http.NewServeMux()
	mux.Handle("/api/", http.StripPrefix("/api", h))
	ts := httptest.NewServer(mux) // http.ListenAndServe(":8080", mux) in a program
	defer ts.Close()

	cl := server.Client{URL: ts.URL + "/api"}
	created, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, "random"}, Name: "Ann"})
	if err != nil {
		log.Fatal(err)
	}
	ann := created.Seats[0].Token // Ann's seat, P1, who plays first
	v, err := cl.View(ctx, created.ID, ann, 0, 0)
	if err != nil {
		log.Fatal(err)
	}
	var view struct{ Moves []json.RawMessage }
	if err := json.Unmarshal(v.View, &view); err != nil {
		log.Fatal(err)
	}
	fmt.Println(v.Names[0], "plays", v.Seats[1], "at version", v.Version)
	after, err := cl.Move(ctx, created.ID, ann, v.Version, view.Moves[0], len(v.Events))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("moves:", after.Moves, "at version", after.Version)
	// Output:
	// Ann plays random at version 1
	// moves: 1 at version 2
}
