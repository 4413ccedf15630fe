package sqlite

import (
	"database/sql"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// DB returns the store's database handle (for metrics and tools; the store
// owns it: do not close it).
func (s *Store) DB() *sql.DB { return s.db }

// Collector returns a Prometheus collector of the connection pool's
// statistics (database/sql's DBStats: go_sql_* series labelled
// db_name="sqlite"), the SQLite counterpart of postgres.Store.Collector.
func (s *Store) Collector() prometheus.Collector {
	return collectors.NewDBStatsCollector(s.db, "sqlite")
}
