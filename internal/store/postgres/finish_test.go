package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/postgres"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// TestLastChunkAndReconcileEndTheImport: the reconciliation failing chunk 0
// (its job discarded) while chunk 1's job finishes, each transaction
// checking for open chunks before the other commits, still ends the
// import. Before finishImport locked the import's row, each saw the
// other's chunk open and the import stayed "running" for ever (CI's
// TestDiscardedJobFailsItsChunk, once under load).
func TestLastChunkAndReconcileEndTheImport(t *testing.T) {
	s := storetest.OpenPostgres(t)
	ctx := context.Background()
	pub := store.NewPublicID()
	id, err := s.CreateImport(ctx, account.Default, pub)
	if err != nil {
		t.Fatal(err)
	}
	for c := range 2 {
		if err := s.AddImportPart(ctx, id, c, 0, []byte("hands")); err != nil {
			t.Fatal(err)
		}
		if err := s.AddImportChunk(ctx, id, store.ImportChunk{Chunk: c, File: "a.txt", Format: "pokerstars", FirstLine: 1, Hands: 10, Bytes: 5}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.QueueImport(ctx, id, 1, 10, nil, "", func(any) error { return nil }); err != nil {
		t.Fatal(err)
	}
	for c := range 2 {
		if _, err := s.StartImportChunk(ctx, id, c); err != nil {
			t.Fatal(err)
		}
	}
	const kind = "import_chunk_test"
	if _, err := s.Pool().Exec(ctx, `INSERT INTO river_job (kind, args, max_attempts, state, finalized_at)
VALUES ($1, jsonb_build_object('import', $2::bigint, 'chunk', 0), 1, 'discarded', now())`, kind, id); err != nil {
		t.Fatal(err)
	}

	// The reconciliation checks first and waits, before it commits, for
	// the finisher to have checked too (or, when it holds the import's
	// lock and the finisher cannot, for half a second).
	reconChecked, finisherChecked := make(chan struct{}), make(chan struct{})
	postgres.SetTestHookFinishChecked(func(int64) {
		select {
		case <-reconChecked:
			close(finisherChecked)
		default:
			close(reconChecked)
			select {
			case <-finisherChecked:
			case <-time.After(500 * time.Millisecond):
			}
		}
	})
	t.Cleanup(func() { postgres.SetTestHookFinishChecked(nil) })
	reconciled := make(chan error, 1)
	go func() {
		_, err := s.ReconcileImportChunks(ctx, kind, "discarded")
		reconciled <- err
	}()
	<-reconChecked
	if err := s.FinishImportChunk(ctx, id, 1, store.ChunkResult{State: store.ChunkDone, Counts: store.ImportCounts{Read: 10, Stored: 10, Legal: 10}}); err != nil {
		t.Fatal(err)
	}
	if err := <-reconciled; err != nil {
		t.Fatal(err)
	}
	im, err := s.Import(ctx, account.Default, pub)
	if err != nil {
		t.Fatal(err)
	}
	if im.State != store.ImportFailed || im.FinishedAt == nil || im.ChunksFailed != 1 || im.ChunksFinished != 2 {
		t.Fatalf("after the last chunk and the reconciliation: %+v, want failed and finished", im)
	}
}
