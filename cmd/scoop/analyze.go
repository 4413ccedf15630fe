package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/fault"
)

const analyzeUsage = `usage: scoop analyze [--json] [--trials N] FILE|DIR...

Replays every hand of every file (read as scoop replay reads them) and
analyses each legal hand (ANALYSIS.md A1-A6): a table of the streets
(street, board, pot, each live player's equity), the decisions of players
whose cards are known against their pot odds (calls below the odds
marked), and for a hand that qualifies the all-in line: each player's
expected winnings against his actual ones. Equities are exact when every
live hand is known, else Monte Carlo against random hands, seeded from the
hand's natural key (at most --trials trials per equity). A hand that is
skipped, unreadable or illegal gets its verdict line (as scoop replay) and
no analysis.

With --json, one JSON object per hand (JSON Lines): for a legal hand the
analysis (engine_version, streets, runs, decisions, allin, results) with
file, hand, id and legal; for any other hand its verdict, as scoop replay
--json prints it. Exit status 0 when every file was read, 2 for an
unreadable file or bad flags.
`

// analyzedLine is one legal hand of `scoop analyze --json`.
type analyzedLine struct {
	File  string  `json:"file"`
	Hand  int     `json:"hand"`
	ID    *string `json:"id"`
	Legal bool    `json:"legal"`
	*analysis.Analysis
}

// runAnalyze is `scoop analyze`.
func runAnalyze(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	asJSON := fs.Bool("json", false, "print one JSON object per hand (JSON Lines)")
	trials := fs.Int("trials", analysis.DefaultTrials, "most Monte Carlo trials per equity (unknown hands only)")
	files, help, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if help {
		printHelp(stderr, analyzeUsage, fs)
		return nil
	}
	if *trials < 1 || *trials > equity.MaxTrials {
		return usagef("--trials: want 1 to %d, got %d", equity.MaxTrials, *trials)
	}
	if len(files) == 0 {
		return usagef("no files (usage: scoop analyze [--json] FILE...)")
	}
	opt := analysis.Options{Trials: *trials}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	var failed []string
	for _, f := range expandDirs(files) {
		if err := ctx.Err(); err != nil {
			return err
		}
		entries, err := readEntries(f, stdin)
		if errors.Is(err, errNotHandHistory) {
			fmt.Fprintln(stderr, skippedLine(f.Name))
			continue
		}
		if err != nil {
			failed = append(failed, err.Error())
			continue
		}
		for _, e := range entries {
			v, err := analysis.FromEntryContext(ctx, e)
			if err != nil {
				return err
			}
			v.File = f.Name
			var a *analysis.Analysis
			if v.Legal && e.Hand != nil {
				if a, err = analysis.AnalyzeWith(ctx, e.Hand, opt); err != nil {
					if fault.KindOf(err) == fault.Canceled {
						return err
					}
					// A legal hand always analyses: were one not to, it
					// keeps its verdict line and the reason goes to stderr.
					fmt.Fprintf(stderr, "%s #%d: no analysis: %v\n", v.File, v.Hand, err)
				}
			}
			switch {
			case *asJSON && a != nil:
				err = enc.Encode(analyzedLine{File: v.File, Hand: v.Hand, ID: v.ID, Legal: true, Analysis: a})
			case *asJSON:
				err = enc.Encode(v)
			case a != nil:
				_, err = io.WriteString(stdout, analysisText(v, a))
			default:
				_, err = fmt.Fprintln(stdout, verdictLine(v))
			}
			if err != nil {
				return err
			}
		}
	}
	switch len(failed) {
	case 0:
		return nil
	case 1:
		return usagef("%s", failed[0])
	}
	return usagef("%d files unreadable: %s", len(failed), strings.Join(failed, "; "))
}

// analysisText is the readable form of a hand's analysis: a header line,
// the street table, the decisions below their odds, and the all-in line.
func analysisText(v analysis.Verdict, a *analysis.Analysis) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s #%d", v.File, v.Hand)
	if v.ID != nil {
		fmt.Fprintf(&b, " (%s)", *v.ID)
	}
	fmt.Fprintf(&b, ": %s %s\n", v.Game, v.Structure)
	streets := func(prefix string, ss []analysis.Street) {
		for _, s := range ss {
			board := s.Board
			if board == "" {
				board = "-"
			}
			fmt.Fprintf(&b, "  %s%-8s %-12s %8d ", prefix, s.Street, board, s.Pot)
			for _, p := range s.Players {
				fmt.Fprintf(&b, " %s %s", p.Name, equityText(s.Mode, p))
			}
			if s.Mode == "montecarlo" {
				fmt.Fprintf(&b, "  (%d trials)", s.Boards)
			}
			b.WriteByte('\n')
		}
	}
	fmt.Fprintf(&b, "  %-8s %-12s %8s  equities\n", "street", "board", "pot")
	streets("", a.Streets)
	for _, r := range a.Runs {
		fmt.Fprintf(&b, "  run %d, board %s:\n", r.Run, r.Board)
		streets("  ", r.Streets)
	}
	for _, d := range a.Decisions {
		if d.BelowOdds {
			fmt.Fprintf(&b, "  %s %s calls %d into %d with %.2f%% equity, below the %.2f%% pot odds\n",
				d.Street, d.Player, *d.ToCall, d.Pot, 100*d.Equity, 100**d.PotOdds)
		}
	}
	if a.AllIn != nil {
		board := a.AllIn.Board
		if board == "" {
			board = "none"
		}
		fmt.Fprintf(&b, "  all-in on the %s (board %s):", a.AllIn.Street, board)
		for _, r := range a.Results {
			fmt.Fprintf(&b, " %s expected %+.2f actual %+d (luck %+.2f);", r.Player, *r.Expected, r.Net, r.Luck)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// equityText is a live player's equity in the street table: "62.80%",
// with "±0.41" for Monte Carlo, "?" for an unknown hand of a snapshot
// without equities.
func equityText(mode string, p analysis.StreetPlayer) string {
	if p.Equity == nil {
		return "?"
	}
	s := fmt.Sprintf("%.2f%%", 100**p.Equity)
	if mode == "montecarlo" {
		s += fmt.Sprintf("±%.2f", 100**p.Stderr)
	}
	if p.Unknown {
		s += "(random)"
	}
	return s
}
