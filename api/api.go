// Package api is Scoop's HTTP transport: the chi router, middleware
// (request id, structured log, recover, metrics, OpenAPI request
// validation, body limits), thin handlers over the domain packages and
// storage, RFC 9457 problem+json errors, and the /docs page (an API
// reference generated from openapi.yaml). When Config.Web is set it routes
// the web app's pages to that handler, knowing nothing else of it.
//
// It imports analysis, equity, handhistory, store and fault; nothing under
// internal/ imports api.
package api

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/go-chi/httprate"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	scoop "github.com/scoophq/scoop"
	"github.com/scoophq/scoop/internal/admission"
	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/jobs"
	"github.com/scoophq/scoop/internal/ratelimit"
	"github.com/scoophq/scoop/internal/store"
)

// Limits are every bound the API enforces on a request and on the work in
// flight. A zero field takes its default (DefaultLimits); Validate checks
// the whole. Requests are admitted in two steps, both before any work:
//
//  1. The body: its bytes are reserved from BodyBytes before it is read
//     (by Content-Length; a body of unknown length, or gzip-encoded,
//     reserves as it is read), so that bodies held in memory never exceed
//     the budget. A declared length over the route's limit is a 413 at
//     once, without reading.
//  2. The work: a request is cheap (equity of fewer than CheapBoards
//     boards, a hand history of at most CheapBytes) or expensive. Cheap
//     work has CheapSlots of its own and goes first; expensive work shares
//     ComputeSlots fairly among clients (the client holding least goes
//     next).
//
// In both steps a request waits at most QueueWait among at most
// QueueLength others, then is refused with 429 and Retry-After; a client
// is its X-API-Key header when present, else its remote address.
type Limits struct {
	// MaxJSONBody is the largest application/json body, in bytes, as sent
	// and after gzip decoding (default 1 MiB).
	MaxJSONBody int64
	// MaxTextBody is the largest hand-history body (PokerStars text, PHH,
	// JSON Lines), in bytes, as sent and decoded (default 32 MiB).
	MaxTextBody int64
	// BodyBytes is the budget of request-body bytes held in memory at once,
	// all requests together (default 40 MiB: one 32 MiB upload and the
	// cheap reserve). It must hold CheapBodyBytes plus MaxTextBody. Reading,
	// replaying and answering a 30 MB PokerStars upload peaks at about six
	// times its size in process memory (storing it, more), so the default
	// keeps one large upload in memory at a time and the process under
	// 400 MB however many are sent at once; the others wait in the queue
	// or are told 429.
	BodyBytes int64
	// CheapBodyBytes is the part of BodyBytes only bodies of at most
	// CheapBytes may use, so small requests are never kept waiting by large
	// uploads (default 8 MiB).
	CheapBodyBytes int64
	// CheapBytes is the largest cheap hand-history body, in bytes (default
	// 64 KiB, some 30 hands).
	CheapBytes int64
	// CheapBoards is the equity cost below which a request is cheap, in
	// boards (exhaustive completions or Monte Carlo trials; default 20,000:
	// a request equity computes on one core, e.g. a heads-up flop's 820).
	CheapBoards int64
	// ComputeSlots is the capacity of expensive work, in cores: a replay
	// holds 1, an equity run on all cores holds GOMAXPROCS (default
	// GOMAXPROCS: one parallel equity run, or that many replays, at a time,
	// so that each core has at most one busy goroutine of expensive work
	// and a cheap request is scheduled within a time slice or two; with two
	// parallel runs at once a cheap request's median latency under
	// saturation was four times longer).
	ComputeSlots int
	// CheapSlots is the capacity only cheap work may use, in cores (default
	// 2*GOMAXPROCS). Cheap work may also use idle ComputeSlots.
	CheapSlots int
	// QueueLength is how many requests may wait at once for compute, and
	// as many for body bytes (default 64). A client with more waiters than
	// another gives up its newest place to a newcomer when the queue is
	// full.
	QueueLength int
	// QueueWait is the longest a request waits for compute or for body
	// bytes before a 429 (default 1s).
	QueueWait time.Duration
	// MaxTrials is the most Monte Carlo trials one equity request may ask
	// (default and upper bound equity.MaxTrials, 10,000,000); more is a 400
	// naming trials.
	MaxTrials int
	// ComputeTimeout bounds one equity computation (default 60s); beyond
	// it the answer is 503.
	ComputeTimeout time.Duration
	// RequestsPerMinute is each client's rate of requests to /v1 (a client
	// is the account of its API key, else its address; default 12,000, 200
	// a second); beyond it the answer is 429 with Retry-After.
	RequestsPerMinute int
	// EquityUnitsPerMinute is each client's rate of equity work, in units
	// of EquityUnitBoards boards (default 60,000: 600M boards a minute,
	// some minutes of this machine's cores); a request costs its boards or
	// trials, at least one unit. Beyond it the answer is 429.
	EquityUnitsPerMinute int
}

// DefaultLimits returns the default Limits, for GOMAXPROCS as it is now.
func DefaultLimits() Limits {
	procs := runtime.GOMAXPROCS(0)
	return Limits{
		MaxJSONBody:    MaxJSONBody,
		MaxTextBody:    MaxTextBody,
		BodyBytes:      40 << 20,
		CheapBodyBytes: 8 << 20,
		CheapBytes:     64 << 10,
		CheapBoards:    20_000,
		ComputeSlots:   procs,
		CheapSlots:     2 * procs,
		QueueLength:    64,
		QueueWait:      time.Second,
		MaxTrials:      equity.MaxTrials,
		ComputeTimeout: 60 * time.Second,

		RequestsPerMinute:    12_000,
		EquityUnitsPerMinute: 60_000,
	}
}

// withDefaults fills l's zero fields from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	set := func(v *int64, def int64) {
		if *v == 0 {
			*v = def
		}
	}
	set(&l.MaxJSONBody, d.MaxJSONBody)
	set(&l.MaxTextBody, d.MaxTextBody)
	set(&l.BodyBytes, d.BodyBytes)
	set(&l.CheapBodyBytes, d.CheapBodyBytes)
	set(&l.CheapBytes, d.CheapBytes)
	set(&l.CheapBoards, d.CheapBoards)
	if l.ComputeSlots == 0 {
		l.ComputeSlots = d.ComputeSlots
	}
	if l.CheapSlots == 0 {
		l.CheapSlots = d.CheapSlots
	}
	if l.QueueLength == 0 {
		l.QueueLength = d.QueueLength
	}
	if l.QueueWait == 0 {
		l.QueueWait = d.QueueWait
	}
	if l.MaxTrials == 0 {
		l.MaxTrials = d.MaxTrials
	}
	if l.ComputeTimeout == 0 {
		l.ComputeTimeout = d.ComputeTimeout
	}
	if l.RequestsPerMinute == 0 {
		l.RequestsPerMinute = d.RequestsPerMinute
	}
	if l.EquityUnitsPerMinute == 0 {
		l.EquityUnitsPerMinute = d.EquityUnitsPerMinute
	}
	return l
}

// Validate checks l once its zero fields have their defaults: every bound
// positive, MaxTrials at most equity.MaxTrials, and BodyBytes large enough
// for the cheap reserve plus the largest body.
func (l Limits) Validate() error {
	l = l.withDefaults()
	for _, f := range []struct {
		name string
		v    int64
	}{
		{"MaxJSONBody", l.MaxJSONBody}, {"MaxTextBody", l.MaxTextBody}, {"BodyBytes", l.BodyBytes},
		{"CheapBodyBytes", l.CheapBodyBytes}, {"CheapBytes", l.CheapBytes}, {"CheapBoards", l.CheapBoards},
		{"ComputeSlots", int64(l.ComputeSlots)}, {"CheapSlots", int64(l.CheapSlots)},
		{"QueueLength", int64(l.QueueLength)}, {"QueueWait", int64(l.QueueWait)},
		{"MaxTrials", int64(l.MaxTrials)}, {"ComputeTimeout", int64(l.ComputeTimeout)},
		{"RequestsPerMinute", int64(l.RequestsPerMinute)}, {"EquityUnitsPerMinute", int64(l.EquityUnitsPerMinute)},
	} {
		if f.v < 0 {
			return fmt.Errorf("api: Limits.%s must not be negative, got %d", f.name, f.v)
		}
	}
	if l.MaxTrials > equity.MaxTrials {
		return fmt.Errorf("api: Limits.MaxTrials %d is over equity.MaxTrials %d", l.MaxTrials, equity.MaxTrials)
	}
	if big := max(l.MaxTextBody, l.MaxJSONBody); l.BodyBytes < l.CheapBodyBytes+big {
		return fmt.Errorf("api: Limits.BodyBytes %d must hold CheapBodyBytes %d plus the largest body %d", l.BodyBytes, l.CheapBodyBytes, big)
	}
	if l.CheapBytes > l.CheapBodyBytes {
		return fmt.Errorf("api: Limits.CheapBytes %d is over CheapBodyBytes %d", l.CheapBytes, l.CheapBodyBytes)
	}
	return nil
}

// Config configures a Server. Zero fields take the documented defaults.
type Config struct {
	// Store keeps hands and equity results. Required.
	Store store.Store
	// Logger receives the request lines (see LogSample) and every
	// server-side error (default: slog.Default()).
	Logger *slog.Logger
	// LogSample, above 1, samples the request log: of the requests that
	// succeed (status below 400) in less than LogSlow, one in LogSample is
	// logged, its line carrying "log_sample" (how many requests it stands
	// for); every error (4xx, 5xx, 499) and every slow request is logged.
	// 0 or 1 logs every request. The metrics count every request either
	// way. A line per request costs as much as a cheap request's work
	// when the log goes to a pipe (POST /v1/equity on a flop served half
	// as many requests a second).
	LogSample int
	// LogSlow is the duration from which a request is always logged when
	// the log is sampled (default DefaultLogSlow).
	LogSlow time.Duration
	// Registry receives the server's metrics and is served at /metrics
	// (default: a new registry with the Go and process collectors). One
	// registry serves one Server: New fails on a registry already used.
	Registry *prometheus.Registry
	// Limits are the bounds on requests and work in flight (zero fields:
	// DefaultLimits).
	Limits Limits
	// MaxCompute, when set and Limits.ComputeSlots is not, bounds
	// concurrent expensive equity runs: ComputeSlots becomes MaxCompute *
	// GOMAXPROCS. Deprecated: set Limits.ComputeSlots.
	MaxCompute int
	// ComputeWait, when set and Limits.QueueWait is not, is the queue wait.
	// Deprecated: set Limits.QueueWait.
	ComputeWait time.Duration
	// ComputeTimeout, when set and Limits.ComputeTimeout is not, bounds one
	// equity computation. Deprecated: set Limits.ComputeTimeout.
	ComputeTimeout time.Duration
	// ReadyTimeout bounds the /readyz database check (default 2s).
	ReadyTimeout time.Duration
	// Auth says whether the stored data's operations need an API key
	// (default AuthRequired; see AuthMode). Keys are read from Store.
	Auth AuthMode
	// AnyHost, with Auth off, accepts any Host header; by default a server
	// without keys answers requests to a loopback Host only (see
	// sameMachine). scoop serve sets it with --force-insecure.
	AnyHost bool
	// Imports, when set, serves /v1/imports (durable import jobs, see
	// internal/jobs); nil answers those routes 503. Its Ready is part of
	// /readyz.
	Imports *jobs.Service
	// SharedRates, when set, keeps the request and equity rate limits in
	// Redis, shared by every replica on it, with this process's limiters as
	// the fallback while it is unreachable (see Server.overLimit). Nil:
	// each process limits alone.
	SharedRates *ratelimit.Shared
	// Web, when set, serves the web app's pages and assets: GET (and HEAD)
	// on WebRoutes are routed to it, outside /v1 and without the OpenAPI
	// request validation (they are pages, not operations of the
	// contract). The pages call the JSON API from the browser. Nil means
	// no pages: those paths answer 404 like any unknown path.
	Web http.Handler
}

// DefaultLogSlow is Config.LogSlow's default.
const DefaultLogSlow = 100 * time.Millisecond

// WebRoutes are the paths routed to Config.Web: the calculator (/), the
// hands list and replayer, the upload page, the player page and the
// assets. They are not in openapi.yaml, which describes the JSON API.
var WebRoutes = []string{"/", "/hands", "/hands/{id}", "/import", "/players", "/players/{name}", "/signin", SharePath + "{token}", "/static/*"}

// Server is the HTTP API. It is an http.Handler, safe for concurrent use.
type Server struct {
	cfg         Config
	log         *slog.Logger
	spec        *Spec
	router      *chi.Mux
	registry    *prometheus.Registry
	metrics     *metrics
	limits      Limits
	compute     *admission.Pool // cores: expensive work and the cheap reserve
	exports     chan struct{}   // one token per export streaming (MaxExports)
	bodies      *admission.Pool // bytes of request bodies held in memory
	docs        []byte
	quietRoutes map[string]bool
	auth        *authenticator
	requests    *httprate.RateLimiter // per client, requests to /v1
	equityRate  *httprate.RateLimiter // per client, equity work
	authFails   *httprate.RateLimiter // per address, requests with a bad key
	logLines    *httprate.RateLimiter // per address, log lines of client errors
	// sharedRequests and sharedEquity are the limits kept in Redis (nil
	// without Config.SharedRates); requests and equityRate stand in for
	// them while it is unreachable.
	sharedRequests, sharedEquity *httprate.RateLimiter
	rateWarned                   atomic.Int64 // when the fallback was last logged, unix ns
	sessions                     *sessionAuth
	logged                       atomic.Uint64 // successful fast requests seen, for LogSample
	// fast holds the fastBody of each operation whose JSON body has one.
	fast map[*openapi3.Operation]*fastBody
	// access holds each operation's scope and its copy without security
	// requirements (see accessTable).
	access accessTable
}

// New loads and validates the OpenAPI contract and builds the router.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("api: Config.Store is required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Auth == "" {
		cfg.Auth = AuthRequired
	}
	if _, err := ParseAuthMode(string(cfg.Auth)); err != nil {
		return nil, fmt.Errorf("api: Config.Auth: %w", err)
	}
	if cfg.Registry == nil {
		cfg.Registry = prometheus.NewRegistry()
		cfg.Registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	lim := cfg.Limits
	if lim.ComputeSlots == 0 && cfg.MaxCompute > 0 {
		lim.ComputeSlots = cfg.MaxCompute * runtime.GOMAXPROCS(0)
	}
	if lim.QueueWait == 0 && cfg.ComputeWait > 0 {
		lim.QueueWait = cfg.ComputeWait
	}
	if lim.ComputeTimeout == 0 && cfg.ComputeTimeout > 0 {
		lim.ComputeTimeout = cfg.ComputeTimeout
	}
	if err := lim.Validate(); err != nil {
		return nil, err
	}
	lim = lim.withDefaults()
	cfg.Limits, cfg.ComputeTimeout = lim, lim.ComputeTimeout
	compute, err := admission.NewPool(admission.Config{
		Capacity: int64(lim.ComputeSlots + lim.CheapSlots), Reserve: int64(lim.CheapSlots),
		MaxQueue: lim.QueueLength, MaxWait: lim.QueueWait,
	})
	if err != nil {
		return nil, fmt.Errorf("api: compute limits: %w", err)
	}
	bodies, err := admission.NewPool(admission.Config{
		Capacity: lim.BodyBytes, Reserve: lim.CheapBodyBytes,
		MaxQueue: lim.QueueLength, MaxWait: lim.QueueWait,
	})
	if err != nil {
		return nil, fmt.Errorf("api: body limits: %w", err)
	}
	if cfg.LogSample < 0 {
		return nil, fmt.Errorf("api: Config.LogSample must not be negative, got %d", cfg.LogSample)
	}
	if cfg.LogSlow <= 0 {
		cfg.LogSlow = DefaultLogSlow
	}
	if cfg.ReadyTimeout <= 0 {
		cfg.ReadyTimeout = 2 * time.Second
	}
	spec, err := LoadSpec(ctx)
	if err != nil {
		return nil, err
	}
	m, err := newMetrics(cfg.Registry, compute, bodies)
	if err != nil {
		return nil, err
	}
	s := &Server{
		cfg:         cfg,
		log:         cfg.Logger,
		spec:        spec,
		registry:    cfg.Registry,
		metrics:     m,
		limits:      lim,
		compute:     compute,
		exports:     make(chan struct{}, MaxExports),
		bodies:      bodies,
		quietRoutes: map[string]bool{"/healthz": true, "/readyz": true, "/metrics": true},
		auth:        &authenticator{keys: cfg.Store},
		requests:    newLimiter(lim.RequestsPerMinute, requestRateHeaders),
		equityRate:  newLimiter(lim.EquityUnitsPerMinute, httprate.ResponseHeaders{RetryAfter: "Retry-After"}),
		authFails:   newLimiter(AuthFailuresPerMinute, httprate.ResponseHeaders{}),
		logLines:    newLimiter(LogClientErrorsPerMinute, httprate.ResponseHeaders{}),
		sessions:    &sessionAuth{sessions: cfg.Store, now: time.Now},
		fast:        fastBodies(spec.Doc),
		access:      newAccessTable(spec.Doc),
	}
	if cfg.SharedRates != nil {
		s.sharedRequests = newSharedLimiter(lim.RequestsPerMinute, requestRateHeaders, cfg.SharedRates.Counter("requests"))
		s.sharedEquity = newSharedLimiter(lim.EquityUnitsPerMinute, httprate.ResponseHeaders{RetryAfter: "Retry-After"}, cfg.SharedRates.Counter("equity"))
	}
	if s.docs, err = renderDocs(spec.Doc); err != nil {
		return nil, err
	}
	s.router = s.routes()
	return s, nil
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.router.ServeHTTP(w, r) }

// Router returns the chi router (tests walk it against the contract).
func (s *Server) Router() chi.Routes { return s.router }

// Spec returns the loaded contract.
func (s *Server) Spec() *Spec { return s.spec }

func (s *Server) routes() *chi.Mux {
	r := chi.NewRouter()
	// GetHead answers HEAD on every GET route as GET does, without the
	// body (net/http drops it; the headers, Content-Length included, stay).
	r.Use(withRequestID, s.observe, s.recoverer, middleware.GetHead, s.authenticate)
	r.NotFound(s.notFound)
	r.MethodNotAllowed(s.methodNotAllowed)

	r.Get("/healthz", s.health)
	r.Get("/readyz", s.ready)
	// The metrics: here behind the admin scope (open with keys off), and
	// open on the operator's own listener (MetricsHandler, scoop serve
	// --metrics-addr).
	r.With(s.withKey).Method(http.MethodGet, "/metrics", s.scopedHandler(auth.Admin, s.MetricsHandler()))
	r.Get("/openapi.yaml", s.openapi)
	r.Get("/docs", s.docsPage)
	if s.cfg.Web != nil {
		for _, p := range WebRoutes {
			r.Method(http.MethodGet, p, s.cfg.Web)
		}
	}

	r.Route("/v1", func(r chi.Router) {
		r.Use(s.withKey, s.rateLimited, s.validated)
		for _, rt := range s.v1Routes() {
			h := rt.handler
			if rt.scope != 0 {
				h = s.scoped(rt.scope, h)
			}
			r.Method(rt.method, rt.path, h)
		}
	})
	return r
}

// v1Route is one /v1 operation: its method, its path under /v1, the scope
// it needs (0: open, or checked by its handler) and its handler.
type v1Route struct {
	method, path string
	scope        auth.Scope
	handler      http.HandlerFunc
}

// v1Routes are the /v1 operations. routes mounts them, and a test checks
// each one's scope against its operation's x-scoop-scope in openapi.yaml
// (RouteScopes), so the two declarations cannot drift apart.
func (s *Server) v1Routes() []v1Route {
	return []v1Route{
		// Open: equity without "store" (postEquity asks for the write
		// scope when it stores) and range parsing.
		{http.MethodPost, "/equity", 0, s.postEquity},
		{http.MethodPost, "/ranges/parse", 0, s.parseRanges},
		{http.MethodGet, "/equity/{id}", auth.Read, s.getEquity},
		{http.MethodPost, "/hands", auth.Write, s.postHands},
		{http.MethodGet, "/hands", auth.Read, s.listHands},
		{http.MethodGet, "/hands/export", auth.Read, s.exportHands},
		{http.MethodPost, "/hands/replay", auth.Read, s.replayHands},
		{http.MethodGet, "/hands/{id}", auth.Read, s.getHand},
		{http.MethodGet, "/hands/{id}/analysis", auth.Read, s.getAnalysis},
		{http.MethodPost, "/hands/{id}/share", auth.Write, s.postShare},
		{http.MethodGet, "/players", auth.Read, s.listPlayers},
		{http.MethodGet, "/players/{name}/stats", auth.Read, s.getPlayerStats},
		{http.MethodGet, "/players/{name}/stats/positions", auth.Read, s.getPlayerPositions},
		{http.MethodGet, "/players/{name}/stats/holdings", auth.Read, s.getPlayerHoldings},
		{http.MethodGet, "/players/{name}/results", auth.Read, s.getPlayerResults},
		{http.MethodGet, "/players/{name}/sessions", auth.Read, s.getPlayerSessions},
		{http.MethodPut, "/hands/{id}/tags", auth.Write, s.putHandTags},
		{http.MethodPut, "/hands/{id}/note", auth.Write, s.putHandNote},
		{http.MethodPost, "/hands/analyze", auth.Read, s.analyzeHands},
		{http.MethodPost, "/imports", auth.Write, s.postImport},
		{http.MethodGet, "/imports", auth.Read, s.listImports},
		{http.MethodGet, "/imports/{id}", auth.Read, s.getImport},
		{http.MethodDelete, "/imports/{id}", auth.Write, s.cancelImport},
		// Sessions: signing in takes a key; the current session's
		// operations need a session cookie (their handlers check it).
		{http.MethodPost, "/sessions", 0, s.postSession},
		{http.MethodGet, "/sessions/current", 0, s.getSession},
		{http.MethodDelete, "/sessions/current", 0, s.deleteSession},
		// Share links: made, listed and revoked by their account; read by
		// anyone holding one, without a key.
		{http.MethodGet, "/shares", auth.Read, s.listShares},
		{http.MethodDelete, "/shares/{id}", auth.Write, s.deleteShare},
		{http.MethodGet, "/shared/{token}", 0, s.shared(s.getHand)},
		{http.MethodGet, "/shared/{token}/analysis", 0, s.shared(s.getAnalysis)},
	}
}

// RouteScopes returns the scope each /v1 operation's route asks for, by
// "METHOD /v1/path" ("" for an open one): for the test that holds them to
// openapi.yaml's x-scoop-scope.
func (s *Server) RouteScopes() map[string]string {
	out := map[string]string{}
	for _, rt := range s.v1Routes() {
		sc := ""
		if rt.scope != 0 {
			sc = rt.scope.String()
		}
		out[rt.method+" /v1"+rt.path] = sc
	}
	return out
}

// MetricsHandler serves the Prometheus metrics, without asking for a key:
// for a listener only the operator reaches (scoop serve --metrics-addr).
func (s *Server) MetricsHandler() http.Handler {
	return promhttp.HandlerFor(s.registry, promhttp.HandlerOpts{})
}

// staticCache is the Cache-Control of the contract and the docs page, which
// change only with the binary; every other response is no-store.
const staticCache = "public, max-age=300"

func (s *Server) openapi(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/yaml")
	w.Header().Set("Cache-Control", staticCache)
	w.Header().Set("Content-Length", strconv.Itoa(len(scoop.OpenAPI)))
	w.Write(scoop.OpenAPI)
}

func (s *Server) docsPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", staticCache)
	w.Header().Set("Content-Security-Policy", docsCSP)
	w.Header().Set("Content-Length", strconv.Itoa(len(s.docs)))
	w.Write(s.docs)
}
