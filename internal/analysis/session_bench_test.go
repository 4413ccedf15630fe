package analysis

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/jobs/jobstest"
)

// sessionHands reads n hands of examples/ps-session.txt under fresh hand
// ids from base on (jobstest.Hands): a hero's session, the hero's cards
// known in every hand, the others' only at showdown.
func sessionHands(b testing.TB, n int, base int64) []*handhistory.Hand {
	b.Helper()
	es, err := handhistory.Read(handhistory.FormatPokerStars, jobstest.Hands(b, n, base))
	if err != nil {
		b.Fatal(err)
	}
	hands := make([]*handhistory.Hand, 0, len(es))
	for _, e := range es {
		if e.Hand == nil || !Replay(e.Hand).Legal {
			b.Fatalf("hand %d: not a legal hand", e.Index)
		}
		hands = append(hands, e.Hand)
	}
	if len(hands) != n {
		b.Fatalf("%d hands read, want %d", len(hands), n)
	}
	return hands
}

// benchAnalyzeHands analyses every hand of hands per op (the analysis
// alone: the file is read and replayed before the timer starts) and
// reports hands/s of wall time and hands/cpu-s, per second of the
// process's CPU time (user and system, the garbage collector's included):
// on a shared machine the second is the one-core figure, the first
// counts the time other processes took the core. Run with -cpu 1.
func benchAnalyzeHands(b *testing.B, hands []*handhistory.Hand) {
	ctx := context.Background()
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		for _, h := range hands {
			if _, err := Analyze(ctx, h); err != nil {
				b.Fatal(err)
			}
		}
	}
	n := float64(len(hands) * b.N)
	b.ReportMetric(n/b.Elapsed().Seconds(), "hands/s")
	b.ReportMetric(n/(cpuTime()-cpu0).Seconds(), "hands/cpu-s")
}

// cpuTime is the process's CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkAnalyzeHeroSession: the 3,000-hand hero session of issue 23
// (`scoop analyze --json` over it, the analysis alone). Target on one
// core: 2,000 hands/s.
func BenchmarkAnalyzeHeroSession(b *testing.B) {
	benchAnalyzeHands(b, sessionHands(b, 3000, 8_800_000_000))
}

// BenchmarkAnalyzeImportFile: the 10,000-hand file of the import-jobs
// benchmark (internal/jobs benchImport's first file), the analysis alone,
// storing excluded. Target on one core: 1,000 hands/s.
func BenchmarkAnalyzeImportFile(b *testing.B) {
	benchAnalyzeHands(b, sessionHands(b, 10000, 9_900_000_000))
}
