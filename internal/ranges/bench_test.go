package ranges

import (
	"testing"

	"github.com/scoophq/scoop/internal/eval"
)

// BenchmarkExpand: parse and expand a pattern and a percentage (one pass
// over the 270,725 hands each).
func BenchmarkExpand(b *testing.B) {
	for _, text := range []string{"AA**", "AxAyxy", "RRON", "15%"} {
		b.Run(text, func(b *testing.B) {
			MustParse(text).Count(eval.OmahaHiLo, 0) // tables built before timing
			b.ReportAllocs()
			for b.Loop() {
				MustParse(text).Count(eval.OmahaHiLo, 0)
			}
		})
	}
}
