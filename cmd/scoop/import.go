package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
)

const importUsage = `usage: scoop import [--json] [--dry-run] [--sqlite FILE] [--batch N] FILE|DIR...
       scoop import --server URL [--json] FILE|DIR...

Reads hand-history files of any format Scoop reads (detected by content:
{formats}; a directory means every file under it,
where a file that is not a hand history is skipped with one line; "-"
reads standard input), replays every hand through the rules engine,
stores each hand with its verdict and prints a summary: hands stored (new),
already stored (duplicates) and conflicting (another hand is stored under
its site and site hand id: not stored, the stored one's id named), hands
read, legal, illegal (with
reasons), settlement mismatches with the site's record, skipped hands (by
reason) and unreadable hands (with their line). Skipped and unreadable
hands are reported, not stored. On a terminal a progress line (hands/s,
ETA) is shown on standard error.

The store is the one scoop serve uses: PostgreSQL when DATABASE_URL is
set, else the SQLite file at --sqlite / SCOOP_SQLITE (default scoop.db),
migrated first. Hands go in batches of --batch hands, one transaction
each, idempotent on the hand's natural key (site and site hand id, else
a hash of the hand): importing a file again stores nothing new, and an
interrupted import keeps every batch it committed. --dry-run reads and
replays without opening the store.

With --server URL the files are uploaded to that scoop serve instead
(POST /v1/imports, one streamed request) and imported there by its job
workers; the import is followed with the same progress line until it
ends, then summarised (--json: the import as the server answers it).
Interrupted, the import goes on on the server.

With --json the summary is one JSON object. Exit status 0 when every file
was read (an illegal or unreadable hand is reported, not a failure), 2 for
an unreadable file or bad flags, 1 when the store fails.
`

// importBatch is the default number of hands stored per transaction.
const importBatch = 500

// importBatchMax bounds --batch.
const importBatchMax = 10000

// importListMax bounds each detailed list of the readable summary.
const importListMax = 20

// importSummary is the result of `scoop import` (its --json form).
type importSummary struct {
	DryRun     bool   `json:"dry_run"`
	Store      string `json:"store,omitempty"` // "postgres" or "sqlite FILE" (FILE absolute); empty in a dry run
	Stored     int    `json:"stored"`          // hands newly stored
	Duplicates int    `json:"duplicates"`      // hands found already stored
	// Conflicts are hands whose natural key (site and site hand id) holds
	// another hand already: not stored; Message names the stored one's id.
	Conflicts  []importProblem `json:"conflicts"`
	Files      int             `json:"files"`
	Unreadable []string        `json:"unreadable_files"` // "name: why"
	// SkippedFiles are files found in a directory that are not hand
	// histories (no format detected, or not one hand in them).
	SkippedFiles []string        `json:"skipped_files"`
	Hands        int             `json:"hands"` // every hand found, whatever became of it
	Legal        int             `json:"legal"`
	Matching     int             `json:"matching"`     // legal and equal to the record
	NoRecord     int             `json:"no_record"`    // legal, nothing recorded to compare with
	Mismatches   []importProblem `json:"mismatches"`   // legal, settlement differs from the record
	Illegal      []importProblem `json:"illegal"`      // the first illegal action of each
	Skipped      map[string]int  `json:"skipped"`      // reason -> hands
	Errors       []importProblem `json:"parse_errors"` // unreadable hands, with their line
	Seconds      float64         `json:"seconds"`
}

// importProblem locates one hand and says what is wrong with it.
type importProblem struct {
	File string  `json:"file"`
	Hand int     `json:"hand"`           // 1-based index in the file
	Line int     `json:"line,omitempty"` // where the hand (or its error) is
	ID   *string `json:"id"`
	// Message says what is wrong, amounts in the site's money (as the
	// verdict's error message says them; the chips are in the verdict).
	Message string `json:"message"`
	// Differences are a settlement mismatch's, in integer chips.
	Differences []analysis.Difference `json:"differences,omitempty"`
	// readable is Message for people with where it is (an illegal
	// action's street; the readable summary prints it when set).
	readable string
}

// runImport is `scoop import`.
func runImport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg := defaultStorageConfig()
	cfg.fromEnv(os.Getenv)
	flags := flag.NewFlagSet("import", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	asJSON := flags.Bool("json", false, "print the summary as one JSON object")
	dryRun := flags.Bool("dry-run", false, "read and replay only: store nothing")
	batch := flags.Int("batch", importBatch, "hands stored per transaction")
	acct := flags.String("account", "", "store the hands for this account (its API keys see them; default: the default account)")
	server := flags.String("server", "", "upload to this scoop serve (http://host:port) and follow the import there")
	key := flags.String("key", "", "with --server: the API key to send (default: env SCOOP_KEY; a key with the write scope)")
	cfg.flags(flags)
	files, help, err := parseInterspersed(flags, args)
	if err != nil {
		return err
	}
	if help {
		printHelp(stderr, importUsage, flags)
		return nil
	}
	if len(files) == 0 {
		return usagef("no files (usage: scoop import [--json] [--dry-run] FILE...)")
	}
	if *server != "" {
		if *dryRun {
			return usagef("--dry-run and --server: a dry run stores nothing, on no server")
		}
		if *acct != "" {
			return usagef("--account and --server: the server stores for the account of the key (--key)")
		}
		if *key == "" {
			*key = os.Getenv("SCOOP_KEY") // read here, not as the flag's default, which --help prints
		}
		return importThroughServer(ctx, *server, *key, files, *asJSON, stdin, stdout, stderr)
	}
	if *batch < 1 || *batch > importBatchMax {
		return usagef("--batch %d: want 1 to %d", *batch, importBatchMax)
	}
	var st migrator
	if !*dryRun {
		if st, _, _, err = openStorage(ctx, cfg); err != nil {
			return err
		}
		defer st.Close()
		if ctx, err = actAs(ctx, st, *acct); err != nil {
			return err
		}
	}
	im := newImporter(ctx, stdin, importProgress(stderr, isTerminal(stderr), *dryRun, time.Now))
	if st != nil {
		im.store(st, cfg.where(), *batch)
	}
	err = im.run(files)
	im.progress.clear()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		if e := enc.Encode(im.sum); e != nil && err == nil {
			err = e
		}
	} else {
		writeImportSummary(stdout, &im.sum)
	}
	if err != nil {
		if fault.KindOf(err) == fault.Canceled && !im.sum.DryRun {
			return fmt.Errorf("interrupted: %d new hands stored before it (importing the same files again stores the rest)", im.sum.Stored)
		}
		return inputFault(err)
	}
	switch n := len(im.sum.Unreadable); n {
	case 0:
		return nil
	case 1:
		return usagef("%s", im.sum.Unreadable[0])
	default:
		return usagef("%d files unreadable (listed in the summary), the first: %s", n, im.sum.Unreadable[0])
	}
}

// importer runs one import. Without a store (see store) it is a dry run.
type importer struct {
	ctx      context.Context
	stdin    io.Reader
	progress *progress
	sum      importSummary

	st     store.Store // nil in a dry run
	batch  int         // hands per SaveHands call
	failed error       // the store's error, which ends the import
}

func newImporter(ctx context.Context, stdin io.Reader, p *progress) *importer {
	return &importer{
		ctx:      ctx,
		stdin:    stdin,
		progress: p,
		sum:      importSummary{DryRun: true, Skipped: map[string]int{}, Unreadable: []string{}, SkippedFiles: []string{}, Mismatches: []importProblem{}, Conflicts: []importProblem{}, Illegal: []importProblem{}, Errors: []importProblem{}},
	}
}

// store makes the import store its hands in st (described by kind), batch
// hands per transaction.
func (im *importer) store(st store.Store, kind string, batch int) {
	im.st, im.batch = st, max(batch, 1)
	im.sum.DryRun, im.sum.Store = false, kind
}

// run imports the named files (directories expanded). The error is the
// store's, or cancellation: what was committed before it stays stored and
// is counted in the summary; the hands of the batch under way are not
// stored.
func (im *importer) run(args []string) error {
	start := im.progress.now()
	defer func() { im.sum.Seconds = im.progress.now().Sub(start).Seconds() }()
	files := expandDirs(args)
	// Sizes first, so that progress and ETA are by bytes over all files.
	sizes := make([]int64, len(files))
	var total int64
	for i, f := range files {
		if f.Name == "-" {
			continue
		}
		if st, err := os.Stat(f.Name); err == nil {
			sizes[i] = st.Size()
			total += sizes[i]
		}
	}
	im.progress.start(total)
	var done int64
	for i, f := range files {
		if err := im.ctx.Err(); err != nil {
			return err
		}
		im.sum.Files++
		if err := im.file(f, done, sizes[i]); err != nil {
			if im.failed != nil {
				return im.failed
			}
			switch {
			case fault.KindOf(err) == fault.Canceled:
				return err
			case errors.Is(err, errNotHandHistory):
				im.sum.SkippedFiles = append(im.sum.SkippedFiles, f.Name)
			default:
				im.sum.Unreadable = append(im.sum.Unreadable, err.Error())
			}
		}
		done += sizes[i]
		im.progress.update(done, im.sum.Hands, true)
	}
	return nil
}

// file imports one file through the one pipeline (ingest.Pipeline: its
// hands replayed, stored in batches of im.batch while the next replays); the error is
// for a file that cannot be read at all (or, found in a directory, is not a
// hand history: errNotHandHistory), the store's, or cancellation.
func (im *importer) file(f walkFile, before, size int64) error {
	entries, text, err := readFile(f, im.stdin)
	if err != nil {
		return err
	}
	p := &ingest.Pipeline{Store: im.st, Analysis: ingest.AnalyseNone, Batch: im.batch, Streams: importStreams}
	n, k := len(entries), 0
	_, err = p.RunEntries(im.ctx, entries, text, func(x *ingest.Result) {
		k++
		im.result(f.Name, x)
		im.progress.update(before+size*int64(k)/int64(n), im.sum.Hands, false)
	})
	if err != nil && fault.KindOf(err) != fault.Canceled {
		im.failed = err
	}
	return err
}

// importStreams is how many batches `scoop import` stores at once: one,
// while the next batch replays, so that an interrupted import has stored
// exactly the batches it counted (a second stream could commit a batch as
// the interruption cancels it).
const importStreams = 1

// result tallies one hand of file.
func (im *importer) result(file string, x *ingest.Result) {
	s := &im.sum
	s.Hands++
	p := importProblem{File: file, Hand: x.Index, Line: x.Line}
	if x.ID != "" {
		id := x.ID
		p.ID = &id
	}
	switch x.Kind {
	case ingest.Skipped:
		s.Skipped[x.Skipped]++
		return
	case ingest.Unreadable:
		p.Message = x.Message()
		s.Errors = append(s.Errors, p)
		return
	case ingest.Failed:
		if x.Verdict == nil { // the replay failed
			p.Message = x.Message()
			s.Errors = append(s.Errors, p)
			return
		}
	}
	v, h := x.Verdict, x.Hand
	switch {
	case !v.Legal:
		p.Message = "illegal"
		if v.Error != nil {
			p.Message = v.Error.Message
			p.readable = illegalMessage(v.Error, h, nil, nil, 0)
		}
		s.Illegal = append(s.Illegal, p)
	case v.MatchesRecord == nil:
		s.Legal++
		s.NoRecord++
	case *v.MatchesRecord:
		s.Legal++
		s.Matching++
	default:
		s.Legal++
		var parts []string
		m := moneyOf(h)
		for _, d := range v.Differences {
			parts = append(parts, fmt.Sprintf("%s %s recorded %s, replayed %s", d.Player, d.Field, m.Chips(d.Recorded), m.Chips(d.Replayed)))
		}
		p.Message, p.Differences = strings.Join(parts, "; "), v.Differences
		s.Mismatches = append(s.Mismatches, p)
	}
	p.Message, p.readable, p.Line, p.Differences = "", "", x.HandLine, nil
	switch x.Kind {
	case ingest.Failed:
		// The store refused this hand alone (text it cannot hold).
		p.Message = "not stored: " + x.Message()
		s.Errors = append(s.Errors, p)
	case ingest.Stored:
		s.Stored++
	case ingest.Duplicate:
		s.Duplicates++
	case ingest.Conflict:
		p.Message = x.Message()
		s.Conflicts = append(s.Conflicts, p)
	}
}

// writeImportSummary prints the readable summary.
func writeImportSummary(w io.Writer, s *importSummary) {
	if s.DryRun {
		fmt.Fprintln(w, "dry run: nothing stored")
	} else {
		fmt.Fprintf(w, "stored: %d new, %d already stored, %d conflicting (%s)\n", s.Stored, s.Duplicates, len(s.Conflicts), s.Store)
		writeProblems(w, s.Conflicts)
	}
	fmt.Fprintf(w, "files: %d read", s.Files-len(s.Unreadable)-len(s.SkippedFiles))
	if n := len(s.SkippedFiles); n > 0 {
		fmt.Fprintf(w, ", %d skipped", n)
	}
	if n := len(s.Unreadable); n > 0 {
		fmt.Fprintf(w, ", %d unreadable", n)
	}
	fmt.Fprintln(w)
	for _, u := range s.Unreadable {
		fmt.Fprintf(w, "  %s\n", u)
	}
	for _, name := range s.SkippedFiles {
		fmt.Fprintf(w, "  %s\n", skippedLine(name))
	}
	rate := ""
	if s.Seconds > 0 && s.Hands > 0 {
		rate = fmt.Sprintf(" in %.2fs (%.0f hands/s)", s.Seconds, float64(s.Hands)/s.Seconds)
	}
	fmt.Fprintf(w, "hands read: %d%s\n", s.Hands, rate)
	fmt.Fprintf(w, "legal: %d (matching the record: %d, nothing recorded: %d)\n", s.Legal, s.Matching, s.NoRecord)
	fmt.Fprintf(w, "settlement mismatches: %d\n", len(s.Mismatches))
	writeProblems(w, s.Mismatches)
	fmt.Fprintf(w, "illegal: %d\n", len(s.Illegal))
	writeProblems(w, s.Illegal)
	skipped := 0
	reasons := make([]string, 0, len(s.Skipped))
	for r, n := range s.Skipped {
		skipped += n
		reasons = append(reasons, r)
	}
	sort.Slice(reasons, func(i, j int) bool {
		a, b := s.Skipped[reasons[i]], s.Skipped[reasons[j]]
		if a != b {
			return a > b
		}
		return reasons[i] < reasons[j]
	})
	fmt.Fprintf(w, "skipped: %d\n", skipped)
	for _, r := range reasons {
		fmt.Fprintf(w, "  %5d  %s\n", s.Skipped[r], r)
	}
	fmt.Fprintf(w, "parse errors: %d\n", len(s.Errors))
	writeProblems(w, s.Errors)
}

func writeProblems(w io.Writer, ps []importProblem) {
	for i, p := range ps {
		if i == importListMax {
			fmt.Fprintf(w, "  ... and %d more\n", len(ps)-i)
			return
		}
		loc := fmt.Sprintf("%s #%d", p.File, p.Hand)
		if p.ID != nil {
			loc += " (" + *p.ID + ")"
		}
		if p.Line > 0 {
			loc += fmt.Sprintf(" line %d", p.Line)
		}
		msg := p.Message
		if p.readable != "" {
			msg = p.readable
		}
		fmt.Fprintf(w, "  %s: %s\n", loc, msg)
	}
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressEvery is the shortest interval between two progress lines.
const progressEvery = 100 * time.Millisecond

// progress draws a one-line progress indicator on a terminal: percent of
// bytes, hands, hands/s and ETA, redrawn at most every progressEvery. It
// draws nothing when not on a terminal.
type progress struct {
	w     io.Writer
	on    bool
	now   func() time.Time
	t0    time.Time
	last  time.Time
	total int64
	drawn bool
	verb  string // what the line says is under way: "importing" when empty
}

// importProgress is the progress line of `scoop import`: "importing:",
// or "replaying:" in a dry run, which stores nothing.
func importProgress(w io.Writer, on, dryRun bool, now func() time.Time) *progress {
	p := newProgress(w, on, now)
	if dryRun {
		p.verb = "replaying"
	}
	return p
}

func newProgress(w io.Writer, on bool, now func() time.Time) *progress {
	return &progress{w: w, on: on, now: now}
}

func (p *progress) start(totalBytes int64) {
	p.total = totalBytes
	p.t0 = p.now()
}

// update redraws the line if due (or forced) with done of total bytes
// processed and hands hands so far.
func (p *progress) update(done int64, hands int, force bool) {
	if !p.on {
		return
	}
	t := p.now()
	if !force && p.drawn && t.Sub(p.last) < progressEvery {
		return
	}
	p.last = t
	p.drawn = true
	verb := p.verb
	if verb == "" {
		verb = "importing"
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s", progressLine(verb, done, p.total, hands, t.Sub(p.t0)))
}

// clear removes the progress line.
func (p *progress) clear() {
	if p.on && p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

// Before an ETA is shown, at least etaMinFraction of the bytes must be
// done and etaMinElapsed spent: an estimate from the first hand of a large
// import (a few bytes in a fraction of a second, after opening the store)
// is noise, hours off.
const (
	etaMinFraction = 0.02
	etaMinElapsed  = time.Second
)

// progressLine formats "VERB: 42% 1234 hands 5678 hands/s ETA 3s" (verb is
// "importing", or "replaying" in a dry run; "1 hand" in the singular).
func progressLine(verb string, done, total int64, hands int, elapsed time.Duration) string {
	var b strings.Builder
	b.WriteString(verb + ":")
	frac := -1.0
	if total > 0 {
		frac = float64(done) / float64(total)
		if frac > 1 {
			frac = 1
		}
		fmt.Fprintf(&b, " %3.0f%%", 100*frac)
	}
	fmt.Fprintf(&b, " %s", plural(hands, "hand"))
	if s := elapsed.Seconds(); s > 0 {
		fmt.Fprintf(&b, " %.0f hands/s", float64(hands)/s)
	}
	if frac >= etaMinFraction && frac < 1 && elapsed >= etaMinElapsed {
		eta := time.Duration(float64(elapsed) * (1 - frac) / frac)
		fmt.Fprintf(&b, " ETA %s", eta.Round(time.Second))
	} else if frac >= 1 {
		b.WriteString(" ETA 0s")
	}
	return b.String()
}

// plural is "1 hand", "2 hands", "0 hands".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
