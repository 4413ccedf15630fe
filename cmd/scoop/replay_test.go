package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const oddChipPHH = `variant = 'FO/8'
antes = [1, 1, 1]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = ['d dh p1 KsKh9c9d', 'd dh p2 As4dJhJc', 'd dh p3 Ad4cTdTh', 'p3 cc', 'p1 cc', 'p2 cc', 'd db 2c3d7h', 'p1 cbr 2', 'p2 cc', 'p3 cc', 'd db Kc', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Qs', 'p1 cc', 'p2 cc', 'p3 cc', 'p1 sm KsKh9c9d', 'p2 sm As4dJhJc', 'p3 sm Ad4cTdTh']
finishing_stacks = [103, 99, 98]
`

// foldedPHHSHand is a .phhs file's first hand, won without a showdown.
const foldedPHHSHand = `[1]
variant = 'PO'
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['p3 cbr 7', 'p1 f', 'p2 f']
finishing_stacks = [99, 98, 103]
`

const threeHandsPHHS = foldedPHHSHand + `
[2]
variant = 'PO'
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['p3 cbr 9']

[3]
variant = 'NT'
starting_stacks = [100, 100]
actions = []

[4]
variant = 'PO'
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['p3 cbr 8', 'p9 f']
`

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func runReplayCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

type verdictJSON struct {
	File      string  `json:"file"`
	Hand      int     `json:"hand"`
	ID        *string `json:"id"`
	Game      string  `json:"game"`
	Structure string  `json:"structure"`
	Skipped   string  `json:"skipped"`
	Legal     bool    `json:"legal"`
	Error     *struct {
		Index           int
		Player, Message string
	} `json:"error"`
	Pots          []json.RawMessage `json:"pots"`
	Payouts       []int64           `json:"payouts"`
	Finishing     []int64           `json:"finishing_stacks"`
	MatchesRecord *bool             `json:"matches_record"`
	Differences   []json.RawMessage `json:"differences"`
	Unreadable    bool              `json:"unreadable"`
	Line          int               `json:"line"`
}

func TestReplayJSONLines(t *testing.T) {
	dir := writeFiles(t, map[string]string{"odd.phh": oddChipPHH, "three.phhs": threeHandsPHHS})
	odd, three := filepath.Join(dir, "odd.phh"), filepath.Join(dir, "three.phhs")
	code, out, errs := runReplayCmd("replay", "--json", odd, three)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want 5:\n%s", len(lines), out)
	}
	var vs []verdictJSON
	for _, l := range lines {
		var v verdictJSON
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		vs = append(vs, v)
	}
	if !strings.Contains(lines[0], `"pots":[{"amount":15,"eligible":["p1","p2","p3"],"hi":{"p1":8},"lo":{"p2":4,"p3":3},"hi_hand":"three of a kind, kings","lo_hand":"7-4-3-2-A"}]`) {
		t.Errorf("odd-chip pots: %s", lines[0])
	}
	if v := vs[0]; v.File != odd || v.Hand != 1 || v.ID != nil || v.Game != "omaha-hilo" || v.Structure != "fixed-limit" ||
		!v.Legal || v.Error != nil || v.MatchesRecord == nil || !*v.MatchesRecord || len(v.Differences) != 0 {
		t.Errorf("verdict 1: %s", lines[0])
	}
	if v := vs[1]; v.File != three || v.Hand != 1 || !v.Legal || v.MatchesRecord == nil || !*v.MatchesRecord {
		t.Errorf("verdict 2: %s", lines[1])
	}
	if v := vs[2]; v.Hand != 2 || v.Legal || v.Unreadable || v.Error == nil || v.Error.Index != 0 || v.Error.Message != "action 0: p3 raise to 9 exceeds the pot-limit maximum 7" {
		t.Errorf("verdict 3 (illegal): %s", lines[2])
	}
	if v := vs[3]; v.Hand != 3 || v.Skipped == "" || v.Legal {
		t.Errorf("verdict 4 (skipped): %s", lines[3])
	}
	// Unreadable, not illegal: told apart by "unreadable" and its line.
	if v := vs[4]; v.Hand != 4 || v.Legal || !v.Unreadable || v.Line != 23 || v.Error == nil || v.Error.Index != 1 || !strings.Contains(v.Error.Message, "line 23") {
		t.Errorf("verdict 5 (malformed): %s", lines[4])
	}
}

func TestReplayText(t *testing.T) {
	dir := writeFiles(t, map[string]string{"odd.phh": oddChipPHH, "three.phhs": threeHandsPHHS})
	code, out, _ := runReplayCmd("replay", "--verbose", filepath.Join(dir, "odd.phh"), filepath.Join(dir, "three.phhs"))
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		// A7: what each half went for, and every shown hand named.
		"odd.phh #1: omaha-hilo fixed-limit legal, board 2c3d7hKcQs; main pot 15: hi p1 8 (three of a kind, kings), lo p2 4, p3 3 (7-4-3-2-A); " +
			"shown: p1 KsKh9c9d (three of a kind, kings; no low), p2 As4dJhJc (pair of jacks; low 7-4-3-2-A), p3 Ad4cTdTh (pair of tens; low 7-4-3-2-A); matches the record",
		// Everyone else folded: no showdown, no "hi".
		"three.phhs #1: omaha-hi pot-limit legal; p3 wins 5 uncontested (the others folded); matches the record",
		// The line, the street and what was allowed, not the internal action index.
		"three.phhs #2: omaha-hi pot-limit ILLEGAL: line 12, preflop: \"p3 cbr 9\": p3 raise to 9 exceeds the pot-limit maximum 7 (allowed: fold, call 2 or raise to 4..7)",
		"three.phhs #3: skipped:",
		"three.phhs #4: unreadable: line 23",
		"\nfiles: 2 read\nhands read: 5\nlegal: 2 (matching the record: 2, nothing recorded: 0)\nsettlement mismatches: 0\nillegal: 1\nskipped: 1\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestReplayExitStatus(t *testing.T) {
	dir := writeFiles(t, map[string]string{"odd.phh": oddChipPHH, "junk.txt": "hello"})
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
		lines  int
	}{
		{"missing file, the others still replayed", []string{"replay", "--json", filepath.Join(dir, "odd.phh"), filepath.Join(dir, "nope.phh")}, 2, "nope.phh: no such file or directory", 1},
		{"not a hand history", []string{"replay", filepath.Join(dir, "junk.txt")}, 2, "is not a hand history", 0},
		{"bad flag", []string{"replay", "--yaml", "x"}, 2, "flag provided but not defined", 0},
		{"no files", []string{"replay", "--json"}, 2, "no files", 0},
		{"help", []string{"replay", "-h"}, 0, "usage: scoop replay", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runReplayCmd(tt.args...)
			if code != tt.code || !strings.Contains(errs, tt.stderr) {
				t.Fatalf("exit %d stderr %q, want %d containing %q", code, errs, tt.code, tt.stderr)
			}
			if tt.code == 2 && strings.Count(errs, "\n") != 1 {
				t.Errorf("stderr %q, want one line", errs)
			}
			if got := strings.Count(out, "\n"); got != tt.lines {
				t.Errorf("%d lines on stdout, want %d", got, tt.lines)
			}
		})
	}
}

// TestReplayDirectory: `scoop replay DIR` reads every file under it as
// `scoop import DIR` does (hidden ones aside), and a file there that is not
// a hand history (a JSON Lines file of verdicts, notes) is one
// "skipped FILE: not a hand history" line, not a flood of errors.
func TestReplayDirectory(t *testing.T) {
	verdicts, err := os.ReadFile("testdata/verdicts.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	dir := writeFiles(t, map[string]string{
		"odd.phh":        oddChipPHH,
		"three.phhs":     threeHandsPHHS,
		"verdicts.jsonl": string(verdicts),
		"notes.md":       "# notes\nnothing to see\n",
		".hidden.phh":    oddChipPHH,
	})
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub", "again.phh"), []byte(oddChipPHH), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runReplayCmd("replay", "--json", dir)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	want := filepath.Join(dir, "notes.md") + ": not a hand history\n"
	want = "skipped " + want + "skipped " + filepath.Join(dir, "verdicts.jsonl") + ": not a hand history\n"
	if errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}
	files := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var v verdictJSON
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		files[filepath.Base(v.File)]++
	}
	if len(files) != 3 || files["odd.phh"] != 1 || files["again.phh"] != 1 || files["three.phhs"] != 4 {
		t.Errorf("verdicts per file %v, want odd.phh 1, sub/again.phh 1, three.phhs 4", files)
	}
	// Named on the command line, the same file is read, not skipped: its
	// entries are reported unreadable.
	if _, out, errs := runReplayCmd("replay", filepath.Join(dir, "verdicts.jsonl")); strings.Contains(errs, "skipped") || !strings.Contains(out, ": unreadable: ") {
		t.Errorf("a named non-hand-history file: stdout %.200q stderr %q, want its entries unreadable, not skipped", out, errs)
	}
}

// TestReplayRunTwiceLine: the readable line of a hand run twice shows
// every run's board and what it paid.
func TestReplayRunTwiceLine(t *testing.T) {
	code, out, errs := runReplayCmd("replay", "testdata/run-it-twice.txt")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	first, _, _ := strings.Cut(out, "\n")
	for _, want := range []string{
		"run 2 times",
		"run 1 board 4c5d8hKsQd pays Short $0.37, Kings $0.62, Wheel $0.25",
		"run 2 board 6c7d8cJd2d pays Kings $0.62, Wheel $0.61",
		"main pot $1.50 (rake $0.03): hi Kings $0.74, lo Short $0.37, Wheel $0.36",
		"matches the record",
	} {
		if !strings.Contains(first, want) {
			t.Errorf("line %q lacks %q", first, want)
		}
	}
}

// TestReplayDirectorySummary: `scoop replay DIR` names files relative to
// the current directory, ends with a summary like scoop import's, and
// counts the hands of other games and the files that are not hand
// histories without listing them, unless --verbose.
func TestReplayDirectorySummary(t *testing.T) {
	dir := writeFiles(t, map[string]string{"three.phhs": threeHandsPHHS, "notes.md": "# notes\n"})
	t.Chdir(dir)
	code, out, errs := runReplayCmd("replay", dir) // absolute, under the current directory
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if strings.Contains(out, dir) || !strings.HasPrefix(out, "three.phhs #1: ") {
		t.Errorf("want paths relative to the current directory:\n%s", out)
	}
	if strings.Contains(out, "#3: skipped") || strings.Contains(out, "notes.md") {
		t.Errorf("a skipped hand or file is listed without --verbose:\n%s", out)
	}
	for _, want := range []string{"files: 1 read, 1 skipped (not hand histories)", "hands read: 4", "skipped: 1\n      1  variant \"NT\"", "unreadable: 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	code, out, errs = runReplayCmd("replay", "--verbose", ".")
	if code != 0 || !strings.Contains(out, "three.phhs #3: skipped: ") || errs != "skipped notes.md: not a hand history\n" {
		t.Errorf("--verbose: exit %d, stderr %q:\n%s", code, errs, out)
	}
}

// TestReplayIllegalNamesLineStreetAndMoney: an illegal hand of a text
// file is located by the file's line and the street, quotes the action as
// written, and states amounts as the site does.
func TestReplayIllegalNamesLineStreetAndMoney(t *testing.T) {
	code, out, errs := runReplayCmd("replay", "../../examples/illegal.txt")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	want := `ILLEGAL: line 24, flop: "Shaun J: raises €1.36 to €30.25": Shaun J raise to €30.25 is below the pot-limit minimum €37.32 (allowed: fold, call €21.82 or raise to €37.32)`
	if !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
	// JSON's readable strings say money too (issue 27); its integer
	// fields keep the chips.
	_, out, _ = runReplayCmd("replay", "--json", "../../examples/illegal.txt")
	var v struct {
		Error struct {
			Message, Allowed string
			Amount           int64
			AllowedChips     struct {
				Call  int64
				MinTo int64 `json:"min_to"`
				MaxTo int64 `json:"max_to"`
			} `json:"allowed_chips"`
		}
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if e := v.Error; !strings.Contains(e.Message, "below the pot-limit minimum €37.32") || e.Allowed != "fold, call €21.82 or raise to €37.32" ||
		e.Amount != 3025 || e.AllowedChips.Call != 2182 || e.AllowedChips.MinTo != 3732 || e.AllowedChips.MaxTo != 3732 {
		t.Errorf("JSON error %+v: want the texts in euros, the chips as integers (%s)", e, out)
	}
}

// BenchmarkReplayIllegalHands: scoop replay and scoop analyze over a file
// of 2,000 illegal hands (examples/illegal.txt under fresh ids), each
// hand's offending line located and written: one pass over the file per
// pass, not one per illegal hand (which took 8.8 s for 5,000 of them
// before; some 0.3 s after, the whole process).
func BenchmarkReplayIllegalHands(b *testing.B) {
	one, err := os.ReadFile("../../examples/illegal.txt")
	if err != nil {
		b.Fatal(err)
	}
	header, _, _ := bytes.Cut(one, []byte("\n"))
	id := header[bytes.IndexByte(header, '#')+1:]
	id = id[:bytes.IndexByte(id, ':')]
	var file bytes.Buffer
	for i := range 2000 {
		file.Write(bytes.Replace(one, id, fmt.Appendf(nil, "%s%04d", id, i), 1))
		file.WriteString("\n\n\n")
	}
	path := filepath.Join(b.TempDir(), "illegal.txt")
	if err := os.WriteFile(path, file.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, cmd := range []string{"replay", "analyze"} {
		b.Run(cmd, func(b *testing.B) {
			for b.Loop() {
				var out, errb bytes.Buffer
				Run(context.Background(), []string{cmd, path}, strings.NewReader(""), &out, &errb)
				if n := strings.Count(out.String(), "ILLEGAL: line "); n != 2000 {
					b.Fatalf("%d illegal hands with their line, want 2000: %s", n, errb.String())
				}
			}
		})
	}
}
