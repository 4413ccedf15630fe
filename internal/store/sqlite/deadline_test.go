package sqlite_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/sqlite"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// TestLockedByAnotherProcess: while another connection (another process,
// as `scoop import` beside `scoop serve`) holds the write lock, a save
// fails Unavailable at the store's deadline, saying so, reads go on, and
// the save succeeds once the lock is released.
func TestLockedByAnotherProcess(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "scoop.db")
	s, err := sqlite.OpenConfig(ctx, sqlite.Config{Path: path, Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	h := storetest.NewHand(1, "pokerstars", "omaha-hilo", true, "a", "b")
	_, err = s.SaveHands(ctx, []store.Hand{h})
	if k := fault.KindOf(err); k != fault.Unavailable || !strings.Contains(err.Error(), "did not answer in time") {
		t.Errorf("SaveHands while locked = %v (kind %v), want unavailable: did not answer in time", err, k)
	}
	if _, err := s.Hands(ctx, store.Query{}); err != nil {
		t.Errorf("reading while another process writes: %v", err)
	}
	if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	if saved, err := s.SaveHands(ctx, []store.Hand{h}); err != nil || !saved[0].Created {
		t.Errorf("SaveHands after the lock is released = %+v, %v", saved, err)
	}
}
