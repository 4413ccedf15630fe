package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/scoophq/scoop/migrations"

	"github.com/scoophq/scoop/internal/store/postgres"
	"github.com/scoophq/scoop/internal/store/sqlite"
)

// DefaultPostgresURL is used when SCOOP_TEST_DATABASE_URL is unset (the
// Makefile's default test database).
const DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// PostgresURL returns the test PostgreSQL: SCOOP_TEST_DATABASE_URL, else
// DefaultPostgresURL.
func PostgresURL() string {
	if u := os.Getenv("SCOOP_TEST_DATABASE_URL"); u != "" {
		return u
	}
	return DefaultPostgresURL
}

// NewSchema creates a uniquely named schema in the test PostgreSQL, drops
// it (CASCADE) at cleanup and returns its name. It FAILS the test when
// PostgreSQL cannot be reached: tests that need it never skip.
func NewSchema(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	b := make([]byte, 6)
	rand.Read(b)
	schema := "scooptest_" + hex.EncodeToString(b)
	conn, err := pgx.Connect(ctx, PostgresURL())
	if err != nil {
		t.Fatalf("PostgreSQL at %s (SCOOP_TEST_DATABASE_URL) is required: %v", PostgresURL(), err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("create schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, PostgresURL())
		if err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	return schema
}

// OpenPostgres returns a migrated PostgreSQL store in a fresh schema,
// closed and dropped at cleanup.
func OpenPostgres(t testing.TB) *postgres.Store {
	t.Helper()
	schema := NewSchema(t)
	s, err := postgres.Open(context.Background(), postgres.Config{URL: PostgresURL(), Schema: schema, MaxConns: 8})
	if err != nil {
		t.Fatalf("PostgreSQL at SCOOP_TEST_DATABASE_URL is required: %v", err)
	}
	t.Cleanup(func() { s.Close() }) // runs before the schema is dropped
	if _, err := s.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return s
}

// OpenSQLite returns a migrated SQLite store in t.TempDir(), closed at
// cleanup.
func OpenSQLite(t testing.TB) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "scoop.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := s.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return s
}

// SchemaURL returns the test PostgreSQL's URL with its search_path set to
// schema (from NewSchema), for code under test that takes a DATABASE_URL.
func SchemaURL(t testing.TB, schema string) string {
	t.Helper()
	u, err := url.Parse(PostgresURL())
	if err != nil {
		t.Fatalf("SCOOP_TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// FromOn reports whether applied, the versions a Migrate applied, are
// every migration from first to the latest, in order: upgrade tests say
// where they start, not how many migrations exist.
func FromOn(applied []int64, first int64) bool {
	latest := int64(migrations.RiverVersion)
	entries, _ := fs.ReadDir(migrations.Postgres(), ".")
	for _, e := range entries {
		var n int64
		if _, err := fmt.Sscanf(e.Name(), "%d_", &n); err == nil {
			latest = max(latest, n)
		}
	}
	if int64(len(applied)) != latest-first+1 {
		return false
	}
	for i, v := range applied {
		if v != first+int64(i) {
			return false
		}
	}
	return true
}

// RedisURL is the test Redis of the shared rate limits'
// tests: $SCOOP_TEST_REDIS_URL, else the local one .ci/run starts.
func RedisURL() string {
	if u := os.Getenv("SCOOP_TEST_REDIS_URL"); u != "" {
		return u
	}
	return "redis://127.0.0.1:6379/0"
}
