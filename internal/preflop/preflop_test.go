package preflop

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/eval"
)

// permute applies the suit permutation p to hole.
func permute(hole [4]cards.Card, p [4]cards.Suit) cards.List {
	out := make(cards.List, 4)
	for i, c := range hole {
		out[i] = cards.New(c.Rank(), p[c.Suit()])
	}
	return out
}

// suitPerms lists the 24 permutations of the four suits.
func suitPerms() [][4]cards.Suit {
	var out [][4]cards.Suit
	for a := range cards.Suit(4) {
		for b := range cards.Suit(4) {
			for c := range cards.Suit(4) {
				for d := range cards.Suit(4) {
					if a != b && a != c && a != d && b != c && b != d && c != d {
						out = append(out, [4]cards.Suit{a, b, c, d})
					}
				}
			}
		}
	}
	return out
}

// TestClassesAreSuitOrbits: every one of the 270,725 hands has a class,
// there are 16,432 of them, every suit permutation of a hand has its
// class, and each class holds exactly the suit permutations of its
// representative (so two hands share a class only when a suit
// permutation maps one to the other).
func TestClassesAreSuitOrbits(t *testing.T) {
	t.Parallel()
	perms := suitPerms()
	if len(perms) != 24 {
		t.Fatalf("%d permutations", len(perms))
	}
	count := make([]int, NumClasses)
	hands := 0
	seen := map[int]bool{}
	eachHand(func(h [4]cards.Card) {
		hands++
		c, ok := Class(h[:])
		if !ok {
			t.Fatalf("%v: no class", cards.List(h[:]))
		}
		count[c]++
		seen[c] = true
		for _, p := range perms {
			if d, _ := Class(permute(h, p)); d != c {
				t.Fatalf("%v is class %d, its permutation %v class %d", cards.List(h[:]), c, permute(h, p), d)
			}
		}
	})
	if hands != NumHands || len(seen) != NumClasses {
		t.Fatalf("%d hands in %d classes, want %d in %d", hands, len(seen), NumHands, NumClasses)
	}
	for c := range NumClasses {
		rep := Representative(c)
		if got, ok := Class(rep); !ok || got != c {
			t.Fatalf("representative %v of class %d is class %d", rep, c, got)
		}
		orbit := map[cards.CardSet]bool{}
		for _, p := range perms {
			s, _ := permute([4]cards.Card(rep), p).Set()
			orbit[s] = true
		}
		if len(orbit) != count[c] {
			t.Fatalf("class %d (%v): %d hands, its representative's suit orbit %d", c, rep, count[c], len(orbit))
		}
	}
	for _, bad := range []cards.List{nil, cards.MustParse("AsKs"), cards.MustParse("AsAsKdQd"), {0, 1, 2, 99}} {
		if _, ok := Class(bad); ok {
			t.Errorf("%v has a class", bad)
		}
	}
}

// TestTableMeetsTheTarget: the embedded table reads, has the trials the
// generator is run with, and every entry's standard error is at most the
// analysis' target (0.5 percentage points) and not 0 (see entryAt).
func TestTableMeetsTheTarget(t *testing.T) {
	t.Parallel()
	if Trials() < DefaultTrials {
		t.Fatalf("table of %d trials, want %d (run go generate ./internal/preflop): %v", Trials(), DefaultTrials, table.err)
	}
	for _, g := range []eval.Game{eval.OmahaHi, eval.OmahaHiLo} {
		for c := range NumClasses {
			for k := 1; k <= MaxOpponents; k++ {
				e := entryAt(table.v, g, c, k, table.trials)
				if e.Hero.Stderr <= 0 || e.Hero.Stderr > 0.005 || e.Hero.Equity < 0 || e.Hero.Equity >= 1 || e.Trials != Trials() {
					t.Fatalf("%v class %d (%v) vs %d: %+v", g, c, Representative(c), k, e)
				}
			}
		}
	}
}

// TestTableAgainstFreshMonteCarlo checks a sample of classes (random
// suits, random number of opponents, both games) against a fresh Monte
// Carlo run of the equity engine (equity.ComputeUnknown, its own stream):
// the equity within 4 standard errors of the difference, the other
// figures within 4 binomial standard errors.
func TestTableAgainstFreshMonteCarlo(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	const trials = 40000
	for i, hole := range sampleHands(rng, 22) {
		k := 1 + rng.IntN(MaxOpponents)
		for _, g := range []eval.Game{eval.OmahaHi, eval.OmahaHiLo} {
			e, ok := Lookup(g, hole, k)
			if !ok {
				t.Fatalf("%v: no entry", hole)
			}
			hands := make([]cards.List, k+1)
			hands[0] = hole
			res, err := equity.ComputeUnknown(context.Background(), equity.UnknownRequest{Game: g, Hands: hands, Trials: trials, Seed: uint64(1000 + i)})
			if err != nil {
				t.Fatal(err)
			}
			h := res.Players[0]
			if se := math.Hypot(e.Hero.Stderr, h.Stderr); math.Abs(e.Hero.Equity-h.Equity) > 4*se {
				t.Errorf("%v %v vs %d: table equity %.4f, fresh %.4f (4 SE %.4f)", g, hole, k, e.Hero.Equity, h.Equity, 4*se)
			}
			if se := math.Hypot(e.Opponent.Stderr, res.Players[1].Stderr); math.Abs(e.Opponent.Equity-res.Players[1].Equity) > 4*se {
				t.Errorf("%v %v vs %d: table opponent equity %.4f, fresh %.4f (4 SE %.4f)", g, hole, k, e.Opponent.Equity, res.Players[1].Equity, 4*se)
			}
			for _, f := range []struct {
				name string
				a, b float64
				n    float64 // the table's trials behind a (a random hand's figures average k hands)
			}{{"hi_win", e.Hero.HiWin, h.HiWin, 1}, {"hi_tie", e.Hero.HiTie, h.HiTie, 1}, {"lo_win", e.Hero.LoWin, h.LoWin, 1},
				{"lo_tie", e.Hero.LoTie, h.LoTie, 1}, {"scoop", e.Hero.Scoop, h.Scoop, 1}, {"no_low", e.NoLow, res.NoLow, 1},
				{"opponent hi_win", e.Opponent.HiWin, res.Players[1].HiWin, 1}, {"opponent lo_win", e.Opponent.LoWin, res.Players[1].LoWin, 1},
				{"opponent scoop", e.Opponent.Scoop, res.Players[1].Scoop, 1}} {
				p := (f.a + f.b) / 2
				se := math.Sqrt(p*(1-p)/float64(e.Trials) + p*(1-p)/trials)
				if math.Abs(f.a-f.b) > 4*se+1e-4 {
					t.Errorf("%v %v vs %d: table %s %.4f, fresh %.4f (4 SE %.4f)", g, hole, k, f.name, f.a, f.b, 4*se)
				}
			}
		}
	}
}

// sampleHands is a sample of classes for the tables' checks: the first,
// the last and n drawn from rng, each as one of its hands, its suits
// permuted at random.
func sampleHands(rng *rand.Rand, n int) []cards.List {
	perms := suitPerms()
	classes := []int{0, NumClasses - 1}
	for range n {
		classes = append(classes, rng.IntN(NumClasses))
	}
	out := make([]cards.List, len(classes))
	for i, c := range classes {
		out[i] = permute([4]cards.Card(Representative(c)), perms[rng.IntN(24)])
	}
	return out
}

// TestEncodeDecode: what Encode writes decode reads back, to the fixed
// point's precision.
func TestEncodeDecode(t *testing.T) {
	t.Parallel()
	rs := make([]*equity.VersusRandomResult, NumClasses)
	one, err := equity.VersusRandom(cards.MustParse("As2sKdQd"), 100, 3)
	if err != nil {
		t.Fatal(err)
	}
	for c := range rs {
		rs[c] = one
	}
	b, err := Encode(rs, 100, 3)
	if err != nil {
		t.Fatal(err)
	}
	trials, seed, v, err := decode(b)
	if err != nil || trials != 100 || seed != 3 {
		t.Fatalf("decode: %d %d %v", trials, seed, err)
	}
	for g, game := range []eval.Game{eval.OmahaHi, eval.OmahaHiLo} {
		for k := 1; k <= MaxOpponents; k++ {
			got, want := entryAt(v, game, NumClasses-1, k, trials), one.Entries[g][k-1]
			for _, d := range []float64{got.Hero.Equity - want.Hero.Equity, got.Hero.LoWin - want.Hero.LoWin, got.Hero.Stderr - want.Hero.Stderr,
				got.Opponent.Scoop - want.Opponent.Scoop, got.Opponent.Equity - want.Opponent.Equity, got.NoLow - want.NoLow} {
				if math.Abs(d) > 1e-4 {
					t.Fatalf("%v vs %d: decoded %+v, encoded %+v", game, k, got, want)
				}
			}
		}
	}
	for _, bad := range [][]byte{nil, []byte("scooppf\x01" + string(b[8:])), b[:len(b)/2]} {
		if _, _, _, err := decode(bad); err == nil {
			t.Errorf("decode of %d bad bytes: no error", len(bad))
		}
	}
}
