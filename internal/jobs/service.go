// Package jobs runs Scoop's long work as durable jobs on River
// (github.com/riverqueue/river), in PostgreSQL or in the embedded SQLite
// file: uploads of hand histories (POST /v1/imports, `scoop import
// --server`) are stored in chunks of hands, one River job per chunk (see
// ChunkKind), worked by `scoop worker` processes and by `scoop serve`
// itself (--workers). Any number of workers on any number of machines
// share one database; a job survives the death of its worker (River
// rescues it after Config.RescueAfter) and its import's progress is
// readable from any replica.
//
// It imports store (and its two implementations, for River's drivers),
// handhistory and analysis; never api.
package jobs

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/backfill"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
)

// AnalysisMode says which legal hands a chunk job analyses before storing
// them: ingest.Mode.
type AnalysisMode = ingest.Mode

// The analysis modes (ingest's).
const (
	AnalyseAll       = ingest.AnalyseAll
	AnalyseShownDown = ingest.AnalyseShownDown
	AnalyseNone      = ingest.AnalyseNone
)

// ParseAnalysisMode returns the mode a flag or variable names.
func ParseAnalysisMode(s string) (AnalysisMode, error) { return ingest.ParseMode(s) }

// DefaultJobTimeout is Config.JobTimeout's default: short, so that the
// jobs of a dead worker are rescued within seconds (a chunk of
// DefaultChunkHands hands stores in well under a second, an analysis job
// of AnalysisHands hands analyses in about as much).
const DefaultJobTimeout = 10 * time.Second

// Config configures a Service. Zero fields take the defaults.
type Config struct {
	// Workers is how many chunk jobs this process works at once (0: none;
	// the process only enqueues and reads imports).
	Workers int
	// ChunkHands is how many hands a chunk holds (default
	// DefaultChunkHands).
	ChunkHands int
	// JobTimeout bounds one chunk or analysis job (default
	// DefaultJobTimeout). Both are sized to finish well inside it.
	JobTimeout time.Duration
	// RescueAfter is how long a job may stay running before River deems
	// its worker dead and runs it again (default JobTimeout + 5s; it must
	// exceed JobTimeout). River's rescuer looks every 30 s: a job of a
	// worker killed with SIGKILL runs again within RescueAfter + 30 s (and
	// a retry's short wait).
	RescueAfter time.Duration
	// MaxAttempts is how many times a chunk job runs before it fails for
	// good (default 5).
	MaxAttempts int
	// RetryBase is the wait before the first retry, doubled at each
	// (default 1s, at most a minute).
	RetryBase time.Duration
	// PollInterval is how often a worker looks for jobs when not told of
	// new ones (PostgreSQL notifies; SQLite only polls; default 500ms).
	PollInterval time.Duration
	// Analysis says which legal hands a chunk job enqueues analysis jobs
	// for (ANALYSIS.md A1-A6; AnalysisKind) once it stored them without
	// one; the others are left to the sweeper (scoop serve's analysis
	// backfill, on by default). The analysis is most of an import's CPU
	// (some 2 to 15 ms a hand against under 0.2 ms for reading, replaying,
	// settling and storing it): as jobs, every worker shares it.
	Analysis AnalysisMode
	// Acquire, when set, is called before each hand an analysis job
	// analyses and must return when one core may be used (see
	// backfill.Config.Acquire): scoop serve passes its admission.
	Acquire func(ctx context.Context) (release func(), err error)
	// Logger receives River's warnings and the jobs' errors.
	Logger *slog.Logger
	// Registerer, when set, receives the job metrics.
	Registerer prometheus.Registerer
}

func (c Config) withDefaults() Config {
	if c.ChunkHands <= 0 {
		c.ChunkHands = DefaultChunkHands
	}
	if c.JobTimeout <= 0 {
		c.JobTimeout = DefaultJobTimeout
	}
	if c.RescueAfter <= c.JobTimeout {
		c.RescueAfter = c.JobTimeout + 5*time.Second
	}
	if c.MaxAttempts <= 0 {
		c.MaxAttempts = 5
	}
	if c.RetryBase <= 0 {
		c.RetryBase = time.Second
	}
	if c.PollInterval <= 0 {
		c.PollInterval = 500 * time.Millisecond
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return c
}

// Service is the imports' side of a process: uploads, reads and
// cancellation for the API, and the River client with its workers. It is
// made before the store is connected (Open gives it the store), and
// answers Unavailable until then. Safe for concurrent use.
type Service struct {
	cfg     Config
	log     *slog.Logger
	metrics *metrics

	mu      sync.RWMutex
	st      store.Store
	imp     store.Imports
	q       queue
	started bool
	stopSub func()
	subDone chan struct{}
	stopRec chan struct{}
	recDone chan struct{}

	aborting atomic.Int64 // aborted uploads whose delete is being retried

	acquire func(ctx context.Context) (func(), error) // Config.Acquire, or SetAcquire's
	bf      *backfill.Backfiller                      // the analysis jobs' analyser, made by Open
}

// SetAcquire sets Config.Acquire, before Open (scoop serve makes its
// admission after the Service).
func (s *Service) SetAcquire(acquire func(ctx context.Context) (release func(), err error)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.acquire = acquire
}

func (s *Service) analyser() *backfill.Backfiller {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.bf
}

// reconcileEvery is how often a process with workers fails the chunks
// whose jobs River discarded unrecorded (see store's ReconcileImportChunks).
var reconcileEvery = 30 * time.Second

// discardedMessage is the error of a chunk failed by the reconciliation.
const discardedMessage = "the chunk's job was discarded: its worker died during its last attempt"

func (s *Service) reconcile(imp store.Imports) {
	defer close(s.recDone)
	t := time.NewTicker(reconcileEvery)
	defer t.Stop()
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		if n, err := imp.ReconcileImportChunks(ctx, ChunkKind, discardedMessage); err != nil {
			s.log.Warn("reconcile import chunks", "err", err)
		} else if n > 0 {
			s.log.Warn("failed chunks whose jobs were discarded", "chunks", n)
		}
		cancel()
		select {
		case <-s.stopRec:
			return
		case <-t.C:
		}
	}
}

// New returns a Service; Open connects it.
func New(cfg Config) (*Service, error) {
	cfg = cfg.withDefaults()
	s := &Service{cfg: cfg, log: cfg.Logger, acquire: cfg.Acquire}
	m, err := newMetrics(cfg.Registerer, s)
	if err != nil {
		return nil, err
	}
	s.metrics = m
	return s, nil
}

// Open gives the Service its (connected, migrated) store and starts the
// River client, with its workers when Config.Workers > 0. ctx bounds the
// start only.
func (s *Service) Open(ctx context.Context, st store.Store) error {
	imp, ok := st.(store.Imports)
	if !ok {
		return fault.New(fault.Internal, "jobs: a %T store keeps no imports", st)
	}
	s.mu.Lock()
	if s.bf == nil {
		// The one analysis of a stored hand (the backfill's), its metrics
		// (scoop_backfill_hands_total) this process's analysis jobs'.
		bf, err := backfill.New(backfill.Config{Store: st, Acquire: s.acquire, Logger: s.log,
			Registerer: s.cfg.Registerer, HandTimeout: s.cfg.JobTimeout / 2})
		if err != nil {
			s.mu.Unlock()
			return err
		}
		s.bf = bf
	}
	s.mu.Unlock()
	workers := river.NewWorkers()
	if err := river.AddWorkerSafely(workers, &chunkWorker{svc: s}); err != nil {
		return err
	}
	if err := river.AddWorkerSafely(workers, &analysisWorker{svc: s}); err != nil {
		return err
	}
	q, err := newQueue(st, s.cfg, workers, s.log.With("component", "river"))
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st, s.imp, s.q = st, imp, q
	if s.cfg.Workers > 0 {
		if err := q.start(ctx); err != nil {
			return err
		}
		s.started = true
		events, stop := q.subscribe()
		s.stopSub, s.subDone = stop, make(chan struct{})
		go func() {
			defer close(s.subDone)
			for ev := range events {
				s.metrics.event(ev)
			}
		}()
		s.stopRec, s.recDone = make(chan struct{}), make(chan struct{})
		go s.reconcile(imp)
	}
	return nil
}

// Stop stops the workers: no new job starts, running ones get until
// ctx's end to finish (then they are cancelled; River runs them again).
func (s *Service) Stop(ctx context.Context) error {
	s.mu.Lock()
	q, started := s.q, s.started
	s.started = false
	s.mu.Unlock()
	if q == nil || !started {
		return nil
	}
	err := q.stop(ctx)
	if s.stopSub != nil {
		s.stopSub()
		<-s.subDone
	}
	if s.stopRec != nil {
		close(s.stopRec)
		<-s.recDone
	}
	return err
}

// parts returns the store, or Unavailable before Open.
func (s *Service) parts() (store.Store, store.Imports, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.imp == nil {
		return nil, nil, fault.New(fault.Unavailable, "the database is not connected yet")
	}
	return s.st, s.imp, nil
}

func (s *Service) queue() queue {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.q
}

// Import returns the context's account's import id.
func (s *Service) Import(ctx context.Context, id string) (store.Import, error) {
	_, imp, err := s.parts()
	if err != nil {
		return store.Import{}, err
	}
	return imp.Import(ctx, account.From(ctx), id)
}

// Imports returns a page of the context's account's imports.
func (s *Service) Imports(ctx context.Context, cursor string, limit int) ([]store.Import, string, error) {
	_, imp, err := s.parts()
	if err != nil {
		return nil, "", err
	}
	return imp.ImportsPage(ctx, account.From(ctx), cursor, limit)
}

// Cancel cancels the context's account's import id (see
// store.Imports.CancelImport) and, the first time, drops its analysis and
// chunk jobs that have not started at once (dropWaiting: one statement a
// page of store.MaxLimit jobs, within cancelWaitFor), rather than leave
// each to be taken and dropped by a worker (an import of 10,000 hands left
// 250 of them, some 6 s of every worker's time). A job not dropped now
// (past that time, a busy database) is still dropped when it runs: its
// part is cancelled. Cancelling an import already cancelled or ended
// does nothing more.
func (s *Service) Cancel(ctx context.Context, id string) (store.Import, error) {
	_, imp, err := s.parts()
	if err != nil {
		return store.Import{}, err
	}
	acct := account.From(ctx)
	before, err := imp.Import(ctx, acct, id)
	if err != nil {
		return store.Import{}, err
	}
	im, err := imp.CancelImport(ctx, acct, id)
	if err != nil || before.State == store.ImportCancelled || im.State != store.ImportCancelled {
		return im, err
	}
	if q := s.queue(); q != nil {
		wctx, cancel := context.WithTimeout(ctx, cancelWaitFor)
		defer cancel()
		for _, kind := range []string{AnalysisKind, ChunkKind} {
			if err := dropWaiting(wctx, imp, q, kind, im.ID); err != nil {
				s.log.Warn("drop an import's waiting jobs", "import", im.ID, "kind", kind, "err", err)
			}
		}
	}
	return im, nil
}

// cancelWaitFor bounds the time Cancel spends dropping waiting jobs.
const cancelWaitFor = 5 * time.Second

// dropWaiting drops the waiting jobs of kind of import id, a page at a
// time, until a page comes back short.
func dropWaiting(ctx context.Context, imp store.Imports, q queue, kind string, id int64) error {
	for {
		jobs, err := imp.WaitingImportJobs(ctx, kind, id)
		if err != nil || len(jobs) == 0 {
			return err
		}
		if err := q.dropWaiting(ctx, jobs); err != nil {
			return err
		}
		if len(jobs) < store.MaxLimit {
			return nil
		}
	}
}

// Ready reports whether the queue can take and run jobs: the store is
// connected, River's tables answer, and the workers (when configured)
// are running.
func (s *Service) Ready(ctx context.Context) error {
	_, imp, err := s.parts()
	if err != nil {
		return err
	}
	s.mu.RLock()
	stopped := s.cfg.Workers > 0 && !s.started
	s.mu.RUnlock()
	if stopped {
		return fault.New(fault.Unavailable, "the job workers are not running")
	}
	if _, err := imp.ImportJobCounts(ctx, ChunkKind); err != nil {
		return err
	}
	return nil
}

// Progress is an import's progress over both its phases, storing and
// analysing: the fraction of its work done, the storing rate over its
// running time, and the estimated time left (nil when unknown).
type Progress struct {
	Fraction    float64
	HandsPerSec float64
	ETA         *time.Duration
}

// ProgressOf computes im's progress at now. Its work is the hands to store
// (as counted while splitting the upload; its chunks when none were
// counted) and the hands to analyse: the hands of its analysis parts,
// extrapolated over the chunks still to come from the hands stored so far
// (every hand to store is taken as one to analyse until a chunk has
// finished and says how many are). Fraction is the hands stored and
// analysed (or failed) over that work, 1 once the import has ended (done
// with no analysis pending, failed, or cancelled with no chunk running);
// an import analysing is never at 1. ETA is the hands left to store at the
// storing rate plus the hands left to analyse at the analysis rate (nil
// while a rate it needs is unknown), 0 once ended.
func ProgressOf(im store.Import, now time.Time) Progress {
	var p Progress
	storing := im.State == store.ImportQueued || im.State == store.ImportRunning
	if im.StartedAt != nil {
		end := now
		if im.FinishedAt != nil {
			end = *im.FinishedAt
		}
		if el := end.Sub(*im.StartedAt).Seconds(); el > 0 {
			p.HandsPerSec = float64(im.Counts.Read) / el
		}
	}
	if im.State == store.ImportDone || im.State == store.ImportFailed || (im.State == store.ImportCancelled && im.FinishedAt != nil) {
		zero := time.Duration(0)
		p.Fraction, p.ETA = 1, &zero
		return p
	}
	if !storing && im.State != store.ImportAnalysing {
		return p // cancelled, its running chunks finishing
	}
	// The storing phase, in hands (or chunks, when no hand was counted).
	toStore, stored := float64(im.HandsExpected), float64(im.HandsFinished)
	if im.HandsExpected <= 0 {
		toStore, stored = float64(im.Chunks), float64(im.ChunksFinished)
	}
	if !storing {
		stored = toStore
	}
	// The analysing phase, in hands.
	a := im.Analysis
	toAnalyse := float64(a.Hands)
	if storing {
		switch {
		case im.HandsExpected > 0 && im.HandsFinished > 0:
			toAnalyse = max(toAnalyse, float64(a.Hands)*float64(im.HandsExpected)/float64(im.HandsFinished))
		case im.HandsExpected > 0:
			toAnalyse = max(toAnalyse, float64(im.HandsExpected))
		}
	}
	analysed := float64(a.Analysed + a.Failed)
	if total := toStore + toAnalyse; total > 0 {
		p.Fraction = min((stored+analysed)/total, 1)
	}
	if im.State == store.ImportAnalysing && p.Fraction >= 1 {
		p.Fraction = 0.999 // a part still queued: not done
	}
	// ETA: each phase's remaining work at its own rate.
	var eta float64
	if left := toStore - stored; left > 0 {
		if im.StartedAt == nil || stored <= 0 {
			return p
		}
		el := now.Sub(*im.StartedAt).Seconds()
		if el <= 0 {
			return p
		}
		eta += left * el / stored
	}
	if left := toAnalyse - analysed; left > 0 {
		r := a.Rate()
		if r <= 0 {
			return p
		}
		eta += left / r
	}
	d := time.Duration(eta * float64(time.Second)).Round(time.Second)
	if d <= 0 && im.State == store.ImportAnalysing {
		d = time.Second
	}
	p.ETA = &d
	return p
}

// metrics are the job counters (this process's workers) and the queue's
// gauges (read from the database at scrape).
type metrics struct {
	completed, failed, retried, cancelled prometheus.Counter
	handsTotal, analysedTotal             prometheus.Counter

	mu     sync.Mutex
	window [10]int64 // hands finished in each of the last 10 seconds
	at     int64     // the second window's last slot is
}

func newMetrics(reg prometheus.Registerer, s *Service) (*metrics, error) {
	c := func(name, help string) prometheus.Counter {
		return prometheus.NewCounter(prometheus.CounterOpts{Name: name, Help: help})
	}
	m := &metrics{
		completed:     c("scoop_jobs_completed_total", "Import chunk jobs this process completed."),
		failed:        c("scoop_jobs_failed_total", "Import chunk jobs this process failed for good (discarded after their last attempt)."),
		retried:       c("scoop_jobs_retried_total", "Import chunk job attempts this process failed that River will retry."),
		cancelled:     c("scoop_jobs_cancelled_total", "Import chunk jobs this process found cancelled."),
		handsTotal:    c("scoop_import_hands_total", "Hands this process's chunk jobs read (rate() is hands/s)."),
		analysedTotal: c("scoop_analysis_hands_total", "Analyses this process's analysis jobs saved (rate() is analyses/s)."),
	}
	if reg == nil {
		return m, nil
	}
	rate := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "scoop_import_hands_per_second",
		Help: "Hands this process's chunk jobs read per second, over the last 10 seconds."}, m.rate)
	for _, col := range []prometheus.Collector{m.completed, m.failed, m.retried, m.cancelled, m.handsTotal, m.analysedTotal, rate, queueCollector{s}} {
		if err := reg.Register(col); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (m *metrics) event(ev *river.Event) {
	if ev.Job != nil && ev.Job.Kind != ChunkKind {
		return // the counters are the import chunk jobs'
	}
	switch {
	case ev.Kind == river.EventKindJobCompleted:
		m.completed.Inc()
	case ev.Kind == river.EventKindJobCancelled:
		m.cancelled.Inc()
	case ev.Kind == river.EventKindJobFailed && ev.Job != nil && ev.Job.State == rivertype.JobStateDiscarded:
		m.failed.Inc()
	case ev.Kind == river.EventKindJobFailed:
		m.retried.Inc()
	}
}

func (m *metrics) slide(now int64) {
	if now-m.at >= int64(len(m.window)) {
		m.window = [10]int64{}
	} else {
		for t := m.at + 1; t <= now; t++ {
			m.window[t%int64(len(m.window))] = 0
		}
	}
	m.at = max(m.at, now)
}

func (m *metrics) hands(n int64) {
	m.handsTotal.Add(float64(n))
	m.mu.Lock()
	defer m.mu.Unlock()
	now := time.Now().Unix()
	m.slide(now)
	m.window[now%int64(len(m.window))] += n
}

func (m *metrics) analysed(n int) { m.analysedTotal.Add(float64(n)) }

func (m *metrics) rate() float64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.slide(time.Now().Unix())
	var sum int64
	for _, v := range m.window {
		sum += v
	}
	return float64(sum) / float64(len(m.window))
}

// queueCollector reads the queue's jobs by state at scrape, within a
// second (nothing when the database is not connected or slow).
type queueCollector struct{ s *Service }

var (
	queuedDesc  = prometheus.NewDesc("scoop_jobs_queued", "Import chunk jobs waiting to run (available, scheduled, retryable, pending), all workers.", nil, nil)
	runningDesc = prometheus.NewDesc("scoop_jobs_running", "Import chunk jobs running, all workers.", nil, nil)
)

func (queueCollector) Describe(ch chan<- *prometheus.Desc) { ch <- queuedDesc; ch <- runningDesc }

func (c queueCollector) Collect(ch chan<- prometheus.Metric) {
	_, imp, err := c.s.parts()
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	n, err := imp.ImportJobCounts(ctx, ChunkKind)
	if err != nil {
		return
	}
	queued := n["available"] + n["scheduled"] + n["retryable"] + n["pending"]
	ch <- prometheus.MustNewConstMetric(queuedDesc, prometheus.GaugeValue, float64(queued))
	ch <- prometheus.MustNewConstMetric(runningDesc, prometheus.GaugeValue, float64(n["running"]))
}
