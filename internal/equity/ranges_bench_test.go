package equity

import (
	"context"
	"testing"
)

func benchRanges(b *testing.B, in Input) {
	b.Helper()
	r, err := ParseRangeInput(in)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	if _, err := ComputeRanges(ctx, r); err != nil { // tables and expansions built before timing
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	var boards int64
	for b.Loop() {
		res, err := ComputeRanges(ctx, r)
		if err != nil {
			b.Fatal(err)
		}
		boards = res.Boards
	}
	b.ReportMetric(float64(boards), "boards/op")
}

// BenchmarkRangeHandVs15PercentPreflop1M: O8, As2s3dKd against the top
// 15%, preflop, 1,000,000 Monte Carlo trials (target <= 400 ms).
func BenchmarkRangeHandVs15PercentPreflop1M(b *testing.B) {
	benchRanges(b, Input{Hands: []string{"As2s3dKd", "15%"}, Mode: "montecarlo", Trials: TrialsOf(1_000_000)})
}

// BenchmarkRangeHandVsAAFlopExact: O8, AsAhKs2d against AA** on Kh7c3d,
// exact: 903 combinations x 820 completions (target <= 200 ms).
func BenchmarkRangeHandVsAAFlopExact(b *testing.B) {
	benchRanges(b, Input{Hands: []string{"AsAhKs2d", "AA**"}, Board: "Kh7c3d"})
}

// BenchmarkRangeVsRangePreflop1M: O8, AA** against 15%, 1,000,000
// trials: two ranges, some draws rejected.
func BenchmarkRangeVsRangePreflop1M(b *testing.B) {
	benchRanges(b, Input{Hands: []string{"AA**", "15%"}, Mode: "montecarlo", Trials: TrialsOf(1_000_000)})
}
