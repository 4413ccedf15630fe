package analysis

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
)

// The fixtures in testdata/review are the probes of a code review, each
// exposing one bug of the rules engine, the readers or the comparison with
// the record.

// replayFixture reads the one hand of testdata/review/name (any format, by
// content) and replays it; a hand the reader rejects is returned as its
// error with a zero Verdict.
func replayFixture(t *testing.T, name string) (Verdict, error) {
	t.Helper()
	path := filepath.Join("testdata", "review", name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := handhistory.Detect(name, data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	es, err := handhistory.Read(f, data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(es) != 1 {
		t.Fatalf("%s: %d entries, want 1", name, len(es))
	}
	if es[0].Err != nil {
		return Verdict{}, es[0].Err
	}
	if es[0].Hand == nil {
		t.Fatalf("%s: skipped: %s", name, es[0].Skipped)
	}
	return Replay(es[0].Hand), nil
}

// wantLegal replays a fixture that must be legal and match its record (or
// have none).
func wantLegal(t *testing.T, name string) Verdict {
	t.Helper()
	v, err := replayFixture(t, name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !v.Legal {
		t.Fatalf("%s: illegal: %+v", name, v.Error)
	}
	if v.MatchesRecord != nil && !*v.MatchesRecord {
		t.Fatalf("%s: differs from the record: %+v", name, v.Differences)
	}
	return v
}

// wantIllegalAt replays a fixture that must be illegal at action index
// with a message containing msg.
func wantIllegalAt(t *testing.T, name string, index int, msg string) Verdict {
	t.Helper()
	v, err := replayFixture(t, name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if v.Legal || v.Error == nil {
		t.Fatalf("%s: legal; want illegal at action %d", name, index)
	}
	if v.Error.Index != index || !strings.Contains(v.Error.Message, msg) {
		t.Fatalf("%s: error %+v; want action %d containing %q", name, v.Error, index, msg)
	}
	return v
}

// wantRejected reads a fixture the reader must reject with a *fault.Error
// of kind Invalid naming field.
func wantRejected(t *testing.T, name, field string) {
	t.Helper()
	_, err := replayFixture(t, name)
	if err == nil {
		t.Fatalf("%s: read; want it rejected", name)
	}
	if fault.KindOf(err) != fault.Invalid || !strings.Contains(err.Error(), field) {
		t.Fatalf("%s: %v (kind %v); want invalid naming %s", name, err, fault.KindOf(err), field)
	}
}

func potSummary(v Verdict) [][2]any {
	var out [][2]any
	for _, p := range v.Pots {
		out = append(out, [2]any{p.Amount, strings.Join(p.Eligible, ",")})
	}
	return out
}

func TestR12ShortAnteEligibleOnlyForWhatHePutIn(t *testing.T) {
	t.Parallel()
	// X's stack of 5 is all-in on a 10 ante: he may win 5 from each player.
	v := wantLegal(t, "ante.json")
	if got, want := potSummary(v), [][2]any{{int64(15), "X,B,C"}, {int64(50), "B,C"}}; !slices.Equal(got, want) {
		t.Errorf("pots %v, want %v", got, want)
	}
	if want := []int64{15, 970, 1020}; !slices.Equal(v.FinishingStacks, want) {
		t.Errorf("finishing %v, want %v", v.FinishingStacks, want)
	}
	// The same on PokerStars: main pot 1500, side pot 41000, as the site paid.
	v = wantLegal(t, "ps_ante.txt")
	if got, want := potSummary(v), [][2]any{{int64(1500), "Short,Bee,Cee"}, {int64(41000), "Bee,Cee"}}; !slices.Equal(got, want) {
		t.Errorf("PokerStars pots %v, want %v", got, want)
	}
	// A starting stack of 0 is not a player dealt in.
	wantRejected(t, "zero.json", "players[0].stack")
}

func TestR12WalkWithOnlyABigBlindHasNoPots(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"walk.json", "walk.phh", "ps_walk.txt"} {
		v := wantLegal(t, name)
		if len(v.Pots) != 0 {
			t.Errorf("%s: pots %+v, want none", name, v.Pots)
		}
		if v.MatchesRecord == nil || !*v.MatchesRecord {
			t.Errorf("%s: matches_record %v, want true", name, v.MatchesRecord)
		}
		var returned int64
		for _, r := range v.Returned {
			returned += r
		}
		if returned == 0 {
			t.Errorf("%s: returned %v; want the big blind back", name, v.Returned)
		}
	}
}

func TestR6FixedLimitAfterShortAllInOnlyTheListedTotals(t *testing.T) {
	t.Parallel()
	// All-in 16 over a bet of 10 (>= half a bet: counts as a raise to 20):
	// a raise is to 26 (over the all-in) or 30 (over the completed bet).
	v := wantIllegalAt(t, "fl4.phh", 7, "p1 raise to 27 is not a fixed-limit raise to 26 or 30")
	if v.Error.Allowed != "fold, call 6 or raise to 26 or 30" {
		t.Errorf("allowed %q", v.Error.Allowed)
	}
	// All-in 13 over a bet of 10 (< half a bet): to 20 or to 23.
	v = wantIllegalAt(t, "fl6.phh", 8, "p4 raise to 21 is not a fixed-limit raise to 20 or 23")
	if v.Error.Allowed != "fold, call 13 or raise to 20 or 23" {
		t.Errorf("allowed %q", v.Error.Allowed)
	}
}

func TestR10CheckFacingABetOrACallOfTheWrongSizeIsIllegal(t *testing.T) {
	t.Parallel()
	wantIllegalAt(t, "ps_check.txt", 12, "Hero checks facing a bet: Hero owes $0.08")
	wantIllegalAt(t, "ps_call.txt", 12, "Hero calls $0.03 is not the call: Hero owes $0.08")
}

func TestR19RecordedRakeAndTotalPotAreCompared(t *testing.T) {
	t.Parallel()
	wantLegal(t, "sp1.txt")
	tests := []struct {
		name, field        string
		recorded, replayed int64
	}{
		{"sp2.txt", "rake", 50, 18},        // the summary's rake disagrees with its pots
		{"sp3.txt", "total_pot", 970, 370}, // the summary's total pot disagrees with the hand
	}
	for _, tt := range tests {
		v, err := replayFixture(t, tt.name)
		if err != nil || !v.Legal {
			t.Fatalf("%s: %v %+v", tt.name, err, v.Error)
		}
		if v.MatchesRecord == nil || *v.MatchesRecord {
			t.Fatalf("%s: matches_record %v, want false", tt.name, v.MatchesRecord)
		}
		want := Difference{Field: tt.field, Recorded: tt.recorded, Replayed: tt.replayed}
		if !slices.Contains(v.Differences, want) {
			t.Errorf("%s: differences %+v, want %+v among them", tt.name, v.Differences, want)
		}
	}
}

func TestAmountsAboveMaxChipsAreRejected(t *testing.T) {
	t.Parallel()
	wantRejected(t, "big2.json", "players[0].stack")
	wantRejected(t, "big4.json", "players[0].stack")
}

func TestR3SmallBlindFromTheWrongSeatIsIllegal(t *testing.T) {
	t.Parallel()
	v, err := replayFixture(t, "pos2.json")
	if err != nil {
		t.Fatal(err)
	}
	if v.Legal || v.Error == nil || v.Error.Index != -1 || !strings.Contains(v.Error.Message, "BTN posts the small blind, but the small blind is P1's") {
		t.Fatalf("verdict %+v; want illegal, the small blind posted by BTN", v.Error)
	}
}

func TestDuplicatePlayerNamesAreRejected(t *testing.T) {
	t.Parallel()
	wantRejected(t, "dupname.json", "players[2].name")
}

func TestSettlementErrorsOfTheHandHaveIndexMinusOne(t *testing.T) {
	t.Parallel()
	h := readHand(t, "testdata/phh-edge/fo8_odd_chip_low_tie.phh")
	// Stop before the river is dealt: the hand ends before it is over.
	last := -1
	for i, a := range h.Actions {
		if a.Kind == game.DealBoard {
			last = i
		}
	}
	h.Actions = h.Actions[:last]
	v := Replay(h)
	if v.Legal || v.Error == nil || v.Error.Index != -1 || !strings.Contains(v.Error.Message, "before the river") {
		t.Fatalf("error %+v; want a fault of the hand with index -1", v.Error)
	}
}

func TestR13VerdictReportsTheShowdownOrder(t *testing.T) {
	t.Parallel()
	// No river bet: the first player left of the button still in shows
	// first (Player6 and Player3 folded), then clockwise.
	v := wantLegal(t, "sp1.txt")
	if want := []string{"Player2", "Hero", "Player0", "Player4"}; !slices.Equal(v.ShowdownOrder, want) {
		t.Errorf("showdown order %v, want %v", v.ShowdownOrder, want)
	}
	// Folded to one player: no showdown.
	if v := wantLegal(t, "walk.json"); v.ShowdownOrder != nil {
		t.Errorf("walk: showdown order %v, want none", v.ShowdownOrder)
	}
}
