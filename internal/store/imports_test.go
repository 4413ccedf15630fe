package store_test

import (
	"errors"
	"testing"

	"github.com/scoophq/scoop/internal/store"
)

// TestInBatchesStopsAtAShortBatch: the reconciliation's batches run
// until one does fewer than a full batch, or fails (the rows of the
// batches before it counted).
func TestInBatchesStopsAtAShortBatch(t *testing.T) {
	sizes := []int{store.ReconcileBatch, store.ReconcileBatch, 3, store.ReconcileBatch}
	calls := 0
	n, err := store.InBatches(func() (int, error) { calls++; return sizes[calls-1], nil })
	if n != 2*store.ReconcileBatch+3 || err != nil || calls != 3 {
		t.Errorf("InBatches = %d, %v after %d calls; want %d, nil after 3", n, err, calls, 2*store.ReconcileBatch+3)
	}
	broken := errors.New("broken")
	calls = 0
	n, err = store.InBatches(func() (int, error) {
		calls++
		if calls == 2 {
			return 0, broken
		}
		return store.ReconcileBatch, nil
	})
	if n != store.ReconcileBatch || !errors.Is(err, broken) || calls != 2 {
		t.Errorf("InBatches with a failing batch = %d, %v after %d calls; want %d, broken after 2", n, err, calls, store.ReconcileBatch)
	}
}
