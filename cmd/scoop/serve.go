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
)

// serveConfig is `scoop serve`'s configuration: defaults, then the
// environment, then flags, then Validate.
type serveConfig struct {
	Addr string // SCOOP_ADDR, --addr
	storageConfig
	LogFormat string // SCOOP_LOG, --log: json or text

	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration // a whole request, body included (32 MiB uploads)
	WriteTimeout      time.Duration // must exceed the equity compute timeout
	IdleTimeout       time.Duration
	ComputeTimeout    time.Duration
	ShutdownTimeout   time.Duration // how long in-flight requests get to finish
}

// serveConnState, when set (by tests, before runServe starts), observes
// the server's connections: a test can tell when its request is in flight.
var serveConnState func(net.Conn, http.ConnState)

func defaultServeConfig() serveConfig {
	return serveConfig{
		Addr:              ":8080",
		storageConfig:     defaultStorageConfig(),
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
	c.storageConfig.fromEnv(getenv)
	if v := getenv("SCOOP_LOG"); v != "" {
		c.LogFormat = v
	}
}

// Validate checks the configuration.
func (c *serveConfig) Validate() error {
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		return usagef("--addr %q: want host:port or :port", c.Addr)
	}
	if err := c.storageConfig.validate(); err != nil {
		return err
	}
	if c.LogFormat != "json" && c.LogFormat != "text" {
		return usagef("--log %q: want json or text", c.LogFormat)
	}
	if c.WriteTimeout <= c.ComputeTimeout {
		return usagef("the write timeout (%v) must exceed the compute timeout (%v)", c.WriteTimeout, c.ComputeTimeout)
	}
	return nil
}

func runServe(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg := defaultServeConfig()
	cfg.fromEnv(os.Getenv)
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "listen address (env SCOOP_ADDR)")
	fs.StringVar(&cfg.LogFormat, "log", cfg.LogFormat, "log format, json or text (env SCOOP_LOG)")
	cfg.storageConfig.flags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: scoop serve [--addr host:port] [--sqlite file]\n\nPostgreSQL when DATABASE_URL is set, else the SQLite file.")
		fs.SetOutput(stderr)
		fs.PrintDefaults()
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
	var handler slog.Handler = slog.NewJSONHandler(stderr, nil)
	if cfg.LogFormat == "text" {
		handler = slog.NewTextHandler(stderr, nil)
	}
	log := slog.New(handler)

	st, kind, applied, err := openStorage(ctx, cfg.storageConfig)
	if err != nil {
		return err
	}
	defer st.Close()
	log.Info("storage ready", "store", kind, "migrations_applied", applied)

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	// Database pool metrics: pgxpool's for PostgreSQL, database/sql's
	// DBStats for SQLite.
	if c, ok := st.(interface{ Collector() prometheus.Collector }); ok {
		reg.MustRegister(c.Collector())
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
		ConnState:         serveConnState,
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

// displayAddr makes a wildcard listen address clickable.
func displayAddr(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || (host != "" && host != "::" && host != "0.0.0.0") {
		return addr
	}
	return net.JoinHostPort("localhost", strings.TrimSpace(port))
}
