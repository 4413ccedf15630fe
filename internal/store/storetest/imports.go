package storetest

import (
	"context"
	"fmt"
	"reflect"
	"testing"

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
	want = store.Import{PublicID: pub2, Account: account.Default, State: store.ImportQueued, Files: 1, Bytes: 1, Chunks: 1, HandsExpected: 3}
	check("a queued import", got)
}
