package server

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"slices"
)

// Migrations holds the schema's migrations, one SQL file each, applied in
// the order of their names. They run unchanged on SQLite and on
// Cloudflare D1, where wrangler applies them (`wrangler d1 migrations
// apply`).
//
//go:embed migrations/*.sql
var Migrations embed.FS

// migrationsTable records the migrations applied. Its name and columns are
// wrangler's, so a database set up by either tool is known to the other.
const migrationsTable = `CREATE TABLE IF NOT EXISTS d1_migrations (
	id         INTEGER PRIMARY KEY AUTOINCREMENT,
	name       TEXT UNIQUE,
	applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`

// Migrate applies to db every migration it lacks, each in a transaction of
// its own, and returns the names of those it applied. It needs a database
// whose driver runs several statements in one Exec, as SQLite's do.
func Migrate(ctx context.Context, db *sql.DB) ([]string, error) {
	if _, err := db.ExecContext(ctx, migrationsTable); err != nil {
		return nil, fmt.Errorf("server: creating the table of migrations: %w", err)
	}
	names, err := fs.Glob(Migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var applied []string
	for _, path := range names {
		name := path[len("migrations/"):]
		done, err := migrate(ctx, db, path, name)
		if err != nil {
			return applied, fmt.Errorf("server: migration %s: %w", name, err)
		}
		if done {
			applied = append(applied, name)
		}
	}
	return applied, nil
}

// migrate applies one migration unless it was applied before, and reports
// whether it applied it.
func migrate(ctx context.Context, db *sql.DB, path, name string) (bool, error) {
	script, err := Migrations.ReadFile(path)
	if err != nil {
		return false, err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM d1_migrations WHERE name = ?`, name).Scan(&n); err != nil {
		return false, err
	}
	if n > 0 {
		return false, nil
	}
	if _, err := tx.ExecContext(ctx, string(script)); err != nil {
		return false, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO d1_migrations (name) VALUES (?)`, name); err != nil {
		return false, err
	}
	return true, tx.Commit()
}
