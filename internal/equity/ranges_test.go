package equity

import (
	"context"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/ranges"
)

func mustRanges(t testing.TB, in Input) RangeResult {
	t.Helper()
	r, err := ParseRangeInput(in)
	if err != nil {
		t.Fatalf("ParseRangeInput(%+v): %v", in, err)
	}
	res, err := ComputeRanges(context.Background(), r)
	if err != nil {
		t.Fatalf("ComputeRanges(%+v): %v", in, err)
	}
	return res
}

// bruteForce enumerates every combination of one hand per player (each
// range expanded without the board, the dead cards and the fixed hands)
// that shares no card, computes each exactly with Compute, and averages
// with every combination weighted equally: exact big.Rat equities and the
// number of combinations.
func bruteForce(t *testing.T, game eval.Game, board string, hands ...string) ([]*big.Rat, int) {
	t.Helper()
	return bruteForceDead(t, game, board, "", hands...)
}

// bruteForceDead is bruteForce with dead cards.
func bruteForceDead(t *testing.T, game eval.Game, board, dead string, hands ...string) ([]*big.Rat, int) {
	t.Helper()
	b := cards.MustParse(board)
	known, _ := b.Set()
	dl := cards.MustParse(dead)
	ds, _ := dl.Set()
	known |= ds
	rs := make([]*ranges.Range, len(hands))
	for i, h := range hands {
		rs[i] = ranges.MustParse(h)
		if c, ok := rs[i].Fixed(); ok {
			known |= c.Set()
		}
	}
	lists := make([][]ranges.Combo, len(hands))
	for i, r := range rs {
		if c, ok := r.Fixed(); ok {
			lists[i] = []ranges.Combo{c}
		} else {
			lists[i] = r.Combos(game, known)
		}
	}
	sum := make([]*big.Rat, len(hands))
	for i := range sum {
		sum[i] = new(big.Rat)
	}
	n := 0
	pick := make([]ranges.Combo, len(hands))
	var rec func(i int, used cards.CardSet)
	rec = func(i int, used cards.CardSet) {
		if i == len(hands) {
			req := Request{Game: game, Board: b, Dead: dl, Mode: Exhaustive}
			for _, c := range pick {
				req.Hands = append(req.Hands, c.List())
			}
			res, err := Compute(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			for p := range hands {
				q, _ := new(big.Rat).SetString(res.Exact.Numerators[p] + "/" + res.Exact.Denominator)
				sum[p].Add(sum[p], q)
			}
			n++
			return
		}
		for _, c := range lists[i] {
			if c.Set()&used == 0 {
				pick[i] = c
				rec(i+1, used|c.Set())
			}
		}
	}
	rec(0, 0)
	for i := range sum {
		sum[i].Quo(sum[i], big.NewRat(int64(n), 1))
	}
	return sum, n
}

var bruteCases = []struct {
	name  string
	game  eval.Game
	board string
	hands []string
	combo int // combinations of hands sharing no card
}{
	// Two aces left (Ad, Ac): AA** is AdAc with two of the other 43 cards.
	{"hand vs AA** on a flop", eval.OmahaHiLo, "Kh7c3d", []string{"AsAhKs2d", "AA**"}, 903},
	{"hand vs AA** on a flop, omaha-hi", eval.OmahaHi, "Kh7c3d", []string{"AsAhKs2d", "AA**"}, 903},
	// Two small ranges that collide often (both want kings and queens).
	{"two small ranges on a turn", eval.OmahaHiLo, "8c7d5h2s", []string{"AsKxQxJ", "[KQ][KQ]T9"}, -1},
}

func TestRangesMatchBruteForce(t *testing.T) {
	for _, tt := range bruteCases {
		t.Run(tt.name, func(t *testing.T) {
			want, n := bruteForce(t, tt.game, tt.board, tt.hands...)
			t.Logf("%d combinations of hands", n)
			if tt.combo >= 0 && n != tt.combo {
				t.Errorf("%d combinations, want %d", n, tt.combo)
			}
			res := mustRanges(t, Input{Game: tt.game.String(), Board: tt.board, Hands: tt.hands})
			if res.Mode != Exhaustive || res.Exact == nil {
				t.Fatalf("mode %s: want an exact result", res.Mode)
			}
			completions := int64(binomial(int64(52-len(tt.board)/2-4*len(tt.hands)), int64(5-len(tt.board)/2)))
			if res.Boards != int64(n)*completions {
				t.Errorf("%d boards, want %d combinations x %d completions", res.Boards, n, completions)
			}
			sum := new(big.Rat)
			for i := range tt.hands {
				got, _ := new(big.Rat).SetString(res.Exact.Numerators[i] + "/" + res.Exact.Denominator)
				if got.Cmp(want[i]) != 0 {
					t.Errorf("player %d (%s): exact equity %s, brute force %s", i, tt.hands[i], got.RatString(), want[i].RatString())
				}
				sum.Add(sum, got)
				if res.Players[i].Hand != ranges.MustParse(tt.hands[i]).String() {
					t.Errorf("player %d is labelled %q", i, res.Players[i].Hand)
				}
			}
			if sum.Cmp(big.NewRat(1, 1)) != 0 {
				t.Errorf("equities sum to %s", sum.RatString())
			}
			if res.Combos[0] != 1 && strings.Count(tt.hands[0], "*") == 0 && len(tt.hands[0]) == 8 {
				t.Errorf("a fixed hand counts %d combinations", res.Combos[0])
			}
		})
	}
}

// TestRangesMonteCarloWithinFourStandardErrors: the Monte Carlo answer to
// each brute-force case is within 4 standard errors of the exact one.
func TestRangesMonteCarloWithinFourStandardErrors(t *testing.T) {
	for _, tt := range bruteCases {
		t.Run(tt.name, func(t *testing.T) {
			exact := mustRanges(t, Input{Game: tt.game.String(), Board: tt.board, Hands: tt.hands})
			mc := mustRanges(t, Input{Game: tt.game.String(), Board: tt.board, Hands: tt.hands, Mode: "montecarlo", Trials: TrialsOf(200_000), Seed: new(uint64(11))})
			if mc.Mode != MonteCarlo || mc.Boards != 200_000 || mc.Seed == nil {
				t.Fatalf("mode %s, %d boards", mc.Mode, mc.Boards)
			}
			for i := range tt.hands {
				e, m := exact.Players[i], mc.Players[i]
				if m.Stderr <= 0 || m.Stderr > 0.01 || math.Abs(m.Equity-e.Equity) > 4*m.Stderr {
					t.Errorf("player %d: Monte Carlo %.5f ± %.5f, exact %.5f", i, m.Equity, m.Stderr, e.Equity)
				}
				if math.Abs(m.Scoop-e.Scoop) > 0.01 || math.Abs(m.HiWin-e.HiWin) > 0.01 || math.Abs(m.LoWin-e.LoWin) > 0.01 {
					t.Errorf("player %d: Monte Carlo %+v, exact %+v", i, m, e)
				}
			}
			if math.Abs(mc.NoLow-exact.NoLow) > 0.01 {
				t.Errorf("no low: Monte Carlo %v, exact %v", mc.NoLow, exact.NoLow)
			}
			if mc.Combos[1] != exact.Combos[1] {
				t.Errorf("combinations %v and %v", mc.Combos, exact.Combos)
			}
		})
	}
}

func TestRangesMonteCarloReproducibleAcrossGOMAXPROCS(t *testing.T) {
	in := Input{Hands: []string{"As2s3dKd", "15%", "AA**"}, Mode: "montecarlo", Trials: TrialsOf(100_000), Seed: new(uint64(5))}
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	one := mustRanges(t, in)
	runtime.GOMAXPROCS(2)
	two := mustRanges(t, in)
	if one.Boards != two.Boards || one.NoLow != two.NoLow || len(one.Players) != 3 {
		t.Fatalf("GOMAXPROCS 1: %d boards no low %v; 2: %d boards no low %v", one.Boards, one.NoLow, two.Boards, two.NoLow)
	}
	for i := range one.Players {
		if !reflect.DeepEqual(one.Players[i], two.Players[i]) {
			t.Errorf("player %d: GOMAXPROCS 1 gives %+v, 2 gives %+v", i, one.Players[i], two.Players[i])
		}
	}
	other := mustRanges(t, Input{Hands: in.Hands, Mode: "montecarlo", Trials: in.Trials, Seed: new(uint64(6))})
	if reflect.DeepEqual(other.Players[0], one.Players[0]) {
		t.Error("another seed gives the same result")
	}
}

// TestRangeSamplerUnbiased draws many trials from two small ranges that
// collide often, on a turn, and checks with a chi-square test that every
// (combination of hands, river card) is equally likely, as the exact
// weighting requires. A sequential sampler (the second hand drawn among
// those compatible with the first) fails the same test, so it has power.
func TestRangeSamplerUnbiased(t *testing.T) {
	// Hand a1 is compatible with every hand of B, a2 with only one.
	in := Input{Board: "8c7d5h2s", Hands: []string{"AsKsQsJs,AhKhQhJh", "AdTd9d6d,AhTc9c6c,AhTs9s6s,AhTd9h6h"}, Mode: "montecarlo"}
	s := mustPrepare(t, in).setup
	e := &rangeState{s: s}
	type cell struct{ a, b int }
	// The expected cells: compatible (a, b) and each free river card.
	free := map[cell][]cards.Card{}
	for a, ca := range s.combos[0] {
		for b, cb := range s.combos[1] {
			if ca.set&cb.set != 0 {
				continue
			}
			for _, c := range s.rest {
				if !(ca.set | cb.set).Has(c) {
					free[cell{a, b}] = append(free[cell{a, b}], c)
				}
			}
		}
	}
	if len(free) != 5 {
		t.Fatalf("%d compatible combinations, want 5", len(free))
	}
	cells := 0
	for _, f := range free {
		cells += len(f)
	}
	const trials = 400_000
	chi2 := func(count map[[3]int]int) float64 {
		expect := float64(trials) / float64(cells)
		var x float64
		for c, f := range free {
			for _, card := range f {
				d := float64(count[[3]int{c.a, c.b, int(card)}]) - expect
				x += d * d / expect
			}
		}
		return x
	}
	// The chi-square bound for cells-1 degrees of freedom at z = 4
	// (Wilson-Hilferty): a fixed seed, so this never flakes.
	df := float64(cells - 1)
	bound := df * math.Pow(1-2/(9*df)+4*math.Sqrt(2/(9*df)), 3)

	var rng rand.PCG
	rng.Seed(1, 2)
	var deck [cards.NumCards]cards.Card
	nd := copy(deck[:], s.rest)
	count := map[[3]int]int{}
	for range trials {
		e.deal(&rng, &deck, nd)
		count[[3]int{e.idx[0], e.idx[1], int(deck[0])}]++
	}
	x := chi2(count)
	if x > bound {
		t.Errorf("rejection sampler: chi-square %.1f over %d cells, bound %.1f", x, cells, bound)
	}
	t.Logf("rejection sampler: chi-square %.1f over %d cells (bound %.1f)", x, cells, bound)

	// The sequential sampler: biased towards a2's one combination.
	seq := map[[3]int]int{}
	rr := rand.New(rand.NewPCG(1, 2))
	for range trials {
		a := rr.IntN(len(s.combos[0]))
		var ok []int
		for b, cb := range s.combos[1] {
			if cb.set&s.combos[0][a].set == 0 {
				ok = append(ok, b)
			}
		}
		b := ok[rr.IntN(len(ok))]
		f := free[cell{a, b}]
		seq[[3]int{a, b, int(f[rr.IntN(len(f))])}]++
	}
	if y := chi2(seq); y <= bound {
		t.Errorf("the sequential sampler passes the test (chi-square %.1f, bound %.1f): the test has no power", y, bound)
	} else {
		t.Logf("sequential sampler: chi-square %.1f", y)
	}
}

func TestRangeErrors(t *testing.T) {
	tests := []struct {
		name  string
		in    Input
		kind  fault.Kind
		field string
		want  string
	}{
		{"range syntax names the field and column", Input{Hands: []string{"As2s3dKd", "AA**,"}}, fault.Invalid, "hands[1]", "column 6"},
		{"empty after removal names the player", Input{Hands: []string{"AsAhKs2d", "AAA*"}, Board: "Ad7c3d"}, fault.Impossible, "hands[1]", "holds no hand"},
		{"ranges that cannot be dealt together", Input{Hands: []string{"AAA*", "AA**"}, Mode: "montecarlo"}, fault.Impossible, "hands", "cannot be dealt together"},
		{"five players need an ace", Input{Hands: []string{"A***", "A***", "*", "A***", "A***", "A***"}}, fault.Impossible, "hands", "hands[0] (A***), hands[1] (A***), hands[3] (A***), hands[4] (A***), hands[5] (A***) cannot be dealt together: they need 5 of the aces, 4 are left"},
		{"three pairs of aces of ten players", Input{Hands: []string{"*", "AA**", "*", "*", "AA**", "*", "*", "AA**", "*", "*"}}, fault.Impossible, "hands", "the ranges of hands[1] (AA**), hands[4] (AA**), hands[7] (AA**) cannot be dealt together: they need 6 of the aces, 4 are left"},
		{"ranges that cannot be dealt together, exhaustive", Input{Hands: []string{"AAAK", "AA[KQ]Q"}, Board: "2c3c4c5c"}, fault.Impossible, "hands", "cannot be dealt together"},
		{"fixed hands collide", Input{Hands: []string{"As2s3dKd", "QhAsJhTc", "AA**"}}, fault.Impossible, "hands[1]", "duplicate card As: in hands[0] and in hands[1]"},
		{"fixed hand and board", Input{Hands: []string{"As2s3dKd", "KK**"}, Board: "As7h8h"}, fault.Impossible, "board", "duplicate card As: in hands[0] and in board"},
		{"exhaustive too large", Input{Hands: []string{"As2s3dKd", "15%"}, Mode: "exhaustive"}, fault.Invalid, "mode", "more than 50000000"},
		{"one hand", Input{Hands: []string{"AA**"}}, fault.Invalid, "hands", "want 2 to 10 hands"},
		{"unknown game", Input{Game: "holdem", Hands: []string{"AA**", "KK**"}}, fault.Invalid, "game", "unknown game"},
		{"trials with exhaustive", Input{Hands: []string{"AA**", "KK**"}, Mode: "exhaustive", Trials: TrialsOf(5)}, fault.Invalid, "trials", "not to mode exhaustive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := ParseRangeInput(tt.in)
			if err == nil {
				_, err = ComputeRanges(context.Background(), r)
			}
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Kind != tt.kind || fe.Field != tt.field || !strings.Contains(fe.Error(), tt.want) {
				t.Errorf("error %v: want %v on %q containing %q", err, tt.kind, tt.field, tt.want)
			}
		})
	}
}

// TestMultisetTable: every multiset of four ranks has its own index, and
// its shared table is the one preparePlayer builds for such a hand.
func TestMultisetTable(t *testing.T) {
	seen := make([]bool, numMultisets)
	tab := multiTriTable()
	rng := rand.New(rand.NewPCG(8, 9))
	for d := cards.Rank(0); d <= cards.Ace; d++ {
		for c := cards.Rank(0); c <= d; c++ {
			for b := cards.Rank(0); b <= c; b++ {
				for a := cards.Rank(0); a <= b; a++ {
					r := [4]cards.Rank{a, b, c, d}
					m := multisetIndex(r)
					if m < 0 || m >= numMultisets || seen[m] {
						t.Fatalf("ranks %v: index %d out of range or taken", r, m)
					}
					seen[m] = true
					for p := range 256 { // every order of the four ranks
						i, j, k, l := p&3, p>>2&3, p>>4&3, p>>6
						if i == j || i == k || i == l || j == k || j == l || k == l {
							continue
						}
						if q := [4]cards.Rank{r[i], r[j], r[k], r[l]}; multisetIndex(q) != m {
							t.Fatalf("ranks %v: index %d, in the order %v %d", r, m, q, multisetIndex(q))
						}
					}
					rng.Shuffle(4, func(i, j int) { r[i], r[j] = r[j], r[i] })
					var p player
					preparePlayer(&p, cards.List{cards.New(r[0], 3), cards.New(r[1], 2), cards.New(r[2], 1), cards.New(r[3], 0)}, true)
					if p.tri != tab[m] {
						t.Fatalf("ranks %v: shared table differs from preparePlayer's", r)
					}
				}
			}
		}
	}
}

func TestRangesFixedHandsOnlyAreCompute(t *testing.T) {
	res := mustRanges(t, Input{Hands: []string{"As2s3dKd", "qh qc jh tc"}, Board: "4c7hKh"})
	if res.Exact == nil || strings.Join(res.Exact.Numerators, ",") != "1061,579" || res.Exact.Denominator != "1640" ||
		res.Players[1].Hand != "QhQcJhTc" || res.Combos[0] != 1 || res.Combos[1] != 1 {
		t.Errorf("%+v", res)
	}
}

// mustPrepare is ParseRangeInput then PrepareRanges.
func mustPrepare(t *testing.T, in Input) *RangeJob {
	t.Helper()
	r, err := ParseRangeInput(in)
	if err != nil {
		t.Fatal(err)
	}
	j, err := PrepareRanges(r)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func TestRangeJobCost(t *testing.T) {
	prep := func(in Input) *RangeJob { t.Helper(); return mustPrepare(t, in) }
	j := prep(Input{Hands: []string{"AsAhKs2d", "AA**"}, Board: "Kh7c3d"})
	if j.Mode() != Exhaustive || j.Cost() != 903*820 || j.Combos()[1] != 903 {
		t.Errorf("hand vs AA** on a flop: mode %s cost %d combos %v", j.Mode(), j.Cost(), j.Combos())
	}
	j = prep(Input{Hands: []string{"AsAhKs2d", "15%"}, Trials: TrialsOf(1000)})
	if j.Mode() != MonteCarlo || j.Cost() != 1000 {
		t.Errorf("hand vs 15%%: mode %s cost %d", j.Mode(), j.Cost())
	}
	// Two ranges that collide about half the time cost about twice the
	// trials.
	j = prep(Input{Hands: []string{"AA**", "AA**"}, Trials: TrialsOf(1000)})
	if c := j.Cost(); j.Mode() != MonteCarlo || c < 2000 || c > 20000 {
		t.Errorf("AA** vs AA**: mode %s cost %d", j.Mode(), c)
	}
}

func TestRangesHonourContext(t *testing.T) {
	r, err := ParseRangeInput(Input{Hands: []string{"As2s3dKd", "15%"}, Trials: TrialsOf(MaxTrials)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ComputeRanges(ctx, r); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled context: %v", err)
	}
}
