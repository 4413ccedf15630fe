package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/export"
)

func runExportCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), append([]string{"export"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// TestExportCommand: scoop export on both databases (the storage flags of
// scoop stats): the examples imported, then exported as CSV (Hero's rows
// sum to the stored statistics' 15 hands and 2.13 USD), PokerStars text
// and PHH (read back: the same hands), the filters as flags narrowing it;
// bad flags are one line and exit status 2.
func TestExportCommand(t *testing.T) {
	examples := filepath.Join("..", "..", "examples")
	for _, b := range importBackends {
		t.Run(b.name, func(t *testing.T) {
			args, _ := b.setup(t)
			var stdout, stderr bytes.Buffer
			if code := Run(context.Background(), append(append([]string{"import"}, args...), examples), strings.NewReader(""), &stdout, &stderr); code != 0 {
				t.Fatalf("import: exit %d: %s", code, stderr.String())
			}
			code, out, errs := runExportCmd(t, append([]string{"--format", "csv", "--player", "Hero", "--legal", "true"}, args...)...)
			if code != 0 || errs != "scoop export: 15 hands written\n" {
				t.Fatalf("csv: exit %d, stderr %q", code, errs)
			}
			recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			if err != nil || len(recs) != 16 || !reflect.DeepEqual(recs[0], export.CSVHeader) {
				t.Fatalf("csv: %v, %d records:\n%s", err, len(recs), out)
			}
			col := map[string]int{}
			for k, name := range recs[0] {
				col[name] = k
			}
			var net int64
			for _, r := range recs[1:] {
				x, _ := strconv.ParseInt(r[col["net"]], 10, 64)
				net += x
				if r[col["player"]] != "Hero" || r[col["currency"]] != "USD" {
					t.Errorf("row %v", r)
				}
			}
			if net != 213 {
				t.Errorf("Hero's net over the rows: %d chips, want 213 (2.13 USD, as scoop stats says)", net)
			}
			// PokerStars text: every stored hand (the illegal one too: its
			// record states its outcome), read back, the same settlements.
			code, out, errs = runExportCmd(t, append([]string{"--format", "pokerstars"}, args...)...)
			if code != 0 || errs != "scoop export: 17 hands written\n" {
				t.Fatalf("pokerstars: exit %d, stderr %q", code, errs)
			}
			back := readText(t, "out.txt", []byte(out))
			want := readHands(t, filepath.Join(examples, "ps-session.txt"), filepath.Join(examples, "hand.phh"), filepath.Join(examples, "illegal.txt"))
			if len(back) != len(want) {
				t.Fatalf("pokerstars: %d hands read back, want %d", len(back), len(want))
			}
			byID := map[string][]int64{}
			for _, h := range want {
				byID[h.SiteHandID] = analysis.Replay(h).Payouts
			}
			for _, h := range back {
				if p, ok := byID[h.SiteHandID]; ok && !reflect.DeepEqual(analysis.Replay(h).Payouts, p) {
					t.Errorf("hand %s: payouts %v, want %v", h.SiteHandID, analysis.Replay(h).Payouts, p)
				}
			}
			// PHH with filters as flags: Hero's PokerStars hands on the
			// button, fewer than his 15.
			code, out, errs = runExportCmd(t, append([]string{"--format", "phh", "--site", "pokerstars", "--position", "BTN", "--player", "Hero"}, args...)...)
			if code != 0 || !strings.HasPrefix(out, "[1]\n") {
				t.Fatalf("phh: exit %d, stderr %q\n%.200s", code, errs, out)
			}
			btn := readText(t, "out.phhs", []byte(out))
			if len(btn) == 0 || len(btn) >= 15 {
				t.Errorf("Hero on the button: %d hands", len(btn))
			}
			for _, h := range btn {
				if h.Site != "pokerstars" || h.Players[h.Button].Name != "Hero" {
					t.Errorf("hand %s of %q, Hero not on the button, in the export", h.SiteHandID, h.Site)
				}
			}
			for _, tc := range []struct {
				args []string
				want string
			}{
				{nil, "--format \"\": want csv, phh or pokerstars"},
				{[]string{"--format", "xml"}, "--format \"xml\": want csv, phh or pokerstars"},
				{[]string{"--format", "csv", "--stakes", "big"}, "--stakes"},
				{[]string{"--format", "csv", "--position", "BTN"}, "--position"},
				{[]string{"--format", "csv", "extra"}, "unexpected argument \"extra\""},
			} {
				code, _, errs := runExportCmd(t, append(tc.args, args...)...)
				if code != 2 || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "scoop export: ") || !strings.Contains(errs, tc.want) {
					t.Errorf("%v: exit %d, stderr %q; want 2 and one line with %q", tc.args, code, errs, tc.want)
				}
			}
		})
	}
	if code, _, errs := runExportCmd(t, "--help"); code != 0 || !strings.Contains(errs, "usage: scoop export") {
		t.Errorf("--help: exit %d, %s", code, errs)
	}
}
