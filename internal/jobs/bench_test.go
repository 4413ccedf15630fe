package jobs

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/jobs/jobstest"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// benchImport imports fresh hands into PostgreSQL with the given number
// of workers (this process), b.N imports of benchHands hands, and reports
// the workers' rate: hands/s from the import's queueing to its end (read,
// replay, settle, the analyses mode asks for, store), the upload
// excluded (reported apart as upload-ms).
func benchImport(b *testing.B, workers int, mode AnalysisMode) {
	const benchHands = 10000
	st := storetest.OpenPostgres(b)
	cfg := testConfig(workers)
	cfg.ChunkHands = DefaultChunkHands
	cfg.Analysis = mode
	svc, err := New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	if err := svc.Open(context.Background(), st); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { svc.Stop(context.Background()) })
	files := make([][]byte, 0, 8)
	var work, upload time.Duration
	n := 0
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		for len(files) <= i {
			files = append(files, jobstest.Hands(b, benchHands, 9_900_000_000+int64(len(files))*benchHands))
		}
		ctx := context.Background()
		t0 := time.Now()
		u, err := svc.NewUpload(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if err := u.AddFile(ctx, "bench.txt", "text/plain", bytes.NewReader(files[i])); err != nil {
			b.Fatal(err)
		}
		if err := u.Commit(ctx); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		upload += t1.Sub(t0)
		b.StartTimer()
		for {
			im, err := svc.Import(ctx, u.ID())
			if err != nil {
				b.Fatal(err)
			}
			if im.State == store.ImportDone {
				a := im.Counts.Analysed
				if im.Counts.Stored != benchHands || (mode == AnalyseAll && a != benchHands) ||
					(mode == AnalyseShownDown && (a == 0 || a == benchHands)) || (mode == AnalyseNone && a != 0) {
					b.Fatalf("%+v", im.Counts)
				}
				break
			}
			if im.State == store.ImportFailed {
				b.Fatalf("%+v", im)
			}
			time.Sleep(20 * time.Millisecond)
		}
		work += time.Since(t1)
		n += benchHands
	}
	b.ReportMetric(float64(n)/work.Seconds(), "hands/s")
	b.ReportMetric(float64(upload.Milliseconds())/float64(b.N), "upload-ms")
}

// BenchmarkImportOneWorker: one worker (one job at a time), PostgreSQL,
// every legal hand analysed.
func BenchmarkImportOneWorker(b *testing.B) { benchImport(b, 1, AnalyseAll) }

// BenchmarkImportTwoWorkers: two workers in one process (scoop worker's
// default on two cores), PostgreSQL, every legal hand analysed.
func BenchmarkImportTwoWorkers(b *testing.B) { benchImport(b, 2, AnalyseAll) }

// BenchmarkImportOneWorkerShownDown: one worker, the hands that reached
// a showdown analysed (7 of the session's 15), the rest left to the
// backfill.
func BenchmarkImportOneWorkerShownDown(b *testing.B) { benchImport(b, 1, AnalyseShownDown) }

// BenchmarkImportTwoWorkersShownDown: two workers, shown-down hands
// analysed.
func BenchmarkImportTwoWorkersShownDown(b *testing.B) { benchImport(b, 2, AnalyseShownDown) }

// BenchmarkImportOneWorkerNoAnalysis: one worker, the analyses left to
// the backfill: read, replay, settle, store.
func BenchmarkImportOneWorkerNoAnalysis(b *testing.B) { benchImport(b, 1, AnalyseNone) }

// BenchmarkImportTwoWorkersNoAnalysis: two workers, no analyses.
func BenchmarkImportTwoWorkersNoAnalysis(b *testing.B) { benchImport(b, 2, AnalyseNone) }
