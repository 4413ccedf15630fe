package analysis

import (
	"context"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
)

// BenchmarkAnalyzeShownDown analyses a typical shown-down hand: three
// known hands, a fold on the flop, every street (issue 10: at most 2 ms on
// one core; run with -cpu 1).
func BenchmarkAnalyzeShownDown(b *testing.B) {
	h := phhOf(b, `variant = 'PO/8'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [200, 200, 200]
actions = ['d dh p1 As2sKdQd', 'd dh p2 JhJcTh9c', 'd dh p3 Ad3c8h8s', 'p3 cbr 6', 'p1 cc', 'p2 cc', 'd db 4c7hKh', 'p1 cc', 'p2 cbr 10', 'p3 cc', 'p1 f', 'd db 8d', 'p2 cc', 'p3 cc', 'd db 2c', 'p2 cbr 20', 'p3 cc', 'p2 sm JhJcTh9c', 'p3 sm Ad3c8h8s']
`)
	if !Replay(h).Legal {
		b.Fatal(Replay(h).Error)
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Analyze(ctx, h); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAnalyzePokerStarsCorpus analyses the Omaha hands of the
// PokerStars corpus (123 read; the issue counts 124), all of them per op (issue 10: under 1 s).
func BenchmarkAnalyzePokerStarsCorpus(b *testing.B) {
	var hands []*handhistory.Hand
	for _, es := range readPSCorpus(b) {
		for _, e := range es {
			if e.Hand != nil {
				hands = append(hands, e.Hand)
			}
		}
	}
	if len(hands) < 120 {
		b.Fatalf("%d hands", len(hands))
	}
	b.ReportMetric(float64(len(hands)), "hands")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		for _, h := range hands {
			if _, err := Analyze(ctx, h); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/corpus")
}
