package eval

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
)

// slowHand is a five-card high hand judged the obvious way, from the
// cards alone: its class (0 high card .. 8 straight flush) and the ranks
// that decide within the class, most significant first, so that two
// slowHands compare as slices.
type slowHand struct {
	class int
	ranks []int
}

func (a slowHand) less(b slowHand) bool {
	if a.class != b.class {
		return a.class < b.class
	}
	return slices.Compare(a.ranks, b.ranks) < 0
}

func slowJudge(c [5]cards.Card) slowHand {
	count := map[int]int{}
	flush := true
	for _, x := range c {
		count[int(x.Rank())]++
		if x.Suit() != c[0].Suit() {
			flush = false
		}
	}
	var distinct []int
	for r := range count {
		distinct = append(distinct, r)
	}
	// By count, then rank, highest first.
	slices.SortFunc(distinct, func(a, b int) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return b - a
	})
	straightTop := -1
	if len(distinct) == 5 {
		if distinct[0]-distinct[4] == 4 {
			straightTop = distinct[0]
		}
		if slices.Equal(distinct, []int{int(cards.Ace), 3, 2, 1, 0}) {
			straightTop = int(cards.Five)
		}
	}
	switch {
	case straightTop >= 0 && flush:
		return slowHand{8, []int{straightTop}}
	case count[distinct[0]] == 4:
		return slowHand{7, distinct}
	case count[distinct[0]] == 3 && count[distinct[1]] == 2:
		return slowHand{6, distinct}
	case flush:
		return slowHand{5, distinct}
	case straightTop >= 0:
		return slowHand{4, []int{straightTop}}
	case count[distinct[0]] == 3:
		return slowHand{3, distinct}
	case count[distinct[0]] == 2 && count[distinct[1]] == 2:
		return slowHand{2, distinct}
	case count[distinct[0]] == 2:
		return slowHand{1, distinct}
	}
	return slowHand{0, distinct}
}

// slowName names a slowHand the way a player would, written out case by
// case without the evaluator's value layout.
func slowName(h slowHand) string {
	word := []string{"deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"}
	plural := func(r int) string {
		if r == 4 {
			return "sixes"
		}
		return word[r] + "s"
	}
	top := h.ranks[0]
	switch h.class {
	case 8:
		if top == int(cards.Ace) {
			return "royal flush"
		}
		return fmt.Sprintf("%s-high straight flush", word[top])
	case 7:
		return "four of a kind, " + plural(top)
	case 6:
		return fmt.Sprintf("full house, %s full of %s", plural(top), plural(h.ranks[1]))
	case 5:
		return word[top] + "-high flush"
	case 4:
		return word[top] + "-high straight"
	case 3:
		return "three of a kind, " + plural(top)
	case 2:
		return fmt.Sprintf("two pair, %s and %s", plural(top), plural(h.ranks[1]))
	case 1:
		return "pair of " + plural(top)
	}
	return word[top] + " high"
}

// slowLowName names the best 8-or-better low of five cards the obvious
// way: five different ranks, none above eight, read from the top.
func slowLowName(c [5]cards.Card) string {
	seen := map[int]bool{}
	var vals []int // ace is 1
	for _, x := range c {
		v := int(x.Rank()) + 2
		if x.Rank() == cards.Ace {
			v = 1
		}
		if v > 8 || seen[v] {
			return "no low"
		}
		seen[v] = true
		vals = append(vals, v)
	}
	slices.Sort(vals)
	s := ""
	for i := len(vals) - 1; i >= 0; i-- {
		if s != "" {
			s += "-"
		}
		if vals[i] == 1 {
			s += "A"
		} else {
			s += fmt.Sprint(vals[i])
		}
	}
	return s
}

func randomCards(rng *rand.Rand, n int) cards.List {
	perm := rng.Perm(cards.NumCards)
	out := make(cards.List, n)
	for i := range n {
		out[i] = cards.Card(perm[i])
	}
	return out
}

func mustList(t *testing.T, s string) cards.List {
	t.Helper()
	l, err := cards.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestNameSaysTheHandAsPlayersDo(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ hand, want string }{
		{"KsKd7h7c2s", "two pair, kings and sevens"},
		{"Kh9h6h4h2h", "king-high flush"},
		{"9s9d9h4c4s", "full house, nines full of fours"},
		{"AsKsQsJsTs", "royal flush"},
		{"5d4d3d2dAd", "five-high straight flush"},
		{"5s4d3h2cAd", "five-high straight"},
		{"6s6d6h6cAd", "four of a kind, sixes"},
		{"AsAdTh8c2d", "pair of aces"},
		{"AsJdTh8c2d", "ace high"},
	} {
		l := mustList(t, c.hand)
		if got := High5([5]cards.Card(l)).Name(); got != c.want {
			t.Errorf("%s: Name = %q, want %q", c.hand, got, c.want)
		}
	}
	for _, c := range []struct{ hand, want string }{
		{"8s5d3h2cAd", "8-5-3-2-A"},
		{"5s4d3h2cAd", "5-4-3-2-A"},
	} {
		l := mustList(t, c.hand)
		v, ok := Low5([5]cards.Card(l))
		if !ok || v.Name() != c.want {
			t.Errorf("%s: low Name = %q (ok %v), want %q", c.hand, v.Name(), ok, c.want)
		}
	}
}

// Every five-card hand of a large seeded sample, and every straight and
// straight flush, is named as the slow namer names it, high and low.
func TestNameAgreesWithSlowNamer(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 26))
	check := func(c [5]cards.Card) {
		if got, want := High5(c).Name(), slowName(slowJudge(c)); got != want {
			t.Fatalf("%s: Name = %q, slow namer %q", cards.List(c[:]), got, want)
		}
		lv, ok := Low5(c)
		got := "no low"
		if ok {
			got = lv.Name()
		}
		if want := slowLowName(c); got != want {
			t.Fatalf("%s: low Name = %q, slow namer %q", cards.List(c[:]), got, want)
		}
	}
	for range 200_000 {
		check([5]cards.Card(randomCards(rng, 5)))
	}
	for top := cards.Five; top <= cards.Ace; top++ {
		for _, suited := range []bool{false, true} {
			var c [5]cards.Card
			for i := range 5 {
				r := (int(top) - i + 13) % 13
				if top == cards.Five && i == 4 {
					r = int(cards.Ace)
				}
				s := cards.Suit(i % 2)
				if suited {
					s = cards.Spades
				}
				c[i] = cards.New(cards.Rank(r), s)
			}
			check(c)
		}
	}
}

// OmahaNames names the best two-plus-three hand, as the slow namer names
// the best of the sixty five-card hands judged slowly.
func TestOmahaNamesAgreeWithSlowNamer(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(8, 26))
	for range 3_000 {
		l := randomCards(rng, 9)
		hole, board := l[:4], l[4:]
		var best slowHand
		bestLow := "no low"
		first := true
		for a := 0; a < 4; a++ {
			for b := a + 1; b < 4; b++ {
				for x := 0; x < 5; x++ {
					for y := x + 1; y < 5; y++ {
						for z := y + 1; z < 5; z++ {
							c := [5]cards.Card{hole[a], hole[b], board[x], board[y], board[z]}
							if h := slowJudge(c); first || best.less(h) {
								best, first = h, false
							}
							if lo := slowLowName(c); lo != "no low" && (bestLow == "no low" || lowBefore(lo, bestLow)) {
								bestLow = lo
							}
						}
					}
				}
			}
		}
		high, low := OmahaNames(OmahaHiLo, hole, board)
		if high != slowName(best) || low != bestLow {
			t.Fatalf("%s on %s: OmahaNames = %q, %q; slow namer %q, %q", hole, board, high, low, slowName(best), bestLow)
		}
		if _, lo := OmahaNames(OmahaHi, hole, board); lo != "" {
			t.Fatalf("omaha-hi names a low: %q", lo)
		}
	}
}

// lowBefore reports whether low a ("8-5-3-2-A") beats low b: compared
// card by card from the top.
func lowBefore(a, b string) bool {
	val := func(s byte) int {
		if s == 'A' {
			return 1
		}
		return int(s - '0')
	}
	for i := 0; i < len(a) && i < len(b); i += 2 {
		if val(a[i]) != val(b[i]) {
			return val(a[i]) < val(b[i])
		}
	}
	return false
}
