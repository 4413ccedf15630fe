package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/scoophq/scoop/internal/jobs"
	"github.com/scoophq/scoop/internal/store"
)

// jobSettings configure the durable import jobs of `scoop serve` and
// `scoop worker` (internal/jobs): defaults, the environment, then flags.
type jobSettings struct {
	Workers     int
	ChunkHands  int
	JobTimeout  time.Duration
	RescueAfter time.Duration
	Attempts    int
	RetryBase   time.Duration
	Analysis    jobs.AnalysisMode
	envErr      error
}

func defaultJobSettings(workers int) jobSettings {
	return jobSettings{Workers: workers, ChunkHands: jobs.DefaultChunkHands, JobTimeout: jobs.DefaultJobTimeout,
		Attempts: 5, RetryBase: time.Second, Analysis: jobs.AnalyseAll} // RescueAfter 0: jobs.Config's default, --job-timeout + 5s
}

// jobSetting is one setting: its flag, its environment twin, its value.
type jobSetting struct {
	flag, env, usage string
	value            flag.Value
}

func (j *jobSettings) settings() []jobSetting {
	return []jobSetting{
		{"workers", "SCOOP_WORKERS", "import chunk jobs, and as many analysis jobs, this process works at once (0: none, only enqueue)", (*countValue)(&j.Workers)},
		{"chunk-hands", "SCOOP_CHUNK_HANDS", "hands per chunk (one job each) of an upload", (*intValue)(&j.ChunkHands)},
		{"job-timeout", "SCOOP_JOB_TIMEOUT", "longest one chunk or analysis job may run (both are sized to take a second or two)", (*durationValue)(&j.JobTimeout)},
		{"rescue-after", "SCOOP_RESCUE_AFTER", "a job running this long is deemed orphaned (its worker died) and run again; more than --job-timeout (default: --job-timeout + 5s; River looks for such jobs every 30s)", (*durationValue)(&j.RescueAfter)},
		{"job-attempts", "SCOOP_JOB_ATTEMPTS", "runs of a chunk job before it fails for good", (*intValue)(&j.Attempts)},
		{"job-retry", "SCOOP_JOB_RETRY", "wait before a failed job's first retry, doubled at each (at most 1m)", (*durationValue)(&j.RetryBase)},
		{"job-analysis", "SCOOP_JOB_ANALYSIS", "which legal hands an import enqueues analysis jobs for once stored: all, shown-down (those that reached a showdown) or none; the others are left to scoop serve's analysis sweeper (--backfill)", (*analysisValue)(&j.Analysis)},
	}
}

func (j *jobSettings) fromEnv(getenv func(string) string) {
	for _, s := range j.settings() {
		if v := getenv(s.env); v != "" {
			if err := s.value.Set(v); err != nil && j.envErr == nil {
				j.envErr = usagef("%s %q: %v", s.env, v, err)
			}
		}
	}
}

// flags registers the settings on fs; uploads false leaves out
// --chunk-hands (a worker cuts no upload).
func (j *jobSettings) flags(fs *flag.FlagSet, uploads bool) {
	for _, s := range j.settings() {
		if s.flag == "chunk-hands" && !uploads {
			continue
		}
		fs.Var(s.value, s.flag, s.usage+" (env "+s.env+")")
	}
}

func (j *jobSettings) validate() error {
	if j.envErr != nil {
		return j.envErr
	}
	if j.RescueAfter != 0 && j.RescueAfter <= j.JobTimeout {
		return usagef("--rescue-after %v must exceed --job-timeout %v", j.RescueAfter, j.JobTimeout)
	}
	return nil
}

// conns are the database connections the job workers of these settings
// use at most (see storageConfig.JobConns).
func (j *jobSettings) conns() int32 { return int32(j.Workers * (jobs.StoreStreams + 1)) }

// service makes the jobs.Service of these settings.
func (j *jobSettings) service(log *slog.Logger, reg prometheus.Registerer) (*jobs.Service, error) {
	return jobs.New(jobs.Config{Workers: j.Workers, ChunkHands: j.ChunkHands, JobTimeout: j.JobTimeout,
		RescueAfter: j.RescueAfter, MaxAttempts: j.Attempts, RetryBase: j.RetryBase, Analysis: j.Analysis,
		Logger: log.With("component", "jobs"), Registerer: reg})
}

// analysisValue is a jobs.AnalysisMode.
type analysisValue jobs.AnalysisMode

func (v *analysisValue) String() string { return string(*v) }

func (v *analysisValue) Set(s string) error {
	m, err := jobs.ParseAnalysisMode(s)
	if err != nil {
		return err
	}
	*v = analysisValue(m)
	return nil
}

// countValue is a whole number, 0 or more.
type countValue int

func (v *countValue) String() string { return strconv.Itoa(int(*v)) }

func (v *countValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 1000 {
		return fmt.Errorf("want a whole number from 0 to 1000")
	}
	*v = countValue(n)
	return nil
}

const workerUsage = `usage: scoop worker [--workers N] [--sqlite FILE] [--db-timeout 5s] [--log json|text] [job flags]

Runs only the job workers, no HTTP: the chunk jobs of uploads (POST
/v1/imports, scoop import --server) and the analysis jobs of the hands
they store (and of the hands scoop serve's sweeper finds without one),
queued in the database, which is PostgreSQL when DATABASE_URL is set,
else the SQLite file (the one scoop serve uses; migrated first). Any
number of workers on any number of machines share one PostgreSQL; a job
whose worker dies (SIGKILL, a machine gone) is run again elsewhere after
--rescue-after, within some 50 s with the defaults. SIGINT or SIGTERM
stops it: running jobs get 30s to finish.
`

// runWorker is `scoop worker`.
func runWorker(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg := defaultStorageConfig()
	cfg.fromEnv(os.Getenv)
	js := defaultJobSettings(runtime.GOMAXPROCS(0))
	js.fromEnv(os.Getenv)
	logFormat := "json"
	if v := os.Getenv("SCOOP_LOG"); v != "" {
		logFormat = v
	}
	fs := flag.NewFlagSet("worker", flag.ContinueOnError)
	fs.StringVar(&logFormat, "log", logFormat, "log format, json or text (env SCOOP_LOG)")
	cfg.flags(fs)
	js.flags(fs, false)
	help, err := parseFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	if help {
		fmt.Fprint(stderr, workerUsage)
		fmt.Fprintln(stderr, "\nFlags:")
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return nil
	}
	if err := js.validate(); err != nil {
		return err
	}
	if logFormat != "json" && logFormat != "text" {
		return usagef("--log %q: want json or text", logFormat)
	}
	if js.Workers == 0 {
		return usagef("--workers 0: a worker needs at least one")
	}
	var handler slog.Handler = slog.NewJSONHandler(stderr, nil)
	if logFormat == "text" {
		handler = slog.NewTextHandler(stderr, nil)
	}
	log := slog.New(handler)
	cfg.JobConns = js.conns()
	st, kind, _, err := openStorage(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	svc, err := js.service(log, nil)
	if err != nil {
		return err
	}
	if err := svc.Open(ctx, st); err != nil {
		return fmt.Errorf("start the job workers: %w", err)
	}
	fmt.Fprintf(stdout, "scoop: %d job workers on %s\n", js.Workers, kind)
	log.Info("workers started", "workers", js.Workers, "store", kind)
	<-ctx.Done()
	log.Info("stopping workers")
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if err := svc.Stop(sctx); err != nil {
		log.Warn("workers stopped with jobs unfinished (they run again elsewhere)", "err", err)
	}
	log.Info("stopped")
	return nil
}

// startJobs opens svc on the gate's store once connected is closed (the
// store connected, or connecting gave up), and closes done when it has
// stopped the workers, after ctx is done, within grace.
func startJobs(ctx context.Context, svc *jobs.Service, gate *store.Gate, log *slog.Logger, connected <-chan struct{}, grace time.Duration, done chan<- struct{}) {
	go func() {
		defer close(done)
		select {
		case <-connected:
		case <-ctx.Done():
			return
		}
		st := gate.Store()
		if st == nil {
			return
		}
		if err := svc.Open(ctx, st); err != nil {
			log.Error("job workers not started", "err", err)
			return
		}
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), grace)
		defer cancel()
		if err := svc.Stop(sctx); err != nil {
			log.Warn("job workers stopped with jobs unfinished (they run again)", "err", err)
		}
	}()
}
