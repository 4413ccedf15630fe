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
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/ranges"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// BenchHero is the player dealt into every hand BenchPlayerStats stores.
const BenchHero = "Hero"

// corpusHands returns the legal hands of the PokerStars corpus (the
// copy in internal/handhistory/pokerstars/testdata), each with Hero dealt in: a hand
// without a player named Hero has its first player renamed.
func corpusHands(tb testing.TB) []*handhistory.Hand {
	tb.Helper()
	_, here, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(here), "..", "..", "handhistory", "pokerstars", "testdata")
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
			rec, err := ingest.NewRecord(&h, &v)
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

// BenchPlayerStatsHolding measures s.PlayerStats for BenchHero over n
// stored hands (FillCorpus, not timed) with the holding filter holding (a
// range such as "15%", answered from the facts rows' hole card indexes),
// reporting ms/op and the hands matched. The stores' BenchmarkHolding
// runs it over 100,000 hands; issue 24 bounds it at 300 ms.
func BenchPlayerStatsHolding(b *testing.B, s store.Store, n int, holding string) {
	FillCorpus(b, s, n)
	ctx := context.Background()
	r, err := ranges.Parse(holding)
	if err != nil {
		b.Fatal(err)
	}
	f := stats.Filter{Holding: r}
	t, err := s.PlayerStats(ctx, BenchHero, f)
	if err != nil || t.Hands == 0 || t.Hands >= int64(n) {
		b.Fatalf("holding %s: %d of %d hands, %v; want some, not all", holding, t.Hands, n, err)
	}
	for b.Loop() {
		if _, err := s.PlayerStats(ctx, BenchHero, f); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/op")
	b.ReportMetric(float64(t.Hands), "hands")
}

// BenchPlayerSessions measures the first page (store.DefaultLimit
// sessions) of s.PlayerSessions for BenchHero over n stored hands
// (FillCorpus, not timed), reporting ms/op and the sessions on the page.
// The stores' BenchmarkPlayerSessions runs it over 100,000 hands: the
// renumbered corpus repeats its hands' times, so they make 17 sessions
// and the first page holds every hand, the worst case (the totals of
// them all): 832 ms on PostgreSQL, 1.5 s on SQLite on the 2-core machine.
func BenchPlayerSessions(b *testing.B, s store.Store, n int) {
	FillCorpus(b, s, n)
	ctx := context.Background()
	q := store.SessionsQuery{Player: BenchHero}
	page, err := s.PlayerSessions(ctx, q)
	if err != nil || len(page.Sessions) == 0 {
		b.Fatalf("sessions over %d hands: %d, %v; want some", n, len(page.Sessions), err)
	}
	for b.Loop() {
		if _, err := s.PlayerSessions(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/op")
	b.ReportMetric(float64(len(page.Sessions)), "sessions")
}
