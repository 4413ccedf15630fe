package ranges_test

import (
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/ranges"
)

// Members and Contains agree with Combos, by the hands' indexes, in any
// card order; an invalid hand has no index.
func TestMembers_AgreeWithCombos(t *testing.T) {
	for _, text := range []string{"AA**", "A2**", "15%", "AxAyxy"} {
		r := ranges.MustParse(text)
		for _, g := range []eval.Game{eval.OmahaHi, eval.OmahaHiLo} {
			combos := r.Combos(g, 0)
			members := r.Members(g)
			if len(members) != len(combos) {
				t.Fatalf("%s: %d members, %d combos", text, len(members), len(combos))
			}
			in := map[int]bool{}
			for _, c := range combos {
				l := c.List()
				l[0], l[3] = l[3], l[0]
				i, ok := ranges.HandIndex(l)
				if !ok || !r.Contains(g, i) {
					t.Fatalf("%s: %v (index %d, %v) not contained", text, c, i, ok)
				}
				in[i] = true
			}
			for k, m := range members {
				if !in[m] || k > 0 && members[k-1] >= m {
					t.Fatalf("%s: member %d (%d) not a combo's or out of order", text, k, m)
				}
			}
		}
	}
	h, _ := cards.Parse("KdKhQcQd")
	if i, ok := ranges.HandIndex(h); !ok || ranges.MustParse("AA**").Contains(eval.OmahaHi, i) {
		t.Errorf("KdKhQcQd in AA**: %v", ok)
	}
	if _, ok := ranges.HandIndex(cards.List{h[0], h[0], h[1], h[2]}); ok {
		t.Error("a repeated card has an index")
	}
}
