package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/sqlite"
	"github.com/scoophq/scoop/internal/store/storetest"
)

func openFresh(t testing.TB) *sqlite.Store { return storetest.OpenSQLite(t) }

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openFresh(t) })
}

func TestPendingMigrationsAreNotReady(t *testing.T) {
	s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "scoop.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Ready(context.Background()); fault.KindOf(err) != fault.Unavailable {
		t.Errorf("Ready before migrating = %v, want unavailable", err)
	}
}

func TestClosedIsUnavailable(t *testing.T) {
	s := openFresh(t)
	s.Close()
	if err := s.Ready(context.Background()); fault.KindOf(err) != fault.Unavailable {
		t.Errorf("Ready after Close = %v (kind %v), want unavailable", err, fault.KindOf(err))
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
