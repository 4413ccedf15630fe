package main

import (
	"math/rand/v2"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/ranges/internal/handclass"
)

// TestPlayMatchesEval checks the generator's table evaluation against
// eval.OmahaHigh and eval.OmahaLow on random hands and deals.
func TestPlayMatchesEval(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var deck [cards.NumCards]cards.Card
	for i := range deck {
		deck[i] = cards.Card(i)
	}
	for range 20000 {
		for j := 0; j < 13; j++ {
			x := j + rng.IntN(cards.NumCards-j)
			deck[j], deck[x] = deck[x], deck[j]
		}
		h := handclass.Hand(deck[0:4])
		opp, board := cards.List(deck[4:8:8]), cards.List(deck[8:13:13])
		d := evalDeal(opp, board)
		hi, lo := newHero(h).play(&d)
		if want := eval.OmahaHigh(cards.List(h[:]), board); hi != want {
			t.Fatalf("%v on %v: high %v, want %v", h, board, hi, want)
		}
		wantLo := uint8(eval.NoLow)
		if v, ok := eval.OmahaLow(cards.List(h[:]), board); ok {
			wantLo = uint8(v)
		}
		if lo != wantLo {
			t.Fatalf("%v on %v: low %d, want %d", h, board, lo, wantLo)
		}
	}
}

// TestClassEquityOrdersObviousHands: with a few thousand deals the best
// hands beat the worst by a wide margin in both games.
func TestClassEquityOrdersObviousHands(t *testing.T) {
	ds := newDeals(20000, 1)
	eq := func(s string) (float64, float64) {
		return classEquity(newHero(handclass.Hand(cards.MustParse(s))), ds)
	}
	aaHi, aaLo := eq("AsAhKsKh")
	a2Hi, a2Lo := eq("AsAh2s3h")
	junkHi, junkLo := eq("9c7d3h2s")
	if !(aaHi > junkHi+0.15 && a2Lo > junkLo+0.15 && a2Lo > aaLo) || aaHi < 0.6 || junkHi > 0.45 {
		t.Errorf("AAKK ds %.3f/%.3f, AA23 ds %.3f/%.3f, 9732 %.3f/%.3f", aaHi, aaLo, a2Hi, a2Lo, junkHi, junkLo)
	}
}
