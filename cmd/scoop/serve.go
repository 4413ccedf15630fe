package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/postgres"
	"github.com/scoophq/scoop/internal/store/sqlite"
)

// serveConfig is `scoop serve`'s configuration: defaults, then the
// environment, then flags, then Validate.
type serveConfig struct {
	Addr        string // SCOOP_ADDR, --addr
	DatabaseURL string // DATABASE_URL: PostgreSQL when set
	SQLite      string // SCOOP_SQLITE, --sqlite: the SQLite file otherwise
	LogFormat   string // SCOOP_LOG, --log: json or text

	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration // a whole request, body included (32 MiB uploads)
	WriteTimeout      time.Duration // must exceed the equity compute timeout
	IdleTimeout       time.Duration
	ComputeTimeout    time.Duration
	ShutdownTimeout   time.Duration // how long in-flight requests get to finish
}

func defaultServeConfig() serveConfig {
	return serveConfig{
		Addr:              ":8080",
		SQLite:            "scoop.db",
		LogFormat:         "json",
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      90 * time.Second,
		IdleTimeout:       120 * time.Second,
		ComputeTimeout:    60 * time.Second,
		ShutdownTimeout:   30 * time.Second,
	}
}

// fromEnv overrides the defaults from the environment.
func (c *serveConfig) fromEnv(getenv func(string) string) {
	if v := getenv("SCOOP_ADDR"); v != "" {
		c.Addr = v
	}
	if v := getenv("DATABASE_URL"); v != "" {
		c.DatabaseURL = v
	}
	if v := getenv("SCOOP_SQLITE"); v != "" {
		c.SQLite = v
	}
	if v := getenv("SCOOP_LOG"); v != "" {
		c.LogFormat = v
	}
}

// storageFlags registers the flags shared by serve and migrate.
func (c *serveConfig) storageFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.SQLite, "sqlite", c.SQLite, "SQLite database file, used when DATABASE_URL is unset (env SCOOP_SQLITE)")
}

// Validate checks the configuration.
func (c *serveConfig) Validate() error {
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		return usagef("--addr %q: want host:port or :port", c.Addr)
	}
	if c.DatabaseURL == "" && c.SQLite == "" {
		return usagef("--sqlite is empty and DATABASE_URL is unset: no storage")
	}
	if c.LogFormat != "json" && c.LogFormat != "text" {
		return usagef("--log %q: want json or text", c.LogFormat)
	}
	if c.WriteTimeout <= c.ComputeTimeout {
		return usagef("the write timeout (%v) must exceed the compute timeout (%v)", c.WriteTimeout, c.ComputeTimeout)
	}
	return nil
}

// migrator is a store that can apply its migrations.
type migrator interface {
	store.Store
	Migrate(ctx context.Context) ([]int64, error)
}

// openStore opens PostgreSQL when a URL is configured, else SQLite.
func openStore(ctx context.Context, c serveConfig) (migrator, string, error) {
	if c.DatabaseURL != "" {
		s, err := postgres.Open(ctx, postgres.Config{URL: c.DatabaseURL})
		return s, "postgres", err
	}
	s, err := sqlite.Open(ctx, c.SQLite)
	return s, "sqlite " + c.SQLite, err
}

func runServe(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg := defaultServeConfig()
	cfg.fromEnv(os.Getenv)
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "listen address (env SCOOP_ADDR)")
	fs.StringVar(&cfg.LogFormat, "log", cfg.LogFormat, "log format, json or text (env SCOOP_LOG)")
	cfg.storageFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: scoop serve [--addr host:port] [--sqlite file]\n\nPostgreSQL when DATABASE_URL is set, else the SQLite file.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if err := cfg.Validate(); err != nil {
		return err
	}
	var handler slog.Handler = slog.NewJSONHandler(stderr, nil)
	if cfg.LogFormat == "text" {
		handler = slog.NewTextHandler(stderr, nil)
	}
	log := slog.New(handler)

	st, kind, err := openStore(ctx, cfg)
	if err != nil {
		return inputFault(err)
	}
	defer st.Close()
	applied, err := st.Migrate(ctx)
	if err != nil {
		return err
	}
	log.Info("storage ready", "store", kind, "migrations_applied", applied)

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if pg, ok := st.(*postgres.Store); ok {
		reg.MustRegister(pg.Collector())
	}
	srv, err := api.New(ctx, api.Config{Store: st, Logger: log, Registry: reg, ComputeTimeout: cfg.ComputeTimeout})
	if err != nil {
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
	}
	addr := ln.Addr().String()
	fmt.Fprintf(stdout, "scoop: listening on http://%s\n", displayAddr(addr))
	log.Info("listening", "addr", addr)

	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	// Stop accepting, let in-flight requests finish, then close the store
	// (deferred above).
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
	log.Info("stopped")
	return nil
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
		return fmt.Errorf("%s (%s)", f.Error(), strings.Join(strings.Fields(f.Err.Error()), " "))
	}
	return err
}

// displayAddr makes a wildcard listen address clickable.
func displayAddr(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || (host != "" && host != "::" && host != "0.0.0.0") {
		return addr
	}
	return net.JoinHostPort("localhost", strings.TrimSpace(port))
}
