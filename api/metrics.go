package api

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/scoophq/scoop/internal/admission"
)

type metrics struct {
	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	equityRuns  *prometheus.CounterVec
	equityBusy  prometheus.Gauge
	handsStored *prometheus.CounterVec
	// rejected counts 429s by pool (compute, body, rate) and reason
	// (queue_full, wait_expired; requests, equity).
	rejected *prometheus.CounterVec
	// authFailures counts requests refused 401 for a bad key.
	authFailures prometheus.Counter
	// logSuppressed counts log lines of client errors left out (logQuota).
	logSuppressed prometheus.Counter
	// shares counts share-link reads by outcome (ok, not_found).
	shares *prometheus.CounterVec
	// rateFallback counts rate-limit decisions taken without the shared
	// counter (Redis unreachable), by limit and outcome.
	rateFallback *prometheus.CounterVec
}

func newMetrics(reg prometheus.Registerer, compute, bodies *admission.Pool) (*metrics, error) {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "scoop_http_requests_total",
			Help: "HTTP requests by route pattern, method and status (499: the client went away).",
		}, []string{"route", "method", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "scoop_http_request_duration_seconds",
			Help:    "HTTP request latency by route pattern and method.",
			Buckets: []float64{.0005, .001, .002, .005, .01, .02, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route", "method"}),
		equityRuns: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "scoop_equity_runs_total",
			Help: "Equity computations by mode used and outcome (ok, rejected, overloaded, canceled, error).",
		}, []string{"mode", "outcome"}),
		equityBusy: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "scoop_equity_in_flight",
			Help: "Equity computations running now.",
		}),
		handsStored: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "scoop_hands_total",
			Help: "Hands posted, by outcome (stored, duplicate, conflict, replayed, skipped, failed).",
		}, []string{"outcome"}),
		rejected: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "scoop_admission_rejected_total",
			Help: "Requests refused with 429, by pool (compute: cores for replays and equity; body: request-body bytes in memory; rate: a client's rate limit) and reason (queue_full: no place in the queue, or pushed out by a client with fewer waiters; wait_expired: not admitted within the queue wait; requests or equity: over the client's rate of requests or of equity work).",
		}, []string{"pool", "reason"}),
		authFailures: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "scoop_auth_failures_total",
			Help: "Requests refused 401 because their API key was malformed, unknown or revoked.",
		}),
		logSuppressed: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "scoop_log_lines_suppressed_total",
			Help: "Log lines of client errors (4xx, bad keys) left out because their client passed its log quota (LogClientErrorsPerMinute); the requests are counted in scoop_http_requests_total all the same.",
		}),
		shares: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "scoop_share_reads_total",
			Help: "Reads of shared hands through a share link, by outcome (ok; not_found: no such live link).",
		}, []string{"outcome"}),
		rateFallback: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "scoop_rate_limit_fallback_total",
			Help: "Rate-limit decisions taken while the shared counter (Redis) was unreachable, by limit (requests, equity) and outcome (local: the in-process limiter decided; refused: the request was refused).",
		}, []string{"limit", "outcome"}),
	}
	collectors := []prometheus.Collector{m.requests, m.latency, m.equityRuns, m.equityBusy, m.handsStored, m.rejected, m.authFailures,
		m.logSuppressed, m.shares, m.rateFallback,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name:        "scoop_admission_queue_length",
			Help:        "Requests waiting now, by pool (compute: cores; body: request-body bytes).",
			ConstLabels: prometheus.Labels{"pool": "compute"},
		}, func() float64 { return float64(compute.Stats().Queued) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name:        "scoop_admission_queue_length",
			Help:        "Requests waiting now, by pool (compute: cores; body: request-body bytes).",
			ConstLabels: prometheus.Labels{"pool": "body"},
		}, func() float64 { return float64(bodies.Stats().Queued) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "scoop_compute_cores_in_use",
			Help: "Compute capacity held now, in cores (an equity run on all cores holds GOMAXPROCS, a replay 1).",
		}, func() float64 { return float64(compute.Stats().Held) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "scoop_request_body_bytes_in_flight",
			Help: "Request-body bytes reserved now (bodies being read or held by their request).",
		}, func() float64 { return float64(bodies.Stats().Held) }),
	}
	for _, c := range collectors {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}
