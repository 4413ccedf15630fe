package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store/sqlite"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// statsPHH are three hands of the statistics tests (see internal/stats):
// p3 limps and the big blind checks his option; p3 limp-reraises p1's
// raise (a 3-bet); a hi/lo hand checked down to a quartered low.
var statsPHH = map[string]string{
	"limped.phh": `variant = 'PO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'd dh p3 9s8s7d6d', 'p3 cc', 'p1 cc', 'p2 cc', 'd db Tc5h2s', 'p1 cc', 'p2 cc', 'p3 cbr 4', 'p1 f', 'p2 f']
`,
	"limp-reraise.phh": `variant = 'PO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'd dh p3 9s8s7d6d', 'p3 cc', 'p1 cbr 6', 'p2 f', 'p3 cbr 18', 'p1 cc', 'd db Tc5h2s', 'p1 cc', 'p3 cbr 20', 'p1 f']
`,
	"quartered.phh": `variant = 'FO/8'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = ['d dh p1 KdKhQcQd', 'd dh p2 As5s9c9d', 'd dh p3 Ah5hTcTd', 'p3 cc', 'p1 cc', 'p2 cc', 'd db 2c3d4h', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Kc', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Ks', 'p1 cc', 'p2 cc', 'p3 cc', 'p1 sm KdKhQcQd', 'p2 sm As5s9c9d', 'p3 sm Ah5hTcTd']
`,
}

func runStatsCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestStatsFromFiles: scoop stats over a directory of hands replays them
// on the fly: p3 limped twice and 3-bet once (VPIP 3 of 3, PFR 1, 3-bet 1
// of 1); --game keeps the hi/lo hand alone; the table names the figures.
func TestStatsFromFiles(t *testing.T) {
	dir := t.TempDir()
	for name, text := range statsPHH {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := runStatsCmd(t, "stats", "--player", "p3", "--json", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r stats.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	// p3: +4 (limped pot), +20 (his 3-bet wins), and his low quarter:
	// the low half of 3 shared with p2, he is 1 chip in and out.
	if r.Hands != 3 || r.VPIP.Count != 3 || r.PFR.Count != 1 || r.ThreeBet.Count != 1 || r.ThreeBet.Opportunities != 1 || r.Quartered.Count != 1 {
		t.Errorf("p3 report %+v", r)
	}
	code, out, _ = runStatsCmd(t, "stats", "--player", "p2", "--game", "omaha-hilo", "--json", dir)
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || r.Hands != 1 || r.LowsWon.Count != 1 {
		t.Errorf("p2 hi/lo: exit %d %+v %v", code, r, err)
	}
	code, out, _ = runStatsCmd(t, "stats", "--player", "p2", dir)
	if code != 0 || !strings.Contains(out, "p2: 3 hands") || !strings.Contains(out, "VPIP 0.0% (0/3)") {
		t.Errorf("table: exit %d\n%s", code, out)
	}
	if code, _, errOut := runStatsCmd(t, "stats", dir); code != 2 || !strings.Contains(errOut, "--player") {
		t.Errorf("no --player: exit %d %s", code, errOut)
	}
	if code, _, errOut := runStatsCmd(t, "stats", "--player", "p1", "--from", "yesterday", dir); code != 2 || !strings.Contains(errOut, "--from") {
		t.Errorf("bad --from: exit %d %s", code, errOut)
	}
}

// TestStatsFromTheDatabase: with no file, scoop stats reads the stored
// hands (here a SQLite file), the same numbers as the store's.
func TestStatsFromTheDatabase(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	path := filepath.Join(t.TempDir(), "scoop.db")
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	recs, want := storetest.StatsRecords(t)
	if _, err := st.SaveHands(context.Background(), recs); err != nil {
		t.Fatal(err)
	}
	st.Close()
	code, out, errOut := runStatsCmd(t, "stats", "--player", "p1", "--sqlite", path, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r stats.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Hands != want["p1"].Hands || r.Net.Chips != float64(want["p1"].Net) || r.Net.Currency != "USD" || r.AllInHands != 1 {
		t.Errorf("p1 from the database: %+v; want %+v", r, want["p1"])
	}
	code, out, _ = runStatsCmd(t, "stats", "--player", "nobody", "--sqlite", path)
	if code != 0 || !strings.Contains(out, "nobody: 0 hands") {
		t.Errorf("unknown player: exit %d %s", code, out)
	}
}
