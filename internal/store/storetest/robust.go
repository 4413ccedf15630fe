package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
)

// testOverlappingConcurrent saves overlapping batches of one pool of hands
// from many goroutines, each batch in its own order and with a hand
// repeated: on PostgreSQL this deadlocked (40P01) before rows were inserted
// in key order and lost transactions retried. Every call must succeed,
// every hand be stored once, and across all calls each hand be reported
// created exactly once, under one id.
func testOverlappingConcurrent(t *testing.T, s store.Store) {
	const (
		pool    = 120
		workers = 16
		rounds  = 4
		batch   = 40
	)
	hands := make([]store.Hand, pool)
	for i := range hands {
		site := ""
		if i%2 == 0 {
			site = "pokerstars"
		}
		hands[i] = NewHand(50_000+i, site, "omaha-hilo", i%3 != 0, "p"+fmt.Sprint(i%7), "q"+fmt.Sprint(i%5), "r")
	}
	type outcome struct {
		key   string
		saved store.Saved
	}
	var (
		mu       sync.Mutex
		outcomes []outcome
		errs     []error
	)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for range rounds {
				idx := rng.Perm(pool)[:batch]
				idx = append(idx, idx[rng.IntN(batch)]) // a repeat within the batch
				b := make([]store.Hand, len(idx))
				for j, i := range idx {
					b[j] = hands[i]
				}
				saved, err := s.SaveHands(context.Background(), b)
				mu.Lock()
				if err != nil {
					errs = append(errs, err)
				} else {
					for j := range b {
						outcomes = append(outcomes, outcome{b[j].NaturalKey, saved[j]})
					}
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(errs) > 0 {
		t.Fatalf("%d of %d SaveHands calls failed, the first: %v (kind %v, cause %s)",
			len(errs), workers*rounds, errs[0], fault.KindOf(errs[0]), fault.Detail(errs[0]))
	}
	created := map[string]int{}
	ids := map[string]string{}
	for _, o := range outcomes {
		if o.saved.Err != nil || o.saved.Conflict || o.saved.ID == "" {
			t.Fatalf("hand %s: %+v, want an id, no conflict, no error", o.key, o.saved)
		}
		if o.saved.Created {
			created[o.key]++
		}
		if id, ok := ids[o.key]; ok && id != o.saved.ID {
			t.Fatalf("hand %s answered ids %s and %s", o.key, id, o.saved.ID)
		}
		ids[o.key] = o.saved.ID
	}
	for key := range ids {
		if created[key] != 1 {
			t.Errorf("hand %s reported created %d times across all calls, want 1", key, created[key])
		}
	}
	page, err := s.Hands(context.Background(), store.Query{Limit: store.MaxLimit})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Hands) != len(ids) {
		t.Errorf("stored %d hands, want %d (each saved hand once)", len(page.Hands), len(ids))
	}
	seen := map[string]bool{}
	for _, h := range page.Hands {
		if seen[h.NaturalKey] {
			t.Errorf("hand %s stored twice", h.NaturalKey)
		}
		seen[h.NaturalKey] = true
		if ids[h.NaturalKey] != h.ID {
			t.Errorf("hand %s stored as %s, answered as %s", h.NaturalKey, h.ID, ids[h.NaturalKey])
		}
		if len(h.Players) != 3 {
			t.Errorf("hand %s has players %q, want 3 (players stored once)", h.ID, h.Players)
		}
	}
}

// oddHand returns hand n with edit applied to its record.
func oddHand(n int, edit func(h *store.Hand)) store.Hand {
	h := NewHand(n, "pokerstars", "omaha-hilo", true, "ann", "bob")
	edit(&h)
	return h
}

// withJSON returns hand n whose canonical JSON holds value at key (the
// natural key follows the content when the hand has no site).
func withJSON(n int, key string, value any) store.Hand {
	body, _ := json.Marshal(map[string]any{"n": n, "table": map[string]any{key: value}, "players": []any{map[string]any{"name": "ann"}, map[string]any{"name": value}}})
	h := NewHand(n, "", "omaha-hilo", true, "ann", "bob")
	h.Hand = body
	h.NaturalKey = store.NaturalKey("", "", body)
	return h
}

// testOddTextRefusedAlone saves a batch in which some hands hold text no
// database can keep (a NUL, invalid UTF-8) in a player name, a site hand
// id or the hand's JSON: PostgreSQL failed the whole batch (500) and
// SQLite stored it. Each odd hand must be refused alone, Invalid, naming
// its field, and the others stored.
func testOddTextRefusedAlone(t *testing.T, s store.Store) {
	ctx := context.Background()
	batch := []store.Hand{
		NewHand(60, "pokerstars", "omaha-hilo", true, "ann", "bob"),
		oddHand(61, func(h *store.Hand) { h.Players[1] = "b\x00b" }),
		oddHand(62, func(h *store.Hand) { h.Players[0] = "\xff\xfeann" }),
		oddHand(63, func(h *store.Hand) {
			h.SiteHandID = "63\x00"
			h.NaturalKey = store.NaturalKey(h.Site, h.SiteHandID, h.Hand)
		}),
		withJSON(64, "name", "Table\x00One"),
		oddHand(65, func(h *store.Hand) { h.Verdict = json.RawMessage(`{"legal":true,"note":"a\u0000b"}`) }),
		oddHand(66, func(h *store.Hand) { h.Hand = json.RawMessage(`{"n":66,"s":"\ud800"}`) }),
		oddHand(67, func(h *store.Hand) { h.Hand = json.RawMessage("{\"n\":67,\"s\":\"\xc3\x28\"}") }),
		oddHand(68, func(h *store.Hand) { h.Game = "omaha\x00hi" }),
		NewHand(69, "", "omaha-hi", false, "cy", "dee"),
		// Not odd: an escaped backslash before u0000 is text, not a NUL.
		oddHand(70, func(h *store.Hand) { h.Hand = json.RawMessage(`{"n":70,"s":"\\u0000"}`) }),
	}
	wantField := map[int]string{1: "players[1]", 2: "players[0]", 3: "natural_key", 4: "hand.players[1].name", 5: "verdict.note", 6: "hand", 7: "hand", 8: "game"}
	saved, err := s.SaveHands(ctx, batch)
	if err != nil {
		t.Fatalf("SaveHands failed the whole batch: %v (cause %s)", err, fault.Detail(err))
	}
	if len(saved) != len(batch) {
		t.Fatalf("%d results for %d hands", len(saved), len(batch))
	}
	stored := 0
	for i, sv := range saved {
		field, odd := wantField[i]
		if !odd {
			if sv.Err != nil || !sv.Created || sv.ID == "" {
				t.Errorf("hand %d: %+v, want created", i, sv)
			}
			stored++
			continue
		}
		var f *fault.Error
		if sv.Err == nil || !errors.As(sv.Err, &f) || f.Kind != fault.Invalid {
			t.Errorf("hand %d: %+v, want an Invalid error", i, sv)
			continue
		}
		if !strings.HasPrefix(f.Field, field) || sv.ID != "" || sv.Created || sv.Conflict {
			t.Errorf("hand %d: field %q (%v), %+v; want field %s and nothing stored", i, f.Field, f, sv, field)
		}
	}
	page, err := s.Hands(ctx, store.Query{Limit: store.MaxLimit})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Hands) != stored {
		t.Errorf("stored %d hands, want %d", len(page.Hands), stored)
	}
	// A batch of only odd hands is no error either.
	saved, err = s.SaveHands(ctx, []store.Hand{batch[1]})
	if err != nil || saved[0].Err == nil {
		t.Errorf("a batch of one odd hand = %+v, %v; want its own error, no batch error", saved, err)
	}
	// The JSON of a stored hand that held an escaped backslash survives.
	got, err := s.Hand(ctx, saved0ID(t, s, batch[10]))
	if err != nil {
		t.Fatal(err)
	}
	jsonEqual(t, "hand with an escaped backslash", got.Hand, batch[10].Hand)
}

func saved0ID(t *testing.T, s store.Store, h store.Hand) string {
	t.Helper()
	saved := save(t, s, h)
	if saved[0].Err != nil || saved[0].ID == "" {
		t.Fatalf("save %s: %+v", h.NaturalKey, saved[0])
	}
	return saved[0].ID
}

// testOddQuery lists hands by a player or game holding a NUL or invalid
// UTF-8, or with such a cursor: PostgreSQL answered these with a database
// error (500). Each must be Invalid, naming its parameter.
func testOddQuery(t *testing.T, s store.Store) {
	save(t, s, NewHand(80, "", "omaha-hilo", true, "a", "b"))
	tests := []struct {
		q     store.Query
		field string
	}{
		{store.Query{Player: "a\x00b"}, "player"},
		{store.Query{Player: "\x00"}, "player"},
		{store.Query{Player: "\xff"}, "player"},
		{store.Query{Game: "omaha\x00hilo"}, "game"},
		{store.Query{Game: "omaha-\xc3\x28"}, "game"},
		{store.Query{Cursor: "aDE6\x00"}, "cursor"},
		{store.Query{Cursor: "\xffaDE6"}, "cursor"},
	}
	for _, tc := range tests {
		_, err := s.Hands(context.Background(), tc.q)
		var f *fault.Error
		if !errors.As(err, &f) || f.Kind != fault.Invalid || f.Field != tc.field {
			t.Errorf("Hands(%#v) = %v (kind %v), want invalid on field %s", tc.q, err, fault.KindOf(err), tc.field)
		}
	}
}
