package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"

	"github.com/scoophq/scoop/internal/export"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/filter"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

const exportUsage = `usage: scoop export --format csv|phh|pokerstars [--player NAME] [--game G] [--structure S]
                    [--site S] [--stakes BB] [--kind K] [--currency C] [--ledger L] [--from T]
                    [--to T] [--position P] [--holding RANGE] [--saw_flop B] [--showdown B]
                    [--allin B] [--freeroll B] [--result won|lost] [--legal B] [--account NAME]

Writes the stored hands (PostgreSQL when DATABASE_URL is set, else the
SQLite file) that the filters keep, newest stored first, to standard
output: the hands GET /v1/hands/export gives for the same filters, the
flags named as its parameters (see scoop stats for what each keeps).

  --format csv         a header row, then one row a hand and player (only
                       the --player's rows when given): the hand's row of
                       GET /v1/hands and the player's facts of the
                       statistics (vpip, pfr, saw_flop, showdown, allin,
                       adjusted_net...), RFC 4180 quoting.
  --format phh         a .phhs, each hand under its "[N]" header.
  --format pokerstars  PokerStars text, hands separated by blank lines.

At most 100,000 hands are written; standard error says how many were
written, and how many the format could not hold. Exit status 0 when every
matching hand was written, 1 when the cap cut the export short, 2 for bad
flags.
`

// filterFlags defines a flag per hand filter (package filter) on fs, but
// those named in skip, and returns them by filter name.
func filterFlags(fs *flag.FlagSet, skip ...string) map[string]*string {
	fv := map[string]*string{}
	for _, name := range filter.Names {
		skipped := false
		for _, s := range skip {
			skipped = skipped || s == name
		}
		if !skipped {
			fv[name] = fs.String(name, "", filterHelp[name])
		}
	}
	return fv
}

// parseFilterFlags reads the filter flags as filter.Parse reads the
// query's parameters; a bad value is a usage error naming its flag.
func parseFilterFlags(fv map[string]*string) (stats.Filter, error) {
	q := url.Values{}
	for name, v := range fv {
		if *v != "" {
			q.Set(name, *v)
		}
	}
	f, err := filter.Parse(q)
	if fe := (*fault.Error)(nil); errors.As(err, &fe) {
		return f, usagef("--%s", fe.Message)
	}
	return f, err
}

// runExport is `scoop export`.
func runExport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg := defaultStorageConfig()
	cfg.fromEnv(os.Getenv)
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg.flags(fs)
	format := fs.String("format", "", "csv, phh or pokerstars")
	fv := filterFlags(fs)
	acct := fs.String("account", "", "the stored hands of this account (default: the default account)")
	rest, help, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if help {
		printHelp(stderr, exportUsage, fs)
		return nil
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q: scoop export reads the stored hands (usage: scoop export --format csv|phh|pokerstars [filters])", rest[0])
	}
	if err := export.CheckFormat("format", *format); err != nil {
		return usagef("--%s", err.(*fault.Error).Message)
	}
	f, err := parseFilterFlags(fv)
	if err == nil {
		err = filter.NeedPlayer(f, f.Player)
	}
	if fe := (*fault.Error)(nil); errors.As(err, &fe) {
		return usagef("--%s", fe.Message)
	} else if err != nil {
		return err
	}
	st, _, _, err := openStorage(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	if ctx, err = actAs(ctx, st, *acct); err != nil {
		return err
	}
	q := store.QueryOf(f)
	out := bufio.NewWriterSize(stdout, 64<<10)
	res, err := export.Write(ctx, st, *format, q, out, export.Options{AfterPage: out.Flush})
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "scoop export: %d hands written", res.Hands)
	if res.Skipped > 0 {
		fmt.Fprintf(stderr, ", %d left out (not writable as %s)", res.Skipped, *format)
	}
	fmt.Fprintln(stderr)
	if res.Truncated {
		return fmt.Errorf("more hands match than the %d an export holds: narrow the filters (--from, --to)", export.MaxHands)
	}
	return nil
}
