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
	"github.com/scoophq/scoop/internal/fault"
)

const replayUsage = `usage: scoop replay [--json] FILE|DIR...

Replays every hand of every file (PHH .phh/.phhs, PokerStars text or Scoop
JSON; "-" reads standard input; a directory: every file under it, hidden
ones aside, as scoop import reads it; a file there that is not a hand
history is skipped with one "skipped FILE: not a hand history" line on
standard error) through the rules engine and prints a
verdict per hand: legal or the first illegal action and why, the pots and
payouts, the finishing stacks and whether they match the record. With
--json, one JSON object per hand (JSON Lines); "hand" counts from 1 within
each file. Exit status 0 when every file was read (an illegal hand is a
verdict, not a failure), 2 for an unreadable file or bad flags.
`

// runReplay is `scoop replay`.
func runReplay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	asJSON := fs.Bool("json", false, "print one JSON object per hand (JSON Lines)")
	files, help, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if help {
		fmt.Fprint(stderr, replayUsage)
		return nil
	}
	if len(files) == 0 {
		return usagef("no files (usage: scoop replay [--json] FILE...)")
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	var failed []string
	for _, f := range expandDirs(files) {
		if err := ctx.Err(); err != nil {
			return err
		}
		verdicts, err := replayFile(ctx, f, stdin)
		if errors.Is(err, errNotHandHistory) {
			fmt.Fprintln(stderr, skippedLine(f.Name))
			continue
		}
		if fault.KindOf(err) == fault.Canceled {
			return err
		}
		if err != nil {
			failed = append(failed, err.Error())
			continue
		}
		for _, v := range verdicts {
			if *asJSON {
				if err := enc.Encode(v); err != nil {
					return err
				}
				continue
			}
			if _, err := fmt.Fprintln(stdout, verdictLine(v)); err != nil {
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

// replayFile reads one file and returns a verdict per hand; the error is
// for a file that cannot be read at all, wraps errNotHandHistory (see
// readEntries), or is ctx's (a *fault.Error of kind Canceled).
func replayFile(ctx context.Context, f walkFile, stdin io.Reader) ([]analysis.Verdict, error) {
	name := f.Name
	entries, err := readEntries(f, stdin)
	if err != nil {
		return nil, err
	}
	out := make([]analysis.Verdict, 0, len(entries))
	for _, e := range entries {
		v, err := analysis.FromEntryContext(ctx, e)
		if err != nil {
			return nil, err
		}
		v.File = name
		out = append(out, v)
	}
	return out, nil
}

// verdictLine is the readable one-line form of a verdict.
func verdictLine(v analysis.Verdict) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s #%d", v.File, v.Hand)
	if v.ID != nil {
		fmt.Fprintf(&b, " (%s)", *v.ID)
	}
	switch {
	case v.Skipped != "":
		fmt.Fprintf(&b, ": skipped: %s", v.Skipped)
		return b.String()
	case v.Unreadable:
		fmt.Fprintf(&b, ": unreadable: %s", v.Error.Message)
		return b.String()
	case !v.Legal:
		fmt.Fprintf(&b, ": %s %s ILLEGAL: %s", v.Game, v.Structure, v.Error.Message)
		return b.String()
	}
	fmt.Fprintf(&b, ": %s %s legal", v.Game, v.Structure)
	switch {
	case len(v.Runs) > 0:
		// Run more than once: every run's board and what it paid.
		fmt.Fprintf(&b, ", run %d times", len(v.Runs))
		for k, r := range v.Runs {
			fmt.Fprintf(&b, "; run %d board %s pays %s", k+1, r.Board, payouts(v.Players, r.Payouts))
		}
	case v.Board != "":
		fmt.Fprintf(&b, ", board %s", v.Board)
	}
	for k, p := range v.Pots {
		name := "main pot"
		if k > 0 {
			name = fmt.Sprintf("side pot %d", k)
		}
		fmt.Fprintf(&b, "; %s %d", name, p.Amount)
		if p.Rake > 0 {
			fmt.Fprintf(&b, " (rake %d)", p.Rake)
		}
		fmt.Fprintf(&b, ": hi %s", p.Hi)
		if len(p.Lo) > 0 {
			fmt.Fprintf(&b, ", lo %s", p.Lo)
		}
	}
	switch {
	case v.MatchesRecord == nil:
		b.WriteString("; no recorded outcome")
	case *v.MatchesRecord:
		b.WriteString("; matches the record")
	default:
		b.WriteString("; DIFFERS from the record:")
		for _, d := range v.Differences {
			fmt.Fprintf(&b, " %s %s recorded %d replayed %d;", d.Player, d.Field, d.Recorded, d.Replayed)
		}
	}
	return strings.TrimSuffix(b.String(), ";")
}

// payouts names what each player won ("Ann 30, Bob 15"), players with
// nothing left out ("nobody" when none won).
func payouts(players []string, amounts []int64) string {
	var parts []string
	for i, a := range amounts {
		if a == 0 {
			continue
		}
		name := fmt.Sprintf("player %d", i)
		if i < len(players) {
			name = players[i]
		}
		parts = append(parts, fmt.Sprintf("%s %d", name, a))
	}
	if len(parts) == 0 {
		return "nobody"
	}
	return strings.Join(parts, ", ")
}
