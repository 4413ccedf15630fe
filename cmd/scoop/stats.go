package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/stats"
)

const statsUsage = `usage: scoop stats --player NAME [--game G] [--structure S] [--site S] [--stakes BB]
                   [--from T] [--to T] [--json] [FILE|DIR...]

A player's statistics (ANALYSIS.md S1-S5) over his legal hands: hands, net
(chips, and the currency when every hand shares one), big blinds per 100,
VPIP, PFR, 3-bet, aggression factor, WTSD, W$SD, hi/lo scoops, quarters and
lows won, and the all-in adjusted net with its luck. With files or
directories, their hands are replayed (and those of the player analysed for
the all-in adjusted net) on the fly, nothing stored; with none, the stored
hands are read from the database (PostgreSQL when DATABASE_URL is set, else
the SQLite file). --stakes is the big blind in chips (fixed limit: the
small bet); --from (inclusive) and --to (exclusive) are RFC 3339 times.
With --json, the statistics as GET /v1/players/{name}/stats answers them.

`

// runStats is `scoop stats`.
func runStats(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg := defaultStorageConfig()
	cfg.fromEnv(os.Getenv)
	fs := flag.NewFlagSet("stats", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg.flags(fs)
	player := fs.String("player", "", "the player's name as the site writes it (required)")
	var f stats.Filter
	fs.StringVar(&f.Game, "game", "", "only omaha-hi or omaha-hilo hands")
	fs.StringVar(&f.Structure, "structure", "", "only fixed-limit, pot-limit or no-limit hands")
	fs.StringVar(&f.Site, "site", "", "only hands of this site (pokerstars, ggpoker...)")
	fs.Int64Var(&f.Stakes, "stakes", 0, "only hands of this big blind, in chips")
	from := fs.String("from", "", "only hands recorded at or after this RFC 3339 time")
	to := fs.String("to", "", "only hands recorded before this RFC 3339 time")
	asJSON := fs.Bool("json", false, "print the statistics as JSON (the API's shape)")
	acct := fs.String("account", "", "with no file: the stored hands of this account (default: the default account)")
	files, help, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if help {
		printHelp(stderr, statsUsage, fs)
		return nil
	}
	if *player == "" {
		return usagef("--player is required (usage: scoop stats --player NAME [FILE|DIR...])")
	}
	if err := statsFilter(&f, *from, *to); err != nil {
		return err
	}
	var t stats.Totals
	if len(files) == 0 {
		st, _, _, err := openStorage(ctx, cfg)
		if err != nil {
			return err
		}
		defer st.Close()
		if ctx, err = actAs(ctx, st, *acct); err != nil {
			return err
		}
		if t, err = st.PlayerStats(ctx, *player, f); err != nil {
			return err
		}
	} else if t, err = fileStats(ctx, *player, f, files, stdin, stderr); err != nil {
		return err
	}
	r := stats.NewReport(*player, t)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(r)
	}
	_, err = io.WriteString(stdout, reportText(r))
	return err
}

// statsFilter checks the filter flags and sets the times.
func statsFilter(f *stats.Filter, from, to string) error {
	switch f.Game {
	case "", "omaha-hi", "omaha-hilo":
	default:
		return usagef("--game %q: want omaha-hi or omaha-hilo", f.Game)
	}
	switch f.Structure {
	case "", "fixed-limit", "pot-limit", "no-limit":
	default:
		return usagef("--structure %q: want fixed-limit, pot-limit or no-limit", f.Structure)
	}
	if f.Stakes < 0 {
		return usagef("--stakes %d: want the big blind in chips", f.Stakes)
	}
	for _, p := range []struct {
		flag, v string
		to      **time.Time
	}{{"from", from, &f.From}, {"to", to, &f.To}} {
		if p.v == "" {
			continue
		}
		t, err := time.Parse(time.RFC3339, p.v)
		if err != nil {
			return usagef("--%s %q: want an RFC 3339 time such as 2026-01-31T00:00:00Z", p.flag, p.v)
		}
		t = t.UTC()
		*p.to = &t
	}
	return nil
}

// fileStats replays the hands of files and sums the player's facts over
// his legal hands that pass f, each analysed for its all-in adjusted net.
// An unreadable file is a usage error naming it (as scoop analyze); a
// directory's files that are not hand histories are skipped.
func fileStats(ctx context.Context, player string, f stats.Filter, files []string, stdin io.Reader, stderr io.Writer) (stats.Totals, error) {
	var t stats.Totals
	var failed []string
	for _, wf := range expandDirs(files) {
		if err := ctx.Err(); err != nil {
			return t, err
		}
		entries, err := readEntries(wf, stdin)
		if errors.Is(err, errNotHandHistory) {
			fmt.Fprintln(stderr, skippedLine(wf.Name))
			continue
		}
		if err != nil {
			failed = append(failed, err.Error())
			continue
		}
		for _, e := range entries {
			h := e.Hand
			if h == nil || e.Err != nil || e.Skipped != "" {
				continue
			}
			seat := -1
			for i, p := range h.Players {
				if p.Name == player {
					seat = i
				}
			}
			d := stats.Describe(h)
			if seat < 0 || !f.Match(d) {
				continue
			}
			v, err := analysis.FromEntryContext(ctx, e)
			if err != nil {
				return t, err
			}
			if !v.Legal {
				continue
			}
			a, err := analysis.Analyze(ctx, h)
			if err != nil {
				if fault.KindOf(err) == fault.Canceled {
					return t, err
				}
				a = nil // counted at its net, as a stored hand without analysis
			}
			fs, err := stats.Compute(h, &v, a)
			if err != nil {
				continue
			}
			t.Add(d, fs[seat])
		}
	}
	switch len(failed) {
	case 0:
		return t, nil
	case 1:
		return t, usagef("%s", failed[0])
	}
	return t, usagef("%d files unreadable: %s", len(failed), strings.Join(failed, "; "))
}

// reportText is the readable form of a player's statistics: a summary
// line as a tracker shows it, then one line per group.
func reportText(r stats.Report) string {
	var b strings.Builder
	pct := func(s stats.Share) string {
		if s.Value == nil {
			return "-"
		}
		return fmt.Sprintf("%.1f%% (%d/%d)", 100**s.Value, s.Count, s.Opportunities)
	}
	money := func(m stats.Money) string {
		if m.Currency != "" {
			return fmt.Sprintf("%s %s (%.2f chips)", m.Amount, m.Currency, m.Chips)
		}
		return fmt.Sprintf("%.2f chips", m.Chips)
	}
	fmt.Fprintf(&b, "%s: %d hands, net %s", r.Player, r.Hands, money(r.Net))
	if r.BBPer100 != nil {
		fmt.Fprintf(&b, ", %.2f bb (%.2f bb/100)", r.NetBB, *r.BBPer100)
	}
	b.WriteByte('\n')
	af := "-"
	if r.AF.Value != nil {
		af = fmt.Sprintf("%.2f", *r.AF.Value)
	}
	fmt.Fprintf(&b, "  preflop   VPIP %s  PFR %s  3-bet %s\n", pct(r.VPIP), pct(r.PFR), pct(r.ThreeBet))
	fmt.Fprintf(&b, "  postflop  AF %s (%d bets and raises, %d calls)  WTSD %s  W$SD %s\n", af, r.AF.BetsRaises, r.AF.Calls, pct(r.WTSD), pct(r.WSD))
	fmt.Fprintf(&b, "  hi/lo     scoops %s  quartered %s  lows won %s\n", pct(r.Scoops), pct(r.Quartered), pct(r.LowsWon))
	fmt.Fprintf(&b, "  all-in    adjusted net %s over %d all-in hands, luck %s", money(r.AllInAdjustedNet), r.AllInHands, money(r.Luck))
	if r.UnanalyzedHands > 0 {
		fmt.Fprintf(&b, " (%d hands not analysed yet counted at their net)", r.UnanalyzedHands)
	}
	b.WriteByte('\n')
	return b.String()
}
