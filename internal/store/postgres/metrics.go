package postgres

import "github.com/prometheus/client_golang/prometheus"

var (
	poolDesc = func(name, help string) *prometheus.Desc {
		return prometheus.NewDesc("scoop_db_pool_"+name, help, nil, nil)
	}
	descAcquired     = poolDesc("acquired_conns", "Connections in use.")
	descIdle         = poolDesc("idle_conns", "Idle connections.")
	descTotal        = poolDesc("total_conns", "Open connections.")
	descMax          = poolDesc("max_conns", "The pool's connection limit.")
	descAcquires     = poolDesc("acquires_total", "Connections acquired from the pool.")
	descEmptyWaits   = poolDesc("empty_acquires_total", "Acquires that waited for a connection.")
	descWaitSeconds  = poolDesc("acquire_wait_seconds_total", "Time spent waiting for a connection.")
	descCanceledAcqs = poolDesc("canceled_acquires_total", "Acquires cancelled by their context.")
)

// Collector returns a Prometheus collector of the pool's statistics,
// read from pgxpool.Stat at each scrape.
func (s *Store) Collector() prometheus.Collector { return poolCollector{s} }

type poolCollector struct{ s *Store }

func (c poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descAcquired, descIdle, descTotal, descMax, descAcquires, descEmptyWaits, descWaitSeconds, descCanceledAcqs} {
		ch <- d
	}
}

func (c poolCollector) Collect(ch chan<- prometheus.Metric) {
	st := c.s.pool.Stat()
	ch <- prometheus.MustNewConstMetric(descAcquired, prometheus.GaugeValue, float64(st.AcquiredConns()))
	ch <- prometheus.MustNewConstMetric(descIdle, prometheus.GaugeValue, float64(st.IdleConns()))
	ch <- prometheus.MustNewConstMetric(descTotal, prometheus.GaugeValue, float64(st.TotalConns()))
	ch <- prometheus.MustNewConstMetric(descMax, prometheus.GaugeValue, float64(st.MaxConns()))
	ch <- prometheus.MustNewConstMetric(descAcquires, prometheus.CounterValue, float64(st.AcquireCount()))
	ch <- prometheus.MustNewConstMetric(descEmptyWaits, prometheus.CounterValue, float64(st.EmptyAcquireCount()))
	ch <- prometheus.MustNewConstMetric(descWaitSeconds, prometheus.CounterValue, st.EmptyAcquireWaitTime().Seconds())
	ch <- prometheus.MustNewConstMetric(descCanceledAcqs, prometheus.CounterValue, float64(st.CanceledAcquireCount()))
}
