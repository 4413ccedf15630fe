package postgres_test

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/postgres"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// wantUnavailable fails unless err is an Unavailable fault (never
// Canceled, which the API answers with silence).
func wantUnavailable(t *testing.T, what string, err error) {
	t.Helper()
	var f *fault.Error
	if !errors.As(err, &f) || f.Kind != fault.Unavailable {
		t.Errorf("%s = %v (kind %v), want unavailable", what, err, fault.KindOf(err))
	}
}

// TestHungServerAtOpen: a server that accepts and never answers makes
// Open fail Unavailable at the store's deadline, and also at a driver
// connect_timeout (which was taken for the caller's cancellation).
func TestHungServerAtOpen(t *testing.T) {
	t.Parallel()
	hung := storetest.NewProxy(t, "")
	schema := storetest.NewSchema(t)
	t.Run("store deadline", func(t *testing.T) {
		t.Parallel()
		_, err := postgres.Open(context.Background(), postgres.Config{URL: storetest.ViaURL(t, schema, hung.Addr(), nil), Timeout: 300 * time.Millisecond})
		wantUnavailable(t, "Open", err)
		if err != nil && !strings.Contains(err.Error(), "did not answer in time") {
			t.Errorf("Open = %q, want it to say the database did not answer in time", err)
		}
	})
	t.Run("connect_timeout", func(t *testing.T) {
		t.Parallel()
		u := storetest.ViaURL(t, schema, hung.Addr(), url.Values{"connect_timeout": {"1"}})
		_, err := postgres.Open(context.Background(), postgres.Config{URL: u, Timeout: time.Minute})
		wantUnavailable(t, "Open with connect_timeout", err)
	})
	t.Run("the caller's own cancellation is canceled", func(t *testing.T) {
		t.Parallel()
		ctx, cancel := context.WithCancel(context.Background())
		go func() { time.Sleep(100 * time.Millisecond); cancel() }()
		_, err := postgres.Open(ctx, postgres.Config{URL: storetest.ViaURL(t, schema, hung.Addr(), nil), Timeout: time.Minute})
		if k := fault.KindOf(err); k != fault.Canceled {
			t.Errorf("Open canceled by its caller = %v (kind %v), want canceled", err, k)
		}
	})
}

// TestHungServerMidway: once connected, a database that stops answering
// costs each call its deadline: Unavailable, saying so; and the store
// recovers when the database answers again.
func TestHungServerMidway(t *testing.T) {
	t.Parallel()
	p := storetest.NewProxy(t, "")
	p.Forward(storetest.PostgresHost(t))
	schema := storetest.NewSchema(t)
	ctx := context.Background()
	s, err := postgres.Open(ctx, postgres.Config{URL: storetest.ViaURL(t, schema, p.Addr(), nil), Timeout: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	h := storetest.NewHand(1, "pokerstars", "omaha-hilo", true, "a", "b")
	if _, err := s.SaveHands(ctx, []store.Hand{h}); err != nil {
		t.Fatal(err)
	}
	p.Hang()
	_, err = s.Hands(ctx, store.Query{})
	wantUnavailable(t, "Hands", err)
	if err != nil && !strings.Contains(err.Error(), "did not answer in time") {
		t.Errorf("Hands = %q, want it to say the database did not answer in time", err)
	}
	_, err = s.SaveHands(ctx, []store.Hand{storetest.NewHand(2, "pokerstars", "omaha-hilo", true, "a", "b")})
	wantUnavailable(t, "SaveHands", err)
	_, err = s.Hand(ctx, store.NewPublicID())
	wantUnavailable(t, "Hand", err)
	_, err = s.SaveEquity(ctx, []byte(`{}`))
	wantUnavailable(t, "SaveEquity", err)
	wantUnavailable(t, "Ready", s.Ready(ctx))
	p.Forward(storetest.PostgresHost(t))
	// The store recovers: a call soon answers again. The first calls may
	// still spend their 500 ms deadline on a connection the hang left
	// behind, or on a new one under a loaded machine (CI), so the store
	// is given a few calls, not one.
	var page store.Page
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if page, err = s.Hands(ctx, store.Query{}); err == nil || time.Now().After(deadline) {
			break
		}
	}
	if err != nil || len(page.Hands) != 1 {
		t.Errorf("after the database answers again: %+v, %v; want the one hand", page, err)
	}
}
