package api_test

import (
	"context"
	"testing"
	"time"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store/storetest"
)

func TestBackgroundTakesAnExpensiveCoreAndLeavesTheCheapLane(t *testing.T) {
	t.Parallel()
	c := newClient(t, storetest.OpenSQLite(t), api.Config{Limits: api.Limits{ComputeSlots: 1, CheapSlots: 1, QueueWait: 50 * time.Millisecond}})
	ctx := context.Background()
	release, err := c.api.Background(ctx)
	if err != nil {
		t.Fatalf("Background: %v", err)
	}
	// The one expensive core is the backfill's: more background work is
	// refused as busy, and a cheap request still runs on its reserve.
	if _, err := c.api.Background(ctx); fault.KindOf(err) != fault.Overloaded {
		t.Errorf("second Background while the core is held: %v, want Overloaded", err)
	}
	if res := c.doAs("POST", "/v1/equity", jsonAs("someone"), []byte(cheapEquity)); res.status != 200 {
		t.Errorf("cheap equity while the backfill holds the expensive core: %d %s", res.status, res.body)
	}
	release()
	again, err := c.api.Background(ctx)
	if err != nil {
		t.Fatalf("Background after release: %v", err)
	}
	again()
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	hold, err := c.api.Background(ctx) // busy: the canceled one must wait
	if err != nil {
		t.Fatal(err)
	}
	defer hold()
	if _, err := c.api.Background(canceled); fault.KindOf(err) != fault.Canceled {
		t.Errorf("Background with a canceled context: %v, want Canceled", err)
	}
}
