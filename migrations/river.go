package migrations

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
)

// River's own tables (river_job, river_leader, river_queue, ...) are made
// by River's migration API (rivermigrate), from a goose Go migration of
// Scoop's sequence rather than at every start, so that:
//
//   - `scoop migrate` and the stores' Migrate create them with everything
//     else, under the same lock (PostgreSQL's advisory lock), and the
//     readiness check's "migrations are current" covers them;
//   - the River schema a binary needs is pinned: RiverVersion migrates
//     River's "main" line up to RiverTarget exactly, whatever River
//     version is linked. Upgrading River to a release with a new River
//     migration means a new goose migration with the new target, never a
//     silent schema change at start.
//
// On SQLite River's migrations run inside goose's transaction (riversqlite
// takes a *sql.Tx). On PostgreSQL the River driver is pgx (riverpgxv5),
// which cannot use goose's database/sql transaction: the migration runs
// outside it (goose's no-transaction mode) on the store's pool, each River
// step in its own transaction; River records its steps in river_migration,
// so a migration interrupted midway resumes where it stopped.
const (
	// RiverVersion is the goose version of the River migration.
	RiverVersion = 8
	// RiverTarget is the River "main" migration line version it reaches
	// (River v0.51's latest, the same on both drivers).
	RiverTarget = 8
)

// quiet is the logger given to River's migrator (goose logs the step).
var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// RiverPostgres returns the River migration for PostgreSQL, run on pool
// (whose search_path selects the schema).
func RiverPostgres(pool *pgxpool.Pool) *goose.Migration {
	run := func(target int, dir rivermigrate.Direction) func(context.Context, *sql.DB) error {
		return func(ctx context.Context, _ *sql.DB) error {
			m, err := rivermigrate.New(riverpgxv5.New(pool), &rivermigrate.Config{Logger: quiet})
			if err != nil {
				return fmt.Errorf("river migrator: %w", err)
			}
			if _, err := m.Migrate(ctx, dir, &rivermigrate.MigrateOpts{TargetVersion: target}); err != nil {
				return fmt.Errorf("river migrations %s to %d: %w", dir, target, err)
			}
			return nil
		}
	}
	return goose.NewGoMigration(RiverVersion,
		&goose.GoFunc{RunDB: run(RiverTarget, rivermigrate.DirectionUp)},
		&goose.GoFunc{RunDB: run(-1, rivermigrate.DirectionDown)})
}

// RiverSQLite returns the River migration for SQLite, run in goose's
// transaction.
func RiverSQLite() *goose.Migration {
	run := func(target int, dir rivermigrate.Direction) func(context.Context, *sql.Tx) error {
		return func(ctx context.Context, tx *sql.Tx) error {
			m, err := rivermigrate.New(riversqlite.New(nil), &rivermigrate.Config{Logger: quiet})
			if err != nil {
				return fmt.Errorf("river migrator: %w", err)
			}
			if _, err := m.MigrateTx(ctx, tx, dir, &rivermigrate.MigrateOpts{TargetVersion: target}); err != nil {
				return fmt.Errorf("river migrations %s to %d: %w", dir, target, err)
			}
			return nil
		}
	}
	return goose.NewGoMigration(RiverVersion,
		&goose.GoFunc{RunTx: run(RiverTarget, rivermigrate.DirectionUp)},
		&goose.GoFunc{RunTx: run(-1, rivermigrate.DirectionDown)})
}
