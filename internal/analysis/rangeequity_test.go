package analysis

import (
	"context"
	"math"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/preflop"
	"github.com/scoophq/scoop/internal/ranges"
)

// raisedThenBetHand: p2, cards unknown, raises before the flop and bets
// the flop; p1 (known) calls both.
const raisedThenBetHand = `variant = 'PO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [200, 200]
actions = ['d dh p1 QhQdJcTc', 'd dh p2 ????', 'p2 cbr 6', 'p1 cc', 'd db AhKd7c', 'p1 cc', 'p2 cbr 6', 'p1 cc', 'd db Td', 'p1 cc', 'p2 cc', 'd db Jd', 'p1 cc', 'p2 cc']
`

// rangeEquityOf is Scoop's equity of hand against the range on board,
// as `scoop equity HAND RANGE --board BOARD` computes it (ranges parsed
// from the text, Monte Carlo with its default trials, another seed).
func rangeEquityOf(t *testing.T, hand, rng, board string) equity.PlayerResult {
	t.Helper()
	res, err := equity.ComputeRanges(context.Background(), equity.RangeRequest{Game: eval.OmahaHiLo,
		Ranges: []*ranges.Range{mustRange(t, hand), mustRange(t, rng)}, Board: cards.MustParse(board), Mode: equity.MonteCarlo, Trials: 200_000, Seed: 99})
	if err != nil {
		t.Fatal(err)
	}
	return res.Players[0]
}

func mustRange(t *testing.T, s string) *ranges.Range {
	t.Helper()
	r, err := ranges.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// decisionAt is the decision of a at action index i.
func decisionAt(t *testing.T, a *Analysis, i int) Decision {
	t.Helper()
	for _, d := range a.Decisions {
		if d.Index == i {
			return d
		}
	}
	t.Fatalf("no decision at action %d: %+v", i, a.Decisions)
	return Decision{}
}

// A10: the opponent raised before the flop, so he holds the top PFR% of
// hands: his stored PFR with 100 hands or more, 15% with fewer; the
// decision's equity against that range is Scoop's equity against "P%".
func TestRangeEquity_A10_RaiserHoldsTopPFR(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		stats OpponentStats
		want  string
		dflt  bool
	}{
		{"stored PFR with 150 hands", StatsByName{"p2": {Hands: 150, VPIP: 0.41, PFR: 0.22}}, "22%", false},
		{"fewer than 100 stored hands: 15%", StatsByName{"p2": {Hands: 99, VPIP: 0.41, PFR: 0.22}}, "15%", true},
		{"no store: 15%", nil, "15%", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := phhOf(t, raisedThenBetHand)
			a, err := AnalyzeWith(context.Background(), h, Options{Opponents: c.stats})
			if err != nil {
				t.Fatal(err)
			}
			for _, i := range []int{3, 7} { // p1 calls the raise, then the flop bet
				d := decisionAt(t, a, i)
				if d.Action != "call" || d.RangeEquity == nil || len(d.Ranges) != 1 {
					t.Fatalf("action %d: %+v", i, d)
				}
				r := d.Ranges[0]
				if r.Player != "p2" || r.Range != c.want || r.Basis != "pfr" || r.Default != c.dflt {
					t.Errorf("action %d: range %+v, want p2 %s pfr", i, r, c.want)
				}
				board := []string{"", "AhKd7c"}[map[int]int{3: 0, 7: 1}[i]]
				want := rangeEquityOf(t, "QhQdJcTc", c.want, board)
				se := math.Hypot(*d.RangeStderr, want.Stderr)
				if diff := math.Abs(*d.RangeEquity - want.Equity); diff > 4*se || *d.RangeStderr == 0 {
					t.Errorf("action %d: range equity %.4f±%.4f, scoop equity against %s %.4f±%.4f", i, *d.RangeEquity, *d.RangeStderr, c.want, want.Equity, want.Stderr)
				}
				if d.BelowOddsVsRange != (*d.RangeEquity < *d.PotOdds) {
					t.Errorf("action %d: below_odds_vs_range %v with %.4f against odds %.4f", i, d.BelowOddsVsRange, *d.RangeEquity, *d.PotOdds)
				}
			}
		})
	}
}

// A10: an opponent who only called holds the top VPIP%; a check (nothing
// owed) carries no range equity, nor a decision against known hands.
func TestRangeEquity_A10_CallerHoldsTopVPIP(t *testing.T) {
	t.Parallel()
	h := phhOf(t, `variant = 'PO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [200, 200]
actions = ['d dh p1 As2dKhQc', 'd dh p2 ????', 'p2 cc', 'p1 cbr 6', 'p2 cc', 'd db 3c4h9s', 'p1 cc', 'p2 cbr 6', 'p1 cc', 'd db Td', 'p1 cc', 'p2 cc', 'd db Jd', 'p1 cc', 'p2 cc']
`)
	a, err := AnalyzeWith(context.Background(), h, Options{Opponents: StatsByName{"p2": {Hands: 300, VPIP: 0.284, PFR: 0.1}}})
	if err != nil {
		t.Fatal(err)
	}
	d := decisionAt(t, a, 8)
	if d.RangeEquity == nil || len(d.Ranges) != 1 || d.Ranges[0].Range != "28%" || d.Ranges[0].Basis != "vpip" || d.Ranges[0].Hands != 300 || d.Ranges[0].Combos == 0 {
		t.Errorf("flop call %+v ranges %+v", d, d.Ranges)
	}
	if chk := decisionAt(t, a, 10); chk.Action != "check" || chk.RangeEquity != nil {
		t.Errorf("turn check %+v", chk)
	}
	allKnown, err := AnalyzeWith(context.Background(), phhOf(t, `variant = 'PO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [200, 200]
actions = ['d dh p1 As2dKhQc', 'd dh p2 KsKd7c7h', 'p2 cbr 6', 'p1 cc', 'd db 3c4h9s', 'p1 cc', 'p2 cbr 6', 'p1 cc', 'd db Td', 'p1 cc', 'p2 cc', 'd db Jd', 'p1 cc', 'p2 cc']
`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range allKnown.Decisions {
		if d.RangeEquity != nil || d.Ranges != nil || d.BelowOddsVsRange {
			t.Errorf("known opponent: %+v", d)
		}
	}
}

// A10 before the flop, from the precomputed range table (package
// preflop): where the deciding player's hand is the only one known, no
// card is dead and each opponent holds a default range, the decision's
// range equity is the table's entry (its ranges' hands too); a stored
// range the table does not hold, a target tighter than the table's
// error, a later street or a dead card gets Monte Carlo for this hand.
func TestRangeEquity_A10_PreflopTable(t *testing.T) {
	t.Parallel()
	h := phhOf(t, raisedThenBetHand)
	hole := cards.MustParse("QhQdJcTc")
	entry, ok := preflop.LookupRanges(eval.OmahaHiLo, hole, []int{15})
	if !ok {
		t.Fatal("no table entry for one opponent of 15%")
	}
	for _, c := range []struct {
		name  string
		h     *handhistory.Hand
		opt   Options
		table bool
	}{
		{"defaults", h, Options{}, true},
		{"a stored PFR of 15%", h, Options{Opponents: StatsByName{"p2": {Hands: 150, VPIP: 0.4, PFR: 0.151}}}, true},
		{"a stored PFR of 22%", h, Options{Opponents: StatsByName{"p2": {Hands: 150, VPIP: 0.4, PFR: 0.22}}}, false},
		{"a tighter target", h, Options{TargetStderr: entry.Stderr / 4}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a, err := AnalyzeWith(context.Background(), c.h, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			d := decisionAt(t, a, 3)
			if d.RangeEquity == nil || d.RangeTable != c.table {
				t.Fatalf("preflop call: range_table %v, want %v: %+v", d.RangeTable, c.table, d)
			}
			if c.table && (*d.RangeEquity != entry.Equity || *d.RangeStderr != entry.Stderr || d.Ranges[0].Combos != entry.Combos[0]) {
				t.Errorf("preflop call %.6f±%.6f, %d hands; the table's entry %+v", *d.RangeEquity, *d.RangeStderr, d.Ranges[0].Combos, entry)
			}
			if flop := decisionAt(t, a, 7); flop.RangeEquity == nil || flop.RangeTable {
				t.Errorf("flop call from the table: %+v", flop)
			}
		})
	}
	// p3 shows the cards he folded: they are dead, and no entry holds them.
	dead, err := AnalyzeWith(context.Background(), phhOf(t, `variant = 'PO/8'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [200, 200, 200]
actions = ['d dh p1 QhQdJcTc', 'd dh p2 ????', 'd dh p3 AcAd2h3h', 'p3 f', 'p1 cc', 'p2 cbr 6', 'p1 cc', 'd db AhKd7c', 'p1 cc', 'p2 cc', 'd db Td', 'p1 cc', 'p2 cc', 'd db Jd', 'p1 cc', 'p2 cc']
`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dead.Decisions {
		if d.RangeTable {
			t.Errorf("a dead card, answered from the table: %+v", d)
		}
	}
}

// The analysis' default ranges and its most ranged opponents are the
// range table's: were they to drift apart, every decision would fall
// back to Monte Carlo, unseen but for the time it takes.
func TestDefaultRangesAreTheTables(t *testing.T) {
	t.Parallel()
	if got := [2]int{int(math.Round(100 * DefaultPFR)), int(math.Round(100 * DefaultVPIP))}; got != preflop.RangePercents {
		t.Errorf("default ranges %v%%, the table's %v%%", got, preflop.RangePercents)
	}
	if MaxRangeOpponents != preflop.MaxRangeOpponents {
		t.Errorf("MaxRangeOpponents %d, the table's %d", MaxRangeOpponents, preflop.MaxRangeOpponents)
	}
}
