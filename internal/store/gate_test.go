package store_test

import (
	"context"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// TestGate: a gate answers every call Unavailable, with its reason, until
// it is opened; then it passes calls through; a store opened into a closed
// gate (the server stopping mid-connect) is closed.
func TestGate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := store.NewGate("connecting")
	g.Wait("connecting (attempt 2 failed)")
	calls := map[string]func() error{
		"Ready": func() error { return g.Ready(ctx) },
		"SaveHands": func() error {
			_, err := g.SaveHands(ctx, []store.Hand{storetest.NewHand(1, "", "omaha-hi", true, "a")})
			return err
		},
		"Hand":       func() error { _, err := g.Hand(ctx, "1"); return err },
		"Hands":      func() error { _, err := g.Hands(ctx, store.Query{}); return err },
		"SaveEquity": func() error { _, err := g.SaveEquity(ctx, []byte(`{}`)); return err },
		"Equity":     func() error { _, err := g.Equity(ctx, store.NewPublicID()); return err },
	}
	for name, call := range calls {
		if err := call(); fault.KindOf(err) != fault.Unavailable || !strings.Contains(err.Error(), "attempt 2 failed") {
			t.Errorf("%s before open = %v, want unavailable with the reason", name, err)
		}
	}
	if g.Store() != nil {
		t.Error("Store() before open is not nil")
	}
	if !g.Open(storetest.OpenSQLite(t)) {
		t.Fatal("Open on an open gate refused")
	}
	for name, call := range calls {
		if err := call(); err != nil && fault.KindOf(err) != fault.NotFound {
			t.Errorf("%s after open = %v", name, err)
		}
	}
	g.Close()
	late := storetest.OpenSQLite(t)
	g2 := store.NewGate("connecting")
	g2.Close()
	if g2.Open(late) {
		t.Error("a closed gate opened")
	}
	if err := late.Ready(ctx); fault.KindOf(err) != fault.Unavailable {
		t.Errorf("the store handed to a closed gate is still open: Ready = %v", err)
	}
}
