package postgres_test

import (
	"context"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/postgres"
	"github.com/scoophq/scoop/internal/store/storetest"
)

func openFresh(t testing.TB) *postgres.Store { return storetest.OpenPostgres(t) }

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
