package handclass

import (
	"math/rand/v2"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
)

func TestIndexIsABijection(t *testing.T) {
	seen := make([]bool, NumHands)
	for i := 0; i < NumHands; i++ {
		h := HandAt(i)
		if !(h[0] > h[1] && h[1] > h[2] && h[2] > h[3]) || !h[0].Valid() {
			t.Fatalf("hand %d = %v: not four distinct cards in descending order", i, h)
		}
		if j := Index(h); j != i || seen[j] {
			t.Fatalf("Index(HandAt(%d)) = %d", i, j)
		}
		seen[i] = true
		r := Hand{h[2], h[0], h[3], h[1]}
		if Index(r) != i {
			t.Fatalf("Index depends on card order for %v", h)
		}
	}
}

// TestClassesAreSuitIsomorphism checks the classes against the definition:
// two hands share a class exactly when a renaming of the suits maps one
// onto the other, on random pairs and on every relabelling of random hands.
func TestClassesAreSuitIsomorphism(t *testing.T) {
	perms := [][4]cards.Suit{}
	for a := range 4 {
		for b := range 4 {
			for c := range 4 {
				for d := range 4 {
					if a != b && a != c && a != d && b != c && b != d && c != d {
						perms = append(perms, [4]cards.Suit{cards.Suit(a), cards.Suit(b), cards.Suit(c), cards.Suit(d)})
					}
				}
			}
		}
	}
	relabel := func(h Hand, p [4]cards.Suit) Hand {
		var o Hand
		for i, c := range h {
			o[i] = cards.New(c.Rank(), p[c.Suit()])
		}
		return o
	}
	iso := func(a, b Hand) bool {
		ia := Index(a)
		for _, p := range perms {
			if Index(relabel(b, p)) == ia {
				return true
			}
		}
		return false
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		i, j := rng.IntN(NumHands), rng.IntN(NumHands)
		a, b := HandAt(i), HandAt(j)
		if (ClassOf(i) == ClassOf(j)) != iso(a, b) {
			t.Fatalf("%v (class %d) and %v (class %d): isomorphic %v", a, ClassOf(i), b, ClassOf(j), iso(a, b))
		}
		for _, p := range perms {
			if ClassOf(Index(relabel(a, p))) != ClassOf(i) {
				t.Fatalf("relabelling %v by %v changes its class", a, p)
			}
		}
	}
	total := 0
	for c := range NumClasses {
		total += Size(c)
		if ClassOf(Index(Representative(c))) != c || Size(c) < 1 || Size(c) > 24 {
			t.Fatalf("class %d: representative %v, size %d", c, Representative(c), Size(c))
		}
	}
	if total != NumHands {
		t.Errorf("class sizes sum to %d, want %d", total, NumHands)
	}
}

func TestEncodeDecode(t *testing.T) {
	var orders [2][]uint16
	for g := range orders {
		for c := range NumClasses {
			orders[g] = append(orders[g], uint16((c*7+g)%NumClasses))
		}
	}
	got, err := Decode(Encode(orders))
	if err != nil {
		t.Fatal(err)
	}
	for g := range orders {
		for i := range orders[g] {
			if got[g][i] != orders[g][i] {
				t.Fatalf("game %d entry %d: %d, want %d", g, i, got[g][i], orders[g][i])
			}
		}
	}
	orders[1][5] = orders[1][6]
	if _, err := Decode(Encode(orders)); err == nil {
		t.Error("a table that is not a permutation decodes without error")
	}
	if _, err := Decode([]byte("SCOOPRANK1")); err == nil {
		t.Error("a short table decodes without error")
	}
}
