// Package api is Scoop's HTTP transport: the chi router, middleware
// (request id, structured log, recover, metrics, OpenAPI request
// validation, body limits), thin handlers over the domain packages and
// storage, RFC 9457 problem+json errors, and the /docs page.
//
// It imports analysis, equity, handhistory, store and fault; nothing under
// internal/ imports api.
package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"runtime"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	scoop "github.com/scoophq/scoop"
	"github.com/scoophq/scoop/internal/store"
)

// Config configures a Server. Zero fields take the documented defaults.
type Config struct {
	// Store keeps hands and equity results. Required.
	Store store.Store
	// Logger receives one line per request and every server-side error
	// (default: slog.Default()).
	Logger *slog.Logger
	// Registry receives the server's metrics and is served at /metrics
	// (default: a new registry with the Go and process collectors). One
	// registry serves one Server: New fails on a registry already used.
	Registry *prometheus.Registry
	// MaxCompute bounds concurrent equity computations (default
	// runtime.GOMAXPROCS(0)).
	MaxCompute int
	// ComputeWait is how long a request waits for a compute slot before
	// a 429 (default 250ms).
	ComputeWait time.Duration
	// ComputeTimeout bounds one equity computation (default 60s); beyond it
	// the answer is 503.
	ComputeTimeout time.Duration
	// ReadyTimeout bounds the /readyz database check (default 2s).
	ReadyTimeout time.Duration
}

// Server is the HTTP API. It is an http.Handler, safe for concurrent use.
type Server struct {
	cfg         Config
	log         *slog.Logger
	spec        *Spec
	router      *chi.Mux
	registry    *prometheus.Registry
	metrics     *metrics
	sem         chan struct{}
	docs        []byte
	quietRoutes map[string]bool
}

// New loads and validates the OpenAPI contract and builds the router.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("api: Config.Store is required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Registry == nil {
		cfg.Registry = prometheus.NewRegistry()
		cfg.Registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	if cfg.MaxCompute <= 0 {
		cfg.MaxCompute = runtime.GOMAXPROCS(0)
	}
	if cfg.ComputeWait <= 0 {
		cfg.ComputeWait = 250 * time.Millisecond
	}
	if cfg.ComputeTimeout <= 0 {
		cfg.ComputeTimeout = 60 * time.Second
	}
	if cfg.ReadyTimeout <= 0 {
		cfg.ReadyTimeout = 2 * time.Second
	}
	spec, err := LoadSpec(ctx)
	if err != nil {
		return nil, err
	}
	m, err := newMetrics(cfg.Registry)
	if err != nil {
		return nil, err
	}
	s := &Server{
		cfg:         cfg,
		log:         cfg.Logger,
		spec:        spec,
		registry:    cfg.Registry,
		metrics:     m,
		sem:         make(chan struct{}, cfg.MaxCompute),
		quietRoutes: map[string]bool{"/healthz": true, "/readyz": true, "/metrics": true},
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
	r.Use(withRequestID, s.observe, s.recoverer, middleware.GetHead)
	r.NotFound(s.notFound)
	r.MethodNotAllowed(s.methodNotAllowed)

	r.Get("/healthz", s.health)
	r.Get("/readyz", s.ready)
	r.Method(http.MethodGet, "/metrics", promhttp.HandlerFor(s.registry, promhttp.HandlerOpts{}))
	r.Get("/openapi.yaml", s.openapi)
	r.Get("/docs", s.docsPage)

	r.Route("/v1", func(r chi.Router) {
		r.Use(s.validated)
		r.Post("/equity", s.postEquity)
		r.Get("/equity/{id}", s.getEquity)
		r.Post("/hands", s.postHands)
		r.Get("/hands", s.listHands)
		r.Post("/hands/replay", s.replayHands)
		r.Get("/hands/{id}", s.getHand)
	})
	return r
}

func (s *Server) openapi(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/yaml")
	w.Header().Set("Content-Length", strconv.Itoa(len(scoop.OpenAPI)))
	w.Write(scoop.OpenAPI)
}

func (s *Server) docsPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	w.Header().Set("Content-Length", strconv.Itoa(len(s.docs)))
	w.Write(s.docs)
}
