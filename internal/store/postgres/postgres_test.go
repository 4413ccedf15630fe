package postgres_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/postgres"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// testURL is the PostgreSQL the tests need: they fail, not skip, when it
// cannot be reached.
func testURL() string {
	if u := os.Getenv("SCOOP_TEST_DATABASE_URL"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
}

// openFresh opens a store in a new schema, migrated, dropped at cleanup.
func openFresh(t testing.TB) *postgres.Store {
	t.Helper()
	ctx := context.Background()
	b := make([]byte, 6)
	rand.Read(b)
	schema := "storetest_" + hex.EncodeToString(b)
	s, err := postgres.Open(ctx, postgres.Config{URL: testURL(), Schema: schema, MaxConns: 8})
	if err != nil {
		t.Fatalf("PostgreSQL at SCOOP_TEST_DATABASE_URL is required: %v", err)
	}
	t.Cleanup(func() {
		s.Close()
		conn, err := pgx.Connect(ctx, testURL())
		if err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openFresh(t) })
}

func TestMigrateTwiceIsANoOp(t *testing.T) {
	s := openFresh(t)
	v, err := s.Migrate(context.Background())
	if err != nil || len(v) != 0 {
		t.Errorf("second Migrate applied %v, %v; want nothing", v, err)
	}
}

func TestUnreachableIsUnavailable(t *testing.T) {
	_, err := postgres.Open(context.Background(), postgres.Config{URL: "postgres://nobody@127.0.0.1:1/x?sslmode=disable&connect_timeout=2"})
	if err == nil {
		t.Fatal("Open on a closed port succeeded")
	}
	if k := fault.KindOf(err); k != fault.Unavailable {
		t.Errorf("Open on a closed port: %v (kind %v), want unavailable", err, k)
	}
}

func BenchmarkSaveHands(b *testing.B) {
	s := openFresh(b)
	const batch = 500
	n := 0
	for b.Loop() {
		hands := make([]store.Hand, batch)
		for i := range hands {
			hands[i] = storetest.NewHand(n, "pokerstars", "omaha-hilo", true, "a", "b", "c", "d", "e", "f")
			n++
		}
		if _, err := s.SaveHands(context.Background(), hands); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "hands/s")
}
