// Package storetest is the conformance suite every store.Store
// implementation must pass: Run it from the implementation's tests against
// a real, freshly migrated database.
package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
)

// Open returns a fresh, migrated, empty store; the suite closes it.
type Open func(t *testing.T) store.Store

// Run runs the suite. Each subtest gets its own store from open.
func Run(t *testing.T, open Open) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"save then read back a hand", testSaveRead},
		{"saving the same hand again stores nothing and returns its id", testIdempotent},
		{"a batch with a repeated hand stores it once", testBatchDuplicate},
		{"concurrent saves of one hand store it once", testConcurrent},
		{"missing and foreign ids are not found", testNotFound},
		{"hand records are read by id in one call, the caller's alone, in the order asked", testHandRecords},
		{"listing pages newest first with a cursor", testPagination},
		{"listing filters by player, game and legality", testFilters},
		{"a malformed cursor is invalid", testBadCursor},
		{"equity results round-trip", testEquity},
		{"a migrated store is ready", testReady},
		{"a large batch is stored in one call", testLargeBatch},
		{"another hand under a stored natural key is a conflict, not a duplicate", testConflict},
		{"the same hand with other notes is a duplicate, not a conflict", testNotesOnly},
		{"equity ids are random, not sequential", testEquityIDs},
		{"concurrent overlapping batches in any order all succeed, each hand created once", testOverlappingConcurrent},
		{"a hand with text no database can hold is refused alone, naming its field", testOddTextRefusedAlone},
		{"a player, game or cursor with a NUL or invalid UTF-8 is invalid, naming it", testOddQuery},
		{"an analysis is stored with its hand and its engine version", testAnalysisSaved},
		{"a saved analysis replaces an older one, never a newer one", testSaveAnalysis},
		{"a batch of analyses is saved in one call, each refused alone", testSaveAnalyses},
		{"stale hands are listed by keyset pages below a version", testStaleHands},
		{"verdict updates apply once, a bad one refused alone", testUpdateVerdicts},
		{"reverify replays stale hands, counts the flips, and a second run finds none", testReverify},
		{"S1-S5: a player's statistics are his facts summed over his legal hands, filtered", testPlayerStats},
		{"S6: a player's results series in time order, paged and bucketed", testPlayerResults},
		{"money is never mixed: statistics and results per ledger, filtered by kind, currency and ledger", testPlayerLedgers},
		{"the player's filters (position, holding, saw_flop, showdown, allin, result) on statistics and listings; the listing's rows", testHandFilters},
		{"statistics by position and by starting-hand group, per ledger, filtered", testPlayerGroups},
		{"a player's sessions: a site's hands cut at gaps of 30 minutes, per ledger, newest first, paged, filtered", testPlayerSessions},
		{"tags and notes: replaced as a set, read with the hand and its row, the tag filter, owned by the account", testTagsNotes},
		{"A9: freerolls counted in the statistics and filtered, following a later analysis", testFreerolls},
		{"players are listed by prefix with their hand counts", testPlayersList},
		{"S5: a hand's adjusted winnings follow its analysis when it is saved later", testFactsFollowTheAnalysis},
		{"records in, records out: the facts rows a record carries are saved as given, a record without them is pending until rows are saved", testFactsAsGiven},
		{"legal hands without an analysis by a version are listed by keyset pages, illegal ones never", testUnanalyzedHands},
		{"a player's net summed beyond int64 saturates, never fails", testHugeSums},
		{"API keys: created per account, found by prefix, listed, revoked one by one or by account", testKeys},
		{"each account sees only its own hands, analyses, statistics and equity results", testOwnership},
		{"the first key and a new account's key are made once by concurrent attempts", testKeysAtomic},
		{"sessions: stored for a live key, read by hash with the key's state, touched, signed out, ended with the key", testSessions},
		{"share links: one hand of the caller's, found by hash, listed per account in pages, revoked by the owner", testShares},
		{"an import's counts, skipped reasons and first errors are summed over its chunks", testImportSums},
		{"pending and cancelled imports hold their hands from the sweeper; hands keep their import", testHeldImports},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := open(t)
			t.Cleanup(func() { s.Close() })
			tc.fn(t, s)
		})
	}
}

// NewHand returns a hand record numbered n with the given players, game
// and legality; its natural key is the content hash unless site is set.
func NewHand(n int, site string, game string, legal bool, players ...string) store.Hand {
	body, _ := json.Marshal(map[string]any{"n": n, "players": players, "game": game})
	verdict, _ := json.Marshal(map[string]any{"hand": n, "legal": legal})
	h := store.Hand{Game: game, Legal: legal, Players: players, Hand: body, Verdict: verdict}
	if site != "" {
		h.Site, h.SiteHandID = site, fmt.Sprint(1000+n)
	}
	h.NaturalKey = store.NaturalKey(h.Site, h.SiteHandID, body)
	return h
}

func save(t *testing.T, s store.Store, hands ...store.Hand) []store.Saved {
	t.Helper()
	got, err := s.SaveHands(context.Background(), hands)
	if err != nil {
		t.Fatalf("SaveHands: %v", err)
	}
	if len(got) != len(hands) {
		t.Fatalf("SaveHands returned %d results for %d hands", len(got), len(hands))
	}
	return got
}

func jsonEqual(t *testing.T, what string, got, want []byte) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: stored JSON does not parse: %v (%s)", what, err, got)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s = %s, want %s", what, got, want)
	}
}

func testSaveRead(t *testing.T, s store.Store) {
	h := NewHand(1, "pokerstars", "omaha-hilo", true, "alice", "bob", "carol")
	saved := save(t, s, h)
	if !saved[0].Created || saved[0].ID == "" {
		t.Fatalf("first save = %+v, want created with an id", saved[0])
	}
	got, err := s.Hand(context.Background(), saved[0].ID)
	if err != nil {
		t.Fatalf("Hand(%s): %v", saved[0].ID, err)
	}
	if got.ID != saved[0].ID || got.NaturalKey != h.NaturalKey || got.Site != h.Site || got.SiteHandID != h.SiteHandID ||
		got.Game != h.Game || got.Legal != h.Legal {
		t.Errorf("Hand = %+v, want the fields of %+v", got, h)
	}
	if !reflect.DeepEqual(got.Players, h.Players) {
		t.Errorf("players = %q, want %q", got.Players, h.Players)
	}
	if got.CreatedAt.IsZero() {
		t.Errorf("created_at is zero")
	}
	jsonEqual(t, "hand", got.Hand, h.Hand)
	jsonEqual(t, "verdict", got.Verdict, h.Verdict)
}

func testIdempotent(t *testing.T, s store.Store) {
	for _, site := range []string{"", "pokerstars"} {
		h := NewHand(2, site, "omaha-hi", false, "a", "b")
		first := save(t, s, h)
		again := save(t, s, h, NewHand(3, site, "omaha-hi", true, "a", "c"))
		if again[0].Created || again[0].ID != first[0].ID {
			t.Errorf("site %q: second save = %+v, want the existing id %s, not created", site, again[0], first[0].ID)
		}
		if !again[1].Created || again[1].ID == first[0].ID {
			t.Errorf("site %q: new hand in the second batch = %+v, want created with a new id", site, again[1])
		}
	}
	page, err := s.Hands(context.Background(), store.Query{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Hands) != 4 {
		t.Errorf("stored %d hands, want 4", len(page.Hands))
	}
}

func testBatchDuplicate(t *testing.T, s store.Store) {
	h := NewHand(4, "", "omaha-hilo", true, "x", "y")
	got := save(t, s, h, h)
	if !got[0].Created || got[1].Created || got[0].ID != got[1].ID {
		t.Errorf("batch with a repeat = %+v, want one created and the same id twice", got)
	}
	page, err := s.Hands(context.Background(), store.Query{Player: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Hands) != 1 || !reflect.DeepEqual(page.Hands[0].Players, []string{"x", "y"}) {
		t.Errorf("hands of x = %+v, want one hand with players x, y", page.Hands)
	}
}

func testConcurrent(t *testing.T, s store.Store) {
	h := NewHand(5, "pokerstars", "omaha-hilo", true, "p1", "p2")
	const n = 8
	var wg sync.WaitGroup
	results := make([]store.Saved, n)
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			got, err := s.SaveHands(context.Background(), []store.Hand{h})
			errs[i] = err
			if err == nil {
				results[i] = got[0]
			}
		})
	}
	wg.Wait()
	created := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("save %d: %v", i, errs[i])
		}
		if results[i].ID != results[0].ID {
			t.Errorf("save %d id %s, save 0 id %s: want one id", i, results[i].ID, results[0].ID)
		}
		if results[i].Created {
			created++
		}
	}
	if created != 1 {
		t.Errorf("%d saves reported created, want exactly 1", created)
	}
}

func testNotFound(t *testing.T, s store.Store) {
	ctx := context.Background()
	for _, id := range []string{"999999", "0", "-1", "abc", "", "1e3", "99999999999999999999"} {
		if _, err := s.Hand(ctx, id); fault.KindOf(err) != fault.NotFound {
			t.Errorf("Hand(%q) error %v (kind %v), want not-found", id, err, fault.KindOf(err))
		}
		if _, err := s.Equity(ctx, id); fault.KindOf(err) != fault.NotFound {
			t.Errorf("Equity(%q) error %v (kind %v), want not-found", id, err, fault.KindOf(err))
		}
	}
}

func testPagination(t *testing.T, s store.Store) {
	var want []string
	for i := range 7 {
		want = append(want, save(t, s, NewHand(100+i, "", "omaha-hilo", true, "a", "b"))[0].ID)
	}
	// Newest first.
	for i, j := 0, len(want)-1; i < j; i, j = i+1, j-1 {
		want[i], want[j] = want[j], want[i]
	}
	var got []string
	cursor := ""
	pages := 0
	for {
		page, err := s.Hands(context.Background(), store.Query{Limit: 3, Cursor: cursor})
		if err != nil {
			t.Fatalf("page %d: %v", pages, err)
		}
		pages++
		for _, h := range page.Hands {
			got = append(got, h.ID)
			if h.Hand != nil || h.Verdict != nil {
				t.Errorf("listed hand %s carries its JSON; listings should not", h.ID)
			}
		}
		if page.Next == "" {
			break
		}
		if pages > 5 {
			t.Fatal("pagination does not end")
		}
		cursor = page.Next
	}
	if pages != 3 || !reflect.DeepEqual(got, want) {
		t.Errorf("listed %q in %d pages, want %q in 3", got, pages, want)
	}
}

func testFilters(t *testing.T, s store.Store) {
	ids := []string{
		save(t, s, NewHand(200, "", "omaha-hilo", true, "ann", "bo"))[0].ID,
		save(t, s, NewHand(201, "", "omaha-hi", true, "ann", "cy"))[0].ID,
		save(t, s, NewHand(202, "", "omaha-hilo", false, "bo", "cy"))[0].ID,
	}
	yes, no := true, false
	tests := []struct {
		name string
		q    store.Query
		want []string
	}{
		{"player", store.Query{Player: "ann"}, []string{ids[1], ids[0]}},
		{"player and game", store.Query{Player: "ann", Game: "omaha-hilo"}, []string{ids[0]}},
		{"game", store.Query{Game: "omaha-hilo"}, []string{ids[2], ids[0]}},
		{"legal", store.Query{Legal: &yes}, []string{ids[1], ids[0]}},
		{"illegal", store.Query{Legal: &no}, []string{ids[2]}},
		{"player illegal", store.Query{Player: "cy", Legal: &no}, []string{ids[2]}},
		{"nobody", store.Query{Player: "zed"}, nil},
	}
	for _, tc := range tests {
		page, err := s.Hands(context.Background(), tc.q)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var got []string
		for _, h := range page.Hands {
			got = append(got, h.ID)
		}
		if !reflect.DeepEqual(got, tc.want) || page.Next != "" {
			t.Errorf("%s: ids %q next %q, want %q and no next", tc.name, got, page.Next, tc.want)
		}
	}
}

func testBadCursor(t *testing.T, s store.Store) {
	// The last two are well-formed cursors of hands that are not stored
	// (or not the caller's), and the old numeric form "h1:1".
	for _, c := range []string{"!!", "abc", store.EncodeCursor(store.NewPublicID())[:3], "aDE6LTE", store.EncodeCursor(store.NewPublicID())} {
		_, err := s.Hands(context.Background(), store.Query{Cursor: c})
		var f *fault.Error
		if fault.KindOf(err) != fault.Invalid || !errorsAs(err, &f) || f.Field != "cursor" {
			t.Errorf("cursor %q: error %v, want invalid on field cursor", c, err)
		}
	}
}

func errorsAs(err error, f **fault.Error) bool {
	e, ok := err.(*fault.Error)
	if ok {
		*f = e
	}
	return ok
}

func testEquity(t *testing.T, s store.Store) {
	ctx := context.Background()
	res := json.RawMessage(`{"game":"omaha-hilo","players":[{"hand":"As2s3dKd","equity":0.5}],"boards":820}`)
	id, err := s.SaveEquity(ctx, res)
	if err != nil || id == "" {
		t.Fatalf("SaveEquity = %q, %v", id, err)
	}
	id2, err := s.SaveEquity(ctx, res)
	if err != nil || id2 == id {
		t.Fatalf("second SaveEquity = %q, %v; want a new id", id2, err)
	}
	got, err := s.Equity(ctx, id)
	if err != nil {
		t.Fatalf("Equity(%s): %v", id, err)
	}
	if got.ID != id || got.CreatedAt.IsZero() {
		t.Errorf("Equity = %+v", got)
	}
	jsonEqual(t, "equity result", got.Result, res)
}

func testReady(t *testing.T, s store.Store) {
	if err := s.Ready(context.Background()); err != nil {
		t.Errorf("Ready: %v", err)
	}
}

func testLargeBatch(t *testing.T, s store.Store) {
	hands := make([]store.Hand, 1500)
	for i := range hands {
		hands[i] = NewHand(10_000+i, "pokerstars", "omaha-hilo", i%2 == 0, "p"+fmt.Sprint(i%10), "q")
	}
	got := save(t, s, hands...)
	seen := map[string]bool{}
	for i, g := range got {
		if !g.Created || seen[g.ID] {
			t.Fatalf("hand %d: %+v (duplicate id %v)", i, g, seen[g.ID])
		}
		seen[g.ID] = true
	}
	page, err := s.Hands(context.Background(), store.Query{Player: "p3", Limit: store.MaxLimit})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Hands) != 150 {
		t.Errorf("p3 has %d hands, want 150", len(page.Hands))
	}
}

// takeover returns a different hand (other content) claiming h's site and
// site hand id.
func takeover(h store.Hand) store.Hand {
	o := NewHand(999_999, "", h.Game, !h.Legal, "mallory", "trent")
	o.Site, o.SiteHandID, o.NaturalKey = h.Site, h.SiteHandID, h.NaturalKey
	return o
}

func testConflict(t *testing.T, s store.Store) {
	ctx := context.Background()
	genuine := NewHand(7, "pokerstars", "omaha-hilo", true, "alice", "bob")
	fake := takeover(genuine)
	first := save(t, s, fake)
	if !first[0].Created || first[0].Conflict {
		t.Fatalf("first save = %+v, want created, no conflict", first[0])
	}
	got := save(t, s, genuine, fake)
	if got[0].Created || !got[0].Conflict || got[0].ID != first[0].ID {
		t.Errorf("the real hand under a taken key = %+v, want a conflict naming id %s", got[0], first[0].ID)
	}
	if got[1].Created || got[1].Conflict || got[1].ID != first[0].ID {
		t.Errorf("the same hand again = %+v, want a duplicate of %s", got[1], first[0].ID)
	}
	stored, err := s.Hand(ctx, first[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	jsonEqual(t, "stored hand after a conflict", stored.Hand, fake.Hand)
	if stored.ContentHash != store.ContentHash(fake.Hand) {
		t.Errorf("content hash %q, want %q", stored.ContentHash, store.ContentHash(fake.Hand))
	}
	// Within one batch: the first claimant is stored, the second conflicts.
	a := NewHand(8, "pokerstars", "omaha-hi", true, "a", "b")
	b := takeover(a)
	got = save(t, s, a, b, a)
	if !got[0].Created || got[0].Conflict || got[1].Created || !got[1].Conflict || got[2].Created || got[2].Conflict ||
		got[1].ID != got[0].ID || got[2].ID != got[0].ID {
		t.Errorf("batch a, takeover of a, a = %+v, want created, conflict, duplicate, one id", got)
	}
}

// withNotes is h with the notes of its reader, as a file's reading gives
// them (their line numbers are the file's).
func withNotes(h store.Hand, notes ...string) store.Hand {
	var body map[string]any
	if err := json.Unmarshal(h.Hand, &body); err != nil {
		panic(err)
	}
	body["notes"] = notes
	h.Hand, _ = json.Marshal(body)
	return h
}

func testNotesOnly(t *testing.T, s store.Store) {
	ctx := context.Background()
	h := NewHand(9, "pokerstars", "omaha-hilo", true, "alice", "bob")
	day := withNotes(h, "line 10 not read (no seated player's chips in it): \"Table leave user\"")
	month := withNotes(h, "line 85 not read (no seated player's chips in it): \"Table leave user\"")
	first := save(t, s, day)
	if !first[0].Created {
		t.Fatalf("first save = %+v", first[0])
	}
	got := save(t, s, month, h, withNotes(takeover(h), "line 85 not read (no seated player's chips in it): \"Table leave user\""))
	for k, want := range []store.Saved{{ID: first[0].ID}, {ID: first[0].ID}, {ID: first[0].ID, Conflict: true}} {
		if got[k] != want {
			t.Errorf("save %d = %+v, want %+v (other notes, no notes: duplicates; another hand with those notes: a conflict)", k, got[k], want)
		}
	}
	stored, err := s.Hand(ctx, first[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	jsonEqual(t, "the stored hand, the first file's notes", stored.Hand, day.Hand)
}

func testEquityIDs(t *testing.T, s store.Store) {
	ctx := context.Background()
	res := json.RawMessage(`{"game":"omaha-hi","players":[]}`)
	seen := map[string]bool{}
	for range 5 {
		id, err := s.SaveEquity(ctx, res)
		if err != nil {
			t.Fatal(err)
		}
		if !store.ValidPublicID(id) || seen[id] {
			t.Errorf("equity id %q: want 32 hex digits, new each time", id)
		}
		seen[id] = true
	}
	for _, guess := range []string{"1", "2", "5", store.NewPublicID()} {
		if _, err := s.Equity(ctx, guess); fault.KindOf(err) != fault.NotFound {
			t.Errorf("Equity(%q) error %v, want not found", guess, err)
		}
	}
}

// BenchSaveHands measures s.SaveHands in batches of 500 new hands of six
// players each, reporting hands/s. Both stores' BenchmarkSaveHands run it.
func BenchSaveHands(b *testing.B, s store.Store) {
	const batch = 500
	n := 0
	for b.Loop() {
		hands := make([]store.Hand, batch)
		for i := range hands {
			hands[i] = NewHand(n, "pokerstars", "omaha-hilo", true, "a", "b", "c", "d", "e", "f")
			n++
		}
		if _, err := s.SaveHands(context.Background(), hands); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "hands/s")
}
