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

// TestRangeConfigs: the mixes are every way of 1 to MaxRangeOpponents
// opponents, each once, at the index configIndex gives.
func TestRangeConfigs(t *testing.T) {
	t.Parallel()
	want := (MaxRangeOpponents+1)*(MaxRangeOpponents+2)/2 - 1
	if len(RangeConfigs) != want {
		t.Fatalf("%d mixes, want %d", len(RangeConfigs), want)
	}
	seen := map[RangeConfig]bool{}
	for i, c := range RangeConfigs {
		if n := c[0] + c[1]; n < 1 || n > MaxRangeOpponents || c[0] < 0 || c[1] < 0 || seen[c] {
			t.Fatalf("mix %d: %v", i, c)
		}
		seen[c] = true
		if got := configIndex(c); got != i {
			t.Errorf("configIndex(%v) = %d, want %d", c, got, i)
		}
	}
}

// TestRangeTableMeetsTheTarget: the embedded range table reads, is of the
// default ranges and trials, and every entry is there, with a standard
// error above 0 and at most A10's stopping target (1 point: twice the
// snapshots' 0.005), and ranges of at least one hand.
func TestRangeTableMeetsTheTarget(t *testing.T) {
	t.Parallel()
	tab, err := Ranges()
	if err != nil {
		t.Fatalf("%v (run go generate ./internal/preflop)", err)
	}
	if tab.Trials < RangeTableTrials || tab.Percents != RangePercents {
		t.Fatalf("range table of %d trials and ranges %v, want %d and %v (run go generate ./internal/preflop)", tab.Trials, tab.Percents, RangeTableTrials, RangePercents)
	}
	for g := range 2 {
		for c := range NumClasses {
			for e := range RangeConfigs {
				r, ok := tab.entry(g, c, e)
				if !ok || r.Stderr <= 0 || r.Stderr > 0.01 || r.Equity < 0 || r.Equity > 1 || r.Combos[0] < 1 || r.Combos[1] <= r.Combos[0] {
					t.Fatalf("game %d class %d (%v) against %v: %+v %v", g, c, Representative(c), RangeConfigs[e], r, ok)
				}
			}
		}
	}
}

// TestRangeTableAgainstFreshMonteCarlo checks a sample of classes (random
// suits, a random mix of opponents in a random order, both games) against
// a fresh run of the equity engine on its own stream
// (equity.ComputePercent, as the analysis asks it): the equity within 4
// standard errors of the difference, each range's hands exactly.
func TestRangeTableAgainstFreshMonteCarlo(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	const trials = 20000
	for i, hole := range sampleHands(rng, 14) {
		cfg := RangeConfigs[rng.IntN(len(RangeConfigs))]
		var percents []int
		for r, n := range cfg {
			for range n {
				percents = append(percents, RangePercents[r])
			}
		}
		rng.Shuffle(len(percents), func(a, b int) { percents[a], percents[b] = percents[b], percents[a] })
		for _, g := range []eval.Game{eval.OmahaHi, eval.OmahaHiLo} {
			e, ok := LookupRanges(g, hole, percents)
			if !ok {
				t.Fatalf("%v against %v: no entry", hole, percents)
			}
			req := equity.PercentRequest{Game: g, Hands: []cards.List{hole}, Percents: []int{0}, Trials: trials, Seed: uint64(5000 + i)}
			for _, p := range percents {
				req.Hands = append(req.Hands, nil)
				req.Percents = append(req.Percents, p)
			}
			res, err := equity.ComputePercent(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			h := res.Players[0]
			if se := math.Hypot(e.Stderr, h.Stderr); math.Abs(e.Equity-h.Equity) > 4*se {
				t.Errorf("%v %v against %v: table equity %.4f, fresh %.4f (4 SE %.4f)", g, hole, percents, e.Equity, h.Equity, 4*se)
			}
			for k, p := range percents {
				if want := e.CombosOf(p); res.Combos[k+1] != want {
					t.Errorf("%v %v: range %d%% holds %d hands without its cards, the table says %d", g, hole, p, res.Combos[k+1], want)
				}
			}
		}
	}
}

// TestLookupRangesRefuses: no entry for other ranges, for none or too many
// opponents, for a hand that is not four distinct cards or another game.
func TestLookupRangesRefuses(t *testing.T) {
	t.Parallel()
	hole := cards.MustParse("AsKs7d2c")
	if _, ok := LookupRanges(eval.OmahaHiLo, hole, []int{RangePercents[0], RangePercents[1]}); !ok {
		t.Fatal("no entry for the two default ranges")
	}
	for _, c := range []struct {
		game     eval.Game
		hole     cards.List
		percents []int
	}{
		{eval.OmahaHiLo, hole, []int{RangePercents[0], 22}},
		{eval.OmahaHiLo, hole, nil},
		{eval.OmahaHiLo, hole, []int{15, 15, 15, 15}},
		{eval.OmahaHiLo, cards.MustParse("AsKs7d"), []int{15}},
		{eval.OmahaHiLo, cards.MustParse("AsAs7d2c"), []int{15}},
		{eval.Game(99), hole, []int{15}},
	} {
		if e, ok := LookupRanges(c.game, c.hole, c.percents); ok {
			t.Errorf("%v %v against %v: entry %+v", c.game, c.hole, c.percents, e)
		}
	}
}

// TestEncodeDecodeRanges: what EncodeRanges writes DecodeRanges reads
// back, to the fixed point's precision, an entry not dealt has no lookup,
// and a damaged table does not read.
func TestEncodeDecodeRanges(t *testing.T) {
	t.Parallel()
	m := &RangeResults{Trials: 100, Seed: 7, Percents: [2]int{15, 35}}
	for g := range 2 {
		m.Results[g] = make([][]*equity.PlayerResult, NumClasses)
		m.Combos[g] = make([][2]int, NumClasses)
		for c := range NumClasses {
			m.Results[g][c] = make([]*equity.PlayerResult, len(RangeConfigs))
			for e := range RangeConfigs {
				m.Results[g][c][e] = &equity.PlayerResult{Equity: float64(e+1) / 10, Stderr: float64(g+1) / 100}
			}
			m.Combos[g][c] = [2]int{c, 100000 + g}
		}
	}
	m.Results[1][5][2] = nil
	b, err := EncodeRanges(m)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := DecodeRanges(b)
	if err != nil || tab.Trials != 100 || tab.Seed != 7 || tab.Percents != m.Percents {
		t.Fatalf("decode: %+v %v", tab, err)
	}
	for g := range 2 {
		for _, c := range []int{0, 5, NumClasses - 1} {
			for e := range RangeConfigs {
				got, ok := tab.entry(g, c, e)
				if g == 1 && c == 5 && e == 2 {
					if ok {
						t.Errorf("an entry not dealt reads as %+v", got)
					}
					continue
				}
				want := m.Results[g][c][e]
				if !ok || math.Abs(got.Equity-want.Equity) > 1e-4 || math.Abs(got.Stderr-want.Stderr) > 1e-4 || got.Combos != [2]int{c, 100000 + g} || got.Trials != 100 ||
					got.CombosOf(35) != 100000+g || got.CombosOf(22) != 0 {
					t.Fatalf("game %d class %d mix %d: %+v, want %+v", g, c, e, got, want)
				}
			}
		}
	}
	same := append([]byte(nil), b...) // two ranges of one percent
	same[rangeHeaderSize-2], same[rangeHeaderSize-1] = 15, 15
	for _, bad := range [][]byte{nil, []byte("scooppr\x00" + string(b[8:])), b[:len(b)/2], same} {
		if _, err := DecodeRanges(bad); err == nil {
			t.Errorf("decode of %d bad bytes: no error", len(bad))
		}
	}
}

// TestRangeTableIsTheGenerators: the embedded entries of a few classes
// are what MeasureRanges gives now with the table's trials and seed (the
// generator's unit of work): a change to the ranking of hands or to the
// equity engine's streams shows here, and the table is then made again.
func TestRangeTableIsTheGenerators(t *testing.T) {
	t.Parallel()
	tab, err := Ranges()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []int{0, 8191, NumClasses - 1} {
		res, combos, err := MeasureRanges(context.Background(), c, tab.Percents, tab.Trials, tab.Seed)
		if err != nil {
			t.Fatal(err)
		}
		for g := range 2 {
			for e := range RangeConfigs {
				got, ok := tab.entry(g, c, e)
				want := res[g][e]
				if !ok || want == nil || math.Abs(got.Equity-want.Equity) > 1e-4 || math.Abs(got.Stderr-max(want.Stderr, 1/float64(tab.Trials))) > 1e-4 || got.Combos != combos[g] {
					t.Fatalf("class %d game %d against %v: table %+v, generator %+v %v (run go generate ./internal/preflop)", c, g, RangeConfigs[e], got, want, combos[g])
				}
			}
		}
	}
}
