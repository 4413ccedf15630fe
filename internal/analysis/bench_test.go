package analysis

import (
	"context"
	"fmt"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
)

// BenchmarkReplayRaises reads and replays a heads-up no-limit hi/lo PHH
// hand of N min-raises (N up to MaxActions) under a live context, as
// POST /v1/hands/replay does: ns/action must stay flat as N doubles.
func BenchmarkReplayRaises(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{handhistory.MaxActions / 4, handhistory.MaxActions / 2, handhistory.MaxActions} {
		data := []byte(hhtest.PHHRaises(n - 1))
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				es, err := handhistory.Read(handhistory.FormatPHH, data)
				if err != nil {
					b.Fatal(err)
				}
				v, err := FromEntryContext(ctx, es[0])
				if err != nil || !v.Legal {
					b.Fatal(err, v.Error)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/action")
		})
	}
}
