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
	path, want := statsDatabase(t)
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

// TestStatsFromFilesDropsDuplicates: examples/hand.json is hand 9 of
// examples/ps-session.txt again; scoop stats over the folder counts it
// once, as the store does, so the figures from the files are those of the
// same files imported and read back (15 hands, 2.13 USD; not 16 and
// 2.19), and it says how many it dropped.
func TestStatsFromFilesDropsDuplicates(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	examples := filepath.Join("..", "..", "examples")
	code, out, errOut := runStatsCmd(t, "stats", "--player", "Hero", "--json", examples)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var files stats.Report
	if err := json.Unmarshal([]byte(out), &files); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errOut, "duplicate hands counted once: 1") {
		t.Errorf("stderr %q; want the one duplicate said", errOut)
	}
	path := filepath.Join(t.TempDir(), "scoop.db")
	var stdout, stderr bytes.Buffer
	if code := Run(context.Background(), []string{"import", "--sqlite", path, examples}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("import: exit %d: %s", code, stderr.String())
	}
	code, out, errOut = runStatsCmd(t, "stats", "--player", "Hero", "--sqlite", path, "--json")
	if code != 0 {
		t.Fatalf("stored stats: exit %d: %s", code, errOut)
	}
	var stored stats.Report
	if err := json.Unmarshal([]byte(out), &stored); err != nil {
		t.Fatal(err)
	}
	if files.Hands != stored.Hands || files.Net == nil || stored.Net == nil || files.Net.Chips != stored.Net.Chips || files.VPIP.Count != stored.VPIP.Count || files.WTSD.Count != stored.WTSD.Count {
		t.Errorf("from files %d hands net %+v; stored %d hands net %+v", files.Hands, files.Net, stored.Hands, stored.Net)
	}
	if files.Hands != 15 || files.Net.Amount != "2.13" || files.Net.Currency != "USD" {
		t.Errorf("from files %d hands net %+v; want 15 hands and 2.13 USD", files.Hands, files.Net)
	}
}

// TestStatsLedgersApart: hands in dollars and in euros are never added
// together: the text gives each currency its own lines, cash first, and
// --currency keeps one; a bad filter is a usage error naming its flag.
func TestStatsLedgersApart(t *testing.T) {
	dir := t.TempDir()
	usd := `{"site":"test","site_hand_id":"1","table":{"game":"omaha-hi","structure":"pot-limit","currency":"USD","chip_unit":"0.01"},` +
		`"players":[{"name":"a","stack":100,"hole":"AsAhKsKh"},{"name":"b","stack":100,"hole":"QdQcJdJc"}],"button":0,` +
		`"posts":[{"player":0,"kind":"small-blind","amount":1},{"player":1,"kind":"big-blind","amount":2}],` +
		`"actions":[{"player":0,"kind":"fold"}]}`
	eur := strings.Replace(strings.Replace(usd, `"USD"`, `"EUR"`, 1), `"site_hand_id":"1"`, `"site_hand_id":"2"`, 1)
	for name, text := range map[string]string{"usd.json": usd, "eur.json": eur} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// b wins a's small blind in each: 0.01 USD and 0.01 EUR, never 0.02.
	code, out, errOut := runStatsCmd(t, "stats", "--player", "b", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	eurAt, usdAt := strings.Index(out, "EUR (chip 0.01): 1 hands, net €0.01"), strings.Index(out, "USD (chip 0.01): 1 hands, net $0.01")
	if !strings.HasPrefix(out, "b: 2 hands in 2 ledgers") || eurAt < 0 || usdAt < eurAt || strings.Contains(out, "0.02") {
		t.Errorf("two currencies:\n%s", out)
	}
	code, out, _ = runStatsCmd(t, "stats", "--player", "b", "--currency", "usd", dir)
	if code != 0 || !strings.HasPrefix(out, "b: 1 hands, net $0.01") {
		t.Errorf("--currency usd: exit %d\n%s", code, out)
	}
	code, _, errOut = runStatsCmd(t, "stats", "--player", "b", "--kind", "poker", dir)
	if code != 2 || !strings.Contains(errOut, "--kind") {
		t.Errorf("--kind poker: exit %d %q; want 2 naming --kind", code, errOut)
	}
}

// TestStatsMoneyAsEverywhere (issue 27): scoop stats writes every amount
// as the one formatter does: a currency with its symbol ("€0.01", not
// "0.01 EUR (1.00 chips)"), tournament chips as integers (not "1.00
// chips"), play money at its chip unit (a cent table's 1 is 0.01, not
// 1.00 chips).
func TestStatsMoneyAsEverywhere(t *testing.T) {
	dir := t.TempDir()
	hand := func(id, table string) string {
		return `{"site":"test","site_hand_id":"` + id + `",` + table + `,` +
			`"players":[{"name":"a","stack":100,"hole":"AsAhKsKh"},{"name":"b","stack":100,"hole":"QdQcJdJc"}],"button":0,` +
			`"posts":[{"player":0,"kind":"small-blind","amount":1},{"player":1,"kind":"big-blind","amount":2}],` +
			`"actions":[{"player":0,"kind":"fold"}]}`
	}
	files := map[string]string{
		"eur.json":        hand("1", `"table":{"game":"omaha-hi","structure":"pot-limit","currency":"EUR","chip_unit":"0.01"}`),
		"tournament.json": hand("2", `"tournament":true,"table":{"game":"omaha-hi","structure":"pot-limit","chip_unit":"1"}`),
		"play.json":       hand("3", `"table":{"game":"omaha-hi","structure":"pot-limit","chip_unit":"0.01"}`),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := runStatsCmd(t, "stats", "--player", "a", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"1 hands, net -€0.01", "1 hands, net -1 chips", "play money: 1 hands, net -0.01"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{"1.00 chips", "-1.00", "0.01 EUR"} {
		if strings.Contains(out, bad) {
			t.Errorf("says %q:\n%s", bad, out)
		}
	}
}

// TestStatsByPositionAndHolding: scoop stats --by position and --by
// holding give a block per seat and per starting-hand group, from files
// and from the database alike; a bad --by is a usage error.
func TestStatsByPositionAndHolding(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	dir := t.TempDir()
	for name, text := range statsPHH {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// p3 is the first to act, three-handed: the button (BTN) in every
	// hand; he holds 9s8s7d6d (a double-suited rundown: double-suited
	// first in Omaha High) twice and Ah5hTcTd in the Hi/Lo hand (pairs).
	code, out, errOut := runStatsCmd(t, "stats", "--player", "p3", "--by", "position", "--json", dir)
	var pos stats.PositionsReport
	if err := json.Unmarshal([]byte(out), &pos); code != 0 || err != nil || len(pos.Positions) != 1 ||
		pos.Positions[0].Position != "BTN" || pos.Positions[0].Hands != 3 || pos.Positions[0].VPIP.Count != 3 {
		t.Fatalf("p3 by position: exit %d %v %s %s", code, err, out, errOut)
	}
	code, out, errOut = runStatsCmd(t, "stats", "--player", "p3", "--by", "holding", "--json", dir)
	var hold stats.HoldingsReport
	if err := json.Unmarshal([]byte(out), &hold); code != 0 || err != nil || len(hold.Holdings) != 2 ||
		hold.Holdings[0].Game != "omaha-hilo" || hold.Holdings[0].Group != stats.Pairs || hold.Holdings[0].Hands != 1 ||
		hold.Holdings[1].Group != stats.DoubleSuited || hold.Holdings[1].Hands != 2 {
		t.Fatalf("p3 by holding: exit %d %v %s %s", code, err, out, errOut)
	}
	code, out, _ = runStatsCmd(t, "stats", "--player", "p3", "--by", "holding", dir)
	if code != 0 || !strings.Contains(out, "p3, double-suited (omaha-hi): 2 hands") || !strings.Contains(out, "p3, pairs (omaha-hilo): 1 hands") {
		t.Errorf("p3 by holding, text: exit %d\n%s", code, out)
	}
	if code, _, errOut := runStatsCmd(t, "stats", "--player", "p3", "--by", "street", dir); code != 2 || !strings.Contains(errOut, "--by") {
		t.Errorf("--by street: exit %d %s", code, errOut)
	}
	// From the database: the same blocks as the store's groups.
	path, want := statsDatabase(t)
	code, out, errOut = runStatsCmd(t, "stats", "--player", "p1", "--sqlite", path, "--by", "position", "--json")
	pos = stats.PositionsReport{}
	if err := json.Unmarshal([]byte(out), &pos); code != 0 || err != nil || len(pos.Positions) == 0 {
		t.Fatalf("p1 by position from the database: exit %d %v %s", code, err, errOut)
	}
	var n int64
	for _, p := range pos.Positions {
		n += p.Hands
	}
	if n != want["p1"].Hands {
		t.Errorf("p1's positions add up to %d hands; want %d", n, want["p1"].Hands)
	}
}

// statsDatabase is a migrated SQLite file holding the statistics tests'
// hands (storetest.StatsRecords), with each player's totals.
func statsDatabase(t *testing.T) (string, map[string]stats.Totals) {
	t.Helper()
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
	return path, want
}

// TestStatsBySessionAndTag: scoop stats --by session reads the stored
// sessions (storetest.SessionRecords: three sessions, one hand without a
// time), newest first, as GET /v1/players/{name}/sessions gives them;
// --tag keeps the stored hands carrying the tag, and is a usage error
// with files, as --by session is.
func TestStatsBySessionAndTag(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "scoop.db")
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	saved, err := st.SaveHands(ctx, storetest.SessionRecords(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetTags(ctx, saved[4].ID, []string{"gg"}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	code, out, errOut := runStatsCmd(t, "stats", "--player", "p1", "--sqlite", path, "--by", "session", "--json")
	var page struct {
		Sessions []struct {
			Site  string `json:"site"`
			Start string `json:"start"`
			Hands int64  `json:"hands"`
		} `json:"sessions"`
		Untimed int64 `json:"untimed_hands"`
	}
	if err := json.Unmarshal([]byte(out), &page); code != 0 || err != nil || len(page.Sessions) != 3 || page.Untimed != 1 ||
		page.Sessions[0].Start != "2026-03-14T10:50:00Z" || page.Sessions[2].Hands != 2 {
		t.Fatalf("--by session --json: exit %d %v %s %s", code, err, out, errOut)
	}
	code, out, _ = runStatsCmd(t, "stats", "--player", "p1", "--sqlite", path, "--by", "session")
	for _, want := range []string{"p1, pokerstars session 2026-03-14 10:50 to 11:10 UTC, tables 99 1, T1: 2 hands",
		"p1, pokerstars session 2026-03-14 10:00 to 10:20 UTC, tables T1, T2: 2 hands", "1 hands without a time played"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("--by session: exit %d, lacks %q:\n%s", code, want, out)
		}
	}
	code, out, _ = runStatsCmd(t, "stats", "--player", "p1", "--sqlite", path, "--tag", "gg", "--json")
	var r stats.Report
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || r.Hands != 1 || r.Net == nil || r.Net.Chips != -2 {
		t.Errorf("--tag gg: exit %d %+v %v", code, r, err)
	}
	for _, args := range [][]string{
		{"--tag", "gg", "."},
		{"--tag", "GG"},
		{"--by", "session", "."},
		{"--by", "table"},
	} {
		code, _, errOut := runStatsCmd(t, append([]string{"stats", "--player", "p1", "--sqlite", path}, args...)...)
		if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, "--"+args[0][2:]) {
			t.Errorf("%q: exit %d %q; want one usage line naming %s", args, code, errOut, args[0])
		}
	}
}
