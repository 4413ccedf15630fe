package jobs

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/backfill"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
)

// AnalysisKind ("scoop_analysis", args AnalysisArgs, queue QueueAnalyses)
// analyses stored hands (ANALYSIS.md A1-A6) and saves each analysis
// (store.SaveAnalysis). Two forms:
//   - of an import: a chunk job that stored hands without their analyses
//     enqueues one job per AnalysisHands of them (Hands, their public
//     ids, with the import, chunk and part, recorded on import_analyses so
//     that the import shows its analysis progress); a job of a cancelled
//     or deleted import is cancelled (river.JobCancel) when it runs;
//   - of the sweeper (Import 0): the legal hands with Seq in (After,
//     Upto], a window of AnalysisHands Seqs aligned on a multiple of it,
//     that miss an analysis by the running engine (store.UnanalyzedHands)
//     and are no pending or cancelled import's (store.Hand.Import,
//     store.Imports.HeldImports): what the import jobs missed, and every
//     hand again after an engine version change. The sweeper
//     (internal/backfill with Config.Enqueue: EnqueueSweep) enqueues the
//     windows of the hands it finds.
//
// Jobs are unique by arguments, as chunk jobs: a part is never enqueued
// twice, and a retried, rescued or duplicated job re-saves analyses
// idempotently. A window is one job while it waits or runs, whichever
// sweeper (of any number of processes) enqueues it, however often; and
// the sweeper leaves the hands of a pending import to the import's own
// jobs, so that no hand is analysed by both, and the hands of a cancelled
// import alone, so that cancelling an import stops its analyses (they are
// made on demand, GET /v1/hands/{id}/analysis, or by an import of the same
// hands later, which adopts them). Each job is sized (AnalysisHands, a page of the sweeper)
// to finish well inside Config.JobTimeout, so that a dead worker's job is
// rescued soon (see Config.RescueAfter).
const (
	AnalysisKind  = "scoop_analysis"
	QueueAnalyses = "analyses"
)

// AnalysisHands is the most hands one analysis job of an import analyses:
// some 120 x 2 to 15 ms, well inside the job timeout even on a busy core
// (and what a job made before its timeout is saved, and skipped by its
// retry). Fewer hands a job cost the database more per hand, in the
// statements of store.SaveAnalyses: over 3,000 hands of
// examples/ps-session.txt (pg_stat_statements, one worker), 1.54 s of
// statements in all with 40 a job, 1.34 s with 120 (the facts UPDATE 356
// ms against 179, the analyses' INSERT 255 against 188).
const AnalysisHands = 120

// AnalysisArgs are an analysis job's arguments (see AnalysisKind).
type AnalysisArgs struct {
	Import  int64    `json:"import,omitempty"`
	Chunk   int      `json:"chunk,omitempty"`
	Part    int      `json:"part,omitempty"`
	Account int64    `json:"account,omitempty"`
	Hands   []string `json:"hands,omitempty"`
	After   int64    `json:"after,omitempty"`
	Upto    int64    `json:"upto,omitempty"`
}

// Kind implements river.JobArgs.
func (AnalysisArgs) Kind() string { return AnalysisKind }

// InsertOpts implements river.JobArgsWithInsertOpts. A sweeper's job is
// unique only while it waits or runs: the next sweep enqueues the same
// page again once it is done (a hand whose analysis failed is tried
// again; an engine version change lists every hand again).
func (a AnalysisArgs) InsertOpts() river.InsertOpts {
	o := river.InsertOpts{Queue: QueueAnalyses, UniqueOpts: river.UniqueOpts{ByArgs: true}}
	if a.Import == 0 {
		o.UniqueOpts.ByState = []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending,
			rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled}
	}
	return o
}

// testHookAnalyse, when set (by tests), is called as an analysis job
// starts: a test blocks in it to hold the job.
var testHookAnalyse func(a AnalysisArgs)

// testHookAnalysed, when set (by tests), is called once an analysis job
// has saved its analyses, before it records its part done; an error fails
// the attempt (as a timeout would), and River retries it.
var testHookAnalysed func(a AnalysisArgs, attempt int) error

// analysisWorker works AnalysisKind jobs.
type analysisWorker struct {
	river.WorkerDefaults[AnalysisArgs]
	svc *Service
}

func (w *analysisWorker) Timeout(*river.Job[AnalysisArgs]) time.Duration { return w.svc.cfg.JobTimeout }

// Work implements river.Worker.
func (w *analysisWorker) Work(ctx context.Context, job *river.Job[AnalysisArgs]) (err error) {
	a := job.Args
	if testHookAnalyse != nil {
		testHookAnalyse(a)
	}
	st, imp, err := w.svc.parts()
	if err != nil {
		return err
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("analysis job panicked: %v", p)
		}
	}()
	bf := w.svc.analyser()
	var hands []store.Hand
	if a.Import == 0 {
		page, err := st.UnanalyzedHands(ctx, analysis.EngineVersion, a.After, store.MaxLimit)
		if err != nil {
			return err
		}
		var window []store.Hand
		for _, h := range page {
			if h.Seq <= a.Upto {
				window = append(window, h)
			}
		}
		if hands, err = sweepable(ctx, imp, window); err != nil {
			return err
		}
	} else {
		is, ps, err := imp.ImportAnalysisState(ctx, a.Import, a.Chunk, a.Part)
		switch {
		case fault.KindOf(err) == fault.NotFound:
			return river.JobCancel(errors.New("the import was deleted"))
		case err != nil:
			return err
		case is == store.ImportCancelled || ps == "cancelled":
			if ps == "queued" {
				// Recorded as the import was cancelled: cancelled here, so
				// that the import shows nothing pending.
				if err := imp.CancelImportAnalysis(ctx, a.Import, a.Chunk, a.Part); err != nil {
					return err
				}
			}
			return river.JobCancel(errors.New("the import was cancelled"))
		case ps == "done":
			return nil // a rescued duplicate
		}
		ctx = account.With(ctx, account.ID(a.Account))
		// One read for the part's hands (at most AnalysisHands); a hand
		// deleted since is missing, and counted failed below.
		if hands, err = st.HandRecords(ctx, a.Hands); err != nil {
			return err
		}
	}
	var rep backfill.Report
	opp := bf.Opponents(ctx) // A10: each opponent read once a job at most
	done := 0                // analysed by an earlier attempt of this job
	todo := hands[:0:0]
	for _, h := range hands {
		if a.Import != 0 && job.Attempt > 1 && analysedNow(ctx, st, h.ID) {
			done++
			continue
		}
		todo = append(todo, h)
	}
	// The part's analyses are saved in one call (one transaction).
	if err := bf.Hands(ctx, todo, opp, &rep); err != nil {
		return err
	}
	w.svc.metrics.analysed(rep.Analyzed)
	if a.Import != 0 && rep.TimedOut > 0 && job.Attempt < job.MaxAttempts {
		// A hand that ran past its timeout (a loaded machine) is tried
		// again: River retries the job, which skips what it saved.
		return fmt.Errorf("%d of %d hands ran past their analysis timeout; the job is retried", rep.TimedOut, len(hands))
	}
	rep.Analyzed += done
	if testHookAnalysed != nil {
		if err := testHookAnalysed(a, job.Attempt); err != nil {
			return err
		}
	}
	if a.Import != 0 {
		return imp.FinishImportAnalysis(ctx, a.Import, a.Chunk, a.Part, rep.Analyzed, len(a.Hands)-rep.Analyzed)
	}
	return nil
}

// analysedNow reports whether hand id has an analysis by the running
// engine. A retried import job (its last attempt timed out, or its worker
// died) skips such hands, so that each attempt gets further than the last
// instead of redoing the same work against the same timeout; the first
// attempt does not ask (its hands were stored without analyses).
func analysedNow(ctx context.Context, st store.Store, id string) bool {
	an, err := st.Analysis(ctx, id)
	return err == nil && an.EngineVersion >= analysis.EngineVersion
}

// analysisJobs splits ids (stored hands of chunk `chunk` of import `imp`,
// for account acct) into the arguments of their analysis jobs.
func analysisJobs(imp int64, chunk int, acct account.ID, ids []string) []AnalysisArgs {
	var out []AnalysisArgs
	for part := 0; len(ids) > 0; part++ {
		n := min(len(ids), AnalysisHands)
		out = append(out, AnalysisArgs{Import: imp, Chunk: chunk, Part: part, Account: int64(acct), Hands: ids[:n:n]})
		ids = ids[n:]
	}
	return out
}

// enqueueAnalyses records the analysis parts of a chunk's stored hands
// and enqueues their jobs (idempotent: a retried chunk enqueues nothing
// new).
func (s *Service) enqueueAnalyses(ctx context.Context, imp store.Imports, id int64, chunk int, acct account.ID, ids []string) error {
	jobs := analysisJobs(id, chunk, acct, ids)
	if len(jobs) == 0 {
		return nil
	}
	sizes := make([]int, len(jobs))
	args := make([]river.JobArgs, len(jobs))
	for i, j := range jobs {
		sizes[i], args[i] = len(j.Hands), j
	}
	live, err := imp.AddImportAnalyses(ctx, id, chunk, sizes)
	if err != nil || !live {
		return err // not live: the import was cancelled while the chunk ran
	}
	return s.queue().insert(ctx, args)
}

// EnqueueSweep enqueues the sweeper's analysis jobs (see AnalysisKind)
// for hands (stored hands missing an analysis, Seq and CreatedAt set):
// one job per window of AnalysisHands Seqs holding one of them, the hands
// of pending imports left to their own jobs and those of cancelled ones
// alone. It
// returns how many of hands it enqueued (or found enqueued: a window
// already waiting or running is not enqueued again, River's unique jobs
// by arguments). backfill.Config.Enqueue of a process that runs the
// sweeper.
func (s *Service) EnqueueSweep(ctx context.Context, hands []store.Hand) (int, error) {
	q := s.queue()
	_, imp, err := s.parts()
	if q == nil || err != nil {
		return 0, fault.New(fault.Unavailable, "the database is not connected yet")
	}
	hands, err = sweepable(ctx, imp, hands)
	if err != nil {
		return 0, err
	}
	var args []river.JobArgs
	n, last := 0, int64(-1)
	for _, h := range hands {
		n++
		if after := sweepWindow(h.Seq); after != last {
			args = append(args, AnalysisArgs{After: after, Upto: after + AnalysisHands})
			last = after
		}
	}
	if len(args) == 0 {
		return 0, nil
	}
	return n, q.insert(ctx, args)
}

// sweepable is hands without those of a pending or cancelled import
// (store.Imports.HeldImports): the sweeper's hands.
func sweepable(ctx context.Context, imp store.Imports, hands []store.Hand) ([]store.Hand, error) {
	var ids []int64
	for _, h := range hands {
		if h.Import != 0 && !slices.Contains(ids, h.Import) {
			ids = append(ids, h.Import)
		}
	}
	if len(ids) == 0 {
		return hands, nil
	}
	held, err := imp.HeldImports(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := hands[:0:0]
	for _, h := range hands {
		if !held[h.Import] {
			out = append(out, h)
		}
	}
	return out, nil
}

// sweepWindow is the start of the sweeper's window holding Seq seq: the
// window is (start, start+AnalysisHands], start a multiple of
// AnalysisHands.
func sweepWindow(seq int64) int64 { return (seq - 1) / AnalysisHands * AnalysisHands }
