package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// The hands of the statistics tests (the internal/stats tests work out
// their facts by hand): three pot-limit Omaha hands, a fixed-limit hi/lo
// hand checked down to a quartered low, and a no-limit hi/lo all-in.
var statsPHH = []string{
	`variant = 'PO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'd dh p3 9s8s7d6d', 'p3 cc', 'p1 cc', 'p2 cc', 'd db Tc5h2s', 'p1 cc', 'p2 cc', 'p3 cbr 4', 'p1 f', 'p2 f']
`,
	`variant = 'PO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'd dh p3 9s8s7d6d', 'p3 cc', 'p1 cbr 6', 'p2 f', 'p3 cbr 18', 'p1 cc', 'd db Tc5h2s', 'p1 cc', 'p3 cbr 20', 'p1 f']
`,
	`variant = 'PO'
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
starting_stacks = [200, 200, 200, 200]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'd dh p3 9s8s7d6d', 'd dh p4 2h2d3h3s', 'p3 cc', 'p4 cbr 6', 'p1 cbr 20', 'p2 f', 'p3 cbr 60', 'p4 f', 'p1 cc', 'd db Tc5h2s', 'p1 cc', 'p3 cbr 40', 'p1 cc', 'd db 3c', 'p1 cc', 'p3 cc', 'd db 4d', 'p1 cbr 30', 'p3 f']
`,
	`variant = 'FO/8'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = ['d dh p1 KdKhQcQd', 'd dh p2 As5s9c9d', 'd dh p3 Ah5hTcTd', 'p3 cc', 'p1 cc', 'p2 cc', 'd db 2c3d4h', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Kc', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Ks', 'p1 cc', 'p2 cc', 'p3 cc', 'p1 sm KdKhQcQd', 'p2 sm As5s9c9d', 'p3 sm Ah5hTcTd']
`,
	`variant = 'NO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 50]
actions = ['d dh p1 As2sKdQd', 'd dh p2 JhJcTh9c', 'p2 cbr 50', 'p1 cc', 'd db 4c7hKh', 'd db 8s', 'd db 2c', 'p1 sm As2sKdQd', 'p2 sm JhJcTh9c']
`,
}

// statsHands returns the records of statsPHH, hand i played at
// 2026-01-0(i+1) 12:00 UTC in USD cents on site "test", each with its
// analysis, and the Totals each player's facts sum to, worked out in Go.
func statsHands(t *testing.T) ([]store.Hand, map[string]stats.Totals, []*handhistory.Hand) {
	t.Helper()
	var recs []store.Hand
	var hs []*handhistory.Hand
	want := map[string]stats.Totals{}
	for i, text := range statsPHH {
		es, err := handhistory.Read(handhistory.FormatPHH, []byte(text))
		if err != nil || len(es) != 1 || es[0].Hand == nil {
			t.Fatalf("read PHH: %v", err)
		}
		h := es[0].Hand
		h.Site, h.SiteHandID = "test", "stats-"+string(rune('a'+i))
		h.Time = time.Date(2026, 1, i+1, 12, 0, 0, 0, time.UTC).Format(time.RFC3339)
		h.Table.Currency, h.Table.ChipUnit = "USD", "0.01"
		v := analysis.Replay(h)
		if !v.Legal {
			t.Fatalf("hand %d illegal: %+v", i, v.Error)
		}
		rec, err := ingest.NewAnalysedRecord(context.Background(), h, &v, analysis.Options{})
		if err != nil || rec.Analysis == nil {
			t.Fatalf("record %d: %v", i, err)
		}
		var a analysis.Analysis
		if err := json.Unmarshal(rec.Analysis, &a); err != nil {
			t.Fatal(err)
		}
		fs, err := stats.Compute(h, &v, &a)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			tot := want[f.Name]
			tot.Add(stats.Describe(h), f)
			want[f.Name] = tot
		}
		recs = append(recs, rec)
		hs = append(hs, h)
	}
	return recs, want, hs
}

// sameTotals compares totals, the float sums to within rounding.
func sameTotals(t *testing.T, what string, got, want stats.Totals) {
	t.Helper()
	if math.Abs(got.NetBB-want.NetBB) > 1e-9 || math.Abs(got.AdjustedNet-want.AdjustedNet) > 1e-6 {
		t.Errorf("%s: net_bb %v adjusted %v; want %v and %v", what, got.NetBB, got.AdjustedNet, want.NetBB, want.AdjustedNet)
	}
	got.NetBB, got.AdjustedNet, want.NetBB, want.AdjustedNet = 0, 0, 0, 0
	if got != want {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}

func testPlayerStats(t *testing.T, s store.Store) {
	ctx := context.Background()
	recs, want, _ := statsHands(t)
	illegal, _ := realHand(t, illegalPHH) // p1 and p2 dealt, illegal: not counted
	save(t, s, append(recs, illegal)...)
	for _, name := range []string{"p1", "p2", "p3", "p4"} {
		got, err := s.PlayerStats(ctx, name, stats.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		sameTotals(t, name, got, want[name])
	}
	// p1 by hand: 5 legal hands; VPIP in all but none (limped, raised,
	// 3-bet, completed, called all-in); hi/lo showdowns 2.
	p1, _ := s.PlayerStats(ctx, "p1", stats.Filter{})
	if p1.Hands != 5 || p1.VPIP != 5 || p1.PFR != 2 || p1.ThreeBet != 1 || p1.HiLoShowdowns != 2 || p1.AllInHands != 1 || p1.Currency != "USD" || p1.ChipUnit != "0.01" {
		t.Errorf("p1 totals %+v", p1)
	}
	// Unknown player: zero hands, not an error.
	if got, err := s.PlayerStats(ctx, "nobody", stats.Filter{}); err != nil || got != (stats.Totals{}) {
		t.Errorf("unknown player: %+v, %v; want zero totals", got, err)
	}
	jan := func(d int) *time.Time { x := time.Date(2026, 1, d, 0, 0, 0, 0, time.UTC); return &x }
	for _, tc := range []struct {
		name  string
		f     stats.Filter
		hands int64
	}{
		{"game", stats.Filter{Game: "omaha-hilo"}, 2},
		{"structure", stats.Filter{Structure: "pot-limit"}, 3},
		{"site", stats.Filter{Site: "test"}, 5},
		{"other site", stats.Filter{Site: "pokerstars"}, 0},
		{"stakes", stats.Filter{Stakes: 2}, 5},
		{"other stakes", stats.Filter{Stakes: 5}, 0},
		{"from inclusive", stats.Filter{From: jan(2)}, 4},
		{"to exclusive", stats.Filter{To: jan(3)}, 2},
		{"from and to", stats.Filter{From: jan(2), To: jan(4), Game: "omaha-hi"}, 2},
	} {
		got, err := s.PlayerStats(ctx, "p1", tc.f)
		if err != nil || got.Hands != tc.hands {
			t.Errorf("filter %s: %d hands, %v; want %d", tc.name, got.Hands, err, tc.hands)
		}
	}
	if _, err := s.PlayerStats(ctx, "p1\x00", stats.Filter{}); faultField(err) != "name" {
		t.Errorf("a NUL in the name: %v; want invalid naming name", err)
	}
}

// faultField returns the field an Invalid error names, "" for any other
// error.
func faultField(err error) string {
	var fe *fault.Error
	if errors.As(err, &fe) && fe.Kind == fault.Invalid {
		return fe.Field
	}
	return ""
}

func testPlayersList(t *testing.T, s store.Store) {
	ctx := context.Background()
	recs, _, _ := statsHands(t)
	save(t, s, recs...)
	page, err := s.Players(ctx, store.PlayersQuery{})
	if err != nil {
		t.Fatal(err)
	}
	got := page.Players
	want := []store.PlayerCount{{Name: "p1", Hands: 5}, {Name: "p2", Hands: 5}, {Name: "p3", Hands: 4}, {Name: "p4", Hands: 1}}
	if page.Next != "" {
		t.Errorf("one page holds every player, yet next cursor %q", page.Next)
	}
	if len(got) != len(want) {
		t.Fatalf("players %+v; want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("players %+v; want %+v", got, want)
			break
		}
	}
	if got, err := s.Players(ctx, store.PlayersQuery{Prefix: "p3", Limit: 10}); err != nil || len(got.Players) != 1 || got.Players[0] != (store.PlayerCount{Name: "p3", Hands: 4}) {
		t.Errorf("prefix p3: %+v, %v", got, err)
	}
	// Pages of two: p1 p2, then p3 p4, then none left.
	first, err := s.Players(ctx, store.PlayersQuery{Prefix: "p", Limit: 2})
	if err != nil || len(first.Players) != 2 || first.Players[1].Name != "p2" || first.Next == "" {
		t.Fatalf("limit 2: %+v, %v", first, err)
	}
	second, err := s.Players(ctx, store.PlayersQuery{Prefix: "p", Limit: 2, Cursor: first.Next})
	if err != nil || len(second.Players) != 2 || second.Players[0].Name != "p3" || second.Players[1].Name != "p4" || second.Next != "" {
		t.Errorf("second page: %+v, %v; want p3 and p4, no next", second, err)
	}
	if got, err := s.Players(ctx, store.PlayersQuery{Prefix: "%", Limit: 10}); err != nil || len(got.Players) != 0 {
		t.Errorf("prefix %%: %+v, %v; want none (no pattern matching)", got, err)
	}
	for _, c := range []string{"x", "cDE6", store.EncodePlayersCursor("a") + "A", store.EncodePlayersCursor("a\x00")} {
		if _, err := s.Players(ctx, store.PlayersQuery{Cursor: c}); !isKind(err, fault.Invalid) {
			t.Errorf("cursor %q: %v, want invalid", c, err)
		}
	}
}

func testPlayerResults(t *testing.T, s store.Store) {
	ctx := context.Background()
	recs, want, _ := statsHands(t)
	// Stored in reverse: the series follows the hands' times, not ids.
	rev := make([]store.Hand, len(recs))
	for i, r := range recs {
		rev[len(recs)-1-i] = r
	}
	saved := save(t, s, rev...)
	ids := make([]string, len(recs)) // in time order
	for i := range recs {
		ids[i] = saved[len(recs)-1-i].ID
	}
	var all []store.ResultPoint
	q := store.ResultsQuery{Player: "p1", Limit: 2}
	for pages := 0; ; pages++ {
		page, err := s.PlayerResults(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, page.Points...)
		if page.Next == "" {
			break
		}
		if pages > 5 {
			t.Fatal("too many pages")
		}
		q.Cursor = page.Next
	}
	if len(all) != 5 {
		t.Fatalf("series of %d points, want 5", len(all))
	}
	var cum int64
	for i, p := range all {
		cum += p.Net
		if p.HandID != ids[i] || p.Hands != 1 || p.CumulativeNet != cum || p.Time == nil || p.Time.Day() != i+1 {
			t.Errorf("point %d: %+v; want hand %s, cumulative %d", i, p, ids[i], cum)
		}
	}
	last := all[len(all)-1]
	if last.CumulativeNet != want["p1"].Net || math.Abs(last.CumulativeAdjustedNet-want["p1"].AdjustedNet) > 1e-6 {
		t.Errorf("last point %+v; want the totals' net %d and adjusted %v", last, want["p1"].Net, want["p1"].AdjustedNet)
	}
	// Buckets of 2: hands 1-2, 3-4, then 5 alone.
	page, err := s.PlayerResults(ctx, store.ResultsQuery{Player: "p1", Every: 2})
	if err != nil || len(page.Points) != 3 || page.Next != "" {
		t.Fatalf("every 2: %+v, %v", page, err)
	}
	for i, w := range []struct {
		hands int64
		last  int
	}{{2, 1}, {2, 3}, {1, 4}} {
		p := page.Points[i]
		wantNet := all[w.last].CumulativeNet
		if start := w.last - int(w.hands); start >= 0 {
			wantNet -= all[start].CumulativeNet
		}
		if p.Hands != w.hands || p.HandID != ids[w.last] || p.CumulativeNet != all[w.last].CumulativeNet || p.Net != wantNet {
			t.Errorf("bucket %d: %+v; want %d hands ending at %s, net %d", i, p, w.hands, ids[w.last], wantNet)
		}
	}
	// Filters apply; a cursor of another every is refused.
	if page, err := s.PlayerResults(ctx, store.ResultsQuery{Player: "p1", Filter: stats.Filter{Game: "omaha-hilo"}}); err != nil || len(page.Points) != 2 {
		t.Errorf("hi/lo series: %+v, %v", page, err)
	}
	first, _ := s.PlayerResults(ctx, store.ResultsQuery{Player: "p1", Limit: 1})
	if _, err := s.PlayerResults(ctx, store.ResultsQuery{Player: "p1", Every: 3, Cursor: first.Next}); faultField(err) != "cursor" {
		t.Errorf("a cursor of every 1 with every 3: %v; want invalid cursor", err)
	}
	if page, err := s.PlayerResults(ctx, store.ResultsQuery{Player: "nobody"}); err != nil || len(page.Points) != 0 {
		t.Errorf("unknown player: %+v, %v", page, err)
	}
}

func testFactsFollowTheAnalysis(t *testing.T, s store.Store) {
	ctx := context.Background()
	recs, _, _ := statsHands(t)
	allIn := recs[4]
	doc := allIn.Analysis
	allIn.Analysis = nil // stored without its analysis: counted at its net
	allIn.Facts = ingest.HandFacts(true, allIn.Hand, allIn.Verdict, nil)
	saved := save(t, s, allIn)
	got, err := s.PlayerStats(ctx, "p1", stats.Filter{})
	if err != nil || got.Hands != 1 || got.Unanalyzed != 1 || got.AllInHands != 0 || got.AdjustedNet != float64(got.Net) {
		t.Fatalf("before its analysis: %+v, %v", got, err)
	}
	if err := s.SaveAnalysis(ctx, saved[0].ID, analysis.EngineVersion, doc, adjustedOf(t, doc)); err != nil {
		t.Fatal(err)
	}
	got, err = s.PlayerStats(ctx, "p2", stats.Filter{})
	if err != nil || got.Unanalyzed != 0 || got.AllInHands != 1 {
		t.Fatalf("after its analysis: %+v, %v", got, err)
	}
	// An older engine's analysis is refused, and so are its facts: the
	// hand stays all-in for p2.
	if err := s.SaveAnalysis(ctx, saved[0].ID, analysis.EngineVersion-1, recs[0].Analysis, adjustedOf(t, recs[0].Analysis)); err != nil {
		t.Fatal(err)
	}
	got, err = s.PlayerStats(ctx, "p2", stats.Filter{})
	if err != nil || got.Unanalyzed != 0 || got.AllInHands != 1 {
		t.Errorf("after an older analysis was refused: %+v, %v; want the facts of the stored one", got, err)
	}
}

// StatsRecords returns the records of the statistics tests' hands (each
// with its analysis) and the Totals each player's facts sum to, for the
// stores' own tests (the migration's backfill).
func StatsRecords(t *testing.T) ([]store.Hand, map[string]stats.Totals) {
	t.Helper()
	recs, want, _ := statsHands(t)
	return recs, want
}

// SameTotals fails t when got differs from want (float sums to within
// rounding).
func SameTotals(t *testing.T, what string, got, want stats.Totals) {
	t.Helper()
	sameTotals(t, what, got, want)
}

// hugePotPHH is a legal no-limit Omaha hand of ten players all in for the
// largest stack a hand may hold: p2 (a queen-high straight) wins 9e15
// chips, the others lose 1e15 each.
const hugePotPHH = `variant = 'NO'
antes = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0, 0, 0, 0, 0, 0, 0]
min_bet = 2
starting_stacks = [1000000000000000, 1000000000000000, 1000000000000000, 1000000000000000, 1000000000000000, 1000000000000000, 1000000000000000, 1000000000000000, 1000000000000000, 1000000000000000]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'd dh p3 9s8s7d6d', 'd dh p4 2h2d3h3s', 'd dh p5 4c4d5c5d', 'd dh p6 6h6c7h7c', 'd dh p7 8h8c9h9c', 'd dh p8 ThTdJhJs', 'd dh p9 QhQsKdKc', 'd dh p10 AdAc2c2s', 'p3 cbr 1000000000000000', 'p4 cc', 'p5 cc', 'p6 cc', 'p7 cc', 'p8 cc', 'p9 cc', 'p10 cc', 'p1 cc', 'p2 cc', 'd db Tc9d8d', 'd db 7s', 'd db 3c', 'p1 sm AsAhKsKh', 'p2 sm QdQcJdJc', 'p3 sm 9s8s7d6d', 'p4 sm 2h2d3h3s', 'p5 sm 4c4d5c5d', 'p6 sm 6h6c7h7c', 'p7 sm 8h8c9h9c', 'p8 sm ThTdJhJs', 'p9 sm QhQsKdKc', 'p10 sm AdAc2c2s']
`

// testHugeSums stores 1,100 copies of hugePotPHH: p2's net summed over
// them (9.9e18 chips) is beyond int64, and his statistics and results
// saturate at the largest int64 rather than fail (a client can store such
// hands: amounts up to 1e15 are legal); the losers' sums stay exact.
func testHugeSums(t *testing.T, s store.Store) {
	ctx := context.Background()
	es, err := handhistory.Read(handhistory.FormatPHH, []byte(hugePotPHH))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("read PHH: %v", err)
	}
	h := es[0].Hand
	h.Site = "test"
	v := analysis.Replay(h)
	if !v.Legal {
		t.Fatalf("hand illegal: %+v", v.Error)
	}
	const n, every = 1100, 1000
	const win, loss = 9_000_000_000_000_000, -1_000_000_000_000_000
	var recs []store.Hand
	for i := range n {
		h.SiteHandID = fmt.Sprint("huge-", i)
		rec, err := ingest.NewRecord(h, &v)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	for len(recs) > 0 { // in batches, each well within the store's deadline under -race
		k := min(len(recs), 100)
		save(t, s, recs[:k]...)
		recs = recs[k:]
	}
	for _, tc := range []struct {
		player string
		net    int64
	}{{"p2", math.MaxInt64}, {"p1", n * loss}} {
		got, err := s.PlayerStats(ctx, tc.player, stats.Filter{})
		if err != nil {
			t.Fatalf("PlayerStats(%s): %v", tc.player, err)
		}
		if got.Hands != n || got.Net != tc.net {
			t.Errorf("PlayerStats(%s): %d hands, net %d; want %d and %d", tc.player, got.Hands, got.Net, n, tc.net)
		}
	}
	page, err := s.PlayerResults(ctx, store.ResultsQuery{Player: "p2", Every: every})
	if err != nil {
		t.Fatalf("PlayerResults: %v", err)
	}
	if len(page.Points) != 2 {
		t.Fatalf("PlayerResults: %d points, want 2: %+v", len(page.Points), page.Points)
	}
	p0, p1 := page.Points[0], page.Points[1]
	if p0.Net != every*win || p0.CumulativeNet != every*win || p1.Hands != n-every || p1.Net != (n-every)*win || p1.CumulativeNet != math.MaxInt64 {
		t.Errorf("PlayerResults points %+v, want nets %d then %d, the last cumulative %d", page.Points, int64(every*win), int64((n-every)*win), int64(math.MaxInt64))
	}
}

// adjustedOf returns the facts rows SaveAnalysis is given with the
// analysis JSON doc (ingest.AdjustedFacts of it, as the analysis jobs
// make them).
func adjustedOf(t *testing.T, doc json.RawMessage) []store.FactsRow {
	t.Helper()
	var a analysis.Analysis
	if err := json.Unmarshal(doc, &a); err != nil {
		t.Fatal(err)
	}
	return ingest.AdjustedFacts(&a)
}
