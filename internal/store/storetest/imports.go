package storetest

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/account"
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

// testPendingImports: PendingImportsSince names the oldest import whose
// work is pending (queued or running, or stored with an analysis part
// queued), never an upload still coming in nor a finished import.
func testPendingImports(t *testing.T, s store.Store) {
	imp, ok := s.(store.Imports)
	if !ok {
		t.Skip("the store keeps no imports")
	}
	ctx := context.Background()
	pending := func(what string, want bool) time.Time {
		t.Helper()
		since, ok, err := imp.PendingImportsSince(ctx)
		if err != nil || ok != want {
			t.Fatalf("%s: PendingImportsSince = %v, %v, %v; want pending %v", what, since, ok, err, want)
		}
		return since
	}
	pending("no import", false)
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
	first, firstPub := newImport()
	pending("an upload coming in", false)
	if err := imp.QueueImport(ctx, first, 1, 5, nil, "", func(any) error { return nil }); err != nil {
		t.Fatal(err)
	}
	im, err := imp.Import(ctx, account.Default, firstPub)
	if err != nil {
		t.Fatal(err)
	}
	if since := pending("a queued import", true); !since.Equal(im.CreatedAt) {
		t.Errorf("pending since %v, want the import's creation %v", since, im.CreatedAt)
	}
	// Creation times are kept to the millisecond (SQLite): the second
	// import must be created on a later one for the check below to tell
	// the two apart.
	for time.Now().Sub(im.CreatedAt) < 5*time.Millisecond {
		time.Sleep(time.Millisecond)
	}
	second, secondPub := newImport()
	if err := imp.QueueImport(ctx, second, 1, 5, nil, "", func(any) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if since := pending("two queued imports", true); !since.Equal(im.CreatedAt) {
		t.Errorf("pending since %v, want the older import's creation %v", since, im.CreatedAt)
	}
	// The first stores its chunk, with an analysis part queued: still
	// pending until the part is done.
	if _, err := imp.StartImportChunk(ctx, first, 0); err != nil {
		t.Fatal(err)
	}
	if err := imp.AddImportAnalyses(ctx, first, 0, []int{10}); err != nil {
		t.Fatal(err)
	}
	if err := imp.FinishImportChunk(ctx, first, 0, store.ChunkResult{State: store.ChunkDone, Counts: store.ImportCounts{Read: 10, Stored: 10}}); err != nil {
		t.Fatal(err)
	}
	if since := pending("an import analysing", true); !since.Equal(im.CreatedAt) {
		t.Errorf("pending since %v, want the analysing import's creation %v", since, im.CreatedAt)
	}
	if err := imp.FinishImportAnalysis(ctx, first, 0, 0, 10, 0); err != nil {
		t.Fatal(err)
	}
	im2, err := imp.Import(ctx, account.Default, secondPub)
	if err != nil {
		t.Fatal(err)
	}
	if since := pending("the first done", true); !since.Equal(im2.CreatedAt) || !since.After(im.CreatedAt) {
		t.Errorf("pending since %v, want the second import's creation %v, after the first's %v", since, im2.CreatedAt, im.CreatedAt)
	}
	if err := imp.DeleteImport(ctx, second); err != nil {
		t.Fatal(err)
	}
	pending("every import done or gone", false)
}
