package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/scoophq/scoop/internal/fault"
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
}

// defaultSQLite is the SQLite file used when nothing else is configured.
const defaultSQLite = "scoop.db"

func defaultStorageConfig() storageConfig { return storageConfig{SQLite: defaultSQLite} }

// fromEnv overrides the defaults from DATABASE_URL and SCOOP_SQLITE.
func (c *storageConfig) fromEnv(getenv func(string) string) {
	if v := getenv("DATABASE_URL"); v != "" {
		c.DatabaseURL = v
	}
	if v := getenv("SCOOP_SQLITE"); v != "" {
		c.SQLite = v
	}
}

// flags registers --sqlite on fs.
func (c *storageConfig) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.SQLite, "sqlite", c.SQLite, "SQLite database file, used when DATABASE_URL is unset (env SCOOP_SQLITE)")
}

// validate checks that some storage is configured (a usage error if not).
func (c storageConfig) validate() error {
	if c.DatabaseURL == "" && c.SQLite == "" {
		return usagef("--sqlite is empty and DATABASE_URL is unset: no storage")
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

// migrator is a store that can apply its migrations.
type migrator interface {
	store.Store
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
	if err := c.validate(); err != nil {
		return nil, "", nil, err
	}
	kind = c.describe()
	if c.DatabaseURL != "" {
		st, err = postgres.Open(ctx, postgres.Config{URL: c.DatabaseURL})
	} else {
		st, err = sqlite.Open(ctx, c.SQLite)
	}
	if err != nil {
		return nil, kind, nil, inputFault(err)
	}
	applied, err = st.Migrate(ctx)
	if err != nil {
		st.Close()
		return nil, kind, nil, inputFault(fmt.Errorf("%s: %w", kind, err))
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
		return &usageError{msg: err.Error()}
	case k == fault.Unavailable && errors.As(err, &f) && f.Err != nil:
		return fmt.Errorf("%s (%s)", err.Error(), strings.Join(strings.Fields(f.Err.Error()), " "))
	}
	return err
}
