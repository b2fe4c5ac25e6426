//go:build !js

package gameserver

import (
	"context"
	"database/sql"
	"log/slog"
	"net/url"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/cardrules/games/cards/server"
)

// isPostgres reports whether -db names a PostgreSQL database
// (postgres://… or postgresql://…) rather than an SQLite file.
func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// dbName is -db as the log shows it: a PostgreSQL address without its
// password.
func dbName(db string) string {
	if !isPostgres(db) {
		return db
	}
	u, err := url.Parse(db)
	if err != nil {
		return "postgres://…"
	}
	return u.Redacted()
}

// openPostgres opens the PostgreSQL database of the address, with a pool
// of conns connections, and sets up its schema. Several servers may
// share the database.
func openPostgres(ctx context.Context, address string, conns int, log *slog.Logger) (*sql.DB, error) {
	db, err := sql.Open("pgx", address)
	if err != nil {
		return nil, err
	}
	// Connections are kept open, for each is a process of PostgreSQL's
	// that prepares the statements anew; and renewed now and then, so
	// that a pool follows a database that was moved or restarted.
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	db.SetConnMaxLifetime(30 * time.Minute)
	db.SetConnMaxIdleTime(5 * time.Minute)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, err
	}
	applied, err := server.PostgreSQL.Migrate(ctx, db)
	if err != nil {
		db.Close()
		return nil, err
	}
	for _, m := range applied {
		log.Info("applied a migration", "name", m)
	}
	return db, nil
}
