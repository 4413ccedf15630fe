package stats_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/stats"
)

// TestS1_CorpusNetsSumToMinusTheRake checks, hand by hand over the shared
// PokerStars corpus, that the players' nets add up to minus the rake the
// site took (chips are conserved but for the rake), and that every
// player's facts are flags where they should be.
func TestS1_CorpusNetsSumToMinusTheRake(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "handhistory", "pokerstars", "testdata", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	hands, raked := 0, 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		format, err := handhistory.Detect(file, data)
		if err != nil {
			t.Fatal(err)
		}
		es, err := handhistory.Read(format, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			if e.Hand == nil || e.Skipped != "" || e.Err != nil {
				continue
			}
			v := analysis.Replay(e.Hand)
			if !v.Legal {
				continue
			}
			fs, err := stats.Compute(e.Hand, &v, nil)
			if err != nil {
				t.Errorf("%s hand %d: %v", filepath.Base(file), e.Index, err)
				continue
			}
			var sum int64
			for _, f := range fs {
				sum += f.Net
				if f.VPIP > 1 || f.Showdown > f.SawFlop || f.WonShowdown > f.Showdown || f.ThreeBet > f.ThreeBetChance || f.PFR > f.VPIP {
					t.Errorf("%s hand %d %s: inconsistent facts %+v", filepath.Base(file), e.Index, f.Name, f)
				}
			}
			if sum != -v.Rake {
				t.Errorf("%s hand %d: nets sum to %d, want minus the rake %d", filepath.Base(file), e.Index, sum, -v.Rake)
			}
			hands++
			if v.Rake > 0 {
				raked++
			}
		}
	}
	if hands < 100 || raked == 0 {
		t.Errorf("checked %d hands (%d raked); want the whole corpus", hands, raked)
	}
	t.Logf("%d hands, %d raked", hands, raked)
}
