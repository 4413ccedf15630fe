package stats_test

import (
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/stats"
)

func TestLedger_OfEachKindOfMoney(t *testing.T) {
	for _, tc := range []struct {
		name string
		h    handhistory.Hand
		key  string
	}{
		{"cash in dollars", handhistory.Hand{Site: "pokerstars", Table: handhistory.Table{Currency: "USD", ChipUnit: "0.01"}}, "cash/USD/0.01"},
		{"cash in euros", handhistory.Hand{Site: "winamax", Table: handhistory.Table{Currency: "EUR", ChipUnit: "0.01"}}, "cash/EUR/0.01"},
		{"a PokerStars tournament by its number", handhistory.Hand{Site: "pokerstars", Tournament: true, TableName: "7817460 1", Table: handhistory.Table{ChipUnit: "1"}}, "tournament/pokerstars/7817460"},
		{"a tournament with no number", handhistory.Hand{Site: "ggpoker", Tournament: true, TableName: "Final Table"}, "tournament/ggpoker/"},
		{"play money", handhistory.Hand{Site: "winamax", Table: handhistory.Table{ChipUnit: "1"}}, "play"},
		{"chips of no currency (PHH)", handhistory.Hand{}, "play"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := stats.LedgerOf(stats.Describe(&tc.h))
			if l.Key() != tc.key {
				t.Fatalf("ledger %+v key %q; want %q", l, l.Key(), tc.key)
			}
			back, ok := stats.ParseLedger(tc.key)
			if !ok || back != l {
				t.Errorf("ParseLedger(%q) = %+v, %v; want %+v", tc.key, back, ok, l)
			}
		})
	}
	for _, bad := range []string{"", "cash", "cash//0.01", "tournament/x", "play/x", "dollars/USD/1"} {
		if l, ok := stats.ParseLedger(bad); ok {
			t.Errorf("ParseLedger(%q) = %+v; want not a ledger", bad, l)
		}
	}
}

// Two cash currencies and a tournament: the report never adds their
// money, lists cash first, and keeps the unit-free figures over all.
func TestReport_MoneyNeverMixed(t *testing.T) {
	usd := stats.Hand{Kind: stats.Cash, Currency: "USD", ChipUnit: "0.01", BigBlind: 2}
	eur := stats.Hand{Kind: stats.Cash, Currency: "EUR", ChipUnit: "0.01", BigBlind: 10}
	tour := stats.Hand{Kind: stats.Tournament, Site: "pokerstars", Tournament: "1", BigBlind: 100}
	var by stats.ByLedger
	by.Add(tour, stats.Facts{Net: -5000, VPIP: 1})
	by.Add(usd, stats.Facts{Net: 150})
	by.Add(usd, stats.Facts{Net: -50, VPIP: 1})
	by.Add(eur, stats.Facts{Net: 20})
	r := stats.NewReport("p", by.Totals()...)
	if r.Hands != 4 || r.VPIP.Count != 2 || r.Net != nil || r.Luck != nil || r.AllInAdjustedNet != nil || r.Ledger != nil {
		t.Fatalf("over all: %+v; want 4 hands, 2 VPIP, no amounts", r.Figures)
	}
	// net_bb by hand: 150/2 - 50/2 + 20/10 - 5000/100 = 75 - 25 + 2 - 50.
	if r.NetBB != 2 {
		t.Errorf("net_bb %v; want 2", r.NetBB)
	}
	want := []struct {
		key, amount string
		hands       int64
	}{{"cash/EUR/0.01", "0.20", 1}, {"cash/USD/0.01", "1.00", 2}, {"tournament/pokerstars/1", "", 1}}
	if len(r.Ledgers) != len(want) {
		t.Fatalf("%d ledgers; want %d", len(r.Ledgers), len(want))
	}
	for i, w := range want {
		l := r.Ledgers[i]
		if l.Key != w.key || l.Hands != w.hands || l.Net == nil || l.Net.Amount != w.amount {
			t.Errorf("ledger %d: %s %d hands net %+v; want %s %d hands net %q", i, l.Key, l.Hands, l.Net, w.key, w.hands, w.amount)
		}
	}
	if r.Ledgers[2].Net.Chips != -5000 {
		t.Errorf("tournament net %+v; want -5000 chips", r.Ledgers[2].Net)
	}
	one := stats.NewReport("p", by.Totals()[1])
	if one.Net == nil || one.Net.Amount != "1.00" || one.Ledger == nil || one.Ledger.Currency != "USD" {
		t.Errorf("one ledger: net %+v ledger %+v; want 1.00 USD", one.Net, one.Ledger)
	}
}

func TestSeatName_AsTrackersNameThem(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want []string // from the button, clockwise
	}{
		{2, []string{"BTN", "BB"}},
		{3, []string{"BTN", "SB", "BB"}},
		{4, []string{"BTN", "SB", "BB", "CO"}},
		{5, []string{"BTN", "SB", "BB", "UTG", "CO"}},
		{6, []string{"BTN", "SB", "BB", "UTG", "MP", "CO"}},
		{9, []string{"BTN", "SB", "BB", "UTG", "MP", "MP", "MP", "MP", "CO"}},
	} {
		for k, w := range tc.want {
			if got := stats.SeatName(tc.n, k); got != w {
				t.Errorf("%d players, %d left of the button: %q; want %q", tc.n, k, got, w)
			}
		}
	}
}
