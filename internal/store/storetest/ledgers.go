package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/ranges"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// ledgerMoney is the money each hand of statsPHH is played for in the
// ledger tests: USD and EUR cash, a PokerStars tournament.
var ledgerMoney = []func(h *handhistory.Hand){
	func(h *handhistory.Hand) { h.Table.Currency, h.Table.ChipUnit = "USD", "0.01" },
	func(h *handhistory.Hand) { h.Table.Currency, h.Table.ChipUnit = "EUR", "0.01" },
	func(h *handhistory.Hand) { h.Tournament, h.TableName, h.Table.ChipUnit = true, "99 1", "1" },
	func(h *handhistory.Hand) { h.Table.Currency, h.Table.ChipUnit = "USD", "0.01" },
	func(h *handhistory.Hand) { h.Tournament, h.TableName, h.Table.ChipUnit = true, "99 2", "1" },
}

// ledgerHands returns the records of statsPHH played for ledgerMoney, on
// site pokerstars at 2026-01-0(i+1) 12:00 UTC, analysed, with each
// player's totals per ledger worked out in Go.
func ledgerHands(t *testing.T) ([]store.Hand, map[string]*stats.ByLedger, map[string][]stats.Facts) {
	t.Helper()
	var recs []store.Hand
	want := map[string]*stats.ByLedger{}
	facts := map[string][]stats.Facts{} // by player, in time order
	for i, text := range statsPHH {
		es, err := handhistory.Read(handhistory.FormatPHH, []byte(text))
		if err != nil || len(es) != 1 || es[0].Hand == nil {
			t.Fatalf("read PHH: %v", err)
		}
		h := es[0].Hand
		h.Site, h.SiteHandID = "pokerstars", "ledger-"+string(rune('a'+i))
		h.Time = time.Date(2026, 1, i+1, 12, 0, 0, 0, time.UTC).Format(time.RFC3339)
		ledgerMoney[i](h)
		v := analysis.Replay(h)
		rec, err := ingest.NewAnalysedRecord(context.Background(), h, &v, analysis.Options{})
		if err != nil {
			t.Fatal(err)
		}
		a, err := analysis.Analyze(context.Background(), h)
		if err != nil {
			t.Fatal(err)
		}
		fs, err := stats.Compute(h, &v, a)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			if want[f.Name] == nil {
				want[f.Name] = &stats.ByLedger{}
			}
			want[f.Name].Add(stats.Describe(h), f)
			facts[f.Name] = append(facts[f.Name], f)
		}
		recs = append(recs, rec)
	}
	return recs, want, facts
}

func testPlayerLedgers(t *testing.T, s store.Store) {
	ctx := context.Background()
	recs, want, facts := ledgerHands(t)
	save(t, s, recs...)
	for _, name := range []string{"p1", "p2", "p3", "p4"} {
		got, err := s.PlayerLedgers(ctx, name, stats.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		w := want[name].Totals()
		if len(got) != len(w) {
			t.Fatalf("%s: %d ledgers %+v; want %d", name, len(got), got, len(w))
		}
		for i := range w {
			sameTotals(t, name+" "+w[i].Ledger.Key(), got[i], w[i])
		}
	}
	// p1 played all five: USD twice, EUR once, the tournament twice; in
	// that order (cash first, by currency: EUR before USD).
	got, _ := s.PlayerLedgers(ctx, "p1", stats.Filter{})
	var keys []string
	var hands []int64
	for _, t := range got {
		keys = append(keys, t.Ledger.Key())
		hands = append(hands, t.Hands)
	}
	if len(keys) != 3 || keys[0] != "cash/EUR/0.01" || keys[1] != "cash/USD/0.01" || keys[2] != "tournament/pokerstars/99" ||
		hands[0] != 1 || hands[1] != 2 || hands[2] != 2 {
		t.Errorf("p1's ledgers %v with %v hands; want EUR 1, USD 2, tournament 99 2", keys, hands)
	}
	all, err := s.PlayerStats(ctx, "p1", stats.Filter{})
	if err != nil || all.Hands != 5 || !all.Mixed || all.Ledger != (stats.Ledger{}) || all.Currency != "" {
		t.Errorf("p1 over all ledgers: %+v, %v; want 5 hands, mixed, no ledger", all, err)
	}
	for _, tc := range []struct {
		name    string
		f       stats.Filter
		hands   int64
		ledgers int
	}{
		{"kind cash", stats.Filter{Kind: stats.Cash}, 3, 2},
		{"kind tournament", stats.Filter{Kind: stats.Tournament}, 2, 1},
		{"kind play", stats.Filter{Kind: stats.Play}, 0, 0},
		{"currency USD", stats.Filter{Currency: "USD"}, 2, 1},
		{"currency EUR", stats.Filter{Currency: "EUR"}, 1, 1},
		{"ledger", stats.Filter{Ledger: "tournament/pokerstars/99"}, 2, 1},
		{"other tournament", stats.Filter{Ledger: "tournament/pokerstars/98"}, 0, 0},
		{"cash in USD from Jan 2", stats.Filter{Kind: stats.Cash, Currency: "USD", From: jan(2)}, 1, 1},
	} {
		tot, err := s.PlayerStats(ctx, "p1", tc.f)
		ls, err2 := s.PlayerLedgers(ctx, "p1", tc.f)
		if err != nil || err2 != nil || tot.Hands != tc.hands || len(ls) != tc.ledgers {
			t.Errorf("filter %s: %d hands in %d ledgers, %v %v; want %d in %d", tc.name, tot.Hands, len(ls), err, err2, tc.hands, tc.ledgers)
		}
		if tc.ledgers == 1 && (tot.Mixed || tot.Ledger != ls[0].Ledger) {
			t.Errorf("filter %s: one ledger but totals %+v", tc.name, tot)
		}
	}
	// The series is one per ledger, cash first, each summed on its own:
	// EUR (hand 2), USD (hands 1, 4), tournament (hands 3, 5).
	page, err := s.PlayerResults(ctx, store.ResultsQuery{Player: "p1"})
	if err != nil || len(page.Points) != 5 {
		t.Fatalf("p1's series: %+v, %v", page, err)
	}
	f := facts["p1"]
	order := []struct {
		hand   int
		ledger string
	}{{1, "cash/EUR/0.01"}, {0, "cash/USD/0.01"}, {3, "cash/USD/0.01"}, {2, "tournament/pokerstars/99"}, {4, "tournament/pokerstars/99"}}
	var cum, sd int64
	for i, o := range order {
		if i == 0 || order[i-1].ledger != o.ledger {
			cum, sd = 0, 0
		}
		cum += f[o.hand].Net
		if f[o.hand].Showdown == 1 {
			sd += f[o.hand].Net
		}
		p := page.Points[i]
		if p.Ledger != o.ledger || p.Net != f[o.hand].Net || p.CumulativeNet != cum || p.CumulativeShowdownNet != sd || p.Time == nil || p.Time.Day() != o.hand+1 {
			t.Errorf("point %d: %+v; want hand %d of %s, net %d, cumulative %d, at showdown %d", i, p, o.hand+1, o.ledger, f[o.hand].Net, cum, sd)
		}
	}
	// Paged one point at a time, the same points.
	q := store.ResultsQuery{Player: "p1", Limit: 1}
	for i := 0; ; i++ {
		pg, err := s.PlayerResults(ctx, q)
		if err != nil || len(pg.Points) != 1 || !samePoint(pg.Points[0], page.Points[i]) {
			t.Fatalf("page %d: %+v, %v; want %+v", i, pg, err, page.Points[i])
		}
		if pg.Next == "" {
			if i != 4 {
				t.Errorf("%d pages; want 5", i+1)
			}
			break
		}
		q.Cursor = pg.Next
	}
	// Buckets never span two ledgers: every 2 gives EUR 1, USD 2,
	// tournament 2.
	pg, err := s.PlayerResults(ctx, store.ResultsQuery{Player: "p1", Every: 2})
	if err != nil || len(pg.Points) != 3 || pg.Points[0].Hands != 1 || pg.Points[1].Hands != 2 || pg.Points[2].Hands != 2 ||
		pg.Points[1].Net != f[0].Net+f[3].Net {
		t.Errorf("every 2: %+v, %v; want buckets of 1, 2 and 2 hands by ledger", pg, err)
	}
}

func jan(d int) *time.Time { x := time.Date(2026, 1, d, 0, 0, 0, 0, time.UTC); return &x }

// samePoint reports whether two points are equal, their times by value.
func samePoint(a, b store.ResultPoint) bool {
	if (a.Time == nil) != (b.Time == nil) || a.Time != nil && !a.Time.Equal(*b.Time) {
		return false
	}
	a.Time, b.Time = nil, nil
	return a == b
}

// LedgerRecords are the ledger tests' hands (statsPHH played in USD, EUR
// and a PokerStars tournament numbered 99, analysed) and each player's
// totals per ledger, cash first, for the API's tests.
func LedgerRecords(t *testing.T) ([]store.Hand, map[string][]stats.Totals) {
	t.Helper()
	recs, want, _ := ledgerHands(t)
	out := map[string][]stats.Totals{}
	for name, by := range want {
		out[name] = by.Totals()
	}
	return recs, out
}

// testHandFilters: the player's own filters (position, holding,
// saw_flop, showdown, allin, result, legal) on his statistics and on the
// hand listing, answered from his facts rows, and the listing's rows. p1
// holds AsAhKsKh in the three pot-limit hands (small blind each), KdKhQcQd
// in the hi/lo showdown (small blind) and As2sKdQd heads-up in the big
// blind in the no-limit all-in (PHH lists a heads-up hand's big blind
// first: p2 posts the small blind on the button); he wins hands 3, 4 and 5.
func testHandFilters(t *testing.T, s store.Store) {
	ctx := context.Background()
	recs, _, facts := ledgerHands(t)
	saved := save(t, s, recs...)
	yes, no := true, false
	mustRange := func(text string) *ranges.Range {
		r, err := ranges.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	for _, tc := range []struct {
		name   string
		player string
		f      stats.Filter
		hands  int64
	}{
		{"small blind", "p1", stats.Filter{Position: "SB"}, 4},
		{"button", "p1", stats.Filter{Position: "BTN"}, 0},
		{"big blind heads-up", "p1", stats.Filter{Position: "BB"}, 1},
		{"p2 on the button heads-up", "p2", stats.Filter{Position: "BTN"}, 1},
		{"p3 in the cutoff of the four-handed hand", "p3", stats.Filter{Position: "CO"}, 1},
		{"aces", "p1", stats.Filter{Holding: mustRange("AA**")}, 3},
		{"ace-deuce", "p1", stats.Filter{Holding: mustRange("A2**")}, 1},
		{"every hand", "p1", stats.Filter{Holding: mustRange("100%")}, 5},
		{"showdown", "p1", stats.Filter{Showdown: &yes}, 2},
		{"no showdown", "p1", stats.Filter{Showdown: &no}, 3},
		{"all-in", "p1", stats.Filter{AllIn: &yes}, 1},
		{"not all-in", "p1", stats.Filter{AllIn: &no}, 4},
		{"won", "p1", stats.Filter{Result: stats.Won}, 3},
		{"lost", "p1", stats.Filter{Result: stats.Lost}, 2},
		{"p2 folded before the flop", "p2", stats.Filter{SawFlop: &no}, 2},
		{"illegal hands have no statistics", "p1", stats.Filter{Legal: &no}, 0},
		{"aces in cash, lost", "p1", stats.Filter{Holding: mustRange("AA**"), Kind: stats.Cash, Result: stats.Lost}, 2},
	} {
		tot, err := s.PlayerStats(ctx, tc.player, tc.f)
		if err != nil || tot.Hands != tc.hands {
			t.Errorf("stats, %s: %d hands, %v; want %d", tc.name, tot.Hands, err, tc.hands)
		}
		page, err := s.Hands(ctx, store.Query{Player: tc.player, Legal: tc.f.Legal, Filter: withoutLegal(tc.f)})
		if err != nil || int64(len(page.Hands)) != tc.hands {
			t.Errorf("listing, %s: %d hands, %v; want %d", tc.name, len(page.Hands), err, tc.hands)
		}
	}
	// Percentages against the Go oracle (stats.Filter.MatchFacts) over
	// every player: the stores' index sets and the ranges' agree.
	games := []string{"omaha-hi", "omaha-hi", "omaha-hi", "omaha-hilo", "omaha-hilo"}
	for _, text := range []string{"5%", "20%", "50%", "A2**:30%", "!AA**"} {
		f := stats.Filter{Holding: mustRange(text)}
		for _, name := range []string{"p1", "p2", "p3", "p4"} {
			var want int64
			for i, fc := range facts[name] {
				g := games[i]
				if name == "p4" {
					g = "omaha-hi" // p4 plays only the four-handed hand
				}
				if f.MatchFacts(g, fc) {
					want++
				}
			}
			if tot, err := s.PlayerStats(ctx, name, f); err != nil || tot.Hands != want {
				t.Errorf("holding %s, %s: %d hands, %v; want %d", text, name, tot.Hands, err, want)
			}
		}
	}
	// Without a player, the hand's own filters list hands; the player's
	// own are refused.
	if page, err := s.Hands(ctx, store.Query{Filter: stats.Filter{Kind: stats.Tournament}}); err != nil || len(page.Hands) != 2 {
		t.Errorf("tournament hands: %d, %v; want 2", len(page.Hands), err)
	}
	if page, err := s.Hands(ctx, store.Query{Filter: stats.Filter{Currency: "EUR", From: jan(2), To: jan(3)}}); err != nil || len(page.Hands) != 1 || page.Hands[0].ID != saved[1].ID {
		t.Errorf("euro hands of Jan 2: %+v, %v; want hand 2", page.Hands, err)
	}
	if _, err := s.Hands(ctx, store.Query{Filter: stats.Filter{Position: "SB"}}); faultField(err) != "player" {
		t.Errorf("position without a player: %v; want invalid naming player", err)
	}
	// The rows, newest stored first: hand 5 all-in heads-up, hand 4 a
	// showdown, hand 1 uncontested (p3's bet returned: a pot of 6).
	page, err := s.Hands(ctx, store.Query{Player: "p1"})
	if err != nil || len(page.Hands) != 5 {
		t.Fatalf("p1's hands: %d, %v", len(page.Hands), err)
	}
	for i, w := range []struct {
		hand     int
		ended    string
		pot      int64
		seat     string
		hole     string
		currency string
	}{
		{4, store.EndedAllIn, 100, "BB", "As2sKdQd", ""},
		{3, store.EndedShowdown, 6, "SB", "KdKhQcQd", "USD"},
		{0, store.EndedUncontested, 6, "SB", "AsAhKsKh", "USD"},
	} {
		h := page.Hands[[]int{0, 1, 4}[i]]
		r := h.Row
		f := facts["p1"][w.hand]
		if h.ID != saved[w.hand].ID || r == nil || r.Ended != w.ended || r.Pot != w.pot || r.Player == nil || r.Player.Position != w.seat ||
			r.Player.Hole != w.hole || r.Player.Net == nil || *r.Player.Net != f.Net || r.Currency != w.currency ||
			r.PlayedAt == nil || r.PlayedAt.Day() != w.hand+1 || r.BigBlind != 2 || r.Board == "" {
			t.Errorf("row of hand %d: %+v player %+v; want %+v, net %d", w.hand+1, r, r.Player, w, f.Net)
		}
	}
	if page.Hands[0].Row.Kind != stats.Tournament || page.Hands[4].Row.Kind != stats.Cash || page.Hands[0].Row.Structure != "no-limit" {
		t.Errorf("kinds %q %q structure %q", page.Hands[0].Row.Kind, page.Hands[4].Row.Kind, page.Hands[0].Row.Structure)
	}
	anon, err := s.Hands(ctx, store.Query{Limit: 1})
	if err != nil || len(anon.Hands) != 1 || anon.Hands[0].Row == nil || anon.Hands[0].Row.Player != nil || anon.Hands[0].Row.Pot != 100 {
		t.Errorf("a row without a player: %+v, %v", anon.Hands, err)
	}
}

// withoutLegal is f without its Legal (a listing takes it apart).
func withoutLegal(f stats.Filter) stats.Filter {
	f.Legal = nil
	return f
}
