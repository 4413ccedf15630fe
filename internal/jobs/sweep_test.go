package jobs

import (
	"context"
	"maps"
	"sync"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/backfill"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/jobs/jobstest"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/postgres"
	"github.com/scoophq/scoop/internal/store/sqlite"
)

// storeUnanalysed stores n hands (site ids from base) without their
// analyses, as a large POST /v1/hands does, and returns their Seqs.
func storeUnanalysed(t *testing.T, st store.Store, n int, base int64) []int64 {
	t.Helper()
	ctx := context.Background()
	p := &ingest.Pipeline{Store: st, Analysis: ingest.AnalyseNone}
	c, err := p.Run(ctx, handhistory.FormatPokerStars, jobstest.Hands(t, n, base), func(*ingest.Result) {})
	if err != nil || c.Stored != int64(n) {
		t.Fatalf("stored %d of %d hands: %v", c.Stored, n, err)
	}
	var seqs []int64
	var after int64
	for {
		page, err := st.UnanalyzedHands(ctx, analysis.EngineVersion, after, store.MaxLimit)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			return seqs
		}
		for _, h := range page {
			seqs = append(seqs, h.Seq)
		}
		after = page[len(page)-1].Seq
	}
}

// sweepJobs returns the sweeper's analysis jobs on the database of st:
// how many there are for each window start.
func sweepJobs(t *testing.T, st store.Store) map[int64]int {
	t.Helper()
	ctx := context.Background()
	var rows interface {
		Next() bool
		Scan(dest ...any) error
	}
	switch s := st.(type) {
	case *postgres.Store:
		r, err := s.Pool().Query(ctx, `SELECT coalesce((args->>'after')::bigint, 0), count(*) FROM river_job
WHERE kind = $1 AND coalesce((args->>'import')::bigint, 0) = 0 GROUP BY 1`, AnalysisKind)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		rows = r
	case *sqlite.Store:
		r, err := s.DB().QueryContext(ctx, `SELECT coalesce(json_extract(args, '$.after'), 0), count(*) FROM river_job
WHERE kind = ? AND coalesce(json_extract(args, '$.import'), 0) = 0 GROUP BY 1`, AnalysisKind)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		rows = r
	}
	out := map[int64]int{}
	for rows.Next() {
		var after int64
		var n int
		if err := rows.Scan(&after, &n); err != nil {
			t.Fatal(err)
		}
		out[after] += n
	}
	return out
}

// TestTwoSweepersEnqueueOnce: two sweepers (two processes' services on
// one database, with different page sizes, so that their pages never
// line up) sweeping at once, and again while the jobs they enqueued wait,
// enqueue one job per window of hands: every hand's window once, none
// twice. A pending import's hands are left to the import's jobs, and a
// cancelled import's alone: no sweeper enqueues them; other hands stored
// meanwhile are the sweeper's.
func TestTwoSweepersEnqueueOnce(t *testing.T) {
	each(t, func(t *testing.T, st store.Store, second func() store.Store) {
		ctx := context.Background()
		seqs := storeUnanalysed(t, st, 3*AnalysisHands+7, 9_800_000_000)
		want := map[int64]int{}
		for _, s := range seqs {
			want[sweepWindow(s)] = 1
		}
		// No workers: the jobs stay waiting while the sweeps go on.
		a, b := start(t, st, quickConfig(0)), start(t, second(), quickConfig(0))
		var sweepers []*backfill.Backfiller
		for i, svc := range []*Service{a, b} {
			bf, err := backfill.New(backfill.Config{Store: st, Batch: 7 + 6*i, Enqueue: svc.EnqueueSweep})
			if err != nil {
				t.Fatal(err)
			}
			sweepers = append(sweepers, bf)
		}
		for round := range 2 {
			var wg sync.WaitGroup
			reps := make([]backfill.Report, len(sweepers))
			for i, bf := range sweepers {
				wg.Go(func() {
					var err error
					if reps[i], err = bf.Pass(ctx); err != nil {
						t.Errorf("round %d, sweeper %d: %v", round, i, err)
					}
				})
			}
			wg.Wait()
			for i, rep := range reps {
				if rep.Enqueued != len(seqs) {
					t.Errorf("round %d, sweeper %d offered %d hands, want %d", round, i, rep.Enqueued, len(seqs))
				}
			}
			if got := sweepJobs(t, st); !maps.Equal(got, want) {
				t.Fatalf("round %d: sweep jobs by window %v, want each of %v once", round, got, want)
			}
		}

		// An import pending (no worker takes its chunks), with hands its
		// chunk stored (as runChunk stores them: the import recorded on
		// each): they are its own, and no sweeper enqueues them; hands
		// stored meanwhile by another path are the sweeper's. Once the
		// import is cancelled its hands stay left alone.
		pub := upload(t, a, jobstest.Hands(t, 5, 9_810_000_000))
		im, err := a.Import(ctx, pub)
		if err != nil {
			t.Fatal(err)
		}
		p := &ingest.Pipeline{Store: st, Analysis: ingest.AnalyseNone, Import: im.ID}
		if c, err := p.Run(ctx, handhistory.FormatPokerStars, jobstest.Hands(t, 2*AnalysisHands, 9_820_000_000), func(*ingest.Result) {}); err != nil || c.Stored != 2*AnalysisHands {
			t.Fatalf("the import's hands: %+v, %v", c, err)
		}
		others := storeUnanalysed(t, st, AnalysisHands, 9_830_000_000)
		if len(others) != len(seqs)+3*AnalysisHands {
			t.Fatalf("%d hands without analyses, want %d", len(others), len(seqs)+3*AnalysisHands)
		}
		sweep := func(what string) {
			t.Helper()
			want := map[int64]int{}
			for _, s := range seqs {
				want[sweepWindow(s)] = 1
			}
			for _, s := range others[len(others)-AnalysisHands:] {
				want[sweepWindow(s)] = 1
			}
			for i, bf := range sweepers {
				rep, err := bf.Pass(ctx)
				if err != nil || rep.Enqueued != len(seqs)+AnalysisHands {
					t.Errorf("sweeper %d, %s: %+v, %v; want the %d hands that are no import's", i, what, rep, err, len(seqs)+AnalysisHands)
				}
			}
			if got := sweepJobs(t, st); !maps.Equal(got, want) {
				t.Errorf("%s: sweep jobs by window %v, want %v (the import's hands are not the sweeper's)", what, got, want)
			}
		}
		sweep("with an import pending")
		if _, err := a.Cancel(ctx, pub); err != nil {
			t.Fatal(err)
		}
		sweep("with the import cancelled")
	})
}
