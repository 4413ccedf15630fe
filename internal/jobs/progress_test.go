package jobs

import (
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/store"
)

// TestProgressCoversBothPhases: an import's progress counts its hands
// stored and analysed; one analysing is below 1 with a positive ETA at the
// analysis rate (before, it read 1 with an ETA of 0 as soon as its hands
// were stored, however many analyses were still to come).
func TestProgressCoversBothPhases(t *testing.T) {
	t0 := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	at := func(s int) *time.Time { x := t0.Add(time.Duration(s) * time.Second); return &x }
	cases := []struct {
		name     string
		im       store.Import
		now      time.Time
		min, max float64
		eta      time.Duration // -1: none
	}{
		{name: "queued", im: store.Import{State: store.ImportQueued, HandsExpected: 1000, Chunks: 4},
			now: *at(1), min: 0, max: 0, eta: -1},
		{name: "storing, no chunk done: every hand taken to be analysed",
			im:  store.Import{State: store.ImportRunning, HandsExpected: 1000, Chunks: 4, StartedAt: at(0)},
			now: *at(1), min: 0, max: 0, eta: -1},
		{name: "storing half, analyses of the stored half under way",
			im: store.Import{State: store.ImportRunning, HandsExpected: 1000, HandsFinished: 500, Chunks: 4, ChunksFinished: 2, StartedAt: at(0),
				Analysis: store.ImportAnalysis{Hands: 400, Analysed: 100, Pending: 300, Seconds: 10}},
			// work: 1000 to store + 800 to analyse (400 of 500 stored, extrapolated);
			// done: 500 + 100 = 600 of 1800.
			now: *at(10), min: 0.333, max: 0.334,
			// 500 left to store at 50/s (10 s) + 700 left to analyse at 10/s (70 s).
			eta: 80 * time.Second},
		{name: "analysing: below 1, an ETA at the analysis rate",
			im: store.Import{State: store.ImportAnalysing, HandsExpected: 1000, HandsFinished: 1000, Chunks: 4, ChunksFinished: 4,
				StartedAt: at(0), FinishedAt: at(20), Analysis: store.ImportAnalysis{Hands: 900, Analysed: 300, Failed: 0, Pending: 600, Seconds: 30}},
			now: *at(40), min: 0.684, max: 0.685, eta: 60 * time.Second},
		{name: "analysing, every part but one done",
			im: store.Import{State: store.ImportAnalysing, HandsExpected: 10, HandsFinished: 10, Chunks: 1, ChunksFinished: 1,
				StartedAt: at(0), FinishedAt: at(1), Analysis: store.ImportAnalysis{Hands: 10, Analysed: 10, Pending: 0, Seconds: 2}},
			now: *at(3), min: 0.99, max: 0.9999, eta: time.Second},
		{name: "done", im: store.Import{State: store.ImportDone, HandsExpected: 10, HandsFinished: 10, StartedAt: at(0), FinishedAt: at(1),
			Counts: store.ImportCounts{Read: 10}, Analysis: store.ImportAnalysis{Hands: 10, Analysed: 10, Seconds: 5}},
			now: *at(9), min: 1, max: 1, eta: 0},
		{name: "cancelled, a chunk still running", im: store.Import{State: store.ImportCancelled, HandsExpected: 10, StartedAt: at(0)},
			now: *at(9), min: 0, max: 0, eta: -1},
		{name: "cancelled", im: store.Import{State: store.ImportCancelled, HandsExpected: 10, StartedAt: at(0), FinishedAt: at(2)},
			now: *at(9), min: 1, max: 1, eta: 0},
	}
	for _, c := range cases {
		p := ProgressOf(c.im, c.now)
		if p.Fraction < c.min || p.Fraction > c.max {
			t.Errorf("%s: fraction %v, want %v..%v", c.name, p.Fraction, c.min, c.max)
		}
		switch {
		case c.eta < 0 && p.ETA != nil:
			t.Errorf("%s: ETA %v, want none", c.name, *p.ETA)
		case c.eta >= 0 && (p.ETA == nil || *p.ETA != c.eta):
			t.Errorf("%s: ETA %v, want %v", c.name, p.ETA, c.eta)
		}
	}
}
