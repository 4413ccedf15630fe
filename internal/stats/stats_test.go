package stats_test

import (
	"context"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/stats"
)

// factsOf reads one PHH hand, which must replay legal, and returns each
// player's facts by name.
func factsOf(t *testing.T, text string) map[string]stats.Facts {
	t.Helper()
	es, err := handhistory.Read(handhistory.FormatPHH, []byte(text))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("read PHH: %v %+v", err, es)
	}
	h := es[0].Hand
	v := analysis.Replay(h)
	if !v.Legal {
		t.Fatalf("illegal hand: %+v", v.Error)
	}
	a, err := analysis.Analyze(context.Background(), h)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := stats.Compute(h, &v, a)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]stats.Facts{}
	var sum int64
	for _, f := range fs {
		out[f.Name] = f
		sum += f.Net
	}
	if sum != -v.Rake {
		t.Errorf("nets sum to %d, want minus the rake %d", sum, -v.Rake)
	}
	return out
}

// Three players limp, the big blind checks his option; p3 bets the flop
// and the others fold.
const limpedPHH = `variant = 'PO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'd dh p3 9s8s7d6d', 'p3 cc', 'p1 cc', 'p2 cc', 'd db Tc5h2s', 'p1 cc', 'p2 cc', 'p3 cbr 4', 'p1 f', 'p2 f']
`

// p3 limps, p1 raises, p2 folds facing one raise, p3 limp-reraises (a
// 3-bet: it re-raises exactly one raise), p1 calls; p1 checks the flop and
// folds to p3's bet, which is returned to him uncalled.
const limpReraisePHH = `variant = 'PO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'd dh p3 9s8s7d6d', 'p3 cc', 'p1 cbr 6', 'p2 f', 'p3 cbr 18', 'p1 cc', 'd db Tc5h2s', 'p1 cc', 'p3 cbr 20', 'p1 f']
`

// p3 limps, p4 raises, p1 re-raises (a 3-bet), p2 folds facing two
// raises, p3 re-raises two raises (a 4-bet, not a 3-bet), p4 folds, p1
// calls; flop p1 checks, p3 bets, p1 calls; turn checked; river p1 bets
// and p3 folds: nobody reaches the showdown.
const fourBetPHH = `variant = 'PO'
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
starting_stacks = [200, 200, 200, 200]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'd dh p3 9s8s7d6d', 'd dh p4 2h2d3h3s', 'p3 cc', 'p4 cbr 6', 'p1 cbr 20', 'p2 f', 'p3 cbr 60', 'p4 f', 'p1 cc', 'd db Tc5h2s', 'p1 cc', 'p3 cbr 40', 'p1 cc', 'd db 3c', 'p1 cc', 'p3 cc', 'd db 4d', 'p1 cbr 30', 'p3 f']
`

// Hi/lo, checked down: p1's four kings take the high half, p2 and p3
// share the low half with the same wheel (quartered).
const quarteredPHH = `variant = 'FO/8'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = ['d dh p1 KdKhQcQd', 'd dh p2 As5s9c9d', 'd dh p3 Ah5hTcTd', 'p3 cc', 'p1 cc', 'p2 cc', 'd db 2c3d4h', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Kc', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Ks', 'p1 cc', 'p2 cc', 'p3 cc', 'p1 sm KdKhQcQd', 'p2 sm As5s9c9d', 'p3 sm Ah5hTcTd']
`

// Hi/lo: p3 folds, p1's kings and wheel take both halves from p2 at the
// showdown (a scoop).
const scoopPHH = `variant = 'FO/8'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = ['d dh p1 As5sKdKh', 'd dh p2 QcQdJcJd', 'd dh p3 9c9d8c8d', 'p3 f', 'p1 cc', 'p2 cc', 'd db 2c3d4h', 'p1 cc', 'p2 cc', 'd db Kc', 'p1 cc', 'p2 cc', 'd db Ks', 'p1 cc', 'p2 cc', 'p1 sm As5sKdKh', 'p2 sm QcQdJcJd']
`

func TestS2_BigBlindCheckingHisOptionIsNotVPIP(t *testing.T) {
	f := factsOf(t, limpedPHH)
	for name, want := range map[string]int{"p1": 1, "p2": 0, "p3": 1} {
		if f[name].VPIP != want || f[name].PFR != 0 || f[name].ThreeBetChance != 0 {
			t.Errorf("%s: %+v; want vpip %d, no pfr, no 3-bet chance", name, f[name], want)
		}
	}
}

func TestS2_LimpReraiseOfOneRaiseIsAThreeBet(t *testing.T) {
	f := factsOf(t, limpReraisePHH)
	// p3: limped (VPIP), then re-raised the one raise: PFR and 3-bet.
	if p := f["p3"]; p.VPIP != 1 || p.PFR != 1 || p.ThreeBetChance != 1 || p.ThreeBet != 1 {
		t.Errorf("p3 %+v; want vpip, pfr, a 3-bet on its chance", p)
	}
	// p1 opened (no raise before him) and called the 3-bet: no chance.
	if p := f["p1"]; p.VPIP != 1 || p.PFR != 1 || p.ThreeBetChance != 0 || p.ThreeBet != 0 {
		t.Errorf("p1 %+v; want vpip, pfr, no 3-bet chance", p)
	}
	// p2 faced exactly one raise and could re-raise: a chance not taken.
	if p := f["p2"]; p.VPIP != 0 || p.ThreeBetChance != 1 || p.ThreeBet != 0 {
		t.Errorf("p2 %+v; want a 3-bet chance not taken", p)
	}
}

func TestS2_ReraisingTwoRaisesIsNotAThreeBet(t *testing.T) {
	f := factsOf(t, fourBetPHH)
	want := map[string][4]int{ // vpip, pfr, chance, 3-bet
		"p1": {1, 1, 1, 1},
		"p2": {0, 0, 0, 0}, // faced two raises: no chance
		"p3": {1, 1, 0, 0}, // limped with no raise, re-raised two
		"p4": {1, 1, 0, 0},
	}
	for name, w := range want {
		p := f[name]
		if got := [4]int{p.VPIP, p.PFR, p.ThreeBetChance, p.ThreeBet}; got != w {
			t.Errorf("%s: vpip, pfr, 3-bet chance, 3-bet = %v; want %v", name, got, w)
		}
	}
}

func TestS1_NetIsWonPlusReturnedMinusPutIn(t *testing.T) {
	// p3's flop bet of 20 is returned: he wins p1's 18 and p2's blind.
	f := factsOf(t, limpReraisePHH)
	for name, want := range map[string]int64{"p1": -18, "p2": -2, "p3": 20} {
		if f[name].Net != want {
			t.Errorf("%s net %d, want %d", name, f[name].Net, want)
		}
	}
	// p1 wins 100 from p3, 2 from p2 and 6 from p4; his river bet of 30
	// comes back.
	f = factsOf(t, fourBetPHH)
	for name, want := range map[string]int64{"p1": 108, "p2": -2, "p3": -100, "p4": -6} {
		if f[name].Net != want {
			t.Errorf("%s net %d, want %d", name, f[name].Net, want)
		}
	}
}

func TestS3_AggressionAndTheRiverFolderReachesNoShowdown(t *testing.T) {
	f := factsOf(t, fourBetPHH)
	// p1: called the flop, bet the river. p3: bet the flop, folded the
	// river (no showdown); p4 folded preflop (saw no flop).
	want := map[string][4]int{ // aggressive, calls, saw flop, showdown
		"p1": {1, 1, 1, 0},
		"p2": {0, 0, 0, 0},
		"p3": {1, 0, 1, 0},
		"p4": {0, 0, 0, 0},
	}
	for name, w := range want {
		p := f[name]
		if got := [4]int{p.Aggressive, p.Calls, p.SawFlop, p.Showdown}; got != w {
			t.Errorf("%s: aggressive, calls, saw flop, showdown = %v; want %v", name, got, w)
		}
	}
	var tot stats.Totals
	for _, name := range []string{"p1"} {
		tot.Add(stats.Hand{Game: "omaha-hi", BigBlind: 2}, f[name])
	}
	r := stats.NewReport("p1", tot)
	if r.AF.Value == nil || *r.AF.Value != 1 || r.WTSD.Value == nil || *r.WTSD.Value != 0 || r.WSD.Value != nil {
		t.Errorf("p1 report af %+v wtsd %+v wsd %+v; want af 1, wtsd 0 of 1, wsd null", r.AF, r.WTSD, r.WSD)
	}
	if r.NetBB != 54 || r.BBPer100 == nil || *r.BBPer100 != 5400 {
		t.Errorf("p1 net_bb %v bb/100 %v; want 54 and 5400", r.NetBB, r.BBPer100)
	}
}

func TestS3_ShowdownWonIsChipsWon(t *testing.T) {
	f := factsOf(t, scoopPHH)
	if p := f["p1"]; p.SawFlop != 1 || p.Showdown != 1 || p.WonShowdown != 1 {
		t.Errorf("p1 %+v; want a showdown won", p)
	}
	if p := f["p2"]; p.SawFlop != 1 || p.Showdown != 1 || p.WonShowdown != 0 {
		t.Errorf("p2 %+v; want a showdown lost", p)
	}
	if p := f["p3"]; p.SawFlop != 0 || p.Showdown != 0 {
		t.Errorf("p3 %+v; folded preflop", p)
	}
}

func TestS4_ScoopQuarteredLowsWon(t *testing.T) {
	f := factsOf(t, scoopPHH)
	if p := f["p1"]; p.Scoop != 1 || p.Quartered != 0 || p.LowWon != 1 || p.Net != 2 {
		t.Errorf("p1 %+v; want a scoop with the low, net 2", p)
	}
	if p := f["p2"]; p.Scoop != 0 || p.LowWon != 0 {
		t.Errorf("p2 %+v; want nothing", p)
	}
	f = factsOf(t, quarteredPHH)
	// Pot 6: high half 3 to p1, low half 3 shared by p2 and p3.
	if p := f["p1"]; p.Scoop != 0 || p.Quartered != 0 || p.LowWon != 0 || p.Net != 1 {
		t.Errorf("p1 %+v; want the high half only, net 1", p)
	}
	for _, name := range []string{"p2", "p3"} {
		if p := f[name]; p.Scoop != 0 || p.Quartered != 1 || p.LowWon != 1 || p.WonShowdown != 1 {
			t.Errorf("%s %+v; want quartered with a low won", name, p)
		}
	}
}

func TestS5_AdjustedNetFromTheAnalysis(t *testing.T) {
	// Not all-in: adjusted equals net, the hand does not qualify.
	f := factsOf(t, limpReraisePHH)
	for name, p := range f {
		if p.AdjustedNet == nil || *p.AdjustedNet != float64(p.Net) || p.AllIn == nil || *p.AllIn {
			t.Errorf("%s adjusted %v all-in %v; want the net %d, not all-in", name, p.AdjustedNet, p.AllIn, p.Net)
		}
	}
	// Heads-up all-in preflop: the expectation is the pot times the
	// equity, minus what he put in.
	f = factsOf(t, `variant = 'NO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 50]
actions = ['d dh p1 As2sKdQd', 'd dh p2 JhJcTh9c', 'p2 cbr 50', 'p1 cc', 'd db 4c7hKh', 'd db 8s', 'd db 2c', 'p1 sm As2sKdQd', 'p2 sm JhJcTh9c']
`)
	p1, p2 := f["p1"], f["p2"]
	if p1.AllIn == nil || !*p1.AllIn || p1.AdjustedNet == nil || p2.AdjustedNet == nil {
		t.Fatalf("p1 %+v; want a qualifying hand", p1)
	}
	if s := *p1.AdjustedNet + *p2.AdjustedNet; s < -1e-9 || s > 1e-9 {
		t.Errorf("adjusted nets sum to %v, want 0 (no rake)", s)
	}
	var tot stats.Totals
	tot.Add(stats.Hand{Game: "omaha-hilo"}, p1)
	r := stats.NewReport("p1", tot)
	if r.AllInHands != 1 || r.Luck.Chips != float64(p1.Net)-*p1.AdjustedNet {
		t.Errorf("report all-in hands %d luck %v", r.AllInHands, r.Luck)
	}
}

func TestS1_AmountsInTheSharedCurrency(t *testing.T) {
	var tot stats.Totals
	tot.Add(stats.Hand{Currency: "USD", ChipUnit: "0.01", BigBlind: 10}, stats.Facts{Net: -1234})
	r := stats.NewReport("x", tot)
	if r.Net.Amount != "-12.34" || r.Net.Currency != "USD" || r.Net.Chips != -1234 {
		t.Errorf("net %+v; want -12.34 USD", r.Net)
	}
	tot.Add(stats.Hand{Currency: "EUR", ChipUnit: "0.01"}, stats.Facts{Net: 5})
	if r := stats.NewReport("x", tot); r.Net != nil {
		t.Errorf("mixed currencies gave %+v; want no amount (money is never mixed)", r.Net)
	}
}
