package equity

import (
	"context"
	"testing"
)

func benchCompute(b *testing.B, in Input) {
	b.Helper()
	r, err := ParseInput(in)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	if _, err := Compute(ctx, r); err != nil { // tables built before timing
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	var boards int64
	cpu := processCPU()
	for b.Loop() {
		res, err := Compute(ctx, r)
		if err != nil {
			b.Fatal(err)
		}
		boards = res.Boards
	}
	if cpu := processCPU() - cpu; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(boards), "boards/op")
}

// BenchmarkHeadsUpPreflopExhaustive: O8, 1,086,008 boards (target <= 60 ms).
func BenchmarkHeadsUpPreflopExhaustive(b *testing.B) {
	benchCompute(b, Input{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Mode: "exhaustive"})
}

// BenchmarkHeadsUpPreflopExhaustiveHigh: Omaha High, 1,086,008 boards.
func BenchmarkHeadsUpPreflopExhaustiveHigh(b *testing.B) {
	benchCompute(b, Input{Game: "omaha-hi", Hands: []string{"AsAhKsKh", "JdTd9c8c"}, Mode: "exhaustive"})
}

// BenchmarkSixWayMonteCarlo1M: O8, six players preflop, 1,000,000 trials
// (target <= 400 ms).
func BenchmarkSixWayMonteCarlo1M(b *testing.B) {
	benchCompute(b, Input{Hands: []string{"As2s3dKd", "QhQcJhTc", "5h5d6c7c", "AcKcJd9s", "2h3hTdTs", "8s8d4c4d"},
		Mode: "montecarlo", Trials: TrialsOf(1_000_000)})
}

// BenchmarkSixWayPreflopExhaustive: O8, six players, 98,280 boards.
func BenchmarkSixWayPreflopExhaustive(b *testing.B) {
	benchCompute(b, Input{Hands: []string{"As2s3dKd", "QhQcJhTc", "5h5d6c7c", "AcKcJd9s", "2h3hTdTs", "8s8d4c4d"},
		Mode: "exhaustive"})
}

// BenchmarkFlopHeadsUp: O8 heads-up on a flop, 820 boards, inline (target
// well under 1 ms).
func BenchmarkFlopHeadsUp(b *testing.B) {
	benchCompute(b, Input{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Board: "4c7hKh"})
}

// BenchmarkTurnHeadsUp: O8 heads-up on a turn, 40 boards.
func BenchmarkTurnHeadsUp(b *testing.B) {
	benchCompute(b, Input{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Board: "4c7hKh9s"})
}
