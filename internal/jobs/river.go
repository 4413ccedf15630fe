package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivertype"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/postgres"
	"github.com/scoophq/scoop/internal/store/sqlite"
)

// The job kinds, their arguments and queues.
//
// ChunkKind ("scoop_import_chunk", args ChunkArgs, queue QueueImports):
// one job per chunk of an upload (a few hundred whole hands of one file,
// see Upload). It reads the chunk's bytes from import_parts, reads,
// replays, settles, analyses (those Config.Analysis names) and stores its
// hands, and records the
// chunk's counts on import_chunks; the import's counts are their sums.
// Jobs are unique by arguments (River's UniqueOpts ByArgs, in every state
// but cancelled and discarded), so a chunk is never enqueued twice, and
// a retried or rescued job re-runs its chunk idempotently (SaveHands is
// idempotent on the natural key; the chunk's counts are set, not added).
// A job that fails (the store, a panic) is retried by River with
// backoff up to Config.MaxAttempts; at the last attempt its error is
// recorded on the chunk and the import ends failed once its other chunks
// have run.
const (
	ChunkKind    = "scoop_import_chunk"
	QueueImports = "imports"
)

// ChunkArgs are a chunk job's arguments: the import (internal id), the
// chunk's number, and the account that owns the import (the job stores
// the hands for it: account.With).
type ChunkArgs struct {
	Import  int64 `json:"import"`
	Chunk   int   `json:"chunk"`
	Account int64 `json:"account"`
}

// Kind implements river.JobArgs.
func (ChunkArgs) Kind() string { return ChunkKind }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (ChunkArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueImports, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// testHookStored, when set (by tests), is called after a chunk's hands
// are stored and before its result is recorded: an error plays a worker
// that dies there.
var testHookStored func(w store.ChunkWork) error

// chunkWorker works ChunkKind jobs.
type chunkWorker struct {
	river.WorkerDefaults[ChunkArgs]
	svc *Service
}

func (w *chunkWorker) Timeout(*river.Job[ChunkArgs]) time.Duration { return w.svc.cfg.JobTimeout }

// Work implements river.Worker.
func (w *chunkWorker) Work(ctx context.Context, job *river.Job[ChunkArgs]) (err error) {
	a := job.Args
	ctx = account.With(ctx, account.ID(a.Account))
	st, imp, err := w.svc.parts()
	if err != nil {
		return err
	}
	last := job.Attempt >= job.MaxAttempts
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("chunk %d panicked: %v", a.Chunk, p)
		}
		if err != nil && last {
			// River discards the job after this attempt: the chunk fails,
			// with the error, and the import with it once the rest ran
			// (recorded even when the job's context is done: a timeout).
			rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			defer cancel()
			ferr := imp.FinishImportChunk(rctx, a.Import, a.Chunk, store.ChunkResult{State: store.ChunkFailed,
				Errors: []store.ImportError{{Message: fmt.Sprintf("chunk %d failed after %d attempts: %v", a.Chunk, job.Attempt, err)}}})
			if ferr != nil {
				w.svc.log.Error("record failed chunk", "import", a.Import, "chunk", a.Chunk, "err", ferr)
			}
		}
	}()
	cw, err := imp.StartImportChunk(ctx, a.Import, a.Chunk)
	if err != nil {
		return err
	}
	if cw.ImportState == store.ImportCancelled && !store.ChunkFinished(cw.State) {
		imp.FinishImportChunk(ctx, a.Import, a.Chunk, store.ChunkResult{State: store.ChunkCancelled})
	}
	if cw.Data == nil {
		if cw.ImportState == store.ImportCancelled {
			return river.JobCancel(errors.New("import cancelled"))
		}
		return nil // finished already (a rescued duplicate)
	}
	var toAnalyse []string
	res, err := runChunk(ctx, st, a.Import, cw, w.svc.cfg.Analysis, func(id string) { toAnalyse = append(toAnalyse, id) })
	if err != nil {
		return err
	}
	// The analyses follow as jobs, enqueued before the chunk is recorded
	// done: a worker dying between the two re-runs the chunk, which
	// enqueues nothing new (unique parts and jobs).
	if err := w.svc.enqueueAnalyses(ctx, imp, a.Import, a.Chunk, cw.Account, toAnalyse); err != nil {
		return err
	}
	if testHookStored != nil {
		if err := testHookStored(cw); err != nil {
			return err
		}
	}
	if err := imp.FinishImportChunk(ctx, a.Import, a.Chunk, res); err != nil {
		return err
	}
	w.svc.metrics.hands(res.Counts.Read)
	return nil
}

// queue is the River client of one driver.
type queue interface {
	start(ctx context.Context) error
	stop(ctx context.Context) error
	insertTx(ctx context.Context, tx any, args []ChunkArgs) error
	insert(ctx context.Context, args []river.JobArgs) error
	dropWaiting(ctx context.Context, ids []int64) error
	subscribe() (<-chan *river.Event, func())
}

type riverQueue[TTx any] struct{ c *river.Client[TTx] }

func (q *riverQueue[TTx]) start(ctx context.Context) error { return q.c.Start(ctx) }
func (q *riverQueue[TTx]) stop(ctx context.Context) error  { return q.c.Stop(ctx) }
func (q *riverQueue[TTx]) subscribe() (<-chan *river.Event, func()) {
	return q.c.Subscribe(river.EventKindJobCompleted, river.EventKindJobFailed, river.EventKindJobCancelled)
}

// dropWaiting deletes the jobs ids that have not started, in one
// statement (River has no bulk cancel; a job that started meanwhile is
// left to finish, as River's JobDeleteMany never deletes a running one).
func (q *riverQueue[TTx]) dropWaiting(ctx context.Context, ids []int64) error {
	_, err := q.c.JobDeleteMany(ctx, river.NewJobDeleteManyParams().IDs(ids...).First(len(ids)).
		States(rivertype.JobStateAvailable, rivertype.JobStateScheduled, rivertype.JobStateRetryable, rivertype.JobStatePending))
	return err
}

func (q *riverQueue[TTx]) insertTx(ctx context.Context, tx any, args []ChunkArgs) error {
	t, ok := tx.(TTx)
	if !ok {
		return fmt.Errorf("jobs: a %T transaction for a %T queue", tx, *new(TTx))
	}
	params := make([]river.InsertManyParams, len(args))
	for i, a := range args {
		params[i] = river.InsertManyParams{Args: a}
	}
	_, err := q.c.InsertManyTx(ctx, t, params)
	return err
}

func (q *riverQueue[TTx]) insert(ctx context.Context, args []river.JobArgs) error {
	params := make([]river.InsertManyParams, len(args))
	for i, a := range args {
		params[i] = river.InsertManyParams{Args: a}
	}
	_, err := q.c.InsertMany(ctx, params)
	return err
}

// retryPolicy retries after base * 2^(attempt-1), at most a minute (with
// River's default the fourth retry waits over four minutes).
type retryPolicy struct{ base time.Duration }

func (p retryPolicy) NextRetry(job *rivertype.JobRow) time.Time {
	d := p.base << min(max(job.Attempt-1, 0), 16)
	return time.Now().Add(min(d, time.Minute))
}

// newQueue makes the River client on st's database: riverpgxv5 on the
// PostgreSQL pool, riversqlite on the SQLite writer connection.
func newQueue(st store.Store, cfg Config, workers *river.Workers, log *slog.Logger) (queue, error) {
	rc := func() *river.Config {
		c := &river.Config{
			Workers:              workers,
			JobTimeout:           cfg.JobTimeout,
			RescueStuckJobsAfter: cfg.RescueAfter,
			MaxAttempts:          cfg.MaxAttempts,
			RetryPolicy:          retryPolicy{cfg.RetryBase},
			FetchPollInterval:    cfg.PollInterval,
			FetchCooldown:        min(cfg.PollInterval, river.FetchCooldownDefault),
			Logger:               log,
		}
		if cfg.Workers > 0 {
			c.Queues = map[string]river.QueueConfig{QueueImports: {MaxWorkers: cfg.Workers}, QueueAnalyses: {MaxWorkers: cfg.Workers}}
		}
		return c
	}
	switch s := st.(type) {
	case *postgres.Store:
		return newRiverQueue[pgx.Tx](riverpgxv5.New(s.Pool()), rc())
	case *sqlite.Store:
		c := rc()
		c.PollOnly = true
		return newRiverQueue[*sql.Tx](riversqlite.New(s.Writer()), c)
	}
	return nil, fmt.Errorf("jobs: no queue for a %T store", st)
}

func newRiverQueue[TTx any](d riverdriver.Driver[TTx], c *river.Config) (queue, error) {
	client, err := river.NewClient(d, c)
	if err != nil {
		return nil, err
	}
	return &riverQueue[TTx]{client}, nil
}
