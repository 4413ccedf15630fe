package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
)

const replayUsage = `usage: scoop replay [--json] FILE|DIR...

Replays every hand of every file (any format Scoop reads, detected by
content: {formats}; "-" reads standard input; a directory: every file under it, hidden
ones aside, as scoop import reads it; a file there that is not a hand
history is skipped with one "skipped FILE: not a hand history" line on
standard error) through the rules engine and prints a
verdict per hand: legal or the first illegal action and why, the pots and
payouts, the finishing stacks and whether they match the record. With
--json, one JSON object per hand (JSON Lines); "hand" counts from 1 within
each file; "line" is the hand's line in the file: an illegal hand's
offending action (a PHH actions string, a JSON record), an unreadable
hand's error, else where the hand starts; amounts are integer chips, the
texts (an error's message and allowed) the site's money. Exit status 0 when every file was read (an illegal hand is a
verdict, not a failure), 2 for an unreadable file or bad flags.
`

// runReplay is `scoop replay`.
func runReplay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	asJSON := fs.Bool("json", false, "print one JSON object per hand (JSON Lines), every hand, and no summary")
	verbose := fs.Bool("verbose", false, "also list the hands skipped (other games) and the files that are not hand histories")
	files, help, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if help {
		printHelp(stderr, replayUsage, fs)
		return nil
	}
	if len(files) == 0 {
		return usagef("no files (usage: scoop replay [--json] [--verbose] FILE|DIR...)")
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	var failed []string
	sum := replaySummary{skipped: map[string]int{}}
	for _, arg := range files {
		for _, f := range expandDirs([]string{arg}) {
			if err := ctx.Err(); err != nil {
				return err
			}
			name := f.Name
			if !*asJSON {
				name = displayName(arg, f)
			}
			sum.files++
			hands, err := replayHands(ctx, f, stdin)
			if errors.Is(err, errNotHandHistory) {
				sum.skippedFiles++
				if *asJSON || *verbose {
					fmt.Fprintln(stderr, skippedLine(name))
				}
				continue
			}
			if fault.KindOf(err) == fault.Canceled {
				return err
			}
			if err != nil {
				sum.unreadableFiles++
				failed = append(failed, err.Error())
				continue
			}
			for _, r := range hands {
				v := r.verdict
				sum.add(v)
				if *asJSON {
					if err := enc.Encode(v); err != nil {
						return err
					}
					continue
				}
				if v.Skipped != "" && !*verbose {
					continue
				}
				v.File = name
				if _, err := fmt.Fprintln(stdout, readableVerdict(v, r.hand, r.lines, r.data, r.start)); err != nil {
					return err
				}
			}
		}
	}
	if !*asJSON && (sum.files > sum.unreadableFiles) {
		sum.write(stdout) // not after nothing but unreadable files
	}
	switch len(failed) {
	case 0:
		return nil
	case 1:
		return usagef("%s", failed[0])
	}
	return usagef("%d files unreadable: %s", len(failed), strings.Join(failed, "; "))
}

// displayName is how the readable output names f, found under (or named
// as) arg: relative to the current directory when it is under it, else
// the directory's own name and the path under it ("histories/a.txt" for
// /home/ann/histories/a.txt), else as given.
func displayName(arg string, f walkFile) string {
	if f.Name == "-" {
		return f.Name
	}
	if wd, err := os.Getwd(); err == nil {
		if abs, err := filepath.Abs(f.Name); err == nil {
			if rel, err := filepath.Rel(wd, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				return rel
			}
		}
	}
	if f.FromDir {
		if rel, err := filepath.Rel(arg, f.Name); err == nil {
			return filepath.Join(filepath.Base(filepath.Clean(arg)), rel)
		}
	}
	return f.Name
}

// replaySummary counts what `scoop replay` read, for its closing summary.
type replaySummary struct {
	files, skippedFiles, unreadableFiles int
	hands, legal, matching, noRecord     int
	mismatches, illegal, unreadable      int
	skipped                              map[string]int // reason -> hands
}

func (s *replaySummary) add(v analysis.Verdict) {
	s.hands++
	switch {
	case v.Skipped != "":
		s.skipped[v.Skipped]++
	case v.Unreadable:
		s.unreadable++
	case !v.Legal:
		s.illegal++
	case v.MatchesRecord == nil:
		s.legal++
		s.noRecord++
	case *v.MatchesRecord:
		s.legal++
		s.matching++
	default:
		s.legal++
		s.mismatches++
	}
}

// write prints the summary, after a blank line, in the words of scoop
// import's.
func (s *replaySummary) write(w io.Writer) {
	fmt.Fprintf(w, "\nfiles: %d read", s.files-s.skippedFiles-s.unreadableFiles)
	if s.skippedFiles > 0 {
		fmt.Fprintf(w, ", %d skipped (not hand histories)", s.skippedFiles)
	}
	if s.unreadableFiles > 0 {
		fmt.Fprintf(w, ", %d unreadable", s.unreadableFiles)
	}
	fmt.Fprintf(w, "\nhands read: %d\n", s.hands)
	fmt.Fprintf(w, "legal: %d (matching the record: %d, nothing recorded: %d)\n", s.legal, s.matching, s.noRecord)
	fmt.Fprintf(w, "settlement mismatches: %d\n", s.mismatches)
	fmt.Fprintf(w, "illegal: %d\n", s.illegal)
	skipped := 0
	reasons := make([]string, 0, len(s.skipped))
	for r, n := range s.skipped {
		skipped += n
		reasons = append(reasons, r)
	}
	sort.Slice(reasons, func(i, j int) bool {
		a, b := s.skipped[reasons[i]], s.skipped[reasons[j]]
		if a != b {
			return a > b
		}
		return reasons[i] < reasons[j]
	})
	fmt.Fprintf(w, "skipped: %d\n", skipped)
	for _, r := range reasons {
		fmt.Fprintf(w, "  %5d  %s\n", s.skipped[r], r)
	}
	fmt.Fprintf(w, "unreadable: %d\n", s.unreadable)
}

// replayedHand is one hand's verdict and the hand as read (nil when it was not
// read: skipped or unreadable), the line it starts on, its file's text and
// the file's ingest.Lines for writing its hands in order.
type replayedHand struct {
	verdict analysis.Verdict
	hand    *handhistory.Hand
	start   int
	data    []byte
	lines   *ingest.Lines // the file's, for the pass that writes its hands
}

// replayHands reads one file and returns each hand as read next to its
// verdict; the error is for a file that cannot be read at all, wraps
// errNotHandHistory (see readEntries), or is ctx's (a *fault.Error of kind
// Canceled).
func replayHands(ctx context.Context, f walkFile, stdin io.Reader) ([]replayedHand, error) {
	entries, data, err := readFile(f, stdin)
	if err != nil {
		return nil, err
	}
	out := make([]replayedHand, 0, len(entries))
	// One pass over the file for the lines located here, one for those
	// written later (each asked in file order: a fresh search per hand
	// read the file from its top for every illegal hand, 8.8 s for 5,000).
	located, written := &ingest.Lines{}, &ingest.Lines{}
	for _, e := range entries {
		v, err := analysis.FromEntryContext(ctx, e)
		if err != nil {
			return nil, err
		}
		v.File = f.Name
		located.Locate(&v, data, e) // an illegal hand's line: its action's
		out = append(out, replayedHand{verdict: v, hand: e.Hand, start: e.Line, data: data, lines: written})
	}
	return out, nil
}

// illegal reports whether v is an illegal hand's (read, replayed, not
// legal, its error known).
func illegal(v analysis.Verdict) bool {
	return !v.Legal && !v.Unreadable && v.Skipped == "" && v.Error != nil
}

// readableVerdict is the one readable line of a verdict of hand h (nil
// when not read), as scoop replay and scoop analyze print it: amounts in
// h's money, an illegal hand's error said by illegalMessage (lines and
// data, the file's ingest.Lines and text, for the offending action's line;
// nil when not at hand; start the hand's first line).
func readableVerdict(v analysis.Verdict, h *handhistory.Hand, lines *ingest.Lines, data []byte, start int) string {
	m := moneyOf(h)
	if illegal(v) {
		v.Error = &analysis.ActionError{Index: v.Error.Index, Player: v.Error.Player,
			Message: illegalMessage(v.Error, h, lines, data, start)}
	}
	return verdictLineMoney(v, m)
}

// verdictLineMoney is the readable one-line form of a verdict, amounts
// written by m. A pot won because every other player folded reads "Ann
// wins $0.35 uncontested (the others folded)", not as a showdown.
func verdictLineMoney(v analysis.Verdict, m money) string {
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
			fmt.Fprintf(&b, "; run %d board %s pays %s", k+1, r.Board, payoutsMoney(v.Players, r.Payouts, m))
		}
	case v.Board != "":
		fmt.Fprintf(&b, ", board %s", v.Board)
	}
	if w, amount, rake, ok := uncontested(v); ok {
		fmt.Fprintf(&b, "; %s wins %s uncontested (the others folded)", w, m.Chips(amount))
		if rake > 0 {
			fmt.Fprintf(&b, ", rake %s", m.Chips(rake))
		}
	} else {
		for k, p := range v.Pots {
			name := "main pot"
			if k > 0 {
				name = fmt.Sprintf("side pot %d", k)
			}
			fmt.Fprintf(&b, "; %s %s", name, m.Chips(p.Amount))
			if p.Rake > 0 {
				fmt.Fprintf(&b, " (rake %s)", m.Chips(p.Rake))
			}
			fmt.Fprintf(&b, ": hi %s", moneyShares(m, p.Hi))
			if p.HiHand != "" {
				fmt.Fprintf(&b, " (%s)", p.HiHand)
			}
			switch {
			case len(p.Lo) > 0:
				fmt.Fprintf(&b, ", lo %s", moneyShares(m, p.Lo))
				if p.LoHand != "" {
					fmt.Fprintf(&b, " (%s)", p.LoHand)
				}
			case p.LoHand != "":
				fmt.Fprintf(&b, ", %s", p.LoHand)
			}
			for j, r := range p.Runs {
				if r.HiHand == "" {
					continue
				}
				fmt.Fprintf(&b, " [run %d: hi %s", j+1, r.HiHand)
				if r.LoHand != "" {
					fmt.Fprintf(&b, "; lo %s", r.LoHand)
				}
				b.WriteByte(']')
			}
		}
	}
	if len(v.Showdown) > 0 {
		b.WriteString("; shown:")
		for k, sh := range v.Showdown {
			if k > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, " %s %s %s", sh.Player, sh.Hand, shownNames(sh))
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
			fmt.Fprintf(&b, " %s %s recorded %s replayed %s;", d.Player, d.Field, m.Chips(d.Recorded), m.Chips(d.Replayed))
		}
	}
	out := strings.TrimSuffix(b.String(), ";")
	return out + notesText(v.Notes)
}

// maxNotesShown is the most notes a readable verdict line repeats; --json
// gives them all.
const maxNotesShown = 3

// notesText is a verdict's notes as the end of its readable line: "; note:
// ..." each, at most maxNotesShown and then how many more.
func notesText(notes []string) string {
	var b strings.Builder
	for i, n := range notes {
		if i == maxNotesShown {
			fmt.Fprintf(&b, "; and %d more notes (--json gives them)", len(notes)-i)
			break
		}
		b.WriteString("; note: " + n)
	}
	return b.String()
}

// shownNames is a shown hand's names in parentheses: "(two pair, kings
// and sevens; low 8-5-3-2-A)", "(king-high flush; no low)", per run for a
// hand run more than once.
func shownNames(sh analysis.ShownHand) string {
	names := func(high, low string) string {
		switch low {
		case "":
			return high
		case "no low":
			return high + "; no low"
		}
		return high + "; low " + low
	}
	if len(sh.Runs) == 0 {
		return "(" + names(sh.High, sh.Low) + ")"
	}
	parts := make([]string, len(sh.Runs))
	for j, r := range sh.Runs {
		parts[j] = fmt.Sprintf("run %d: %s", j+1, names(r.High, r.Low))
	}
	return "(" + strings.Join(parts, "; ") + ")"
}

// uncontested reports whether v is a hand won without a showdown (every
// other player folded: no showdown order, one run), and then the winner,
// what he won from the pots and the rake taken.
func uncontested(v analysis.Verdict) (winner string, amount, rake int64, ok bool) {
	if len(v.ShowdownOrder) > 0 || len(v.Runs) > 0 || len(v.Pots) == 0 {
		return "", 0, 0, false
	}
	for i, a := range v.Payouts {
		if a == 0 {
			continue
		}
		if ok || i >= len(v.Players) {
			return "", 0, 0, false // more than one winner: not a fold-out
		}
		winner, amount, ok = v.Players[i], a, true
	}
	for _, p := range v.Pots {
		rake += p.Rake
	}
	return winner, amount, rake, ok
}

// payoutsMoney names what each player won with amounts written by m
// ("Ann $0.30, Bob $0.15"), players with nothing left out ("nobody" when
// none won).
func payoutsMoney(players []string, amounts []int64, m money) string {
	var parts []string
	for i, a := range amounts {
		if a == 0 {
			continue
		}
		name := fmt.Sprintf("player %d", i)
		if i < len(players) {
			name = players[i]
		}
		parts = append(parts, name+" "+m.Chips(a))
	}
	if len(parts) == 0 {
		return "nobody"
	}
	return strings.Join(parts, ", ")
}
