package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// runImportCmd runs `scoop import args...` in-process.
func runImportCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), append([]string{"import"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// importHand is a small legal PokerStars pot-limit hand: Ann raises the pot
// preflop and everyone folds.
const importHand = `PokerStars Hand #900:  Omaha Pot Limit ($0.05/$0.10 USD) - 2020/01/02 3:04:05 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cid ($10 in chips)
Bob: posts small blind $0.05
Cid: posts big blind $0.10
*** HOLE CARDS ***
Ann: raises $0.25 to $0.35
Bob: folds
Cid: folds
Uncalled bet ($0.25) returned to Ann
Ann collected $0.25 from pot
*** SUMMARY ***
Total pot $0.25 | Rake $0
Seat 1: Ann (button) collected ($0.25)
`

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
// hand legal and matching the site, the rest skipped with reasons.
func TestImportPokerStarsCorpus(t *testing.T) {
	files, err := filepath.Glob("../../internal/handhistory/testdata/pokerstars/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	code, out, errs := runImportCmd(t, append(files, "--json")...)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	s := decodeSummary(t, out)
	if !s.DryRun || s.Files != len(files) || len(s.Unreadable) != 0 {
		t.Errorf("dry run %v, files %d, unreadable %v", s.DryRun, s.Files, s.Unreadable)
	}
	if s.Hands != 243 || s.Legal != 122 || s.Matching != 122 || len(s.Mismatches) != 0 || len(s.Illegal) != 0 || len(s.Errors) != 0 {
		t.Errorf("hands %d legal %d matching %d mismatches %v illegal %v errors %v; want 243, 122, 122 and none",
			s.Hands, s.Legal, s.Matching, s.Mismatches, s.Illegal, s.Errors)
	}
	want := map[string]int{
		"hand cancelled":                                  1,
		"run it twice is not supported":                   1,
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
// another game, and checks the readable summary names each.
func TestImportReportsEachOutcome(t *testing.T) {
	illegal := strings.Replace(strings.Replace(importHand, "#900", "#901", 1),
		"Ann: raises $0.25 to $0.35", "Ann: raises $0.40 to $0.50", 1)
	illegal = strings.Replace(illegal, "($0.25) returned", "($0.40) returned", 1)
	mismatch := strings.Replace(strings.Replace(importHand, "#900", "#902", 1),
		"Ann collected $0.25 from pot", "Ann collected $0.20 from pot", 1)
	malformed := strings.Replace(strings.Replace(importHand, "#900", "#903", 1),
		"Cid: folds", "Cid: dances", 1)
	holdem := strings.Replace(importHand, "Omaha Pot Limit", "Hold'em No Limit", 1)
	file := writeTemp(t, "mixed.txt", importHand+"\n\n"+illegal+"\n\n"+mismatch+"\n\n"+malformed+"\n\n"+holdem)
	code, out, errs := runImportCmd(t, file)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	handLines := strings.Count(importHand, "\n") + 2 // a hand and its blank lines
	wants := []string{
		"dry run: nothing stored",
		"files: 1 read\n",
		"hands read: 5",
		"legal: 2 (matching the record: 1, nothing recorded: 0)",
		"settlement mismatches: 1\n  " + file + " #3 (902) line " + strconv.Itoa(2*handLines+1) + ": Ann collected recorded 20, replayed 25",
		"illegal: 1\n  " + file + " #2 (901) line " + strconv.Itoa(handLines+1) + ": ",
		"exceeds",
		"skipped: 1\n      1  game Hold'em No Limit is not Omaha",
		"parse errors: 1\n  " + file + " #4 line " + strconv.Itoa(3*handLines+11) + ": unrecognised action \"Cid: dances\"",
	}
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("summary lacks %q:\n%s", w, out)
		}
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
	code, out, errs := runImportCmd(t, "--json", dir)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	s := decodeSummary(t, out)
	if s.Files != 2 || s.Hands != 2 || s.Matching != 2 {
		t.Errorf("files %d, hands %d, matching %d; want 2, 2, 2", s.Files, s.Hands, s.Matching)
	}
}

// TestImportBadInput checks the exit status 2 cases, each with one line on
// standard error.
func TestImportBadInput(t *testing.T) {
	good := writeTemp(t, "good.txt", importHand)
	notHH := writeTemp(t, "notes.txt", "just some notes\n")
	tests := []struct {
		name    string
		args    []string
		wantErr string
		summary bool // the summary is still printed
	}{
		{"no files", nil, "no files", false},
		{"unknown flag", []string{"--nope", good}, "flag provided but not defined", false},
		{"missing file", []string{good, filepath.Join(t.TempDir(), "missing.txt")}, "missing.txt: no such file or directory", true},
		{"not a hand history", []string{notHH}, "notes.txt", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runImportCmd(t, tt.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "scoop import: ") || !strings.Contains(errs, tt.wantErr) {
				t.Errorf("stderr %q, want one line mentioning %q", errs, tt.wantErr)
			}
			if got := strings.Contains(out, "dry run: nothing stored"); got != tt.summary {
				t.Errorf("summary printed %v, want %v:\n%s", got, tt.summary, out)
			}
		})
	}
}

// TestImportHelp prints the usage and exits 0.
func TestImportHelp(t *testing.T) {
	code, out, errs := runImportCmd(t, "-h")
	if code != 0 || out != "" || !strings.Contains(errs, "usage: scoop import") || !strings.Contains(errs, "dry run") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
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
		{"too early for an ETA", 100, 1000, 50, 100 * time.Millisecond, "importing:  10% 50 hands 500 hands/s"},
		{"halfway", 500, 1000, 2000, 2 * time.Second, "importing:  50% 2000 hands 1000 hands/s ETA 2s"},
		{"a quarter", 250, 1000, 1000, 4 * time.Second, "importing:  25% 1000 hands 250 hands/s ETA 12s"},
		{"done", 1000, 1000, 3000, 3 * time.Second, "importing: 100% 3000 hands 1000 hands/s ETA 0s"},
		{"unknown size (standard input)", 0, 0, 10, time.Second, "importing: 10 hands 10 hands/s"},
	}
	for _, tt := range tests {
		if got := progressLine(tt.done, tt.total, tt.hands, tt.elapsed); got != tt.want {
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
