package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
)

func runConvertCmd(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Run(context.Background(), append([]string{"convert"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// readHands reads every hand of files as scoop reads them, in order.
func readHands(t *testing.T, files ...string) []*handhistory.Hand {
	t.Helper()
	var out []*handhistory.Hand
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, readText(t, name, data)...)
	}
	return out
}

func readText(t *testing.T, name string, data []byte) []*handhistory.Hand {
	t.Helper()
	f, err := handhistory.Detect(name, data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	entries, err := handhistory.Read(f, data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var out []*handhistory.Hand
	for _, e := range entries {
		if e.Hand != nil {
			out = append(out, e.Hand)
		}
	}
	return out
}

func TestConvertToPHHReadsBackEqual(t *testing.T) {
	dir := writeFiles(t, map[string]string{"three.phhs": threeHandsPHHS, "ps.txt": hhtest.PokerStarsHand})
	phhs, ps := filepath.Join(dir, "three.phhs"), filepath.Join(dir, "ps.txt")
	knockout := filepath.Join("testdata", "nlo8_knockout.txt")
	code, out, errs := runConvertCmd("", "--to", "phh", phhs, knockout, ps)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	want := readHands(t, phhs, knockout, ps)
	if len(want) < 70 {
		t.Fatalf("the sources hold %d hands", len(want))
	}
	// A .phhs: [1] to [N] over all the files.
	if !strings.HasPrefix(out, "[1]\n") || !strings.Contains(out, "\n["+strconv.Itoa(len(want))+"]\n") || strings.Contains(out, "\n["+strconv.Itoa(len(want)+1)+"]\n") {
		t.Errorf("want [1]..[%d] headers:\n%.400s", len(want), out)
	}
	got := readText(t, "out.phhs", []byte(out))
	if len(got) != len(want) {
		t.Fatalf("the PHH holds %d hands, want %d", len(got), len(want))
	}
	for k := range want {
		if !reflect.DeepEqual(got[k], want[k]) {
			t.Errorf("hand %d does not read back equal:\n got %+v\nwant %+v", k+1, got[k], want[k])
		}
	}
	// The skipped NT hand and the unreadable 4th of three.phhs: one line
	// each, naming the file and line.
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], phhs+":15: hand 3 skipped: ") ||
		!strings.HasPrefix(lines[1], phhs+":20: hand 4 unreadable: ") || !strings.Contains(lines[1], "p9") {
		t.Errorf("stderr:\n%s\nwant the skipped hand 3 (line 15) and the unreadable hand 4 (line 20) of %s", errs, phhs)
	}
}

func TestConvertToJSONLines(t *testing.T) {
	knockout := filepath.Join("testdata", "nlo8_knockout.txt")
	code, out, errs := runConvertCmd("", knockout, "--to", "json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	want := readHands(t, knockout)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines for %d hands", len(lines), len(want))
	}
	for k, l := range lines {
		var h handhistory.Hand
		if err := json.Unmarshal([]byte(l), &h); err != nil || !reflect.DeepEqual(&h, want[k]) {
			t.Errorf("line %d (%v) is not hand %d", k+1, err, k+1)
		}
	}
	// PHH in, JSON out, equals the JSON of the PokerStars source: the
	// conversion through PHH loses nothing.
	code, phh, _ := runConvertCmd("", "--to", "phh", knockout)
	dir := writeFiles(t, map[string]string{"k.phhs": phh})
	code2, out2, errs2 := runConvertCmd("", "--to", "json", filepath.Join(dir, "k.phhs"))
	if code != 0 || code2 != 0 || out2 != out {
		t.Errorf("PokerStars -> PHH -> JSON (exit %d %d, %s) differs from PokerStars -> JSON", code, code2, errs2)
	}
}

// TestConvertToPokerStars: PokerStars, PHH (a PHH file without winnings,
// written with Scoop's settlement) and JSON hands written as PokerStars
// text, blank lines between them, read back as PokerStars hands that
// replay to the same settlement: the same payouts, rake and pots. A hand
// without a recorded outcome that does not replay legal has no
// settlement to write: one line says so, and the exit status is 1.
func TestConvertToPokerStars(t *testing.T) {
	dir := writeFiles(t, map[string]string{"three.phhs": threeHandsPHHS})
	phhs := filepath.Join(dir, "three.phhs")
	knockout := filepath.Join("testdata", "nlo8_knockout.txt")
	hand := filepath.Join("..", "..", "examples", "hand.json")
	code, out, errs := runConvertCmd("", "--to", "pokerstars", knockout, phhs, hand)
	if code != 1 || !strings.Contains(errs, phhs+":9: hand 2 not written: the hand does not replay legal: action 0: p3 raise to 9 exceeds the pot-limit maximum 7\n") ||
		!strings.HasSuffix(errs, "scoop convert: 1 hands could not be written as pokerstars\n") {
		t.Fatalf("exit %d, stderr %s; want 1, and hand 2 of three.phhs (illegal) not written", code, errs)
	}
	var want []*handhistory.Hand
	for _, h := range readHands(t, knockout, phhs, hand) {
		if analysis.Replay(h).Legal {
			want = append(want, h)
		}
	}
	got := readText(t, "out.txt", []byte(out))
	if len(got) != len(want) || len(want) < 70 {
		t.Fatalf("the text holds %d hands, want %d", len(got), len(want))
	}
	if n := strings.Count(out, "\n\nPokerStars Hand #"); n != len(want)-1 {
		t.Errorf("%d blank lines before a header, want %d", n, len(want)-1)
	}
	for k := range want {
		a, b := analysis.Replay(want[k]), analysis.Replay(got[k])
		if got[k].Format != "pokerstars" || !a.Legal || !b.Legal || !reflect.DeepEqual(a.Payouts, b.Payouts) || a.Rake != b.Rake || len(a.Pots) != len(b.Pots) {
			t.Errorf("hand %d: payouts %v rake %d (%d pots), read back %v rake %d (%d pots)", k+1, a.Payouts, a.Rake, len(a.Pots), b.Payouts, b.Rake, len(b.Pots))
		}
	}
	if code, _, errs := runConvertCmd("", "--help"); code != 0 || !strings.Contains(errs, "--to pokerstars") {
		t.Errorf("--help does not name --to pokerstars: exit %d, %s", code, errs)
	}
}

func TestConvertOneHandIsAPHH(t *testing.T) {
	code, out, errs := runConvertCmd(hhtest.PokerStarsHand, "--to", "phh", "-")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	if strings.Contains(out, "[1]") || !strings.HasPrefix(out, "variant = \"PO\"\n") {
		t.Errorf("one hand: want a .phh without a header:\n%s", out)
	}
	want := readText(t, "ps.txt", []byte(hhtest.PokerStarsHand))
	if got := readText(t, "out.phh", []byte(out)); !reflect.DeepEqual(got, want) {
		t.Errorf("reads back as %+v, want %+v", got, want)
	}
}

func TestConvertErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{"ps.txt": hhtest.PokerStarsHand, "junk.txt": "hello\n"})
	ps := filepath.Join(dir, "ps.txt")
	for _, tc := range []struct {
		name    string
		args    []string
		stderr  string
		written bool
	}{
		{"no --to", []string{ps}, "--to \"\": want phh, json or pokerstars", false},
		{"unknown --to", []string{"--to", "xml", ps}, "--to \"xml\": want phh, json or pokerstars", false},
		{"unknown flag", []string{"--to", "phh", "--fast", ps}, "flag provided but not defined", false},
		{"no files", []string{"--to", "phh"}, "no files", false},
		{"missing file", []string{"--to", "json", filepath.Join(dir, "none.txt"), ps}, "none.txt", true},
		{"not a hand history", []string{"--to", "json", ps, filepath.Join(dir, "junk.txt")}, "junk.txt", true},
	} {
		code, out, errs := runConvertCmd("", tc.args...)
		if code != 2 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.stderr) || !strings.HasPrefix(errs, "scoop convert: ") {
			t.Errorf("%s: exit %d, stderr %q; want 2 and one line with %q", tc.name, code, errs, tc.stderr)
		}
		if written := strings.Contains(out, `"site_hand_id":"900"`); written != tc.written {
			t.Errorf("%s: the readable file written: %v, want %v (stdout %.100s)", tc.name, written, tc.written, out)
		}
	}
	if code, _, errs := runConvertCmd("", "--help"); code != 0 || !strings.Contains(errs, "usage: scoop convert") {
		t.Errorf("--help: exit %d, %s", code, errs)
	}
}
