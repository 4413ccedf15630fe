package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/postgres"
	"github.com/scoophq/scoop/internal/store/sqlite"
)

// storageConfig says where Scoop keeps its data, for every command that
// opens the store (serve, migrate, import): PostgreSQL when DatabaseURL is
// set, else the SQLite file. Defaults, then the environment (fromEnv), then
// the flags (flags), then validate.
type storageConfig struct {
	DatabaseURL string // DATABASE_URL: PostgreSQL when set
	SQLite      string // SCOOP_SQLITE, --sqlite: the SQLite file otherwise
	// DBTimeout (SCOOP_DB_TIMEOUT, --db-timeout) bounds every database
	// call; past it the call fails Unavailable (a 503 from the API).
	DBTimeout time.Duration
	// JobConns are the PostgreSQL connections this process's import job
	// workers use at most, added to the pool's default size (see
	// postgres.Config.ExtraConns) so that they never take the requests'.
	JobConns int32
	// envErr is a malformed environment value, reported by validate.
	envErr error
}

// Storage defaults and bounds.
const (
	defaultSQLite    = "scoop.db" // the SQLite file used when nothing else is configured
	defaultDBTimeout = store.DefaultTimeout
	maxDBTimeout     = 10 * time.Minute
)

func defaultStorageConfig() storageConfig {
	return storageConfig{SQLite: defaultSQLite, DBTimeout: defaultDBTimeout}
}

// fromEnv overrides the defaults from DATABASE_URL, SCOOP_SQLITE and
// SCOOP_DB_TIMEOUT (a Go duration: 5s, 1m30s).
func (c *storageConfig) fromEnv(getenv func(string) string) {
	if v := getenv("DATABASE_URL"); v != "" {
		c.DatabaseURL = v
	}
	if v := getenv("SCOOP_SQLITE"); v != "" {
		c.SQLite = v
	}
	if v := getenv("SCOOP_DB_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			c.envErr = usagef("SCOOP_DB_TIMEOUT %q: want a duration such as 5s", v)
			return
		}
		c.DBTimeout = d
	}
}

// flags registers --sqlite and --db-timeout on fs.
func (c *storageConfig) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.SQLite, "sqlite", c.SQLite, "SQLite database file, used when DATABASE_URL is unset (env SCOOP_SQLITE)")
	fs.DurationVar(&c.DBTimeout, "db-timeout", c.DBTimeout, "deadline of every database call; past it the answer is 503 (env SCOOP_DB_TIMEOUT)")
}

// validate checks that some storage is configured, that DATABASE_URL
// parses and that the timeout is sane (a usage error if not). It does not
// connect.
func (c storageConfig) validate() error {
	if c.envErr != nil {
		return c.envErr
	}
	if c.DatabaseURL == "" && c.SQLite == "" {
		return usagef("--sqlite is empty and DATABASE_URL is unset: no storage")
	}
	if c.DBTimeout <= 0 || c.DBTimeout > maxDBTimeout {
		return usagef("--db-timeout %v: want more than 0 and at most %v", c.DBTimeout, maxDBTimeout)
	}
	if c.DatabaseURL != "" {
		if err := postgres.CheckURL(c.DatabaseURL); err != nil {
			return inputFault(err)
		}
	}
	return nil
}

// describe names the configured store for people: "postgres" or
// "sqlite FILE" (never the URL, which may hold a password).
func (c storageConfig) describe() string {
	if c.DatabaseURL != "" {
		return "postgres"
	}
	return "sqlite " + c.SQLite
}

// where names the configured store for a person looking for the data:
// "postgres" (never the URL, which may hold a password) or "sqlite FILE"
// with FILE made absolute (as given when it cannot be).
func (c storageConfig) where() string {
	if c.DatabaseURL != "" {
		return "postgres"
	}
	if abs, err := filepath.Abs(c.SQLite); err == nil {
		return "sqlite " + abs
	}
	return "sqlite " + c.SQLite
}

// migrator is a store that can apply its migrations and fill the facts
// its hands lack (both stores).
type migrator interface {
	store.Store
	store.FactsStore
	Migrate(ctx context.Context) ([]int64, error)
}

// openStorage opens the configured store (PostgreSQL when DatabaseURL is
// set, else the SQLite file, created if missing) and applies its pending
// migrations. It returns the store, its description (see describe) and the
// migration versions applied (none when it was up to date). The caller
// closes the store. Errors go through inputFault: a malformed DATABASE_URL
// is a usage error (exit status 2); an unreachable database keeps its
// cause.
func openStorage(ctx context.Context, c storageConfig) (st migrator, kind string, applied []int64, err error) {
	st, kind, applied, err = openStore(ctx, c)
	if err != nil {
		return nil, kind, nil, inputFault(err)
	}
	return st, kind, applied, nil
}

// openStore is openStorage with the store's own errors (*fault.Error,
// their causes kept for the log): Unavailable when the database cannot be
// reached or does not answer within c.DBTimeout (migrations: within
// store.MigrateTimeout), Canceled only when ctx is done.
func openStore(ctx context.Context, c storageConfig) (st migrator, kind string, applied []int64, err error) {
	if err := c.validate(); err != nil {
		return nil, "", nil, err
	}
	kind = c.describe()
	if c.DatabaseURL != "" {
		st, err = postgres.Open(ctx, postgres.Config{URL: c.DatabaseURL, Timeout: c.DBTimeout, ExtraConns: c.JobConns})
	} else {
		st, err = sqlite.OpenConfig(ctx, sqlite.Config{Path: c.SQLite, Timeout: c.DBTimeout})
	}
	if err != nil {
		return nil, kind, nil, err
	}
	applied, err = st.Migrate(ctx)
	if err == nil {
		// The facts of hands stored before they were kept (or by another
		// stats.Version), made by the pipeline: the store never replays.
		_, err = ingest.FillFacts(ctx, st)
	}
	if err != nil {
		st.Close()
		return nil, kind, nil, fmt.Errorf("%s: %w", kind, err)
	}
	return st, kind, applied, nil
}

// inputFault makes a fault of kind Invalid or Impossible (a bad
// DATABASE_URL, say) a usage error: exit status 2. An unreachable database
// keeps its cause (connection refused, unknown host...) for the operator;
// driver errors never carry the password.
func inputFault(err error) error {
	var f *fault.Error
	switch k := fault.KindOf(err); {
	case k == fault.Invalid || k == fault.Impossible:
		return &usageError{Msg: err.Error()}
	case k == fault.Unavailable && errors.As(err, &f) && f.Err != nil:
		return fmt.Errorf("%s (%s)", err.Error(), strings.Join(strings.Fields(f.Err.Error()), " "))
	}
	return err
}

// actAs returns ctx acting for the named account of st ("": the default
// account, which owns what the command line stores and the hands stored
// before accounts existed). An unknown name is a usage error.
func actAs(ctx context.Context, st store.Store, name string) (context.Context, error) {
	if name == "" {
		return ctx, nil
	}
	id, err := st.AccountID(ctx, name)
	if fault.KindOf(err) == fault.NotFound {
		return nil, &usageError{Msg: "--account: " + err.Error()}
	}
	if err != nil {
		return nil, inputFault(err)
	}
	return account.With(ctx, id), nil
}
