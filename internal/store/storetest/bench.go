package storetest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// BenchHero is the player dealt into every hand BenchPlayerStats stores.
const BenchHero = "Hero"

// corpusHands returns the legal hands of the PokerStars corpus (the
// copy in internal/handhistory/testdata), each with Hero dealt in: a hand
// without a player named Hero has its first player renamed.
func corpusHands(tb testing.TB) []*handhistory.Hand {
	tb.Helper()
	_, here, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(here), "..", "..", "handhistory", "testdata", "pokerstars")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no corpus in %s: %v", dir, err)
	}
	var out []*handhistory.Hand
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		format, err := handhistory.Detect(f, data)
		if err != nil {
			continue
		}
		es, err := handhistory.Read(format, data)
		if err != nil {
			continue
		}
		for _, e := range es {
			if e.Hand == nil || e.Err != nil || e.Skipped != "" || !analysis.Replay(e.Hand).Legal {
				continue
			}
			h := e.Hand
			if !slices.ContainsFunc(h.Players, func(p handhistory.Player) bool { return p.Name == BenchHero }) {
				h.Players[0].Name = BenchHero
			}
			out = append(out, h)
		}
	}
	return out
}

// FillCorpus stores n hands made by renumbering the corpus hands (site
// hand ids "bench-0", "bench-1"...), each with BenchHero dealt in, in
// batches of 500, without analyses (their all-in adjusted net is their
// net).
func FillCorpus(tb testing.TB, s store.Store, n int) {
	tb.Helper()
	corpus := corpusHands(tb)
	ctx := context.Background()
	const batch = 500
	for start := 0; start < n; start += batch {
		recs := make([]store.Hand, 0, batch)
		for i := start; i < min(start+batch, n); i++ {
			h := *corpus[i%len(corpus)]
			h.SiteHandID = fmt.Sprintf("bench-%d", i)
			v := analysis.Replay(&h)
			rec, err := store.NewHandRecord(&h, &v)
			if err != nil {
				tb.Fatal(err)
			}
			recs = append(recs, rec)
		}
		if _, err := s.SaveHands(ctx, recs); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchPlayerStats measures s.PlayerStats for BenchHero over n stored
// hands (FillCorpus; the filling is not timed), reporting ms/op. The
// PostgreSQL store's BenchmarkPlayerStats runs it over 100,000 hands.
func BenchPlayerStats(b *testing.B, s store.Store, n int) {
	FillCorpus(b, s, n)
	ctx := context.Background()
	t, err := s.PlayerStats(ctx, BenchHero, stats.Filter{})
	if err != nil || t.Hands != int64(n) {
		b.Fatalf("stats over %d hands, %v; want %d", t.Hands, err, n)
	}
	for b.Loop() {
		if _, err := s.PlayerStats(ctx, BenchHero, stats.Filter{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/op")
}
