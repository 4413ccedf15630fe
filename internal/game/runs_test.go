package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
)

// runBoard deals cs to run number run.
func runBoard(run int, cs string) Action {
	return Action{Player: -1, Kind: DealBoard, Cards: cards.MustParse(cs), Run: run}
}

// headsUpAllInPreflop starts a heads-up hand (button 1 posts the small
// blind 1, player 0 the big blind 2) and puts both players all-in before
// the flop.
func headsUpAllInPreflop(t *testing.T, g eval.Game, stack int64, unit int64, h0, h1 string) *State {
	t.Helper()
	s := mustNew(t, Config{Game: g, Structure: NoLimit, Stacks: stacks(2, stack), Button: 1, Posts: blinds(2, 1, 1, 2),
		ChipUnit: unit, Holes: holes(h0, h1)})
	mustApply(t, s, cbr(1, stack), cc(0))
	if s.Phase() != Runout {
		t.Fatalf("phase %v after the all-in, want runout", s.Phase())
	}
	return s
}

func boardsString(bs []cards.List) string {
	parts := make([]string, len(bs))
	for i, b := range bs {
		parts[i] = b.String()
	}
	return strings.Join(parts, " / ")
}

// TestRunTwiceEachRunSettlesItsShareOnItsBoard pins the multi-run
// settlement: a pot after rake is shared equally between the runs, the odd
// chip to the first run (as PokerStars pays), and each run's part is split
// on its own board by R12-R18.
func TestRunTwiceEachRunSettlesItsShareOnItsBoard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		rake     Rake
		runs     []Action
		wantRuns []int64   // each run's part of the (only) pot
		want     [][]int64 // payouts per run
	}{
		{
			// The corpus hand (PokerStars #134782498345) in small chips:
			// kings full of sixes win the first run, aces the second.
			name:     "one run each, even pot",
			runs:     []Action{runBoard(1, "9c6dTd"), runBoard(1, "Kh"), runBoard(1, "6h"), runBoard(2, "2d6c7h"), runBoard(2, "Qh"), runBoard(2, "8d")},
			wantRuns: []int64{100, 100},
			want:     [][]int64{{0, 100}, {100, 0}},
		},
		{
			name:     "odd chip to the first run",
			rake:     Rake{Total: 1},
			runs:     []Action{runBoard(1, "9c6dTdKh6h"), runBoard(2, "2d6c7hQh8d")},
			wantRuns: []int64{100, 99},
			want:     [][]int64{{0, 100}, {99, 0}},
		},
		{
			name:     "first run's cards without a run number",
			rake:     Rake{PotsAfter: []int64{197}},
			runs:     []Action{board("9c6dTd"), board("Kh"), board("6h"), runBoard(2, "2d6c7hQh8d")},
			wantRuns: []int64{99, 98},
			want:     [][]int64{{0, 99}, {98, 0}},
		},
		{
			name:     "the same player wins both runs",
			runs:     []Action{runBoard(1, "9c6dTdKh6h"), runBoard(2, "2dKd7hQh8d")},
			wantRuns: []int64{100, 100},
			want:     [][]int64{{0, 100}, {0, 100}},
		},
		{
			name:     "three runs: two leftover chips to the first two",
			rake:     Rake{Total: 1},
			runs:     []Action{runBoard(1, "9c6dTdKh6h"), runBoard(2, "2d6c7hQh8d"), runBoard(3, "2h3h5cJdQd")},
			wantRuns: []int64{67, 66, 66},
			want:     [][]int64{{0, 67}, {66, 0}, {66, 0}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := headsUpAllInPreflop(t, eval.OmahaHi, 100, 0, "JcAdAc4h", "3cKcKs4s")
			mustApply(t, s, tt.runs...)
			if s.Phase() != Showdown || s.Runs() != len(tt.want) {
				t.Fatalf("phase %v, %d runs; want showdown, %d runs", s.Phase(), s.Runs(), len(tt.want))
			}
			st := settle(t, s, tt.rake)
			if len(st.Pots) != 1 || len(st.Pots[0].Runs) != len(tt.wantRuns) {
				t.Fatalf("pots %+v, want one pot in %d runs", st.Pots, len(tt.wantRuns))
			}
			var payouts [2]int64
			for j, r := range st.Pots[0].Runs {
				if r.Amount != tt.wantRuns[j] {
					t.Errorf("run %d gets %d of the pot, want %d", j+1, r.Amount, tt.wantRuns[j])
				}
				if !slices.Equal(st.RunPayouts[j], tt.want[j]) {
					t.Errorf("run %d pays %v, want %v", j+1, st.RunPayouts[j], tt.want[j])
				}
				payouts[0] += tt.want[j][0]
				payouts[1] += tt.want[j][1]
			}
			if !slices.Equal(st.Payouts, payouts[:]) {
				t.Errorf("payouts %v, want the runs' sums %v", st.Payouts, payouts)
			}
			if len(st.Boards) != len(tt.want) || st.Boards[0].String() != s.Board().String() {
				t.Errorf("boards %s, want %d with the first run's %s first", boardsString(st.Boards), len(tt.want), s.Board())
			}
		})
	}
}

// TestRunTwiceHiLoSidePots runs a three-way all-in with a side pot twice:
// each pot is halved between the runs (R12), each run's half of each pot
// split hi/lo on that run's board with the odd chip to the high (R17).
func TestRunTwiceHiLoSidePots(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: NoLimit, Stacks: []int64{50, 100, 100}, Button: 2, Posts: blinds(3, 2, 1, 2),
		Holes: holes("As2s9c9d", "KhKdQcJc", "Ah3hTsTd")})
	mustApply(t, s, cbr(2, 100), cc(0), cc(1))
	// Run 1: p2's trip kings high; p1's 8-5-4-2-A low in the main pot,
	// p3's 8-5-4-3-A in the side pot. Run 2: kings again; p3's 7-6-3-2-A
	// low in both pots.
	mustApply(t, s, runBoard(1, "4c5d8hKsQd"), runBoard(2, "6c7d8c"), runBoard(2, "Jd"), runBoard(2, "2d"))
	st := settle(t, s, Rake{})
	if len(st.Pots) != 2 || st.Pots[0].Amount != 150 || st.Pots[1].Amount != 100 {
		t.Fatalf("pots %+v, want a main pot of 150 and a side pot of 100", st.Pots)
	}
	want := []struct {
		pot, run int
		amount   int64
		hi, lo   []Share
	}{
		{0, 0, 75, []Share{{1, 38}}, []Share{{0, 37}}},
		{0, 1, 75, []Share{{1, 38}}, []Share{{2, 37}}},
		{1, 0, 50, []Share{{1, 25}}, []Share{{2, 25}}},
		{1, 1, 50, []Share{{1, 25}}, []Share{{2, 25}}},
	}
	for _, w := range want {
		r := st.Pots[w.pot].Runs[w.run]
		if r.Amount != w.amount || !slices.Equal(r.Hi, w.hi) || !slices.Equal(r.Lo, w.lo) {
			t.Errorf("pot %d run %d: %+v, want %d: hi %v lo %v", w.pot+1, w.run+1, r, w.amount, w.hi, w.lo)
		}
	}
	// Hi and Lo are the sums over the runs, in seat order from the button.
	if !slices.Equal(st.Pots[0].Hi, []Share{{1, 76}}) || !slices.Equal(st.Pots[0].Lo, []Share{{0, 37}, {2, 37}}) {
		t.Errorf("main pot hi %v lo %v, want p2 76 / p1 37, p3 37", st.Pots[0].Hi, st.Pots[0].Lo)
	}
	if !slices.Equal(st.Payouts, []int64{37, 126, 87}) {
		t.Errorf("payouts %v, want [37 126 87]", st.Payouts)
	}
	if !slices.Equal(st.RunPayouts[0], []int64{37, 63, 25}) || !slices.Equal(st.RunPayouts[1], []int64{0, 63, 62}) {
		t.Errorf("run payouts %v, want [[37 63 25] [0 63 62]]", st.RunPayouts)
	}
}

// TestRunTwiceQuarteredInOneRun: a run's low half shared by two players
// gives its odd chip to the first of them left of the button (R18), within
// that run's part only.
func TestRunTwiceQuarteredInOneRun(t *testing.T) {
	t.Parallel()
	// Button 2; p1 SB, p2 BB; pot 3 x 28 = 84, rake 1, two runs: 42 and 41.
	s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: PotLimit, Stacks: stacks(3, 28), Button: 2, Posts: blinds(3, 2, 1, 2),
		Holes: holes("As4dJhJc", "KsKh9c9d", "Ad4cTdTh")})
	mustApply(t, s, cbr(2, 7), cc(0), cc(1), board("2c3d7h"), cbr(0, 21), cc(1), cc(2))
	if s.Phase() != Runout {
		t.Fatalf("phase %v, want runout after the flop all-in", s.Phase())
	}
	// Run 1: p2's trip kings high, p1 and p3 tie the 7-4-3-2-A low.
	// Run 2: p2's pair of kings high, the same tied low.
	mustApply(t, s, runBoard(1, "Kc"), runBoard(1, "Qs"), runBoard(2, "Qc"), runBoard(2, "8s"))
	st := settle(t, s, Rake{Total: 1})
	r1, r2 := st.Pots[0].Runs[0], st.Pots[0].Runs[1]
	if r1.Amount != 42 || !slices.Equal(r1.Hi, []Share{{1, 21}}) || !slices.Equal(r1.Lo, []Share{{0, 11}, {2, 10}}) {
		t.Errorf("run 1 %+v, want 42: hi p2 21, lo p1 11 (left of the button first), p3 10", r1)
	}
	if r2.Amount != 41 || !slices.Equal(r2.Hi, []Share{{1, 21}}) || !slices.Equal(r2.Lo, []Share{{0, 10}, {2, 10}}) {
		t.Errorf("run 2 %+v, want 41: hi p2 21 (odd chip to the high), lo 10/10", r2)
	}
	if !slices.Equal(st.Payouts, []int64{21, 42, 20}) {
		t.Errorf("payouts %v, want [21 42 20]", st.Payouts)
	}
}

// TestRunTwiceFromTheTurn: an all-in on the turn runs only the river again;
// the runs share the first four cards.
func TestRunTwiceFromTheTurn(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: stacks(2, 100), Button: 1, Posts: blinds(2, 1, 1, 2),
		Holes: holes("JcAdAc4h", "3cKcKs4s")})
	mustApply(t, s, cc(1), cc(0), board("2c7d9h"), cc(0), cc(1), board("Js"), cbr(0, 98), cc(1))
	mustApply(t, s, runBoard(1, "Kh"), runBoard(2, "3d"))
	st := settle(t, s, Rake{})
	if got := boardsString(st.Boards); got != "2c7d9hJsKh / 2c7d9hJs3d" {
		t.Fatalf("boards %s", got)
	}
	// Run 1: trip kings; run 2: aces over kings.
	if !slices.Equal(st.RunPayouts[0], []int64{0, 100}) || !slices.Equal(st.RunPayouts[1], []int64{100, 0}) {
		t.Fatalf("run payouts %v", st.RunPayouts)
	}
}

// TestRunTwiceChipUnit: runs share a pot in whole chip units (R18), the
// leftover units from the first run.
func TestRunTwiceChipUnit(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ unit, run1, run2 int64 }{{1, 993, 992}, {5, 995, 990}, {25, 1010, 975}} {
		s := headsUpAllInPreflop(t, eval.OmahaHi, 1000, tt.unit, "JcAdAc4h", "3cKcKs4s")
		mustApply(t, s, runBoard(1, "9c6dTdKh6h"), runBoard(2, "2d6c7hQh8d"))
		st := settle(t, s, Rake{PotsAfter: []int64{1985}})
		if r := st.Pots[0].Runs; r[0].Amount != tt.run1 || r[1].Amount != tt.run2 {
			t.Errorf("unit %d: runs get %d and %d, want %d and %d", tt.unit, r[0].Amount, r[1].Amount, tt.run1, tt.run2)
		}
	}
}

// TestRunTwiceImpossibleDeals: runs only after the betting is over with the
// board incomplete, numbered in order, from one deck, five cards each.
func TestRunTwiceImpossibleDeals(t *testing.T) {
	t.Parallel()
	preflopAllIn := []Action{cbr(1, 100), cc(0)}
	tests := []struct {
		name string
		acts []Action
		bad  Action
		msg  string
	}{
		{"second run while betting goes on", []Action{cc(1), cc(0)}, runBoard(2, "2c7d9h"), "before the betting is over"},
		{"first run while betting goes on", []Action{cc(1), cc(0)}, runBoard(1, "2c7d9h"), "before the betting is over"},
		{"second run while a player is to act", nil, runBoard(2, "2c7d9h"), "before the betting is over"},
		{"third run before the second", preflopAllIn, runBoard(3, "2c7d9h"), "dealt to run 3 before run 2"},
		{"negative run", preflopAllIn, runBoard(-1, "2c7d9h"), "runs are numbered from 1"},
		{"a card in two runs", append(preflopAllIn[:2:2], runBoard(1, "2c7d9hJsKs")), runBoard(2, "3h7d5s"), "duplicate card 7d"},
		{"a card of a run in a hole", preflopAllIn, runBoard(2, "3hAd5s"), "duplicate card Ad"},
		{"six cards in the second run", append(preflopAllIn[:2:2], runBoard(2, "2c7d9hJsKs")), runBoard(2, "Ts"), "run 2's board has 5"},
		{"six cards in the first run", append(preflopAllIn[:2:2], runBoard(2, "2c7d9h"), runBoard(1, "3c4c5c6c8c")), board("Ts"), "run 1's board has 5"},
		{"nothing to run again after a river all-in",
			[]Action{cc(1), cc(0), board("2c7d9h"), cc(0), cc(1), board("Js"), cc(0), cc(1), board("Ks"), cbr(0, 98), cc(1)},
			runBoard(2, "3d"), "nothing to run again"},
		{"after a fold", []Action{fold(1)}, runBoard(2, "3d4d5d"), "after every other player folded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: stacks(2, 100), Button: 1, Posts: blinds(2, 1, 1, 2),
				Holes: holes("JcAdAc4h", "")})
			mustApply(t, s, tt.acts...)
			before := boardsString(s.Boards())
			err := s.Apply(tt.bad)
			if err == nil || fault.KindOf(err) != fault.Impossible || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("error %v, want impossible containing %q", err, tt.msg)
			}
			if after := boardsString(s.Boards()); after != before || s.Index() != len(tt.acts) {
				t.Fatalf("a rejected deal changed the state: boards %s -> %s, index %d", before, after, s.Index())
			}
		})
	}
}

// TestRunTwicePhasesAndIncompleteRun: the hand is at showdown only when
// every run's board is complete; a run left short cannot be settled.
func TestRunTwicePhasesAndIncompleteRun(t *testing.T) {
	t.Parallel()
	s := headsUpAllInPreflop(t, eval.OmahaHi, 100, 0, "JcAdAc4h", "3cKcKs4s")
	steps := []struct {
		a     Action
		phase Phase
	}{
		{runBoard(1, "9c6dTdKh"), Runout},
		{runBoard(1, "6h"), Showdown},
		{runBoard(2, "2d6c7h"), Runout},
	}
	for _, st := range steps {
		mustApply(t, s, st.a)
		if s.Phase() != st.phase || s.Done() != (st.phase == Showdown) {
			t.Fatalf("after %s: phase %v done %v, want %v", st.a.Cards, s.Phase(), s.Done(), st.phase)
		}
	}
	_, err := s.Settle(Rake{})
	if err == nil || fault.KindOf(err) != fault.Impossible || !strings.Contains(err.Error(), "pot 1, run 2: a showdown needs 5 board cards, the record has 3") {
		t.Fatalf("Settle: %v, want the short second run named", err)
	}
	mustApply(t, s, runBoard(2, "Qh8d"))
	if s.Phase() != Showdown {
		t.Fatalf("phase %v, want showdown", s.Phase())
	}
	settle(t, s, Rake{})
}
