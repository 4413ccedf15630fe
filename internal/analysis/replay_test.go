package analysis

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
)

// readHand reads the one hand of a PHH file in testdata.
func readHand(t testing.TB, path string) *handhistory.Hand {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	es, err := handhistory.Read(handhistory.FormatPHH, data)
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("%s: %v %+v", path, err, es)
	}
	return es[0].Hand
}

// expectedHand is one line of testdata/phh/expected.jsonl (an independent
// PHH implementation's settlement).
type expectedHand struct {
	File            string  `json:"file"`
	FinishingStacks []int64 `json:"finishing_stacks"`
	Pushes          []struct {
		PotIndex int     `json:"pot_index"`
		HandType *string `json:"hand_type"` // "high", "low", or null for an uncontested pot
		Amounts  []int64 `json:"amounts"`
	} `json:"pushes"`
}

func TestCorpusPHHReplaysLegalAndSettlesAsRecorded(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/phh/expected.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	count := 0
	for sc.Scan() {
		var want expectedHand
		if err := json.Unmarshal(sc.Bytes(), &want); err != nil {
			t.Fatal(err)
		}
		count++
		t.Run(filepath.Base(want.File), func(t *testing.T) {
			h := readHand(t, filepath.Join("testdata/phh", want.File))
			v := Replay(h)
			if !v.Legal {
				t.Fatalf("illegal: %+v", v.Error)
			}
			if !slices.Equal(v.FinishingStacks, want.FinishingStacks) {
				t.Errorf("finishing stacks %v, want %v", v.FinishingStacks, want.FinishingStacks)
			}
			if !slices.Equal(v.FinishingStacks, h.Outcome.FinishingStacks) {
				t.Errorf("finishing stacks %v, file records %v", v.FinishingStacks, h.Outcome.FinishingStacks)
			}
			if v.MatchesRecord == nil || !*v.MatchesRecord || len(v.Differences) != 0 {
				t.Errorf("matches_record %v, differences %v", v.MatchesRecord, v.Differences)
			}
			// expected.jsonl is PokerKit's settlement, whose pots are its own
			// representation: it kills beaten hands and merges the pots they
			// leave, and pushes an uncontested pot net of the winner's own
			// last bet. What both must agree on is who wins which half and,
			// at a showdown, every player's chips from each half over all pots.
			got := map[string]map[string]int64{} // half -> name -> chips
			for _, p := range v.Pots {
				for n, a := range p.Hi {
					addShare(got, "high", n, a)
				}
				for n, a := range p.Lo {
					addShare(got, "low", n, a)
				}
			}
			wantShares := map[string]map[string]int64{}
			contested := false
			var winnings []int64
			for _, p := range want.Pushes {
				half := "high"
				if p.HandType != nil {
					half, contested = *p.HandType, true
				}
				if winnings == nil {
					winnings = make([]int64, len(p.Amounts))
				}
				for i, a := range p.Amounts {
					winnings[i] += a
					if a != 0 {
						addShare(wantShares, half, v.Players[i], a)
					}
				}
			}
			if contested {
				if !slices.Equal(v.Payouts, winnings) {
					t.Errorf("payouts %v, want %v", v.Payouts, winnings)
				}
				if gj, wj := mustJSON(got), mustJSON(wantShares); gj != wj {
					t.Errorf("shares %s, want %s", gj, wj)
				}
				return
			}
			if len(got) != 1 || len(got["high"]) != 1 || len(wantShares["high"]) != 1 {
				t.Fatalf("uncontested: shares %v, want one winner of %v", got, wantShares)
			}
			for name := range wantShares["high"] {
				if got["high"][name] == 0 {
					t.Errorf("uncontested pot went to %v, want %s", got["high"], name)
				}
			}
		})
	}
	if count != 21 {
		t.Fatalf("%d hands in expected.jsonl, want 21", count)
	}
}

func addShare(m map[string]map[string]int64, half, name string, a int64) {
	if m[half] == nil {
		m[half] = map[string]int64{}
	}
	m[half][name] += a
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// potWant is an expected settled pot: amount, eligible names, hi and lo.
type potWant struct {
	amount   int64
	eligible string // names joined by ","
	hi, lo   map[string]int64
}

func TestCorpusPHHEdgeCases(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file      string
		finishing []int64
		pots      []potWant
	}{
		{"fo8_headsup_blind_order.phh", []int64{50, 50}, []potWant{
			{4, "p1,p2", map[string]int64{"p1": 2}, map[string]int64{"p2": 2}}}},
		{"fo8_odd_chip_low_tie.phh", []int64{103, 99, 98}, []potWant{
			{15, "p1,p2,p3", map[string]int64{"p1": 8}, map[string]int64{"p2": 4, "p3": 3}}}},
		{"fo8_sidepot_no_low.phh", []int64{6, 112, 86}, []potWant{
			{12, "p1,p2,p3", map[string]int64{"p2": 6}, map[string]int64{"p1": 6}},
			{20, "p2,p3", map[string]int64{"p2": 20}, map[string]int64{}}}},
		{"fo8_sidepot_low_half_bug.phh", []int64{8, 82, 98, 26}, []potWant{
			{16, "p1,p2,p3,p4", map[string]int64{"p4": 8}, map[string]int64{"p1": 8}},
			{18, "p2,p3,p4", map[string]int64{"p4": 18}, map[string]int64{}},
			{16, "p2,p3", map[string]int64{"p3": 16}, map[string]int64{}}}},
		{"ps_plo8_quartered_PO8_nonstandard.phh", []int64{1477, 1433, 3015, 1855, 1255, 1436, 646, 2383}, []potWant{
			{4765, "Player5,Hero,Player2", map[string]int64{"Player2": 2383}, map[string]int64{"Player5": 1191, "Hero": 1191}},
			{86, "Player5,Hero", map[string]int64{"Hero": 43}, map[string]int64{"Player5": 22, "Hero": 21}}}},
		{"ps_nlo8_three_pots_NO8_nonstandard.phh", []int64{2470, 4170, 200, 1864, 1503, 1164, 1289, 840, 0}, []potWant{
			{4170, "Hero,tredex,APTEM-89,Lord Minge", map[string]int64{"Hero": 2085}, map[string]int64{"Hero": 2085}},
			{399, "tredex,APTEM-89,Lord Minge", map[string]int64{"tredex": 200}, map[string]int64{"APTEM-89": 199}},
			{1626, "APTEM-89,Lord Minge", map[string]int64{"APTEM-89": 813}, map[string]int64{"APTEM-89": 813}}}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			v := Replay(readHand(t, filepath.Join("testdata/phh-edge", tt.file)))
			if !v.Legal {
				t.Fatalf("illegal: %+v", v.Error)
			}
			if !slices.Equal(v.FinishingStacks, tt.finishing) {
				t.Errorf("finishing %v, want %v", v.FinishingStacks, tt.finishing)
			}
			if v.MatchesRecord == nil || !*v.MatchesRecord {
				t.Errorf("matches_record %v, differences %v", v.MatchesRecord, v.Differences)
			}
			if len(v.Pots) != len(tt.pots) {
				t.Fatalf("%d pots %+v, want %d", len(v.Pots), v.Pots, len(tt.pots))
			}
			for k, w := range tt.pots {
				p := v.Pots[k]
				if p.Amount != w.amount || strings.Join(p.Eligible, ",") != w.eligible {
					t.Errorf("pot %d: %d among %v, want %d among %s", k, p.Amount, p.Eligible, w.amount, w.eligible)
				}
				if !mapsEqual(p.Hi, w.hi) || !mapsEqual(p.Lo, w.lo) {
					t.Errorf("pot %d: hi %v lo %v, want hi %v lo %v", k, p.Hi, p.Lo, w.hi, w.lo)
				}
			}
		})
	}
}

func mapsEqual(a, b map[string]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if bv, ok := b[k]; !ok || bv != v {
			return false
		}
	}
	return true
}

func TestCorpusPLO8AsFixedLimitIsIllegalAtFirstOverLimitBet(t *testing.T) {
	t.Parallel()
	h := readHand(t, "testdata/phh-edge/ps_plo8_quartered_as_FO8.phh")
	v := Replay(h)
	if v.Legal {
		t.Fatal("replayed legal; want illegal in fixed-limit")
	}
	// Actions 0-7 deal hole cards, 8-15 are preflop, 16 deals the flop,
	// 17-20 check, and 21 is 'p8 cbr 100': a bet of 100 where the
	// fixed-limit flop bet is 50.
	if v.Error == nil || v.Error.Index != 21 || v.Error.Player != "Player2" {
		t.Fatalf("error %+v, want action 21 by Player2 (p8)", v.Error)
	}
	if want := "action 21: Player2 bet to 100 is not the fixed-limit bet to 50 (R6)"; v.Error.Message != want {
		t.Errorf("message %q, want %q", v.Error.Message, want)
	}
	if want := "fold, check or bet to 50"; v.Error.Allowed != want {
		t.Errorf("allowed %q, want %q", v.Error.Allowed, want)
	}
	if v.MatchesRecord != nil {
		t.Errorf("matches_record %v, want null for an illegal hand", *v.MatchesRecord)
	}
}

func TestReplayReportsDifferencesWithBothNumbers(t *testing.T) {
	t.Parallel()
	h := readHand(t, "testdata/phh-edge/fo8_sidepot_low_half_bug.phh")
	// The figures a known reference implementation gets wrong.
	h.Outcome.FinishingStacks = []int64{8, 82, 103, 21}
	v := Replay(h)
	if !v.Legal || v.MatchesRecord == nil || *v.MatchesRecord {
		t.Fatalf("legal %v matches %v; want legal and not matching", v.Legal, v.MatchesRecord)
	}
	want := []Difference{
		{Player: "p3", Field: "finishing_stack", Recorded: 103, Replayed: 98},
		{Player: "p4", Field: "finishing_stack", Recorded: 21, Replayed: 26},
	}
	if !slices.Equal(v.Differences, want) {
		t.Errorf("differences %+v, want %+v", v.Differences, want)
	}
}

func TestReplayWithoutOutcomeHasNullMatch(t *testing.T) {
	t.Parallel()
	h := readHand(t, "testdata/phh-edge/fo8_odd_chip_low_tie.phh")
	h.Outcome = nil
	v := Replay(h)
	if !v.Legal || v.MatchesRecord != nil {
		t.Fatalf("legal %v matches %v; want legal and null", v.Legal, v.MatchesRecord)
	}
	b, _ := json.Marshal(v)
	if !strings.Contains(string(b), `"matches_record":null`) || !strings.Contains(string(b), `"error":null`) {
		t.Errorf("JSON %s lacks null matches_record/error", b)
	}
}

func TestReplayRakeFromRecordedPots(t *testing.T) {
	t.Parallel()
	h := readHand(t, "testdata/phh-edge/fo8_odd_chip_low_tie.phh")
	// The site paid 14 from a pot of 15: rake 1 comes out before the split,
	// leaving hi 7 (p1) and lo 7 split 4/3 (p2 first left of the button).
	h.Outcome = &handhistory.Outcome{Pots: []int64{14}, Collected: []int64{7, 4, 3}}
	v := Replay(h)
	if v.Rake != 1 || v.Pots[0].Rake != 1 {
		t.Fatalf("rake %d (pot %d), want 1", v.Rake, v.Pots[0].Rake)
	}
	if !slices.Equal(v.Payouts, []int64{7, 4, 3}) || v.MatchesRecord == nil || !*v.MatchesRecord {
		t.Errorf("payouts %v matches %v, want [7 4 3] true", v.Payouts, v.MatchesRecord)
	}
}

// BenchmarkReplayTypicalHand replays and settles recorded hands (reading
// excluded): a 5-handed fixed-limit hi/lo showdown, and a 9-handed no-limit
// hand with three pots.
func BenchmarkReplayTypicalHand(b *testing.B) {
	for _, tt := range []struct{ name, path string }{
		{"fo8-showdown", "testdata/phh/data/wsop/2023/43/5/15.phh"},
		{"no8-three-pots", "testdata/phh-edge/ps_nlo8_three_pots_NO8_nonstandard.phh"},
	} {
		b.Run(tt.name, func(b *testing.B) {
			h := readHand(b, tt.path)
			b.ReportAllocs()
			for b.Loop() {
				if v := Replay(h); !v.Legal {
					b.Fatal("illegal")
				}
			}
		})
	}
}
