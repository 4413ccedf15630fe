package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/backfill"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
)

const reverifyUsage = `usage: scoop reverify [--batch N] [--sqlite FILE] [--db-timeout D]

Replays every stored hand whose verdict was made by an older rules engine
than this one (engine version %d; hands stored before versions were kept
are version 1) and stores its new verdict, with its analysis when it is
legal (none when illegal), then reports how many hands changed from legal
to illegal and back. Hands are replayed in id order, --batch at a time,
each batch stored in one transaction: interrupting it loses at most the
batch in flight, and running it again carries on where it stopped. A hand
whose stored JSON no longer reads is left as it is and counted unreadable.
Then every legal stored hand without an analysis by this engine (stored by
scoop import, say, and never read) gets its analysis, as scoop serve's
background backfill does: counted as analyses filled, skipped (the hand no
longer replays legal) and failed, each such hand logged on stderr.
PostgreSQL when DATABASE_URL is set, else the SQLite file; migrations are
applied first.

`

// runReverify is `scoop reverify`.
func runReverify(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg := defaultStorageConfig()
	cfg.fromEnv(os.Getenv)
	fs := flag.NewFlagSet("reverify", flag.ContinueOnError)
	cfg.flags(fs)
	batch := fs.Int("batch", ingest.DefaultReverifyBatch, fmt.Sprintf("hands per batch and transaction (1 to %d)", store.MaxLimit))
	quiet := fs.Bool("quiet", false, "no progress line per batch on stderr")
	fs.Usage = func() {
		printHelp(stderr, fmt.Sprintf(reverifyUsage, analysis.EngineVersion), fs)
	}
	help, err := parseFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	if help {
		fs.Usage()
		return nil
	}
	if *batch < 1 || *batch > store.MaxLimit {
		return usagef("--batch %d: want 1 to %d", *batch, store.MaxLimit)
	}
	st, kind, _, err := openStorage(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	opt := ingest.ReverifyOptions{Batch: *batch}
	if !*quiet {
		opt.Progress = func(r ingest.ReverifyReport) {
			fmt.Fprintf(stderr, "reverify: %d hands replayed, %d updated\n", r.Checked, r.Updated)
		}
	}
	rep, err := ingest.Reverify(ctx, st, opt)
	fmt.Fprintf(stdout, "%s: engine version %d: %d stale hands replayed, %d verdicts updated: %d legal -> illegal, %d illegal -> legal; %d unreadable, %d refused\n",
		kind, analysis.EngineVersion, rep.Checked, rep.Updated, rep.LegalToIllegal, rep.IllegalToLegal, rep.Unreadable, rep.Refused)
	if err != nil {
		return fmt.Errorf("%s: stopped (run it again to carry on): %w", kind, err)
	}
	// The missing analyses, one hand at a time on one core, without
	// admission: no request shares this process's compute.
	bf, err := backfill.New(backfill.Config{Store: st, Batch: *batch,
		Logger: slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	if err != nil {
		return err
	}
	filled, err := bf.Pass(ctx)
	fmt.Fprintf(stdout, "%s: %d missing analyses filled, %d skipped (no longer replay legal), %d failed\n",
		kind, filled.Analyzed, filled.Skipped, filled.Failed)
	if err != nil {
		return fmt.Errorf("%s: stopped (run it again to carry on): %w", kind, err)
	}
	return nil
}
