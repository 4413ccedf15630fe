package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"maps"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/jobs/jobstest"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/postgres"
	"github.com/scoophq/scoop/internal/store/sqlite"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// testConfig is a Service configuration for tests: small chunks, quick
// retries and polls.
func testConfig(workers int) Config {
	return Config{Workers: workers, ChunkHands: 10, JobTimeout: 20 * time.Second, MaxAttempts: 3,
		RetryBase: 10 * time.Millisecond, PollInterval: 50 * time.Millisecond}
}

// quickConfig is testConfig without the analyses, for tests that do not
// count them (the analysis is most of a chunk's CPU).
func quickConfig(workers int) Config {
	c := testConfig(workers)
	c.Analysis = AnalyseNone
	return c
}

// each runs fn on a fresh PostgreSQL schema and on a fresh SQLite file.
func each(t *testing.T, fn func(t *testing.T, st store.Store, second func() store.Store)) {
	t.Run("postgres", func(t *testing.T) {
		schema := storetest.NewSchema(t)
		open := func() store.Store {
			s, err := postgres.Open(context.Background(), postgres.Config{URL: storetest.PostgresURL(), Schema: schema, MaxConns: 6})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			if _, err := s.Migrate(context.Background()); err != nil {
				t.Fatal(err)
			}
			return s
		}
		fn(t, open(), open)
	})
	t.Run("sqlite", func(t *testing.T) {
		path := t.TempDir() + "/scoop.db"
		open := func() store.Store {
			s, err := sqlite.Open(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			if _, err := s.Migrate(context.Background()); err != nil {
				t.Fatal(err)
			}
			return s
		}
		fn(t, open(), open)
	})
}

func start(t *testing.T, st store.Store, cfg Config) *Service {
	t.Helper()
	svc, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.Open(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		svc.Stop(ctx)
	})
	return svc
}

func upload(t *testing.T, svc *Service, files ...[]byte) string {
	t.Helper()
	ctx := context.Background()
	u, err := svc.NewUpload(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range files {
		if err := u.AddFile(ctx, "f"+string(rune('a'+i))+".txt", "text/plain", bytes.NewReader(f)); err != nil {
			t.Fatal(err)
		}
	}
	if err := u.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	return u.ID()
}

func wait(t *testing.T, svc *Service, id string) store.Import {
	t.Helper()
	return waitIn(t, context.Background(), svc, id)
}

// waitIn is wait for an import of the account of ctx.
func waitIn(t *testing.T, ctx context.Context, svc *Service, id string) store.Import {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		im, err := svc.Import(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if im.State == store.ImportDone || im.State == store.ImportFailed || (im.State == store.ImportCancelled && im.FinishedAt != nil) {
			return im
		}
		if time.Now().After(deadline) {
			t.Fatalf("import %s still %s after 60s: %+v", id, im.State, im)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func countHands(t *testing.T, st store.Store) int {
	t.Helper()
	n, cursor := 0, ""
	for {
		p, err := st.Hands(context.Background(), store.Query{Limit: store.MaxLimit, Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		n += len(p.Hands)
		if p.Next == "" {
			return n
		}
		cursor = p.Next
	}
}

// TestImportTwiceStoresOnce: the same file uploaded twice stores every
// hand once; the second import counts them all as duplicates.
func TestImportTwiceStoresOnce(t *testing.T) {
	each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
		svc := start(t, st, testConfig(2))
		file := jobstest.Hands(t, 45, 9_100_000_000)
		first := wait(t, svc, upload(t, svc, file))
		if first.State != store.ImportDone || first.Chunks != 5 || first.Counts.Read != 45 || first.Counts.Stored != 45 ||
			first.Counts.Duplicates != 0 || first.Counts.Legal != 45 || first.Counts.Analysed != 45 {
			t.Fatalf("first import: %+v", first)
		}
		second := wait(t, svc, upload(t, svc, file))
		if second.State != store.ImportDone || second.Counts.Stored != 0 || second.Counts.Duplicates != 45 {
			t.Fatalf("second import: %+v", second)
		}
		if n := countHands(t, st); n != 45 {
			t.Fatalf("%d hands stored, want 45", n)
		}
	})
}

// TestAnalysisModes: with --job-analysis shown-down a chunk job analyses
// exactly the hands that reached a showdown, with none no hand, and the
// hands it did not analyse are the ones the backfill finds missing.
func TestAnalysisModes(t *testing.T) {
	file := jobstest.Hands(t, 30, 9_150_000_000)
	es, err := handhistory.Read(handhistory.FormatPokerStars, file)
	if err != nil {
		t.Fatal(err)
	}
	shown := 0
	for _, e := range es {
		if v := analysis.FromEntry(e); v.Legal && len(v.ShowdownOrder) >= 2 {
			shown++
		}
	}
	if shown == 0 || shown == len(es) {
		t.Fatalf("%d of %d hands shown down: the file cannot tell the modes apart", shown, len(es))
	}
	for _, tc := range []struct {
		mode     AnalysisMode
		analysed int
	}{{AnalyseAll, 30}, {AnalyseShownDown, shown}, {AnalyseNone, 0}} {
		t.Run(string(tc.mode), func(t *testing.T) {
			each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
				cfg := testConfig(1)
				cfg.Analysis = tc.mode
				svc := start(t, st, cfg)
				im := wait(t, svc, upload(t, svc, file))
				if im.State != store.ImportDone || im.Counts.Stored != 30 || im.Counts.Analysed != int64(tc.analysed) {
					t.Fatalf("import: %+v; want 30 stored, %d analysed", im.Counts, tc.analysed)
				}
				// The analyses were the analysis jobs', recorded on the import.
				if a := im.Analysis; a.Hands != int64(tc.analysed) || a.Analysed != int64(tc.analysed) || a.Pending != 0 || a.Failed != 0 {
					t.Errorf("analysis progress %+v; want %d hands analysed, none pending", a, tc.analysed)
				}
				missing, err := st.UnanalyzedHands(context.Background(), analysis.EngineVersion, 0, store.MaxLimit)
				if err != nil || len(missing) != 30-tc.analysed {
					t.Fatalf("%d hands without an analysis, %v; want %d", len(missing), err, 30-tc.analysed)
				}
				for _, h := range missing {
					var v analysis.Verdict
					if err := json.Unmarshal(h.Verdict, &v); err != nil {
						t.Fatal(err)
					}
					if tc.mode == AnalyseShownDown && len(v.ShowdownOrder) >= 2 {
						t.Errorf("hand %s reached a showdown and was not analysed", h.ID)
					}
				}
			})
		})
	}
}

// TestRetriedChunkStoresNothingTwice: a chunk job that dies after storing
// its hands is retried by River; nothing is stored twice and the counts
// are those of a clean run.
func TestRetriedChunkStoresNothingTwice(t *testing.T) {
	each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
		var failed atomic.Int32
		testHookStored = func(w store.ChunkWork) error {
			if w.Chunk == 1 && w.Attempts == 1 {
				failed.Add(1)
				return errors.New("worker died after storing")
			}
			return nil
		}
		t.Cleanup(func() { testHookStored = nil })
		cfg := testConfig(2)
		reg := prometheus.NewRegistry()
		cfg.Registerer = reg
		svc := start(t, st, cfg)
		im := wait(t, svc, upload(t, svc, jobstest.Hands(t, 30, 9_200_000_000)))
		if failed.Load() != 1 {
			t.Fatalf("the hook failed %d attempts, want 1", failed.Load())
		}
		if im.State != store.ImportDone || im.Counts.Stored != 30 || im.Counts.Duplicates != 0 || im.Counts.Analysed != 30 {
			t.Fatalf("import after a retry: %+v", im)
		}
		if n := countHands(t, st); n != 30 {
			t.Fatalf("%d hands stored, want 30", n)
		}
		// The job metrics: River reports completions and failures
		// asynchronously; the queue's gauges are read at scrape.
		want := map[string]float64{"scoop_jobs_completed_total": 3, "scoop_jobs_retried_total": 1, "scoop_jobs_failed_total": 0,
			"scoop_import_hands_total": 30, "scoop_jobs_queued": 0, "scoop_jobs_running": 0}
		var got map[string]float64
		for deadline := time.Now().Add(10 * time.Second); ; {
			got = map[string]float64{}
			mfs, err := reg.Gather()
			if err != nil {
				t.Fatal(err)
			}
			for _, mf := range mfs {
				for _, m := range mf.GetMetric() {
					got[mf.GetName()] = m.GetCounter().GetValue() + m.GetGauge().GetValue()
				}
			}
			if maps.Equal(filter(got, want), want) || time.Now().After(deadline) {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		if !maps.Equal(filter(got, want), want) {
			t.Fatalf("metrics %v, want %v", filter(got, want), want)
		}
	})
}

// filter keeps the keys of m that are in keys.
func filter(m, keys map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for k := range keys {
		if v, ok := m[k]; ok {
			out[k] = v
		}
	}
	return out
}

// TestPoisonedChunk: a chunk whose reading panics fails after River's
// retries, with the error on the import; the other chunks finish.
func TestPoisonedChunk(t *testing.T) {
	each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
		var panics atomic.Int32
		ingest.TestHookRead = func(data []byte) {
			if bytes.Contains(data, []byte("#9300000015:")) {
				panics.Add(1)
				panic("poisoned hand")
			}
		}
		t.Cleanup(func() { ingest.TestHookRead = nil })
		svc := start(t, st, quickConfig(2))
		im := wait(t, svc, upload(t, svc, jobstest.Hands(t, 30, 9_300_000_000)))
		if panics.Load() != 3 {
			t.Errorf("the poisoned chunk ran %d times, want 3 (MaxAttempts)", panics.Load())
		}
		if im.State != store.ImportFailed || im.ChunksFailed != 1 || im.Counts.Stored != 20 || !strings.Contains(im.Reason, "poisoned hand") {
			t.Fatalf("import with a poisoned chunk: %+v", im)
		}
		if len(im.Errors) == 0 || !strings.Contains(im.Errors[0].Message, "chunk 1 failed after 3 attempts") {
			t.Fatalf("errors: %+v", im.Errors)
		}
		if n := countHands(t, st); n != 20 {
			t.Fatalf("%d hands stored, want 20", n)
		}
	})
}

// TestTwoWorkersShare: two services, each on its own connection pool,
// each with one worker, share the chunks of one import.
func TestTwoWorkersShare(t *testing.T) {
	each(t, func(t *testing.T, st store.Store, second func() store.Store) {
		// Each chunk takes a little while, so that one worker cannot run
		// them all before the other looks.
		testHookStored = func(store.ChunkWork) error { time.Sleep(30 * time.Millisecond); return nil }
		t.Cleanup(func() { testHookStored = nil })
		a := start(t, st, quickConfig(1))
		b := start(t, second(), quickConfig(1))
		im := wait(t, a, upload(t, a, jobstest.Hands(t, 120, 9_400_000_000)))
		if im.State != store.ImportDone || im.Counts.Stored != 120 {
			t.Fatalf("import: %+v", im)
		}
		na, nb := counter(a.metrics.handsTotal), counter(b.metrics.handsTotal)
		if na == 0 || nb == 0 || na+nb != 120 {
			t.Fatalf("worker a read %v hands, b %v: want both some, 120 in all", na, nb)
		}
	})
}

// TestImportsBelongToTheirAccount: another account's import is NotFound
// to read, list and cancel, exactly like a missing one; the job stores
// for the import's account.
func TestImportsBelongToTheirAccount(t *testing.T) {
	each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
		var stored atomic.Int64
		testHookStored = func(w store.ChunkWork) error {
			stored.Store(int64(w.Account))
			return nil
		}
		t.Cleanup(func() { testHookStored = nil })
		svc := start(t, st, quickConfig(1))
		// Another account than the default: made with a key, as scoop
		// apikey create makes it.
		_, prefix, hash := auth.NewKey()
		acct, err := st.CreateKey(context.Background(), "seven", store.APIKey{Prefix: prefix, Name: "test", Scopes: "write", Hash: hash})
		if err != nil {
			t.Fatal(err)
		}
		ctx7 := account.With(context.Background(), acct)
		u, err := svc.NewUpload(ctx7)
		if err != nil {
			t.Fatal(err)
		}
		if err := u.AddFile(ctx7, "a.txt", "text/plain", bytes.NewReader(jobstest.Hands(t, 5, 9_700_000_000))); err != nil {
			t.Fatal(err)
		}
		if err := u.Commit(ctx7); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(30 * time.Second)
		for {
			im, err := svc.Import(ctx7, u.ID())
			if err != nil {
				t.Fatal(err)
			}
			if im.State == store.ImportDone {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("still %s", im.State)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if stored.Load() != int64(acct) {
			t.Errorf("the job stored for account %d, want %d", stored.Load(), acct)
		}
		// The hands themselves: the import's account holds them, the
		// default account none.
		if p, err := st.Hands(ctx7, store.Query{}); err != nil || len(p.Hands) != 5 {
			t.Errorf("the import's account lists %d hands (%v), want 5", len(p.Hands), err)
		}
		if n := countHands(t, st); n != 0 {
			t.Errorf("the default account lists %d hands, want none", n)
		}
		other := context.Background() // the default account
		if _, err := svc.Import(other, u.ID()); fault.KindOf(err) != fault.NotFound {
			t.Errorf("another account reads it: %v", err)
		}
		if _, err := svc.Cancel(other, u.ID()); fault.KindOf(err) != fault.NotFound {
			t.Errorf("another account cancels it: %v", err)
		}
		if page, _, err := svc.Imports(other, "", 10); err != nil || len(page) != 0 {
			t.Errorf("another account lists %d imports (%v)", len(page), err)
		}
		if page, _, err := svc.Imports(ctx7, "", 10); err != nil || len(page) != 1 {
			t.Errorf("its account lists %d imports (%v)", len(page), err)
		}
	})
}

// TestWholeFileTooLarge: a file read only whole (a JSON document) over
// MaxWholeFile is refused with the reason; alone, the import fails.
func TestWholeFileTooLarge(t *testing.T) {
	each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
		defer func(n int64) { MaxWholeFile = n }(MaxWholeFile)
		MaxWholeFile = 100
		svc := start(t, st, quickConfig(1))
		doc := []byte("[\n" + strings.Repeat(" ", 200) + "]\n")
		alone := wait(t, svc, upload(t, svc, doc))
		if alone.State != store.ImportFailed || !strings.Contains(alone.Reason, "read whole") {
			t.Fatalf("a JSON document over the bound, alone: %+v", alone)
		}
		mixed := wait(t, svc, upload(t, svc, doc, jobstest.Hands(t, 3, 9_750_000_000)))
		if mixed.State != store.ImportDone || mixed.Counts.Stored != 3 || len(mixed.Errors) != 1 || !strings.Contains(mixed.Errors[0].Message, "read whole") {
			t.Fatalf("with another file: %+v", mixed)
		}
	})
}

// TestDiscardedJobFailsItsChunk: a chunk whose job River discarded
// without its result (its worker died in its last attempt) is failed by
// the reconciliation, and its import ends failed rather than running for
// ever.
func TestDiscardedJobFailsItsChunk(t *testing.T) {
	each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
		idle := start(t, st, quickConfig(0))
		id := upload(t, idle, jobstest.Hands(t, 20, 9_760_000_000))
		ctx := context.Background()
		var err error
		switch s := st.(type) {
		case *postgres.Store:
			_, err = s.Pool().Exec(ctx, `UPDATE river_job SET state = 'discarded', finalized_at = now() WHERE kind = $1 AND args->>'chunk' = '0'`, ChunkKind)
		case *sqlite.Store:
			_, err = s.Writer().ExecContext(ctx, `UPDATE river_job SET state = 'discarded', finalized_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE kind = ? AND json_extract(args, '$.chunk') = 0`, ChunkKind)
		}
		if err != nil {
			t.Fatal(err)
		}
		im := wait(t, start(t, st, quickConfig(1)), id)
		if im.State != store.ImportFailed || im.ChunksFailed != 1 || im.Counts.Stored != 10 || im.Reason != discardedMessage {
			t.Fatalf("import with a discarded job: %+v", im)
		}
		// The failed chunk's bytes went with it: nothing of the upload is
		// left.
		var parts int
		switch s := st.(type) {
		case *postgres.Store:
			err = s.Pool().QueryRow(ctx, `SELECT count(*) FROM import_parts`).Scan(&parts)
		case *sqlite.Store:
			err = s.DB().QueryRowContext(ctx, `SELECT count(*) FROM import_parts`).Scan(&parts)
		}
		if err != nil || parts != 0 {
			t.Errorf("%d upload parts left after the import ended (%v), want none", parts, err)
		}
	})
}

// TestCancelWhileRunning: DELETE during an import cancels the chunks not
// started; the running one finishes and its hands stay stored, without
// analyses: none is enqueued for them, the sweeper leaves them alone, and
// the import holds back no later import's analyses. Before, the running
// chunk recorded analysis parts that stayed queued forever, and the
// import, pending for good, kept the sweeper off every hand stored later.
func TestCancelWhileRunning(t *testing.T) {
	each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
		inside, release := make(chan struct{}), make(chan struct{})
		var once sync.Once
		testHookStored = func(w store.ChunkWork) error {
			if w.Chunk == 0 {
				once.Do(func() { close(inside) })
				<-release
			}
			return nil
		}
		// An analysis job the queue hands out before the cancel (its
		// parts are enqueued before the hook) waits for it, as one still
		// queued would: what is pinned is that a job begins by asking
		// whether its import was cancelled (one that has begun its work
		// finishes it).
		testHookAnalyse = func(AnalysisArgs) { <-release }
		t.Cleanup(func() { testHookStored, testHookAnalyse = nil, nil })
		svc := start(t, st, testConfig(1))
		id := upload(t, svc, jobstest.Hands(t, 30, 9_770_000_000))
		<-inside
		im, err := svc.Cancel(context.Background(), id)
		if err != nil || im.State != store.ImportCancelled || im.FinishedAt != nil {
			t.Fatalf("cancel while chunk 0 runs: %+v, %v", im, err)
		}
		close(release)
		im = wait(t, svc, id)
		if im.State != store.ImportCancelled || im.FinishedAt == nil || im.Counts.Stored != 10 || im.ChunksFinished != 3 {
			t.Fatalf("after the running chunk: %+v", im)
		}
		if n := countHands(t, st); n != 10 {
			t.Fatalf("%d hands stored, want the running chunk's 10", n)
		}
		// The running chunk's analysis parts were cancelled with the
		// import (they are recorded before the hook), none was made, and
		// nothing of the import is pending: the
		// sweeper leaves its hands alone, and a later import is analysed.
		if im.Analysis.Analysed != 0 || im.Analysis.Pending != 0 {
			t.Errorf("the cancelled import's analyses: %+v, want none made and none pending", im.Analysis)
		}
		missing, err := st.UnanalyzedHands(context.Background(), analysis.EngineVersion, 0, store.MaxLimit)
		if err != nil || len(missing) != 10 {
			t.Fatalf("%d hands without analyses (%v), want the cancelled import's 10", len(missing), err)
		}
		if n, err := svc.EnqueueSweep(context.Background(), missing); err != nil || n != 0 {
			t.Errorf("the sweeper enqueued %d of the cancelled import's hands (%v), want none", n, err)
		}
		later := wait(t, svc, upload(t, svc, jobstest.Hands(t, 10, 9_771_000_000)))
		for later.State == store.ImportAnalysing || later.State == store.ImportDone && later.Analysis.Analysed < 10 {
			time.Sleep(20 * time.Millisecond)
			if later, err = svc.Import(context.Background(), later.PublicID); err != nil {
				t.Fatal(err)
			}
		}
		if later.State != store.ImportDone || later.Analysis.Analysed != 10 {
			t.Errorf("an import after the cancelled one: %s, %+v; want done with its 10 hands analysed", later.State, later.Analysis)
		}
	})
}

// TestAbortRetriesItsDelete: an upload aborted while the database does
// not answer is deleted, parts and all, once it answers again (before,
// it stayed "uploading" with its parts until a day later).
func TestAbortRetriesItsDelete(t *testing.T) {
	defer func(n int, d time.Duration) { abortRetries, abortRetryWait = n, d }(abortRetries, abortRetryWait)
	abortRetries, abortRetryWait = 20, 20*time.Millisecond
	each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
		svc := start(t, st, quickConfig(0))
		ctx := context.Background()
		u, err := svc.NewUpload(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := u.AddFile(ctx, "a.txt", "text/plain", bytes.NewReader(jobstest.Hands(t, 20, 9_770_000_000))); err != nil {
			t.Fatal(err)
		}
		var calls atomic.Int32
		testHookDelete = func(int64) error {
			if calls.Add(1) <= 3 {
				return errors.New("the database did not answer in time")
			}
			return nil
		}
		defer func() { testHookDelete = nil }()
		u.Abort(ctx)
		count := func(table string) int {
			var n int
			var err error
			switch s := st.(type) {
			case *postgres.Store:
				err = s.Pool().QueryRow(ctx, `SELECT count(*) FROM `+table).Scan(&n)
			case *sqlite.Store:
				err = s.DB().QueryRowContext(ctx, `SELECT count(*) FROM `+table).Scan(&n)
			}
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		deadline := time.Now().Add(10 * time.Second)
		for count("imports") != 0 || count("import_parts") != 0 {
			if time.Now().After(deadline) {
				t.Fatalf("an aborted upload left %d imports and %d parts after %d deletes", count("imports"), count("import_parts"), calls.Load())
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// TestCancelCancelsAnalyses: cancelling an import whose hands are stored
// and whose analysis jobs wait cancels them: the import reads cancelled
// with no analysis pending, the waiting jobs end cancelled (River's
// JobCancel), and the hands they held stay without an analysis.
func TestCancelCancelsAnalyses(t *testing.T) {
	each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
		release := make(chan struct{})
		var held atomic.Int32
		testHookAnalyse = func(a AnalysisArgs) {
			if a.Part > 0 {
				held.Add(1)
				<-release
			}
		}
		t.Cleanup(func() { testHookAnalyse = nil })
		cfg := testConfig(1)
		cfg.ChunkHands = 200
		svc := start(t, st, cfg)
		id := upload(t, svc, jobstest.Hands(t, 3*AnalysisHands, 9_790_000_000))
		var im store.Import
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			var err error
			if im, err = svc.Import(context.Background(), id); err != nil {
				t.Fatal(err)
			}
			if im.State == store.ImportAnalysing && held.Load() > 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the import never waited on its analyses: %+v", im)
			}
		}
		if im.Analysis.Hands != 3*AnalysisHands || im.Analysis.Pending == 0 {
			t.Fatalf("analysing: %+v", im.Analysis)
		}
		if im, err := svc.Cancel(context.Background(), id); err != nil || im.State != store.ImportCancelled || im.Analysis.Pending != 0 {
			t.Fatalf("cancelled: %+v, %v", im, err)
		}
		// The jobs not started are dropped at once, before any worker
		// takes one (the one worker is held in a part's job); the running
		// ones are left to finish.
		imp := st.(store.Imports)
		if waiting, err := imp.WaitingImportJobs(context.Background(), AnalysisKind, im.ID); err != nil || len(waiting) != 0 {
			t.Errorf("analysis jobs still waiting after the cancel: %v, %v", waiting, err)
		}
		if counts, err := imp.ImportJobCounts(context.Background(), AnalysisKind); err != nil || counts["available"]+counts["scheduled"]+counts["retryable"] != 0 || counts["running"] < 1 {
			t.Errorf("analysis jobs by state right after the cancel: %v, %v; want none waiting, the held one running", counts, err)
		}
		close(release)
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			counts, err := imp.ImportJobCounts(context.Background(), AnalysisKind)
			if err != nil {
				t.Fatal(err)
			}
			if counts["cancelled"] >= 1 && counts["available"]+counts["running"]+counts["retryable"] == 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("analysis jobs after the cancel: %v", counts)
			}
		}
		im, _ = svc.Import(context.Background(), id)
		if im.Counts.Analysed >= 3*AnalysisHands || im.State != store.ImportCancelled {
			t.Errorf("after the cancel: %d analysed, state %s", im.Counts.Analysed, im.State)
		}
		// The import counts what its running jobs analysed after the
		// cancel, as the store holds it; the sweeper leaves the rest alone.
		missing, err := st.UnanalyzedHands(context.Background(), analysis.EngineVersion, 0, store.MaxLimit)
		if err != nil {
			t.Fatal(err)
		}
		if got := int64(3*AnalysisHands - len(missing)); im.Analysis.Analysed != got {
			t.Errorf("the cancelled import says %d analysed; the store holds %d analyses", im.Analysis.Analysed, got)
		}
		if n, err := svc.EnqueueSweep(context.Background(), missing); err != nil || n != 0 {
			t.Errorf("the sweeper enqueued %d of the cancelled import's hands (%v), want none", n, err)
		}
	})
}

// TestRetriedAnalysisSkipsAnalysedHands: an import's analysis job whose
// first attempt saved its analyses and then failed (a timeout under load,
// a worker gone before it recorded its part) analyses none of them again
// when River retries it, and its part still counts every hand analysed.
// Before, each retry redid the whole part against the same timeout.
func TestRetriedAnalysisSkipsAnalysedHands(t *testing.T) {
	each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
		var mu sync.Mutex
		failed := 0
		testHookAnalysed = func(_ AnalysisArgs, attempt int) error {
			if attempt > 1 {
				return nil
			}
			mu.Lock()
			defer mu.Unlock()
			failed++
			return errors.New("the first attempt fails after its saves")
		}
		t.Cleanup(func() { testHookAnalysed = nil })
		svc := start(t, st, testConfig(1))
		im := wait(t, svc, upload(t, svc, jobstest.Hands(t, 20, 9_780_000_000)))
		if im.State != store.ImportDone || im.Counts.Stored != 20 || im.Analysis.Analysed != 20 || im.Analysis.Failed != 0 {
			t.Fatalf("import: %+v; want 20 stored and analysed", im)
		}
		mu.Lock()
		defer mu.Unlock()
		if failed != 2 { // one part a chunk of 10
			t.Fatalf("%d first attempts failed, want 2", failed)
		}
		if n := counter(svc.metrics.analysedTotal); n != 20 {
			t.Errorf("%v analyses made, want 20: the retries analysed again what their first attempt saved", n)
		}
	})
}

// TestAnalysisJobsRangeOpponentsByTheirStoredHands: an import's analysis
// jobs give the unknown opponents of a decision the A10 ranges of their
// stored statistics, as the API's analyses do: opponents with 100 or more
// stored hands are not given the defaults. Before, the jobs passed no
// statistics and every opponent got 15% and 35%.
func TestAnalysisJobsRangeOpponentsByTheirStoredHands(t *testing.T) {
	each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
		quick := start(t, st, quickConfig(1))
		if im := wait(t, quick, upload(t, quick, jobstest.Hands(t, 150, 9_790_000_000))); im.Counts.Stored != 150 {
			t.Fatalf("first upload: %+v", im)
		}
		quick.Stop(context.Background())
		svc := start(t, st, testConfig(1))
		im := wait(t, svc, upload(t, svc, jobstest.Hands(t, 20, 9_791_000_000)))
		if im.State != store.ImportDone || im.Analysis.Analysed != 20 {
			t.Fatalf("second upload: %+v", im)
		}
		ctx := context.Background()
		ranged, stored := 0, 0
		for cursor := ""; ; {
			page, err := st.Hands(ctx, store.Query{Limit: store.MaxLimit, Cursor: cursor})
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range page.Hands {
				an, err := st.Analysis(ctx, h.ID)
				if fault.KindOf(err) == fault.NotFound {
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				var a analysis.Analysis
				if err := json.Unmarshal(an.Analysis, &a); err != nil {
					t.Fatal(err)
				}
				for _, d := range a.Decisions {
					for _, r := range d.Ranges {
						ranged++
						if !r.Default && r.Hands >= analysis.MinStoredHands {
							stored++
						}
					}
				}
			}
			if page.Next == "" {
				break
			}
			cursor = page.Next
		}
		if ranged == 0 || stored == 0 {
			t.Fatalf("%d opponent ranges in the analyses, %d of them from stored statistics; want some, and from stored statistics", ranged, stored)
		}
	})
}
