package sqlstore

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
)

// Migrations holds the schema's migrations, one SQL file each, applied in
// the order of their names: in migrations/, SQLite's, which run unchanged
// on Cloudflare D1, where wrangler applies them (`wrangler d1 migrations
// apply`); in migrations/postgres/, PostgreSQL's, a file of the same name
// for each, which gives the tables the same columns.
//
//go:embed migrations/*.sql migrations/postgres/*.sql
var Migrations embed.FS

// Migrate applies to an SQLite database every migration it lacks: it is
// SQLite.Migrate.
func Migrate(ctx context.Context, db *sql.DB) ([]string, error) {
	return SQLite.Migrate(ctx, db)
}

// Migrate applies to db, a database of the dialect, every migration of
// the dialect it lacks, each in a transaction of its own, and returns the
// names of those it applied. It needs a driver that runs several
// statements in one Exec without arguments, as SQLite's and pgx do.
// Several processes may migrate one PostgreSQL database at once: one
// migrates, the others find it done.
func (d Dialect) Migrate(ctx context.Context, db *sql.DB) ([]string, error) {
	if _, err := inTx(ctx, db, d, func(tx *sql.Tx) (bool, error) {
		_, err := tx.ExecContext(ctx, d.migrationsTable())
		return true, err
	}); err != nil {
		return nil, fmt.Errorf("server: creating the table of migrations: %w", err)
	}
	names, err := fs.Glob(Migrations, d.migrations()+"/*.sql")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var applied []string
	for _, file := range names {
		name := path.Base(file)
		done, err := migrate(ctx, db, d, file, name)
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
func migrate(ctx context.Context, db *sql.DB, d Dialect, file, name string) (bool, error) {
	script, err := Migrations.ReadFile(file)
	if err != nil {
		return false, err
	}
	return inTx(ctx, db, d, func(tx *sql.Tx) (bool, error) {
		var n int
		if err := tx.QueryRowContext(ctx, d.Rebind(`SELECT count(*) FROM d1_migrations WHERE name = ?`), name).Scan(&n); err != nil {
			return false, err
		}
		if n > 0 {
			return false, nil
		}
		if _, err := tx.ExecContext(ctx, string(script)); err != nil {
			return false, err
		}
		_, err := tx.ExecContext(ctx, d.Rebind(`INSERT INTO d1_migrations (name) VALUES (?)`), name)
		return err == nil, err
	})
}

// inTx runs do in a transaction that holds the dialect's lock of
// migrations, and commits it if do changed something.
func inTx(ctx context.Context, db *sql.DB, d Dialect, do func(*sql.Tx) (changed bool, err error)) (bool, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	if lock := d.migrationLock(); lock != "" {
		if _, err := tx.ExecContext(ctx, lock); err != nil {
			return false, err
		}
	}
	changed, err := do(tx)
	if err != nil || !changed {
		return false, err
	}
	return true, tx.Commit()
}
