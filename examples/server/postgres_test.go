//go:build !js

package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/cardrules/games/cards/server"
	"github.com/cardrules/games/internal/pgtest"
	"github.com/cardrules/games/internal/skipnote"
)

// note says on the terminal why a test skipped (package skipnote).
var note = skipnote.New("examples/server")

// pg is the PostgreSQL server of the tests, started when first needed.
var pg = pgtest.NewShared(note)

func TestMain(m *testing.M) { pg.Main(m) }

// postgresConfig is testConfig on a new PostgreSQL database.
func postgresConfig(t *testing.T) config {
	c := testConfig(t)
	c.db, c.dbConns = pg.Database(t), 8
	return c
}

// TestPostgres: -db postgres://… serves the games from PostgreSQL, never
// logs the address's password, and -verify replays them.
func TestPostgres(t *testing.T) {
	c := postgresConfig(t)
	c.db = strings.Replace(c.db, "postgres@", "postgres:secret@", 1)
	var log syncBuffer
	url, stop := startWith(t, c, &log)
	cl := &server.Client{URL: url + "/api"}
	created, err := cl.Create(t.Context(), server.CreateRequest{Game: "ninekingdoms", Seats: []string{server.Human, "random"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cl.View(t.Context(), created.ID, created.Seats[0].Token, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "dialect=postgresql") || strings.Contains(log.String(), "secret") {
		t.Errorf("the log of a server on PostgreSQL:\n%s", log.String())
	}
	var out bytes.Buffer
	if code := run([]string{"-db", c.db, "-verify"}, &out, io.Discard); code != 0 || !strings.Contains(out.String(), "1 games checked, 0 damaged") {
		t.Errorf("-verify: exit %d: %s", code, out.String())
	}
}
