package equity

import (
	"context"
	"errors"
	"math"
	"reflect"
	"runtime"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// TestComputeUnknownAgreesWithRandomRange: an unknown hand is a hand drawn
// uniformly from the unseen cards, which is what the range "*" means; the
// two estimates agree within 4 combined standard errors, for hi/lo and
// high, preflop and on a flop, heads-up and three-way.
func TestComputeUnknownAgreesWithRandomRange(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game  string
		hands []string
		board string
	}{
		{"omaha-hilo", []string{"As2s3dKd", "*"}, ""},
		{"omaha-hi", []string{"AsAhKsKh", "*", "*"}, "Kc7h2d"},
		{"omaha-hilo", []string{"As2s3dKd", "QhQcJhTc", "*"}, "4c7hKh"},
	} {
		rr, err := ParseRangeInput(Input{Game: tc.game, Hands: tc.hands, Board: tc.board, Mode: "montecarlo", Trials: TrialsOf(200_000)})
		if err != nil {
			t.Fatal(err)
		}
		want, err := ComputeRanges(context.Background(), rr)
		if err != nil {
			t.Fatal(err)
		}
		ur := UnknownRequest{Game: rr.Game, Board: rr.Board, Trials: 200_000, Seed: 9}
		for _, h := range tc.hands {
			if h == "*" {
				ur.Hands = append(ur.Hands, nil)
			} else {
				ur.Hands = append(ur.Hands, cards.MustParse(h))
			}
		}
		got, err := ComputeUnknown(context.Background(), ur)
		if err != nil {
			t.Fatal(err)
		}
		if got.Mode != MonteCarlo || got.Boards != 200_000 || got.Seed == nil {
			t.Fatalf("%v: mode %s boards %d", tc.hands, got.Mode, got.Boards)
		}
		var sum float64
		for i := range tc.hands {
			g, w := got.Players[i], want.Players[i]
			sum += g.Equity
			if se := math.Hypot(g.Stderr, w.Stderr); math.Abs(g.Equity-w.Equity) > 4*se || g.Stderr == 0 {
				t.Errorf("%v player %d: %.4f±%.4f, range engine %.4f±%.4f", tc.hands, i, g.Equity, g.Stderr, w.Equity, w.Stderr)
			}
			if (g.Hand == "") != (tc.hands[i] == "*") {
				t.Errorf("%v player %d: hand %q", tc.hands, i, g.Hand)
			}
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("%v: equities sum to %v", tc.hands, sum)
		}
	}
}

// TestComputeUnknownReproducible: same request, same numbers, whatever
// GOMAXPROCS; a target standard error stops at a whole round below the
// trials, and a done context stops the run.
func TestComputeUnknownReproducible(t *testing.T) {
	r := UnknownRequest{Game: eval.OmahaHiLo, Hands: []cards.List{cards.MustParse("As2s3dKd"), nil, nil}, Trials: 100_000, Seed: 42}
	a, err := ComputeUnknown(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	prev := runtime.GOMAXPROCS(1)
	b, err := ComputeUnknown(context.Background(), r)
	runtime.GOMAXPROCS(prev)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Players {
		if !reflect.DeepEqual(a.Players[i], b.Players[i]) {
			t.Fatalf("player %d: %+v with GOMAXPROCS %d, %+v with 1", i, a.Players[i], prev, b.Players[i])
		}
	}
	r.TargetStderr = 0.005
	c, err := ComputeUnknown(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if c.Boards >= 100_000 || c.Boards%unknownChunkSize != 0 {
		t.Errorf("target 0.005: %d trials", c.Boards)
	}
	for _, p := range c.Players {
		if p.Stderr > 0.005 {
			t.Errorf("stderr %v above the target", p.Stderr)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ComputeUnknown(ctx, r); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	r.Hands = []cards.List{cards.MustParse("As2s3d"), nil}
	if _, err := ComputeUnknown(context.Background(), r); err == nil {
		t.Error("a hand of 3 cards accepted")
	}
}

// BenchmarkUnknownSixWayPreflop: one known hand against five unknown
// ones preflop, 100,000 trials (the preflop snapshot of a six-handed
// PokerStars hand with the hero's cards known).
func BenchmarkUnknownSixWayPreflop(b *testing.B) {
	r := UnknownRequest{Game: eval.OmahaHiLo, Hands: []cards.List{cards.MustParse("As2s3dKd"), nil, nil, nil, nil, nil}, Trials: 100_000, Seed: 1}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ComputeUnknown(context.Background(), r); err != nil {
			b.Fatal(err)
		}
	}
}
