package api

import (
	"github.com/prometheus/client_golang/prometheus"
)

type metrics struct {
	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	equityRuns  *prometheus.CounterVec
	equityBusy  prometheus.Gauge
	handsStored *prometheus.CounterVec
}

func newMetrics(reg prometheus.Registerer) (*metrics, error) {
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
	}
	for _, c := range []prometheus.Collector{m.requests, m.latency, m.equityRuns, m.equityBusy, m.handsStored} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}
