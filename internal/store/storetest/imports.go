package storetest

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
)

// testImportSums: an import's counts are the sums over its chunks, its
// finished and failed chunks are counted, its skipped reasons summed by
// reason, and its errors are the first store.MaxImportErrors in chunk
// order; a listing's imports carry the same sums.
func testImportSums(t *testing.T, s store.Store) {
	imp, ok := s.(store.Imports)
	if !ok {
		t.Skip("the store keeps no imports")
	}
	ctx := context.Background()
	pub := store.NewPublicID()
	id, err := imp.CreateImport(ctx, account.Default, pub)
	if err != nil {
		t.Fatal(err)
	}
	const chunks = 25
	for c := range chunks {
		if err := imp.AddImportPart(ctx, id, c, 0, []byte("hands")); err != nil {
			t.Fatal(err)
		}
		if err := imp.AddImportChunk(ctx, id, store.ImportChunk{Chunk: c, File: "a.txt", Format: "pokerstars", FirstLine: 1 + 100*c, FirstHand: 10 * c, Hands: 10, Bytes: 5}); err != nil {
			t.Fatal(err)
		}
	}
	if err := imp.QueueImport(ctx, id, 1, 5*chunks, nil, "", func(any) error { return nil }); err != nil {
		t.Fatal(err)
	}
	want := store.Import{PublicID: pub, Account: account.Default, State: store.ImportRunning, Files: 1, Bytes: 5 * chunks, Chunks: chunks, HandsExpected: 10 * chunks}
	// Every chunk but the last finishes; chunk 3 fails. Chunks 1, 4, 7...
	// have three errors each; even chunks skipped hands.
	for c := range chunks - 1 {
		if _, err := imp.StartImportChunk(ctx, id, c); err != nil {
			t.Fatal(err)
		}
		r := store.ChunkResult{State: store.ChunkDone, Counts: store.ImportCounts{Read: 10, Stored: int64(c), Duplicates: 1, Conflicts: 2, Legal: 3, Illegal: 4, Unreadable: 5, Analysed: 6}}
		if c == 3 {
			r.State = store.ChunkFailed
			want.ChunksFailed++
		}
		if c%2 == 0 {
			r.Counts.Skipped = map[string]int64{"holdem": 1, fmt.Sprintf("game %d", c%4): 2}
		}
		if c%3 == 1 {
			for e := range 3 {
				r.Errors = append(r.Errors, store.ImportError{File: "a.txt", Hand: 10*c + e, Line: 100*c + e, Message: fmt.Sprintf("chunk %d error %d", c, e)})
			}
		}
		if err := imp.FinishImportChunk(ctx, id, c, r); err != nil {
			t.Fatal(err)
		}
		want.ChunksFinished++
		want.HandsFinished += 10
		want.Counts.Add(r.Counts)
		if n := store.MaxImportErrors - len(want.Errors); n > 0 {
			want.Errors = append(want.Errors, r.Errors[:min(n, len(r.Errors))]...)
		}
	}
	if len(want.Errors) != store.MaxImportErrors || want.Counts.Skipped["holdem"] != 12 {
		t.Fatalf("the test's own sums are wrong: %d errors, %v skipped", len(want.Errors), want.Counts.Skipped)
	}
	check := func(what string, got store.Import) {
		t.Helper()
		want.ID, want.CreatedAt, want.StartedAt, want.FinishedAt = got.ID, got.CreatedAt, got.StartedAt, got.FinishedAt
		// None is none, nil or empty (the API shows both as empty).
		if len(got.Errors) == 0 {
			got.Errors = nil
		}
		if len(got.Counts.Skipped) == 0 {
			got.Counts.Skipped = nil
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
		}
	}
	got, err := imp.Import(ctx, account.Default, pub)
	if err != nil {
		t.Fatal(err)
	}
	check("Import", got)
	page, _, err := imp.ImportsPage(ctx, account.Default, "", 10)
	if err != nil || len(page) != 1 {
		t.Fatalf("ImportsPage: %d imports, %v; want 1", len(page), err)
	}
	check("ImportsPage", page[0])

	// A fresh import's sums are zero, its errors and skipped reasons none.
	pub2 := store.NewPublicID()
	id2, err := imp.CreateImport(ctx, account.Default, pub2)
	if err != nil {
		t.Fatal(err)
	}
	if err := imp.AddImportChunk(ctx, id2, store.ImportChunk{File: "b.txt", Format: "pokerstars", FirstLine: 1, Hands: 3, Bytes: 1}); err != nil {
		t.Fatal(err)
	}
	if err := imp.QueueImport(ctx, id2, 1, 1, nil, "", func(any) error { return nil }); err != nil {
		t.Fatal(err)
	}
	got, err = imp.Import(ctx, account.Default, pub2)
	if err != nil {
		t.Fatal(err)
	}
	want2 := store.Import{PublicID: pub2, Account: account.Default, State: store.ImportQueued, Files: 1, Bytes: 1, Chunks: 1, HandsExpected: 3}
	first := want
	want = want2
	check("a queued import", got)
	// A page of both (one query): each import with its own sums, newest
	// first, and again across two pages.
	page, next, err := imp.ImportsPage(ctx, account.Default, "", 10)
	if err != nil || len(page) != 2 || next != "" {
		t.Fatalf("ImportsPage of two: %d imports, next %q, %v", len(page), next, err)
	}
	check("the page's newest", page[0])
	want = first
	check("the page's oldest", page[1])
	page, next, err = imp.ImportsPage(ctx, account.Default, "", 1)
	if err != nil || len(page) != 1 || next == "" || page[0].PublicID != pub2 {
		t.Fatalf("first page of one: %+v, next %q, %v", page, next, err)
	}
	page, next, err = imp.ImportsPage(ctx, account.Default, next, 1)
	if err != nil || len(page) != 1 || next != "" {
		t.Fatalf("second page of one: %d imports, next %q, %v", len(page), next, err)
	}
	check("the second page's import", page[0])
}

// testHeldImports: HeldImports names the imports whose hands the
// analysis sweeper leaves alone (pending: queued, running, or stored with
// an analysis part queued; cancelled), never an upload coming in, a
// finished import nor one gone; a cancelled import records no new
// analysis part, keeps its parts cancelled with what their running jobs
// analysed; SaveHands records a hand's import, lists it with the
// maintenance listings, and moves a hand found stored from a cancelled
// import to the import storing it again.
func testHeldImports(t *testing.T, s store.Store) {
	imp, ok := s.(store.Imports)
	if !ok {
		t.Skip("the store keeps no imports")
	}
	ctx := context.Background()
	held := func(what string, ids []int64, want ...int64) {
		t.Helper()
		got, err := imp.HeldImports(ctx, ids)
		if err != nil {
			t.Fatalf("%s: HeldImports: %v", what, err)
		}
		var list []int64
		for id, h := range got {
			if h {
				list = append(list, id)
			}
		}
		slices.Sort(list)
		slices.Sort(want)
		if !slices.Equal(list, want) {
			t.Errorf("%s: HeldImports(%v) = %v, want %v", what, ids, list, want)
		}
	}
	newImport := func() (int64, string) {
		t.Helper()
		pub := store.NewPublicID()
		id, err := imp.CreateImport(ctx, account.Default, pub)
		if err != nil {
			t.Fatal(err)
		}
		if err := imp.AddImportPart(ctx, id, 0, 0, []byte("hands")); err != nil {
			t.Fatal(err)
		}
		if err := imp.AddImportChunk(ctx, id, store.ImportChunk{Chunk: 0, File: "a.txt", Format: "pokerstars", FirstLine: 1, Hands: 10, Bytes: 5}); err != nil {
			t.Fatal(err)
		}
		return id, pub
	}
	queue := func(id int64) {
		t.Helper()
		if err := imp.QueueImport(ctx, id, 1, 5, nil, "", func(any) error { return nil }); err != nil {
			t.Fatal(err)
		}
	}
	held("no import", []int64{1, 2})
	first, _ := newImport()
	held("an upload coming in", []int64{first})
	queue(first)
	held("a queued import", []int64{first}, first)
	second, secondPub := newImport()
	queue(second)
	held("two queued imports", []int64{first, second, 999_999}, first, second)
	// The first stores its chunk, with an analysis part queued: held
	// until the part is done.
	if _, err := imp.StartImportChunk(ctx, first, 0); err != nil {
		t.Fatal(err)
	}
	held("a running import", []int64{first}, first)
	if live, err := imp.AddImportAnalyses(ctx, first, 0, []int{10}); err != nil || !live {
		t.Fatalf("AddImportAnalyses of a running import = %v, %v; want live", live, err)
	}
	if err := imp.FinishImportChunk(ctx, first, 0, store.ChunkResult{State: store.ChunkDone, Counts: store.ImportCounts{Read: 10, Stored: 10}}); err != nil {
		t.Fatal(err)
	}
	held("an import analysing", []int64{first}, first)
	if err := imp.FinishImportAnalysis(ctx, first, 0, 0, 10, 0); err != nil {
		t.Fatal(err)
	}
	held("the first done", []int64{first, second}, second)

	// The second is cancelled while its chunk runs: the chunk's analysis
	// parts are not recorded, the import is held (its hands' analyses were
	// cancelled with it).
	if _, err := imp.StartImportChunk(ctx, second, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := imp.CancelImport(ctx, account.Default, secondPub); err != nil {
		t.Fatal(err)
	}
	if live, err := imp.AddImportAnalyses(ctx, second, 0, []int{10}); err != nil || live {
		t.Errorf("AddImportAnalyses of a cancelled import = %v, %v; want not live", live, err)
	}
	if _, st, err := imp.ImportAnalysisState(ctx, second, 0, 0); !isKind(err, fault.NotFound) {
		t.Errorf("a cancelled import's part: state %q, %v; want none recorded", st, err)
	}
	if err := imp.FinishImportChunk(ctx, second, 0, store.ChunkResult{State: store.ChunkDone, Counts: store.ImportCounts{Read: 10, Stored: 10}}); err != nil {
		t.Fatal(err)
	}
	held("a cancelled import", []int64{first, second}, second)
	im, err := imp.Import(ctx, account.Default, secondPub)
	if err != nil || im.State != store.ImportCancelled || im.Analysis.Pending != 0 {
		t.Errorf("the cancelled import: %+v, %v; want cancelled with nothing pending", im, err)
	}

	// A third, cancelled while analysing: its queued parts are cancelled;
	// a job that was running records what it analysed, the part stays
	// cancelled; a part queued after (a race) is cancelled by its job.
	third, thirdPub := newImport()
	queue(third)
	if _, err := imp.StartImportChunk(ctx, third, 0); err != nil {
		t.Fatal(err)
	}
	if live, err := imp.AddImportAnalyses(ctx, third, 0, []int{4, 6}); err != nil || !live {
		t.Fatalf("AddImportAnalyses = %v, %v", live, err)
	}
	if err := imp.FinishImportChunk(ctx, third, 0, store.ChunkResult{State: store.ChunkDone, Counts: store.ImportCounts{Read: 10, Stored: 10}}); err != nil {
		t.Fatal(err)
	}
	if _, err := imp.CancelImport(ctx, account.Default, thirdPub); err != nil {
		t.Fatal(err)
	}
	if err := imp.FinishImportAnalysis(ctx, third, 0, 0, 4, 0); err != nil {
		t.Fatal(err)
	}
	if _, st, err := imp.ImportAnalysisState(ctx, third, 0, 0); err != nil || st != "cancelled" {
		t.Errorf("a part finished after its import's cancellation: %q, %v; want cancelled", st, err)
	}
	if err := imp.FinishImportAnalysis(ctx, third, 0, 0, 1, 3); err != nil {
		t.Fatal(err)
	}
	im, err = imp.Import(ctx, account.Default, thirdPub)
	if err != nil || im.State != store.ImportCancelled || im.Analysis.Analysed != 4 || im.Analysis.Failed != 0 || im.Analysis.Pending != 0 || im.Analysis.Hands != 10 {
		t.Errorf("the import cancelled while analysing: %+v, %v; want cancelled, 4 of 10 analysed, none pending", im.Analysis, err)
	}
	if err := imp.CancelImportAnalysis(ctx, third, 0, 1); err != nil {
		t.Fatal(err)
	}
	if _, st, err := imp.ImportAnalysisState(ctx, third, 0, 1); err != nil || st != "cancelled" {
		t.Errorf("CancelImportAnalysis: part %q, %v", st, err)
	}
	if err := imp.CancelImportAnalysis(ctx, first, 0, 0); err != nil {
		t.Fatal(err)
	}
	if _, st, err := imp.ImportAnalysisState(ctx, first, 0, 0); err != nil || st != "done" {
		t.Errorf("CancelImportAnalysis of a done part: %q, %v; want done", st, err)
	}

	// Hands keep their import; a hand stored again by another import
	// moves to it only from a cancelled import.
	a := NewHand(301, "", "omaha-hi", true, "a", "b")
	a.Import = second // cancelled
	b := NewHand(302, "", "omaha-hi", true, "a", "b")
	b.Import = first                                  // done
	c := NewHand(303, "", "omaha-hi", true, "a", "b") // no import
	save(t, s, a, b, c)
	imports := func(what string, want map[string]int64) {
		t.Helper()
		got := map[string]int64{}
		var after int64
		for {
			page, err := s.UnanalyzedHands(ctx, analysis.EngineVersion, after, store.MaxLimit)
			if err != nil {
				t.Fatal(err)
			}
			if len(page) == 0 {
				break
			}
			for _, h := range page {
				got[h.NaturalKey] = h.Import
			}
			after = page[len(page)-1].Seq
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: hand %s listed with import %d, want %d", what, k, got[k], v)
			}
		}
	}
	imports("as stored", map[string]int64{a.NaturalKey: second, b.NaturalKey: first, c.NaturalKey: 0})
	a.Import, b.Import = third, third
	save(t, s, a, b)
	imports("stored again", map[string]int64{a.NaturalKey: third, b.NaturalKey: first, c.NaturalKey: 0})
	// The same hand read from another file, its notes naming other lines,
	// is the same hand: it moves too.
	d := withNotes(NewHand(304, "pokerstars", "omaha-hi", true, "a", "b"), "line 10 not read: x")
	d.Import = second // cancelled
	save(t, s, d)
	again := withNotes(d, "line 85 not read: x")
	again.Import = third
	if got := save(t, s, again); got[0].Created || got[0].Conflict {
		t.Errorf("the hand with other notes: %+v, want a duplicate", got[0])
	}
	imports("stored again with other notes", map[string]int64{d.NaturalKey: third})
}
