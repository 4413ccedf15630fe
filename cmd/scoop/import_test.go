package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/postgres"
	"github.com/scoophq/scoop/internal/store/sqlite"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// runImportCmd runs `scoop import args...` in-process.
func runImportCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), append([]string{"import"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// importHand is hhtest.PokerStarsHand: Ann raises the pot and both blinds fold.
const importHand = hhtest.PokerStarsHand

func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func decodeSummary(t *testing.T, out string) importSummary {
	t.Helper()
	var s importSummary
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("summary is not JSON: %v\n%s", err, out)
	}
	return s
}

// TestImportPokerStarsCorpus imports the PokerStars corpus: every Omaha
// hand legal and matching the site (the run-it-twice hand included), the
// rest skipped with reasons.
func TestImportPokerStarsCorpus(t *testing.T) {
	files, err := filepath.Glob("../../internal/handhistory/pokerstars/testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	code, out, errs := runImportCmd(t, append(files, "--json", "--dry-run")...)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	s := decodeSummary(t, out)
	if !s.DryRun || s.Store != "" || s.Stored != 0 || s.Files != len(files) || len(s.Unreadable) != 0 {
		t.Errorf("dry run %v, store %q, stored %d, files %d, unreadable %v", s.DryRun, s.Store, s.Stored, s.Files, s.Unreadable)
	}
	const legal = 123 // 18 O8 fixed-limit, 22 O8 pot-limit, 74 O8 no-limit, 9 PLO (one run twice)
	if s.Hands != 243 || s.Legal != legal || s.Matching != legal || len(s.Mismatches) != 0 || len(s.Illegal) != 0 || len(s.Errors) != 0 {
		t.Errorf("hands %d legal %d matching %d mismatches %v illegal %v errors %v; want 243, %d, %d and none",
			s.Hands, s.Legal, s.Matching, s.Mismatches, s.Illegal, s.Errors, legal, legal)
	}
	want := map[string]int{
		"hand cancelled":                                  1,
		"game Hold'em Limit is not Omaha":                 24,
		"game Hold'em No Limit is not Omaha":              24,
		"game Razz Limit is not Omaha":                    19,
		"game 7 Card Stud Hi/Lo Limit is not Omaha":       18,
		"game 7 Card Stud Limit is not Omaha":             16,
		"game Triple Draw 2-7 Lowball Limit is not Omaha": 18,
	}
	if len(s.Skipped) != len(want) {
		t.Errorf("skipped %v, want %v", s.Skipped, want)
	}
	for r, n := range want {
		if s.Skipped[r] != n {
			t.Errorf("skipped %q: %d, want %d", r, s.Skipped[r], n)
		}
	}
}

// TestImportReportsEachOutcome imports one file holding a legal hand, an
// illegal one, one whose record differs, a malformed one and a hand of
// another game, and checks the readable summary names each, as a dry run
// and storing: the three replayed hands are stored, the malformed and the
// skipped ones are not.
func TestImportReportsEachOutcome(t *testing.T) {
	illegal := strings.Replace(strings.Replace(importHand, "#900", "#901", 1),
		"Ann: raises $0.25 to $0.35", "Ann: raises $0.40 to $0.50", 1)
	illegal = strings.Replace(illegal, "($0.25) returned", "($0.40) returned", 1)
	// The record agrees with itself (the reader checks that) but not with
	// the settlement.
	mismatch := strings.Replace(strings.Replace(importHand, "#900", "#902", 1),
		"Ann collected $0.25 from pot", "Ann collected $0.20 from pot", 1)
	mismatch = strings.Replace(mismatch, "Ann (button) collected ($0.25)", "Ann (button) collected ($0.20)", 1)
	malformed := strings.Replace(strings.Replace(importHand, "#900", "#903", 1),
		"Cid: folds", "Cid: dances", 1)
	holdem := strings.Replace(importHand, "Omaha Pot Limit", "Hold'em No Limit", 1)
	file := writeTemp(t, "mixed.txt", importHand+"\n\n"+illegal+"\n\n"+mismatch+"\n\n"+malformed+"\n\n"+holdem)
	handLines := strings.Count(importHand, "\n") + 2 // a hand and its blank lines
	actionLine := handLines + 1 + strings.Count(illegal[:strings.Index(illegal, "Ann: raises $0.40")], "\n")
	if _, out, _ := runReplayCmd("replay", file); !strings.Contains(out, "line "+strconv.Itoa(actionLine)+", preflop") {
		t.Errorf("scoop replay does not name line %d for the illegal action:\n%s", actionLine, out)
	}
	wants := []string{
		"files: 1 read\n",
		"hands read: 5",
		"legal: 2 (matching the record: 1, nothing recorded: 0)",
		"settlement mismatches: 1\n  " + file + " #3 (902) line " + strconv.Itoa(2*handLines+1) + ": Ann collected recorded $0.20, replayed $0.25", // as the site writes money
		// The line of the illegal action in the file, as scoop replay names it.
		"illegal: 1\n  " + file + " #2 (901) line " + strconv.Itoa(actionLine) + ": ",
		"exceeds",
		"skipped: 1\n      1  game Hold'em No Limit is not Omaha",
		"parse errors: 1\n  " + file + " #4 (903) line " + strconv.Itoa(3*handLines+11) + ": unrecognised action \"Cid: dances\"",
	}
	db := filepath.Join(t.TempDir(), "scoop.db")
	t.Setenv("DATABASE_URL", "")
	tests := []struct {
		name  string
		args  []string
		first string // the summary's first line
	}{
		{"dry run", []string{"--dry-run"}, "dry run: nothing stored\n"},
		{"stored", []string{"--sqlite", db}, "stored: 3 new, 0 already stored, 0 conflicting (sqlite " + db + ")\n"},
		{"stored again", []string{"--sqlite", db}, "stored: 0 new, 3 already stored, 0 conflicting (sqlite " + db + ")\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runImportCmd(t, append(tc.args, file)...)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			if !strings.HasPrefix(out, tc.first) {
				t.Errorf("summary does not start with %q:\n%s", tc.first, out)
			}
			for _, w := range wants {
				if !strings.Contains(out, w) {
					t.Errorf("summary lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestImportDirectory imports every regular file under a directory,
// skipping hidden ones.
func TestImportDirectory(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"a.txt":             importHand,
		"sub/b.txt":         strings.Replace(importHand, "#900", "#904", 1),
		".hidden.txt":       "not a hand history",
		".git/objects.txt":  "not a hand history",
		"sub/.DS_Store.txt": "not a hand history",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := runImportCmd(t, "--json", "--dry-run", dir)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	s := decodeSummary(t, out)
	if s.Files != 2 || s.Hands != 2 || s.Matching != 2 {
		t.Errorf("files %d, hands %d, matching %d; want 2, 2, 2", s.Files, s.Hands, s.Matching)
	}
}

// TestImportBadInput checks the failing cases, each with one line on
// standard error: exit status 2 for bad input or flags, 1 when the store
// cannot be reached.
func TestImportBadInput(t *testing.T) {
	good := writeTemp(t, "good.txt", importHand)
	notHH := writeTemp(t, "notes.txt", "just some notes\n")
	missing := filepath.Join(t.TempDir(), "missing.txt")
	db := filepath.Join(t.TempDir(), "scoop.db")
	tests := []struct {
		name        string
		databaseURL string
		args        []string
		code        int
		wantErr     string
		summary     string // the summary's first line, when it is still printed
	}{
		{"no files", "", nil, 2, "no files", ""},
		{"unknown flag", "", []string{"--nope", good}, 2, "flag provided but not defined", ""},
		{"missing file", "", []string{"--dry-run", good, missing}, 2, "missing.txt: no such file or directory", "dry run: nothing stored"},
		{"not a hand history", "", []string{notHH, "--dry-run"}, 2, "notes.txt", "dry run: nothing stored"},
		{"missing file, the others stored", "", []string{"--sqlite", db, good, missing}, 2, "missing.txt: no such file or directory", "stored: 1 new, 0 already stored, 0 conflicting"},
		{"batch 0", "", []string{"--batch", "0", good}, 2, "--batch 0: want 1 to", ""},
		{"empty sqlite path", "", []string{"--sqlite", "", good}, 2, "no storage", ""},
		{"bad DATABASE_URL", "postgres://u:p@host:notaport/db", []string{good}, 2, "DATABASE_URL", ""},
		{"database unreachable", "postgres://u:p@127.0.0.1:1/db?connect_timeout=5", []string{good}, 1, "unavailable", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("DATABASE_URL", tt.databaseURL)
			t.Setenv("SCOOP_SQLITE", "")
			code, out, errs := runImportCmd(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			if strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "scoop import: ") || !strings.Contains(errs, tt.wantErr) {
				t.Errorf("stderr %q, want one line mentioning %q", errs, tt.wantErr)
			}
			if strings.Contains(errs, ":p@") {
				t.Errorf("the password is echoed: %s", errs)
			}
			if first, _, _ := strings.Cut(out, "\n"); (tt.summary == "") != (out == "") || !strings.HasPrefix(first, tt.summary) {
				t.Errorf("summary %q, want it to start with %q:\n%s", first, tt.summary, out)
			}
		})
	}
}

// TestImportHelp prints the usage and every flag, and exits 0.
func TestImportHelp(t *testing.T) {
	code, out, errs := runImportCmd(t, "-h")
	if code != 0 || out != "" || !strings.Contains(errs, "usage: scoop import") || !strings.Contains(errs, "--dry-run") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	for _, flag := range []string{"-json", "-dry-run", "-batch", "-sqlite", "-db-timeout"} {
		if !strings.Contains(errs, "\n  "+flag) {
			t.Errorf("help does not list %s:\n%s", flag, errs)
		}
	}
}

// TestImportDryRunProgressSaysReplaying: a dry run stores nothing, and its
// progress line says so.
func TestImportDryRunProgressSaysReplaying(t *testing.T) {
	for _, tc := range []struct {
		dryRun bool
		want   string
	}{{true, "replaying: "}, {false, "importing: "}} {
		var buf bytes.Buffer
		p := importProgress(&buf, true, tc.dryRun, time.Now)
		p.start(100)
		p.update(10, 1, true)
		if !strings.Contains(buf.String(), tc.want) || !strings.Contains(buf.String(), " 1 hand ") {
			t.Errorf("dry run %v: progress %q, want %q and 1 hand", tc.dryRun, buf.String(), tc.want)
		}
	}
}

func TestProgressLine(t *testing.T) {
	tests := []struct {
		name        string
		done, total int64
		hands       int
		elapsed     time.Duration
		want        string
	}{
		{"start", 0, 1000, 0, 0, "importing:   0% 0 hands"},
		{"one hand", 10, 1000, 1, 0, "importing:   1% 1 hand"},
		{"the first hand of a large import, no absurd ETA", 300, 10_000_000, 1, 600 * time.Millisecond, "importing:   0% 1 hand 2 hands/s"},
		{"too early for an ETA", 100, 1000, 50, 100 * time.Millisecond, "importing:  10% 50 hands 500 hands/s"},
		{"too little done for an ETA", 100, 10_000, 50, 2 * time.Second, "importing:   1% 50 hands 25 hands/s"},
		{"halfway", 500, 1000, 2000, 2 * time.Second, "importing:  50% 2000 hands 1000 hands/s ETA 2s"},
		{"a quarter", 250, 1000, 1000, 4 * time.Second, "importing:  25% 1000 hands 250 hands/s ETA 12s"},
		{"done", 1000, 1000, 3000, 3 * time.Second, "importing: 100% 3000 hands 1000 hands/s ETA 0s"},
		{"unknown size (standard input)", 0, 0, 10, time.Second, "importing: 10 hands 10 hands/s"},
	}
	for _, tt := range tests {
		if got := progressLine("importing", tt.done, tt.total, tt.hands, tt.elapsed); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestProgressThrottle checks the line is redrawn at most every
// progressEvery unless forced, and never when not on a terminal.
func TestProgressThrottle(t *testing.T) {
	var now time.Time
	clock := func() time.Time { return now }
	var buf bytes.Buffer
	p := newProgress(&buf, true, clock)
	p.start(100)
	draws := func() int { return strings.Count(buf.String(), "\r\x1b[K") }
	steps := []struct {
		advance time.Duration
		force   bool
		want    int
	}{
		{0, false, 1},                      // the first update draws
		{50 * time.Millisecond, false, 1},  // too soon
		{49 * time.Millisecond, false, 1},  // still too soon (99ms)
		{1 * time.Millisecond, false, 2},   // 100ms after the last draw
		{10 * time.Millisecond, true, 3},   // forced
		{150 * time.Millisecond, false, 4}, // due
	}
	for i, s := range steps {
		now = now.Add(s.advance)
		p.update(int64(10*i), i, s.force)
		if got := draws(); got != s.want {
			t.Fatalf("step %d: %d draws, want %d", i, got, s.want)
		}
	}
	p.clear()
	if !strings.HasSuffix(buf.String(), "\r\x1b[K") {
		t.Errorf("clear did not erase the line: %q", buf.String())
	}
	var off bytes.Buffer
	q := newProgress(&off, false, clock)
	q.start(100)
	q.update(50, 5, true)
	q.clear()
	if off.Len() != 0 {
		t.Errorf("progress off wrote %q", off.String())
	}
}

// importFiles are the corpus files the storing tests import: an 8-Game
// file (18 Omaha hands among 136) and a no-limit Omaha hi/lo tournament.
var importFiles = []string{"testdata/8game_mixed.txt", "testdata/nlo8_knockout.txt"}

// importBackends are the stores `scoop import` is tested against. setup
// configures the command through the environment (as a user would) and
// returns the flags it needs and a way to open the same store to read it.
var importBackends = []struct {
	name  string
	setup func(t *testing.T) (args []string, open func(t *testing.T) store.Store)
}{
	{"sqlite", func(t *testing.T) ([]string, func(t *testing.T) store.Store) {
		t.Setenv("DATABASE_URL", "")
		db := filepath.Join(t.TempDir(), "scoop.db")
		return []string{"--sqlite", db}, func(t *testing.T) store.Store {
			st, err := sqlite.Open(context.Background(), db)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		}
	}},
	{"postgres", func(t *testing.T) ([]string, func(t *testing.T) store.Store) {
		schema := storetest.NewSchema(t) // fails the test when PostgreSQL is unreachable
		t.Setenv("DATABASE_URL", storetest.SchemaURL(t, schema))
		return nil, func(t *testing.T) store.Store {
			st, err := postgres.Open(context.Background(), postgres.Config{URL: storetest.PostgresURL(), Schema: schema})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		}
	}},
}

// TestImportStores imports two corpus files into each store: the replayed
// hands are stored, the skipped ones not; a second import stores nothing
// new; and every stored hand reads back with the verdict a fresh replay
// gives.
func TestImportStores(t *testing.T) {
	for _, b := range importBackends {
		t.Run(b.name, func(t *testing.T) {
			args, open := b.setup(t)
			args = append(append(args, "--json", "--batch", "40"), importFiles...)
			code, out, errs := runImportCmd(t, args...)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			s := decodeSummary(t, out)
			skipped := 0
			for _, n := range s.Skipped {
				skipped += n
			}
			if s.DryRun || s.Store == "" || s.Hands != 210 || s.Legal != 91 || s.Matching != 91 || skipped != 119 || len(s.Errors) != 0 {
				t.Fatalf("dry run %v store %q hands %d legal %d matching %d skipped %d errors %v; want a store, 210, 91, 91, 119, none",
					s.DryRun, s.Store, s.Hands, s.Legal, s.Matching, skipped, s.Errors)
			}
			if s.Stored != 91 || s.Duplicates != 0 {
				t.Errorf("first import: stored %d, duplicates %d; want 91, 0", s.Stored, s.Duplicates)
			}

			code, out, errs = runImportCmd(t, args...)
			if code != 0 || errs != "" {
				t.Fatalf("again: exit %d, stderr %q", code, errs)
			}
			if again := decodeSummary(t, out); again.Stored != 0 || again.Duplicates != 91 || again.Hands != 210 {
				t.Errorf("second import: stored %d, duplicates %d, hands %d; want 0, 91, 210", again.Stored, again.Duplicates, again.Hands)
			}

			st := open(t)
			stored := storedHands(t, st)
			if len(stored) != 91 {
				t.Fatalf("the store holds %d hands, want 91", len(stored))
			}
			want := replayedVerdicts(t, importFiles...)
			for _, h := range stored {
				full, err := st.Hand(context.Background(), h.ID)
				if err != nil {
					t.Fatalf("read hand %s: %v", h.ID, err)
				}
				w, ok := want[full.SiteHandID]
				if !ok || full.Site != "pokerstars" {
					t.Errorf("stored hand %s is %s:%s, not one of the files' replayed hands", h.ID, full.Site, full.SiteHandID)
					continue
				}
				if got := decodeAny(t, full.Verdict); !reflect.DeepEqual(got, w.verdict) {
					t.Errorf("hand %s: stored verdict\n%s\nwant\n%s", full.SiteHandID, full.Verdict, w.raw)
				}
				if !full.Legal || full.Game != w.verdict.(map[string]any)["game"] || len(full.Players) == 0 || len(full.Hand) == 0 {
					t.Errorf("hand %s: legal %v game %q players %v, hand %d bytes", full.SiteHandID, full.Legal, full.Game, full.Players, len(full.Hand))
				}
				delete(want, full.SiteHandID)
			}
			if len(want) != 0 {
				t.Errorf("%d replayed hands not stored", len(want))
			}
		})
	}
}

// cancelAfterSave is a real store that cancels the import after its first
// SaveHands commits: an interrupted import.
type cancelAfterSave struct {
	store.Store
	cancel context.CancelFunc
}

func (c cancelAfterSave) SaveHands(ctx context.Context, hands []store.Hand) ([]store.Saved, error) {
	saved, err := c.Store.SaveHands(ctx, hands)
	c.cancel()
	return saved, err
}

// TestImportInterrupted stops an import after its first batch: that batch
// stays stored, the rest is not, and importing again stores the rest.
func TestImportInterrupted(t *testing.T) {
	for _, b := range importBackends {
		t.Run(b.name, func(t *testing.T) {
			args, open := b.setup(t)
			st := open(t)
			if _, err := st.(migrator).Migrate(context.Background()); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			im := newImporter(ctx, strings.NewReader(""), newProgress(io.Discard, false, time.Now))
			im.store(cancelAfterSave{st, cancel}, "test", 10)
			err := im.run(importFiles)
			if fault.KindOf(err) != fault.Canceled {
				t.Fatalf("interrupted import: %v, want a cancellation", err)
			}
			if im.sum.Stored != 10 || im.sum.Duplicates != 0 {
				t.Errorf("interrupted import: stored %d, duplicates %d; want 10, 0", im.sum.Stored, im.sum.Duplicates)
			}
			if n := len(storedHands(t, st)); n != 10 {
				t.Errorf("the store holds %d hands after the interruption, want the first batch's 10", n)
			}

			code, out, errs := runImportCmd(t, append(append(args, "--json"), importFiles...)...)
			if code != 0 || errs != "" {
				t.Fatalf("resumed import: exit %d, stderr %q", code, errs)
			}
			if s := decodeSummary(t, out); s.Stored != 81 || s.Duplicates != 10 {
				t.Errorf("resumed import: stored %d, duplicates %d; want 81, 10", s.Stored, s.Duplicates)
			}
			if n := len(storedHands(t, st)); n != 91 {
				t.Errorf("the store holds %d hands, want 91", n)
			}
		})
	}
}

// TestImportDryRunOpensNoStore checks --dry-run leaves the SQLite file
// uncreated.
func TestImportDryRunOpensNoStore(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	db := filepath.Join(t.TempDir(), "scoop.db")
	code, out, errs := runImportCmd(t, append([]string{"--dry-run", "--json", "--sqlite", db}, importFiles...)...)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if s := decodeSummary(t, out); !s.DryRun || s.Stored != 0 || s.Store != "" || s.Legal != 91 {
		t.Errorf("dry run %v, stored %d, store %q, legal %d", s.DryRun, s.Stored, s.Store, s.Legal)
	}
	if _, err := os.Stat(db); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the dry run touched %s: %v", db, err)
	}
}

// storedHands lists every hand in st, paging through.
func storedHands(t *testing.T, st store.Store) []store.Hand {
	t.Helper()
	var out []store.Hand
	q := store.Query{Limit: store.MaxLimit}
	for {
		page, err := st.Hands(context.Background(), q)
		if err != nil {
			t.Fatalf("list hands: %v", err)
		}
		out = append(out, page.Hands...)
		if page.Next == "" {
			return out
		}
		q.Cursor = page.Next
	}
}

type replayed struct {
	raw     []byte
	verdict any
}

// replayedVerdicts reads and replays the files' hands afresh and returns
// the verdict JSON of each replayed (not skipped) hand by site hand id,
// with its index in its file, as stored.
func replayedVerdicts(t *testing.T, files ...string) map[string]replayed {
	t.Helper()
	out := map[string]replayed{}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		entries, err := handhistory.Read(handhistory.FormatPokerStars, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.Hand == nil {
				continue
			}
			v := analysis.FromEntry(e) // what POST /v1/hands stores
			if v.Skipped != "" {
				continue
			}
			raw, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			out[e.Hand.SiteHandID] = replayed{raw: raw, verdict: decodeAny(t, raw)}
		}
	}
	return out
}

// decodeAny decodes JSON for a comparison that ignores key order and
// spacing (PostgreSQL's jsonb keeps neither).
func decodeAny(t *testing.T, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("bad JSON %v: %s", err, b)
	}
	return v
}

// TestImportStorageConfiguration checks import finds its store as serve
// does: SCOOP_SQLITE, else ./scoop.db, --sqlite over both.
func TestImportStorageConfiguration(t *testing.T) {
	hand := writeTemp(t, "hand.txt", importHand)
	envDB := filepath.Join(t.TempDir(), "env.db")
	flagDB := filepath.Join(t.TempDir(), "flag.db")
	tests := []struct {
		name, env string
		args      []string
		want      string // the store named in the summary, a file that must exist
	}{
		{"default", "", nil, "scoop.db"},
		{"SCOOP_SQLITE", envDB, nil, envDB},
		{"--sqlite over SCOOP_SQLITE", envDB, []string{"--sqlite", flagDB}, flagDB},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			t.Setenv("DATABASE_URL", "")
			t.Setenv("SCOOP_SQLITE", tc.env)
			code, out, errs := runImportCmd(t, append(tc.args, "--json", hand)...)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			// The summary says where it wrote: the file, absolute.
			abs, err := filepath.Abs(tc.want)
			if err != nil {
				t.Fatal(err)
			}
			if s := decodeSummary(t, out); s.Store != "sqlite "+abs || s.Stored != 1 {
				t.Errorf("store %q, stored %d; want %q, 1", s.Store, s.Stored, "sqlite "+abs)
			}
			if _, err := os.Stat(tc.want); err != nil {
				t.Errorf("no database at %s: %v", tc.want, err)
			}
		})
	}
}

// TestImportConflict: a JSON hand claiming PokerStars hand #900, imported
// first, does not make the real #900 a silent duplicate: the real one is
// reported as a conflict naming the stored id, and nothing is overwritten.
func TestImportConflict(t *testing.T) {
	entries, err := handhistory.Read(handhistory.FormatPokerStars, []byte(importHand))
	if err != nil || len(entries) != 1 || entries[0].Hand == nil {
		t.Fatalf("read importHand: %v %+v", err, entries)
	}
	fake := *entries[0].Hand
	fake.Players = append(fake.Players[:0:0], fake.Players...)
	fake.Players[0].Name = "Mallory"
	js, err := json.Marshal(&fake)
	if err != nil {
		t.Fatal(err)
	}
	fakeFile := writeTemp(t, "fake.json", string(js))
	realFile := writeTemp(t, "real.txt", importHand)
	db := filepath.Join(t.TempDir(), "scoop.db")
	t.Setenv("DATABASE_URL", "")
	if code, out, errs := runImportCmd(t, "--sqlite", db, fakeFile); code != 0 || !strings.HasPrefix(out, "stored: 1 new, 0 already stored, 0 conflicting") {
		t.Fatalf("import the claimant: exit %d\n%s%s", code, out, errs)
	}
	claimantID := onlyHandID(t, db)
	code, out, errs := runImportCmd(t, "--sqlite", db, "--json", realFile)
	if code != 0 {
		t.Fatalf("import the real hand: exit %d\n%s", code, errs)
	}
	var sum importSummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("summary: %v\n%s", err, out)
	}
	if sum.Stored != 0 || sum.Duplicates != 0 || len(sum.Conflicts) != 1 {
		t.Fatalf("stored %d, duplicates %d, conflicts %+v; want one conflict", sum.Stored, sum.Duplicates, sum.Conflicts)
	}
	c := sum.Conflicts[0]
	if c.File != realFile || c.Hand != 1 || c.ID == nil || *c.ID != "900" || !strings.Contains(c.Message, "(id "+claimantID+")") {
		t.Errorf("conflict = %+v, want %s #1 (900) naming id %s", c, realFile, claimantID)
	}
	_, text, _ := runImportCmd(t, "--sqlite", db, realFile)
	if !strings.Contains(text, "stored: 0 new, 0 already stored, 1 conflicting") || !strings.Contains(text, realFile+" #1 (900)") {
		t.Errorf("readable summary lacks the conflict:\n%s", text)
	}
}

// TestImportDirectorySkipsNonHandHistories: in a directory, a file that is
// not a hand history (verdicts as JSON Lines, notes) is skipped with one
// line in the summary, and the import succeeds; named on the command line
// it would be unreadable.
func TestImportDirectorySkipsNonHandHistories(t *testing.T) {
	verdicts, err := os.ReadFile("testdata/verdicts.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"a.txt": importHand, "verdicts.jsonl": string(verdicts), "notes.md": "# notes\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := runImportCmd(t, "--json", "--dry-run", dir)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	s := decodeSummary(t, out)
	want := []string{filepath.Join(dir, "notes.md"), filepath.Join(dir, "verdicts.jsonl")}
	if s.Files != 3 || s.Hands != 1 || len(s.Errors) != 0 || len(s.Unreadable) != 0 || !reflect.DeepEqual(s.SkippedFiles, want) {
		t.Errorf("files %d hands %d errors %d unreadable %q skipped %q; want 3, 1, 0, none, %q", s.Files, s.Hands, len(s.Errors), s.Unreadable, s.SkippedFiles, want)
	}
	_, text, _ := runImportCmd(t, "--dry-run", dir)
	if !strings.Contains(text, "files: 1 read, 2 skipped\n") || !strings.Contains(text, "  skipped "+want[1]+": not a hand history\n") {
		t.Errorf("readable summary:\n%s", text)
	}
}

// TestImportSummaryMoney: the readable summary states an illegal hand's
// amounts as the site does and names its street; --json says the message
// in money too (issue 27), its chips in the verdict.
func TestImportSummaryMoney(t *testing.T) {
	code, out, errs := runImportCmd(t, "--dry-run", "../../examples/illegal.txt")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if want := "flop: Shaun J raise to €30.25 is below the pot-limit minimum €37.32"; !strings.Contains(out, want) {
		t.Errorf("summary lacks %q:\n%s", want, out)
	}
	_, out, _ = runImportCmd(t, "--dry-run", "--json", "../../examples/illegal.txt")
	if s := decodeSummary(t, out); len(s.Illegal) != 1 || !strings.Contains(s.Illegal[0].Message, "raise to €30.25 is below the pot-limit minimum €37.32") {
		t.Errorf("JSON illegal %+v, want the message in euros", s.Illegal)
	}
}

// onlyHandID returns the id of the one hand stored in the SQLite file db.
func onlyHandID(t *testing.T, db string) string {
	t.Helper()
	st, err := sqlite.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	page, err := st.Hands(context.Background(), store.Query{})
	if err != nil || len(page.Hands) != 1 {
		t.Fatalf("stored hands: %+v, %v; want one", page, err)
	}
	return page.Hands[0].ID
}
