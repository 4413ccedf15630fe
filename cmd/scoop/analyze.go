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
	"github.com/scoophq/scoop/internal/ingest"
)

const analyzeUsage = `usage: scoop analyze [--json] [--trials N] FILE|DIR...

Replays every hand of every file (read as scoop replay reads them) and
analyses each legal hand (ANALYSIS.md A1-A10): the hole cards ("?" for
cards the record does not show: such a hand is drawn at random, A3), the
actions street by street, a table of the streets (street, board, pot,
each live player's equity; in Omaha Hi/Lo each known hand's low status,
A9: his low, whether it is the nut, what he can still make, how often it
is counterfeited, a freeroll), the decisions of players whose cards are
known that face a bet, against their pot odds, with the equity against
random hands and against the opponents' preflop ranges (A10; without a
store every opponent gets the default 15% for a raiser, 35% otherwise),
the showdown (each hand named, A7), and for a hand that qualifies the
all-in line: each player's expected winnings against his actual ones.
Amounts are the site's money (expectations to the cent, or to one chip).
Equities are exact when every live hand is known, else Monte Carlo,
seeded from the hand's natural key (at most --trials trials per equity).
A hand that is skipped, unreadable or illegal gets its verdict line (as
scoop replay) and no analysis.

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
		entries, data, err := readFile(f, stdin)
		if errors.Is(err, errNotHandHistory) {
			fmt.Fprintln(stderr, skippedLine(f.Name))
			continue
		}
		if err != nil {
			failed = append(failed, err.Error())
			continue
		}
		// One pass over the file for its illegal hands' lines: each hand
		// locates and writes its line in file order.
		lines := &ingest.Lines{}
		for _, e := range entries {
			v, err := analysis.FromEntryContext(ctx, e)
			if err != nil {
				return err
			}
			v.File = f.Name
			lines.Locate(&v, data, e) // an illegal hand's line: its action's
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
				_, err = io.WriteString(stdout, analysisText(v, a, e.Hand))
			default:
				_, err = fmt.Fprintln(stdout, readableVerdict(v, e.Hand, lines, data, e.Line))
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
