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
// replay, settle, analysis of every legal hand, store), the upload
// excluded (reported apart as upload-ms).
func benchImport(b *testing.B, workers int, analyse bool) {
	const benchHands = 10000
	st := storetest.OpenPostgres(b)
	cfg := testConfig(workers)
	cfg.ChunkHands = DefaultChunkHands
	cfg.NoAnalysis = !analyse
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
				if im.Counts.Stored != benchHands || (analyse && im.Counts.Analysed != benchHands) {
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

// BenchmarkImportOneWorker: one worker (one core), PostgreSQL, every
// legal hand analysed.
func BenchmarkImportOneWorker(b *testing.B) { benchImport(b, 1, true) }

// BenchmarkImportTwoWorkers: two workers in one process, PostgreSQL.
func BenchmarkImportTwoWorkers(b *testing.B) { benchImport(b, 2, true) }

// BenchmarkImportOneWorkerNoAnalysis: one worker, the analyses left to
// the backfill (Config.NoAnalysis): read, replay, settle, store.
func BenchmarkImportOneWorkerNoAnalysis(b *testing.B) { benchImport(b, 1, false) }

// BenchmarkImportTwoWorkersNoAnalysis: two workers, no analyses.
func BenchmarkImportTwoWorkersNoAnalysis(b *testing.B) { benchImport(b, 2, false) }
