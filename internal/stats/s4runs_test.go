package stats

import (
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
)

// TestS4_HandRunMoreThanOnceCountsOnce: S4 counts hands, not runs. A hand
// run twice is a scoop when he scooped every run, quartered or a low won
// when it happened in any run, and each counts 1 however many runs it
// happened in.
func TestS4_HandRunMoreThanOnceCountsOnce(t *testing.T) {
	t.Parallel()
	// run makes a two-run pot of 40 (20 a run) from each run's halves;
	// the pot's Hi and Lo are the sums over the runs, as analysis makes
	// them.
	run := func(runs ...analysis.PotRun) analysis.Pot {
		p := analysis.Pot{Amount: 40, Eligible: []string{"a", "b", "c"}, Hi: analysis.Shares{}, Lo: analysis.Shares{}, Runs: runs}
		for _, r := range runs {
			for n, v := range r.Hi {
				p.Hi[n] += v
			}
			for n, v := range r.Lo {
				p.Lo[n] += v
			}
		}
		if len(p.Lo) == 0 {
			p.Lo = nil
		}
		return p
	}
	sh := func(kv ...any) analysis.Shares {
		m := analysis.Shares{}
		for k := 0; k < len(kv); k += 2 {
			m[kv[k].(string)] = int64(kv[k+1].(int))
		}
		return m
	}
	tests := []struct {
		name                     string
		pot                      analysis.Pot
		scoop, quartered, lowWon int
	}{
		{"scooped both runs, a low in one", run(analysis.PotRun{Amount: 20, Hi: sh("a", 10), Lo: sh("a", 10)}, analysis.PotRun{Amount: 20, Hi: sh("a", 20)}), 1, 0, 1},
		{"scooped the first run only", run(analysis.PotRun{Amount: 20, Hi: sh("a", 10), Lo: sh("a", 10)}, analysis.PotRun{Amount: 20, Hi: sh("b", 10), Lo: sh("b", 10)}), 0, 0, 1},
		{"high in one run, low in the other", run(analysis.PotRun{Amount: 20, Hi: sh("a", 10), Lo: sh("b", 10)}, analysis.PotRun{Amount: 20, Hi: sh("b", 10), Lo: sh("a", 10)}), 0, 0, 1},
		{"quartered in the second run", run(analysis.PotRun{Amount: 20, Hi: sh("a", 10), Lo: sh("a", 10)}, analysis.PotRun{Amount: 20, Hi: sh("a", 10), Lo: sh("a", 5, "b", 5)}), 0, 1, 1},
		{"quartered in both runs, once", run(analysis.PotRun{Amount: 20, Hi: sh("c", 10), Lo: sh("a", 5, "b", 5)}, analysis.PotRun{Amount: 20, Hi: sh("c", 10), Lo: sh("a", 5, "b", 5)}), 0, 1, 1},
		{"no low in either run", run(analysis.PotRun{Amount: 20, Hi: sh("b", 20)}, analysis.PotRun{Amount: 20, Hi: sh("b", 20)}), 0, 0, 0},
	}
	for _, tt := range tests {
		scoop, quartered, low := hiLo([]analysis.Pot{tt.pot}, "a", true)
		if scoop != tt.scoop || quartered != tt.quartered || low != tt.lowWon {
			t.Errorf("%s: scoop %d quartered %d low %d, want %d %d %d", tt.name, scoop, quartered, low, tt.scoop, tt.quartered, tt.lowWon)
		}
	}
}
