package equity

import (
	"context"
	"math"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// TestVersusRandomAgainstComputeUnknown checks VersusRandom's figures, every
// K and both games, against ComputeUnknown on the same question (the
// engine's Monte Carlo against unknown hands, another stream): within 4
// standard errors of the difference.
func TestVersusRandomAgainstComputeUnknown(t *testing.T) {
	hole, _ := cards.Parse("As2sKdQd")
	const trials = 20000
	vr, err := VersusRandom(hole, trials, 7)
	if err != nil {
		t.Fatal(err)
	}
	for g, game := range []eval.Game{eval.OmahaHi, eval.OmahaHiLo} {
		for _, k := range []int{1, 2, 5, 9} {
			hands := make([]cards.List, k+1)
			hands[0] = hole
			res, err := ComputeUnknown(context.Background(), UnknownRequest{Game: game, Hands: hands, Trials: trials, Seed: 99})
			if err != nil {
				t.Fatal(err)
			}
			e := vr.Entries[g][k-1]
			h := res.Players[0]
			se := math.Hypot(e.Hero.Stderr, h.Stderr)
			if d := math.Abs(e.Hero.Equity - h.Equity); d > 4*se {
				t.Errorf("%v vs %d: equity %.4f, ComputeUnknown %.4f (4 SE %.4f)", game, k, e.Hero.Equity, h.Equity, 4*se)
			}
			// The other figures are shares of trials: binomial errors.
			for _, f := range []struct {
				name string
				a, b float64
			}{{"hi_win", e.Hero.HiWin, h.HiWin}, {"hi_tie", e.Hero.HiTie, h.HiTie}, {"lo_win", e.Hero.LoWin, h.LoWin},
				{"lo_tie", e.Hero.LoTie, h.LoTie}, {"scoop", e.Hero.Scoop, h.Scoop}, {"no_low", e.NoLow, res.NoLow},
				{"opp hi_win", e.Opponent.HiWin, res.Players[1].HiWin}, {"opp lo_win", e.Opponent.LoWin, res.Players[1].LoWin}} {
				p := (f.a + f.b) / 2
				if se := math.Sqrt(2 * p * (1 - p) / trials); math.Abs(f.a-f.b) > 4*se+1e-12 {
					t.Errorf("%v vs %d: %s %.4f, ComputeUnknown %.4f (4 SE %.4f)", game, k, f.name, f.a, f.b, 4*se)
				}
			}
			if got := e.Hero.Equity + float64(k)*e.Opponent.Equity; math.Abs(got-1) > 1e-9 {
				t.Errorf("%v vs %d: equities sum to %v", game, k, got)
			}
			if game == eval.OmahaHi && (e.Hero.LoWin != 0 || e.NoLow != 0 || e.Hero.Scoop != e.Hero.HiWin) {
				t.Errorf("omaha-hi vs %d: %+v", k, e)
			}
		}
	}
}

// BenchmarkVersusRandom: one hand, 10,000 trials (every K, both games).
func BenchmarkVersusRandom(b *testing.B) {
	hole, _ := cards.Parse("As2sKdQd")
	for b.Loop() {
		if _, err := VersusRandom(hole, 10000, 1); err != nil {
			b.Fatal(err)
		}
	}
}
