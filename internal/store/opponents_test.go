package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// A10's seam: a stored player's hands, VPIP and PFR as fractions of his
// stored hands of the game; a player never stored is not found.
func TestOpponentsReadsStoredPreflopStats(t *testing.T) {
	t.Parallel()
	st := storetest.OpenSQLite(t)
	storetest.FillCorpus(t, st, 150)
	ctx := context.Background()
	want, err := st.PlayerStats(ctx, storetest.BenchHero, stats.Filter{Game: "omaha-hilo"})
	if err != nil || want.Hands == 0 {
		t.Fatalf("stats %+v, %v", want, err)
	}
	opp := store.Opponents(ctx, st, "omaha-hilo")
	got, ok := opp.Preflop("", storetest.BenchHero)
	if !ok || got.Hands != want.Hands || got.VPIP != float64(want.VPIP)/float64(want.Hands) || got.PFR != float64(want.PFR)/float64(want.Hands) {
		t.Errorf("Preflop = %+v %v, stored %+v", got, ok, want)
	}
	if again, _ := opp.Preflop("", storetest.BenchHero); again != got {
		t.Errorf("second read %+v, first %+v", again, got)
	}
	if _, ok := opp.Preflop("", "nobody-stored"); ok {
		t.Error("a player never stored is found")
	}
}

// A PreflopCache keeps what Opponents read across values for its TTL: a
// new value within it answers the first read's figures although more of
// the player's hands were stored since; without the cache, or past the
// TTL, the store's figures of now.
func TestPreflopCacheKeepsReadsForItsTTL(t *testing.T) {
	t.Parallel()
	st := storetest.OpenSQLite(t)
	storetest.FillCorpus(t, st, 150)
	ctx := context.Background()
	kept, none := store.NewPreflopCache(time.Hour, 100), store.NewPreflopCache(0, 100)
	first, ok := store.OpponentsCached(ctx, st, "omaha-hilo", kept).Preflop("", storetest.BenchHero)
	if !ok || first.Hands == 0 {
		t.Fatalf("first read %+v %v", first, ok)
	}
	store.OpponentsCached(ctx, st, "omaha-hilo", none).Preflop("", storetest.BenchHero)
	storetest.FillCorpus(t, st, 300) // 150 more of his hands
	now, _ := store.Opponents(ctx, st, "omaha-hilo").Preflop("", storetest.BenchHero)
	if now.Hands <= first.Hands {
		t.Fatalf("after storing more: %d hands, first %d", now.Hands, first.Hands)
	}
	if got, _ := store.OpponentsCached(ctx, st, "omaha-hilo", kept).Preflop("", storetest.BenchHero); got != first {
		t.Errorf("within the TTL: %+v, want the first read %+v", got, first)
	}
	if got, _ := store.OpponentsCached(ctx, st, "omaha-hilo", none).Preflop("", storetest.BenchHero); got != now {
		t.Errorf("past the TTL: %+v, want the store's %+v", got, now)
	}
	// The cache is per account: another account, which stored none of
	// his hands, does not get the first account's figures.
	other := account.With(ctx, account.Default+1)
	if got, ok := store.OpponentsCached(other, st, "omaha-hilo", kept).Preflop("", storetest.BenchHero); ok || got == first {
		t.Errorf("another account answered from the cache: %+v %v", got, ok)
	}
}

// A PreflopCache holds at most Max players: past it, it starts again
// empty, so that a player read before is read from the store again,
// within the TTL.
func TestPreflopCacheKeepsAtMostMaxPlayers(t *testing.T) {
	t.Parallel()
	st := storetest.OpenSQLite(t)
	storetest.FillCorpus(t, st, 150)
	ctx := context.Background()
	c := store.NewPreflopCache(time.Hour, 1)
	first, ok := store.OpponentsCached(ctx, st, "omaha-hilo", c).Preflop("", storetest.BenchHero)
	if !ok || first.Hands == 0 {
		t.Fatalf("first read %+v %v", first, ok)
	}
	store.OpponentsCached(ctx, st, "omaha-hilo", c).Preflop("", "never-stored") // the second player: the cache starts again
	storetest.FillCorpus(t, st, 300)
	if got, _ := store.OpponentsCached(ctx, st, "omaha-hilo", c).Preflop("", storetest.BenchHero); got.Hands <= first.Hands {
		t.Errorf("after a second player in a cache of one: %d hands, want more than the first read's %d", got.Hands, first.Hands)
	}
}
