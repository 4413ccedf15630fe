package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/backfill"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/jobs"
	"github.com/scoophq/scoop/internal/ratelimit"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/web"
)

// serveConfig is `scoop serve`'s configuration: defaults, then the
// environment, then flags, then Validate.
type serveConfig struct {
	// Addr is the listen address (SCOOP_ADDR, --addr), by default
	// defaultAddr: loopback only, the laptop case. A container or a server
	// sets ":8080" (all interfaces); the Dockerfile and docker-compose.yml do.
	Addr string
	// storageConfig: DATABASE_URL, --sqlite, and --db-timeout (the
	// deadline of every database call, default 5s).
	storageConfig
	LogFormat string // SCOOP_LOG, --log: json or text
	// LogSample (SCOOP_LOG_SAMPLE, --log-sample, default 100) logs one in
	// LogSample of the requests that succeed faster than LogSlow
	// (SCOOP_LOG_SLOW, --log-slow, default 100ms); errors and slow
	// requests are always logged; 1 logs every request (api.Config).
	LogSample int
	LogSlow   time.Duration
	// Backfill (SCOOP_BACKFILL, --backfill, default true) runs the
	// analysis backfill once the store is connected: every legal stored
	// hand without an analysis gets one, a core at a time through the
	// API's compute admission (client "backfill", expensive lane).
	Backfill bool

	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration // a whole request, body included (32 MiB uploads)
	WriteTimeout      time.Duration // must exceed the equity compute timeout
	IdleTimeout       time.Duration
	ShutdownTimeout   time.Duration // how long in-flight requests get to finish

	// Auth (SCOOP_AUTH, --auth): required (the default) or off; see
	// api.AuthMode. With off, Addr must be a loopback address unless
	// ForceInsecure (SCOOP_FORCE_INSECURE, --force-insecure).
	Auth          api.AuthMode
	ForceInsecure bool
	// MetricsAddr (SCOOP_METRICS_ADDR, --metrics-addr) is where /metrics is
	// served without a key, for the operator's scraper: by default
	// defaultMetricsAddr, loopback only; "off" for no such listener (the
	// main address serves /metrics to admin keys either way).
	MetricsAddr string
	// RedisURL (SCOOP_REDIS_URL, --redis-url), when set, shares the
	// request and equity rate limits between replicas through that Redis
	// (api.Config.SharedRates); unset, each process limits alone.
	RedisURL string

	// Limits are the API's bounds (body sizes, body bytes in flight,
	// compute slots, queue, trials, the compute timeout): api.DefaultLimits,
	// then SCOOP_* variables, then flags (see limits.go).
	Limits api.Limits
	envErr error // a malformed limit variable, reported by Validate
	// Jobs configure the import job workers run in this process
	// (--workers, default 1; 0 for none) and the jobs themselves.
	Jobs jobSettings
}

// serveConnState, when set (by tests, before runServe starts), observes
// the server's connections: a test can tell when its request is in flight.
var serveConnState func(net.Conn, http.ConnState)

// defaultAddr is `scoop serve`'s listen address when neither --addr nor
// SCOOP_ADDR is given: this machine only.
const defaultAddr = "127.0.0.1:8080"

// defaultMetricsAddr is the metrics listener's default address: this
// machine only.
const defaultMetricsAddr = "127.0.0.1:9464"

func defaultServeConfig() serveConfig {
	return serveConfig{
		Addr:              defaultAddr,
		storageConfig:     defaultStorageConfig(),
		LogFormat:         "json",
		LogSample:         100,
		LogSlow:           api.DefaultLogSlow,
		Backfill:          true,
		Auth:              api.AuthRequired,
		MetricsAddr:       defaultMetricsAddr,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      90 * time.Second,
		IdleTimeout:       120 * time.Second,
		ShutdownTimeout:   30 * time.Second,
		Limits:            api.DefaultLimits(),
		Jobs:              defaultJobSettings(1),
	}
}

// memoryLimit is the Go runtime's soft memory limit for scoop serve when
// GOMEMLIMIT does not set one: seven times the body budget (280 MiB at the
// default 40 MiB). Replaying a large upload holds about six times its size
// live; without a limit the collector lets the heap grow to twice what is
// live before it runs, so the peak depended on the timing of collections
// (347-354 MiB measured on 60 concurrent 30 MiB uploads, and over 400 MiB
// on a loaded machine; 305 MiB with the limit, in the same time). With it
// the collector works harder as the process nears the limit instead; the
// limit is soft, so work that truly needs more still gets it.
func memoryLimit(l api.Limits) int64 {
	body := l.BodyBytes
	if body <= 0 {
		body = api.DefaultLimits().BodyBytes
	}
	return 7 * body
}

// fromEnv overrides the defaults from the environment.
func (c *serveConfig) fromEnv(getenv func(string) string) {
	if v := getenv("SCOOP_ADDR"); v != "" {
		c.Addr = v
	}
	c.storageConfig.fromEnv(getenv)
	if v := getenv("SCOOP_LOG"); v != "" {
		c.LogFormat = v
	}
	if v := getenv("SCOOP_AUTH"); v != "" {
		c.Auth = api.AuthMode(v)
	}
	if v := getenv("SCOOP_METRICS_ADDR"); v != "" {
		c.MetricsAddr = v
	}
	if v := getenv("SCOOP_REDIS_URL"); v != "" {
		c.RedisURL = v
	}
	c.envErr = limitsFromEnv(&c.Limits, getenv)
	if v := getenv("SCOOP_LOG_SAMPLE"); v != "" && c.envErr == nil {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			c.envErr = usagef("SCOOP_LOG_SAMPLE %q: want a whole number of at least 1", v)
			return
		}
		c.LogSample = n
	}
	if v := getenv("SCOOP_LOG_SLOW"); v != "" && c.envErr == nil {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			c.envErr = usagef("SCOOP_LOG_SLOW %q: want a positive duration such as 100ms", v)
			return
		}
		c.LogSlow = d
	}
	c.Jobs.fromEnv(getenv)
	for _, b := range []struct {
		env string
		v   *bool
	}{{"SCOOP_BACKFILL", &c.Backfill}, {"SCOOP_FORCE_INSECURE", &c.ForceInsecure}} {
		if v := getenv(b.env); v != "" && c.envErr == nil {
			x, err := strconv.ParseBool(v)
			if err != nil {
				c.envErr = usagef("%s %q: want true or false", b.env, v)
				return
			}
			*b.v = x
		}
	}
}

// Validate checks the configuration.
func (c *serveConfig) Validate() error {
	if c.envErr != nil {
		return c.envErr
	}
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		return usagef("--addr %q: want host:port or :port", c.Addr)
	}
	if err := c.storageConfig.validate(); err != nil {
		return err
	}
	if c.LogFormat != "json" && c.LogFormat != "text" {
		return usagef("--log %q: want json or text", c.LogFormat)
	}
	if _, err := api.ParseAuthMode(string(c.Auth)); err != nil {
		return usagef("--auth %q: want required or off", c.Auth)
	}
	if c.Auth == api.AuthOff && !c.ForceInsecure && !loopbackAddr(c.Addr) {
		return usagef("--auth off on %s would let anyone who reaches it read and write every hand: listen on a loopback address (--addr 127.0.0.1:8080), keep --auth required, or add --force-insecure", c.Addr)
	}
	if c.MetricsAddr != "off" {
		if _, _, err := net.SplitHostPort(c.MetricsAddr); err != nil {
			return usagef("--metrics-addr %q: want host:port, or off for none", c.MetricsAddr)
		}
	}
	if err := c.Jobs.validate(); err != nil {
		return err
	}
	if c.LogSample < 1 {
		return usagef("--log-sample %d: want at least 1 (1 logs every request)", c.LogSample)
	}
	if c.LogSlow <= 0 {
		return usagef("--log-slow %v: want a positive duration", c.LogSlow)
	}
	if err := c.Limits.Validate(); err != nil {
		return usagef("%s", strings.TrimPrefix(err.Error(), "api: "))
	}
	if c.WriteTimeout <= c.Limits.ComputeTimeout {
		return usagef("the write timeout (%v) must exceed the compute timeout (%v)", c.WriteTimeout, c.Limits.ComputeTimeout)
	}
	return nil
}

func runServe(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg := defaultServeConfig()
	cfg.fromEnv(os.Getenv)
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "listen address (env SCOOP_ADDR)")
	fs.StringVar(&cfg.LogFormat, "log", cfg.LogFormat, "log format, json or text (env SCOOP_LOG)")
	fs.IntVar(&cfg.LogSample, "log-sample", cfg.LogSample, "log one in N requests that succeed faster than --log-slow; errors and slow requests are always logged; 1 logs every request (env SCOOP_LOG_SAMPLE)")
	fs.DurationVar(&cfg.LogSlow, "log-slow", cfg.LogSlow, "a request at least this long is always logged (env SCOOP_LOG_SLOW)")
	fs.BoolVar(&cfg.Backfill, "backfill", cfg.Backfill, "analyse, in the background, every legal stored hand that has no analysis yet, one expensive compute core at a time (env SCOOP_BACKFILL)")
	fs.Func("auth", "required (API keys: each key sees only its account's hands) or off (no keys; one user, loopback only) (env SCOOP_AUTH; default required)", func(v string) error {
		cfg.Auth = api.AuthMode(v)
		return nil
	})
	fs.BoolVar(&cfg.ForceInsecure, "force-insecure", cfg.ForceInsecure, "allow --auth off on an address other machines reach (env SCOOP_FORCE_INSECURE)")
	fs.StringVar(&cfg.RedisURL, "redis-url", cfg.RedisURL, "Redis (redis://host:6379/0) sharing the request and equity rate limits between replicas; unset, each process limits alone (env SCOOP_REDIS_URL)")
	fs.StringVar(&cfg.MetricsAddr, "metrics-addr", cfg.MetricsAddr, "address serving /metrics without a key, for a scraper, or off (the main address serves it to admin keys either way) (env SCOOP_METRICS_ADDR)")
	cfg.storageConfig.flags(fs)
	limitFlags(&cfg.Limits, fs)
	cfg.Jobs.flags(fs, true)
	fs.Usage = func() {
		printHelp(stderr, "usage: scoop serve [--addr host:port] [--auth required|off] [--metrics-addr host:port] [--log json|text] [--log-sample N] [--log-slow 100ms] [--sqlite file] [--db-timeout 5s] [--backfill=true|false] [limits]\n\n"+
			"Listens on "+defaultAddr+" (this machine only) unless --addr or SCOOP_ADDR says otherwise\n"+
			"(:8080 for every interface, as the container does).\n"+
			"API keys are required (--auth required): when none exists yet, the first start creates\n"+
			"an admin key and prints it once; scoop apikey create makes more. Equity without storing,\n"+
			"the docs, health checks and the web pages need no key. --auth off is for one user on a\n"+
			"laptop: no keys, loopback addresses only.\n"+
			"PostgreSQL when DATABASE_URL is set, else the SQLite file. The server listens at once;\n"+
			"the database is connected and migrated in the background (retried with backoff),\n"+
			"and until then /readyz and the hand endpoints answer 503.\n"+
			"Once it is connected, the analysis backfill (--backfill, on by default) gives every\n"+
			"legal stored hand without an analysis its analysis, taking one expensive compute core\n"+
			"at a time as one more client (\"backfill\") of the requests' admission.\n"+
			"Uploads to POST /v1/imports are durable jobs in the database, worked by --workers\n"+
			"job workers of this process (default 1; 0 for none) and by any scoop worker.\n\n"+fixedBounds(), fs)
	}
	help, err := parseFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	if help {
		fs.Usage()
		return nil
	}
	if err := cfg.Validate(); err != nil {
		return err
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit(cfg.Limits))
	}
	var handler slog.Handler = slog.NewJSONHandler(stderr, nil)
	if cfg.LogFormat == "text" {
		handler = slog.NewTextHandler(stderr, nil)
	}
	log := slog.New(handler)

	// The server listens at once and serves what needs no database
	// (equity, health, metrics, docs); the store is connected and migrated
	// in the background, and until then the gate answers every store call
	// (hands, stored equity, /readyz) with a 503 saying why.
	gate := store.NewGate("connecting")
	defer gate.Close() // last: after the server has drained
	connectCtx, stopConnecting := context.WithCancel(ctx)
	defer stopConnecting()
	connecting := make(chan struct{})
	cfg.storageConfig.JobConns = cfg.Jobs.conns()
	go func() {
		defer close(connecting)
		connectStorage(connectCtx, cfg.storageConfig, gate, log)
	}()

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	// Database pool metrics once connected: pgxpool's for PostgreSQL,
	// database/sql's DBStats for SQLite.
	reg.MustRegister(storeCollector{gate})
	// The import jobs: uploads are queued by this server, and worked by
	// --workers of its own (and by any scoop worker on the database).
	jobSvc, err := cfg.Jobs.service(log, reg)
	if err != nil {
		return err
	}
	var shared *ratelimit.Shared
	if cfg.RedisURL != "" {
		if shared, err = ratelimit.Open(cfg.RedisURL); err != nil {
			return usagef("--redis-url: %v", err)
		}
		defer shared.Close()
		if err := shared.Ping(ctx); err != nil {
			log.Warn("shared rate limits: Redis does not answer yet; each process limits alone (expensive equity refused) until it does", "err", err)
		} else {
			log.Info("shared rate limits: on Redis")
		}
	}
	srv, err := api.New(ctx, api.Config{Store: gate, Logger: log, LogSample: cfg.LogSample, LogSlow: cfg.LogSlow, Registry: reg, Limits: cfg.Limits, Auth: cfg.Auth, AnyHost: cfg.ForceInsecure, Web: web.New(), Imports: jobSvc, SharedRates: shared})
	if err != nil {
		return err
	}
	if cfg.Auth == api.AuthRequired {
		go func() {
			select {
			case <-connecting:
				firstKey(ctx, gate, stdout, log)
			case <-ctx.Done():
			}
		}()
	}
	jobsCtx, stopJobs := context.WithCancel(ctx)
	jobsDone := make(chan struct{})
	defer func() {
		stopJobs()
		<-jobsDone
	}()
	jobSvc.SetAcquire(srv.Background) // its analysis jobs are one more client of the expensive lane
	startJobs(jobsCtx, jobSvc, gate, log, connecting, cfg.ShutdownTimeout, jobsDone)
	// The analysis backfill starts once the store is connected and is
	// stopped (deferred: before the gate closes the store) at shutdown.
	backfillCtx, stopBackfill := context.WithCancel(ctx)
	backfilled := make(chan struct{})
	defer func() {
		stopBackfill()
		<-backfilled
	}()
	if err := startBackfill(backfillCtx, cfg.Backfill, gate, jobSvc, log, connecting, backfilled); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.Addr, err)
	}
	hs := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: cfg.ReadHeaderTimeout,
		ReadTimeout:       cfg.ReadTimeout,
		WriteTimeout:      cfg.WriteTimeout,
		IdleTimeout:       cfg.IdleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(handler, slog.LevelWarn),
		ConnState:         serveConnState,
	}
	addr := ln.Addr().String()
	fmt.Fprintf(stdout, "scoop: listening on http://%s\n", displayAddr(addr))
	log.Info("listening", "addr", addr, "auth", string(cfg.Auth))
	stopMetrics := serveMetrics(cfg.MetricsAddr, srv.MetricsHandler(), handler, log)
	defer stopMetrics()

	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	// Stop accepting, let in-flight requests finish, stop the backfill,
	// stop connecting, then close the store (deferred above).
	log.Info("shutting down", "grace", cfg.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.ShutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		hs.Close()
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	stopBackfill()
	<-backfilled
	stopJobs()
	<-jobsDone
	stopConnecting()
	<-connecting
	log.Info("stopped")
	return nil
}

// startBackfill runs the analysis sweeper in a goroutine that closes done
// when it has stopped: once connected is closed (the store is connected,
// or connecting gave up), until ctx is done. With on false, or when the
// store never connected, it closes done at once. It enqueues an analysis
// job (jobs.Service.EnqueueSweep) for each page of hands missing an
// analysis by the running engine, worked by this server's workers and
// every scoop worker on the database (their metrics count the analyses).
func startBackfill(ctx context.Context, on bool, gate *store.Gate, jobSvc *jobs.Service,
	log *slog.Logger, connected <-chan struct{}, done chan<- struct{}) error {
	if !on {
		close(done)
		return nil
	}
	bf, err := backfill.New(backfill.Config{Store: gate, Logger: log.With("component", "backfill"),
		Batch: jobs.AnalysisHands, Enqueue: jobSvc.EnqueueSweep})
	if err != nil {
		close(done)
		return err
	}
	go func() {
		defer close(done)
		select {
		case <-connected:
		case <-ctx.Done():
			return
		}
		if gate.Store() == nil {
			return
		}
		log.Info("backfill started")
		bf.Run(ctx)
		log.Info("backfill stopped")
	}()
	return nil
}

// Reconnection backoff of `scoop serve`: the wait after a failed attempt
// doubles from serveRetryBase up to serveRetryCap, each wait jittered.
// Variables so that tests can shorten them.
var (
	serveRetryBase = 250 * time.Millisecond
	serveRetryCap  = 30 * time.Second
)

// connectStorage opens and migrates the configured store and opens gate
// to it, retrying with capped exponential backoff and jitter until it
// succeeds or ctx is done. Each failure is logged with its cause (never
// sent to clients) and becomes the gate's reason, which names no host,
// user or file. Every attempt is bounded by the store's deadlines.
func connectStorage(ctx context.Context, c storageConfig, gate *store.Gate, log *slog.Logger) {
	backoff := serveRetryBase
	for attempt := 1; ; attempt++ {
		st, kind, applied, err := openStore(ctx, c)
		if err == nil {
			if gate.Open(st) {
				log.Info("storage ready", "store", kind, "migrations_applied", applied, "attempts", attempt)
			}
			return
		}
		if ctx.Err() != nil {
			return
		}
		wait := backoff/2 + rand.N(backoff/2+1)
		backoff = min(backoff*2, serveRetryCap)
		gate.Wait(fmt.Sprintf("connecting (attempt %d failed: %s; next attempt in %v)",
			attempt, publicReason(err), wait.Round(time.Millisecond)))
		log.Warn("storage not ready", "store", kind, "attempt", attempt, "retry_in", wait.Round(time.Millisecond).String(),
			"err", err.Error(), "cause", fault.Detail(err))
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// publicReason is what a client may be told of a failed connection: the
// store's own message (what failed: "connect to PostgreSQL: the database
// did not answer in time (5s)"), never the driver's error.
func publicReason(err error) string {
	var f *fault.Error
	if errors.As(err, &f) && f.Message != "" {
		return f.Message
	}
	return "the database cannot be reached"
}

// storeCollector collects the connected store's pool metrics, nothing
// before it is connected. It is an unchecked collector (it describes
// nothing): its series appear with the store.
type storeCollector struct{ gate *store.Gate }

func (storeCollector) Describe(chan<- *prometheus.Desc) {}

func (c storeCollector) Collect(ch chan<- prometheus.Metric) {
	if col, ok := c.gate.Store().(interface{ Collector() prometheus.Collector }); ok {
		col.Collector().Collect(ch)
	}
}

// displayAddr makes a wildcard listen address clickable.
func displayAddr(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || (host != "" && host != "::" && host != "0.0.0.0") {
		return addr
	}
	return net.JoinHostPort("localhost", strings.TrimSpace(port))
}

// loopbackAddr reports whether a listen address reaches this machine
// only: a loopback IP or "localhost". An empty host (every interface), a
// wildcard or any other name is not.
func loopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// serveMetrics serves /metrics on addr ("off": nothing) without a key,
// and returns what stops it. A listener that cannot start is logged, not
// fatal: the main address still serves /metrics to admin keys.
func serveMetrics(addr string, metrics http.Handler, handler slog.Handler, log *slog.Logger) (stop func()) {
	if addr == "off" {
		return func() {}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		log.Error("metrics listener not started; /metrics stays on the main address for admin keys", "addr", addr, "err", err.Error())
		return func() {}
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", metrics)
	hs := &http.Server{Handler: loopbackHostOnly(addr, mux), ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second,
		ErrorLog: slog.NewLogLogger(handler, slog.LevelWarn)}
	go hs.Serve(ln)
	log.Info("metrics listening", "addr", ln.Addr().String())
	return func() { hs.Close() }
}

// firstKey makes sure a server that needs keys can be used: when the store
// is connected and no key was ever made, it creates an admin key for the
// default account and prints it once on out (the console, never the log,
// which gets its prefix only).
func firstKey(ctx context.Context, gate *store.Gate, out io.Writer, log *slog.Logger) {
	if gate.Store() == nil {
		return
	}
	// Only when no key was ever made: a server whose keys were all revoked
	// (after a leak, say) must not make itself a new one. Checked and made
	// in one transaction, so two replicas starting together make one.
	key, prefix, hash := auth.NewKey()
	created, err := gate.CreateFirstKey(ctx, store.APIKey{Prefix: prefix, Name: "first admin key", Scopes: auth.Admin.String(), Hash: hash})
	if err != nil {
		log.Error("create the first API key", "err", err.Error())
		return
	}
	if !created {
		return
	}
	log.Info("created the first API key", "key", prefix, "scopes", "admin", "account", store.DefaultAccount)
	fmt.Fprintf(out, "scoop: no API key existed, so this admin key was made for the default account. It is shown once; keep it:\n\n"+
		"    %s\n\n"+
		"Send it as \"Authorization: Bearer <key>\" (export SCOOP_KEY=<key> for the README's examples).\n"+
		"scoop apikey create makes more keys. For one user on a laptop, scoop serve --auth off asks for none.\n", key)
}

// loopbackHostOnly, for a listener on a loopback address, answers 403 to
// a request whose Host is not a loopback name or address: a page of
// another site that rebinds its name to 127.0.0.1 (DNS rebinding) cannot
// read the metrics. A listener on other interfaces (:9464 for a scraper
// on the compose network) takes any Host.
func loopbackHostOnly(addr string, h http.Handler) http.Handler {
	host, _, _ := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hh, _, err := net.SplitHostPort(r.Host)
		if err != nil {
			hh = r.Host
		}
		hh = strings.TrimSuffix(strings.TrimPrefix(hh, "["), "]")
		if ip := net.ParseIP(hh); !strings.EqualFold(hh, "localhost") && (ip == nil || !ip.IsLoopback()) {
			http.Error(w, "this metrics listener answers a loopback Host only", http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	})
}
