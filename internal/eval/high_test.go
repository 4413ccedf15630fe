package eval

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"sort"
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

// naive5 is an independent, obvious five-card evaluator for the tests: a
// category and the ranks that break ties, compared lexicographically.
func naive5(h [5]cards.Card) (Category, []int) {
	count := map[int]int{}
	flush := true
	for _, c := range h {
		count[int(c.Rank())]++
		flush = flush && c.Suit() == h[0].Suit()
	}
	var ranks []int
	for r := range count {
		ranks = append(ranks, r)
	}
	sort.Slice(ranks, func(i, j int) bool {
		if count[ranks[i]] != count[ranks[j]] {
			return count[ranks[i]] > count[ranks[j]]
		}
		return ranks[i] > ranks[j]
	})
	straight, top := false, 0
	if len(ranks) == 5 {
		if ranks[0]-ranks[4] == 4 {
			straight, top = true, ranks[0]
		} else if ranks[0] == 12 && ranks[1] == 3 { // A-5-4-3-2
			straight, top = true, 3
		}
	}
	switch {
	case straight && flush:
		return StraightFlush, []int{top}
	case count[ranks[0]] == 4:
		return FourOfAKind, ranks
	case count[ranks[0]] == 3 && count[ranks[1]] == 2:
		return FullHouse, ranks
	case flush:
		return Flush, ranks
	case straight:
		return Straight, []int{top}
	case count[ranks[0]] == 3:
		return ThreeOfAKind, ranks
	case count[ranks[0]] == 2 && count[ranks[1]] == 2:
		return TwoPair, ranks
	case count[ranks[0]] == 2:
		return OnePair, ranks
	}
	return HighCard, ranks
}

func naiveCompare(a, b [5]cards.Card) int {
	ca, ra := naive5(a)
	cb, rb := naive5(b)
	if ca != cb {
		return cmp.Compare(ca, cb)
	}
	return slices.Compare(ra, rb)
}

func TestHigh5MatchesNaiveEvaluator(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	hand := func() [5]cards.Card {
		p := r.Perm(cards.NumCards)
		return [5]cards.Card{cards.Card(p[0]), cards.Card(p[1]), cards.Card(p[2]), cards.Card(p[3]), cards.Card(p[4])}
	}
	// Uniform hands are mostly weak; also draw from a 2-suit, 7-rank deck
	// to meet flushes, straights, full houses and quads often.
	small := func() [5]cards.Card {
		var deck []cards.Card
		lo := r.IntN(7)
		for rk := lo; rk < lo+7; rk++ {
			deck = append(deck, cards.New(cards.Rank(rk%13), cards.Spades), cards.New(cards.Rank(rk%13), cards.Hearts),
				cards.New(cards.Rank(rk%13), cards.Clubs))
		}
		if lo == 0 {
			deck = append(deck, cards.New(cards.Ace, cards.Spades))
		}
		r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		return [5]cards.Card(deck[:5])
	}
	for i := 0; i < 200_000; i++ {
		gen := hand
		if i%2 == 1 {
			gen = small
		}
		a, b := gen(), gen()
		if c, _ := naive5(a); High5(a).Category() != c {
			t.Fatalf("High5(%v) category %v, naive %v", cards.List(a[:]), High5(a).Category(), c)
		}
		if got, want := cmp.Compare(High5(a), High5(b)), naiveCompare(a, b); got != want {
			t.Fatalf("%v vs %v: High5 compares %d, naive evaluator %d", cards.List(a[:]), cards.List(b[:]), got, want)
		}
	}
}

func TestHighValueString(t *testing.T) {
	tests := []struct{ hand, want string }{
		{"AsKsQsJsTs", "straight flush, ace high (royal flush)"},
		{"5h4h3h2hAh", "straight flush, five high"},
		{"9c9d9h9sAc", "four of a kind, nines, ace kicker"},
		{"KcKdKh7s7c", "full house, kings full of sevens"},
		{"AhJh8h6h2h", "flush, ace-jack-eight-six-deuce"},
		{"5c4d3h2sAs", "straight, five high"},
		{"QcQdQh3s2c", "three of a kind, queens, three-deuce"},
		{"KcKdQhQs2c", "two pair, kings and queens, deuce kicker"},
		{"AcAd5h4s3c", "one pair, aces, five-four-three"},
		{"AcKd9h4s3c", "high card, ace-king-nine-four-three"},
	}
	for _, tt := range tests {
		v := High5([5]cards.Card(cards.MustParse(tt.hand)))
		if v.String() != tt.want {
			t.Errorf("%s: %q, want %q", tt.hand, v, tt.want)
		}
	}
	if HighValue(0).String() != "no hand" || HighValue(0xF00000).String() != "invalid hand value" || Category(9).String() != "invalid category" {
		t.Errorf("out-of-range values: %q %q %q", HighValue(0), HighValue(0xF00000), Category(9))
	}
	if LowValue(0x1F).String() != "5-4-3-2-A" || LowValue(0x3).String() != "no low" {
		t.Errorf("low strings: %q %q", LowValue(0x1F), LowValue(0x3))
	}
}
