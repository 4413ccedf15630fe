package eval

import (
	"testing"

	"github.com/scoophq/scoop/internal/cards"
)

// forAllFive calls f with every one of the 2,598,960 five-card hands.
func forAllFive(f func(h [5]cards.Card)) {
	var h [5]cards.Card
	for a := cards.Card(0); a < cards.NumCards; a++ {
		h[0] = a
		for b := a + 1; b < cards.NumCards; b++ {
			h[1] = b
			for c := b + 1; c < cards.NumCards; c++ {
				h[2] = c
				for d := c + 1; d < cards.NumCards; d++ {
					h[3] = d
					for e := d + 1; e < cards.NumCards; e++ {
						h[4] = e
						f(h)
					}
				}
			}
		}
	}
}

func TestHigh5AllHands(t *testing.T) {
	want := map[Category]int{
		StraightFlush: 40,
		FourOfAKind:   624,
		FullHouse:     3744,
		Flush:         5108,
		Straight:      10200,
		ThreeOfAKind:  54912,
		TwoPair:       123552,
		OnePair:       1098240,
		HighCard:      1302540,
	}
	got := map[Category]int{}
	distinct := map[HighValue]bool{}
	perCat := map[Category]map[HighValue]bool{}
	total := 0
	forAllFive(func(h [5]cards.Card) {
		v := High5(h)
		got[v.Category()]++
		distinct[v] = true
		if perCat[v.Category()] == nil {
			perCat[v.Category()] = map[HighValue]bool{}
		}
		perCat[v.Category()][v] = true
		total++
	})
	if total != 2598960 {
		t.Fatalf("enumerated %d hands, want 2598960", total)
	}
	for c, n := range want {
		if got[c] != n {
			t.Errorf("%v: %d hands, want %d", c, got[c], n)
		}
	}
	if len(distinct) != 7462 {
		t.Errorf("%d distinct high values, want 7462", len(distinct))
	}
	wantDistinct := map[Category]int{
		StraightFlush: 10, FourOfAKind: 156, FullHouse: 156, Flush: 1277, Straight: 10,
		ThreeOfAKind: 858, TwoPair: 858, OnePair: 2860, HighCard: 1277,
	}
	for c, n := range wantDistinct {
		if len(perCat[c]) != n {
			t.Errorf("%v: %d distinct values, want %d", c, len(perCat[c]), n)
		}
	}
}

func TestLow5AllHands(t *testing.T) {
	distinct := map[LowValue]bool{}
	forAllFive(func(h [5]cards.Card) {
		if v, ok := Low5(h); ok {
			distinct[v] = true
		}
	})
	if len(distinct) != 56 {
		t.Errorf("%d distinct qualifying lows, want 56", len(distinct))
	}
}
