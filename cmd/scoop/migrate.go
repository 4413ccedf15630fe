package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
)

// runMigrate applies the embedded migrations to PostgreSQL (DATABASE_URL)
// or to the SQLite file (--sqlite / SCOOP_SQLITE), and says what it did.
func runMigrate(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg := defaultStorageConfig()
	cfg.fromEnv(os.Getenv)
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	cfg.flags(fs)
	fs.Usage = func() {
		printHelp(stderr, "usage: scoop migrate [--sqlite file]\n\nMigrates PostgreSQL when DATABASE_URL is set, else the SQLite file.", fs)
	}
	help, err := parseFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	if help {
		fs.Usage()
		return nil
	}
	st, kind, applied, err := openStorage(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	if len(applied) == 0 {
		fmt.Fprintf(stdout, "%s: up to date\n", kind)
		return nil
	}
	fmt.Fprintf(stdout, "%s: applied migrations %v\n", kind, applied)
	return nil
}
