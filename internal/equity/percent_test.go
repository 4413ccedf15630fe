package equity

import (
	"cmp"
	"context"
	"math"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/ranges"
)

// The table's prefix for p is exactly the range "p%" of package ranges.
func TestPercentTablePrefixesAreRanges(t *testing.T) {
	t.Parallel()
	for _, g := range []eval.Game{eval.OmahaHi, eval.OmahaHiLo} {
		tab := percentTableOf(g)
		if len(tab.sets) != ranges.NumHands || tab.end[100] != ranges.NumHands {
			t.Fatalf("%v: %d hands, end[100] %d", g, len(tab.sets), tab.end[100])
		}
		for _, p := range []int{1, 2, 15, 22, 35, 64, 99} {
			want := map[cards.CardSet]bool{}
			for _, c := range ranges.MustParse(strconv.Itoa(p)+"%").Combos(g, 0) {
				want[c.Set()] = true
			}
			if int(tab.end[p]) != len(want) {
				t.Fatalf("%v %d%%: prefix of %d hands, the range holds %d", g, p, tab.end[p], len(want))
			}
			for _, set := range tab.sets[:tab.end[p]] {
				if !want[set] {
					t.Fatalf("%v %d%%: %v in the prefix, not in the range", g, p, set.List())
				}
			}
		}
	}
}

// percentVersusRanges computes r with ComputeRanges ("P%" ranges), mode
// given, many trials.
func percentVersusRanges(t *testing.T, r PercentRequest, mode Mode) RangeResult {
	t.Helper()
	rr := RangeRequest{Game: r.Game, Board: r.Board, Dead: r.Dead, Mode: mode, Trials: 400_000, Seed: 5, MaxExhaustive: MaxRangeExhaustive}
	for i, h := range r.Hands {
		text := h.String()
		if len(h) == 0 {
			text = strconv.Itoa(r.Percents[i]) + "%"
		}
		rr.Ranges = append(rr.Ranges, ranges.MustParse(text))
	}
	res, err := ComputeRanges(context.Background(), rr)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Monte Carlo against percent ranges is ComputeRanges' question: every
// player within 4 standard errors of it, the combos the same.
func TestPercentWithinFourStandardErrorsOfRanges(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		game     eval.Game
		hands    []string
		percents []int
		board    string
		dead     string
	}{
		{"preflop hero against a 15% raiser", eval.OmahaHiLo, []string{"QhQdJcTc", ""}, []int{0, 15}, "", ""},
		{"flop against two 35% callers", eval.OmahaHiLo, []string{"As2sKdQd", "", ""}, []int{0, 35, 35}, "4c7hKh", ""},
		{"turn, omaha-hi, dead cards, 3 ranges", eval.OmahaHi, []string{"AhAsKdQc", "", "", ""}, []int{0, 15, 35, 22}, "2c7d9s4h", "JhJc"},
		{"preflop, two known against a 5% range", eval.OmahaHiLo, []string{"Ad2d3c4h", "KsKhQsQh", ""}, []int{0, 0, 5}, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := PercentRequest{Game: c.game, Percents: c.percents, Board: cards.MustParse(c.board), Dead: cards.MustParse(c.dead),
				Trials: 20_000, Seed: 11}
			for _, h := range c.hands {
				r.Hands = append(r.Hands, cards.MustParse(h))
			}
			got, err := ComputePercent(context.Background(), r)
			if err != nil {
				t.Fatal(err)
			}
			want := percentVersusRanges(t, r, MonteCarlo)
			if got.Mode != MonteCarlo || got.Boards != 20_000 {
				t.Errorf("mode %s, %d boards", got.Mode, got.Boards)
			}
			if !reflect.DeepEqual(got.Combos, want.Combos) {
				t.Errorf("combos %v, ComputeRanges %v", got.Combos, want.Combos)
			}
			for i, p := range got.Players {
				w := want.Players[i]
				se := math.Hypot(p.Stderr, w.Stderr)
				if p.Stderr == 0 || math.Abs(p.Equity-w.Equity) > 4*se {
					t.Errorf("player %d: %.4f±%.4f, ComputeRanges %.4f±%.4f", i, p.Equity, p.Stderr, w.Equity, w.Stderr)
				}
				if math.Abs(p.Scoop-w.Scoop) > 4*math.Sqrt((p.Scoop*(1-p.Scoop)+1e-9)/20_000+w.Stderr*w.Stderr) {
					t.Errorf("player %d: scoop %.4f, ComputeRanges %.4f", i, p.Scoop, w.Scoop)
				}
				if len(p.Outcomes) == 0 {
					t.Errorf("player %d: no outcomes", i)
				}
			}
			if want := strconv.Itoa(c.percents[len(c.percents)-1]) + "%"; got.Players[len(c.hands)-1].Hand != want {
				t.Errorf("hand %q, want %q", got.Players[len(c.hands)-1].Hand, want)
			}
		})
	}
}

// On the river one range is counted hand by hand: exactly ComputeRanges'
// exhaustive answer.
func TestPercentRiverIsExact(t *testing.T) {
	t.Parallel()
	r := PercentRequest{Game: eval.OmahaHiLo, Hands: []cards.List{cards.MustParse("As2sKdQd"), nil}, Percents: []int{0, 4},
		Board: cards.MustParse("4c7hKh3d9s"), Trials: 5000, Seed: 1}
	got, err := ComputePercent(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	want := percentVersusRanges(t, r, Exhaustive)
	if got.Mode != Exhaustive || want.Mode != Exhaustive {
		t.Fatalf("modes %s and %s", got.Mode, want.Mode)
	}
	if got.Boards != want.Boards || !reflect.DeepEqual(got.Exact, want.Exact) || !reflect.DeepEqual(got.Combos, want.Combos) {
		t.Errorf("%d boards %+v combos %v, ComputeRanges %d %+v %v", got.Boards, got.Exact, got.Combos, want.Boards, want.Exact, want.Combos)
	}
	for i := range got.Players {
		if g, w := got.Players[i], want.Players[i]; g.Equity != w.Equity || g.Scoop != w.Scoop || !reflect.DeepEqual(g.Outcomes, w.Outcomes) {
			t.Errorf("player %d: %+v, ComputeRanges %+v", i, g, w)
		}
	}
	// A range too wide to count is sampled.
	r.Percents[1] = 60
	if got, err = ComputePercent(context.Background(), r); err != nil || got.Mode != MonteCarlo {
		t.Errorf("60%%: %v, mode %s", err, got.Mode)
	}
}

// The target stops the run at a look (LookTrials) from the second step on,
// on the sample a run of as many trials without a target makes; the
// result depends only on the request, never on GOMAXPROCS.
func TestPercentTargetAndReproducible(t *testing.T) {
	for _, first := range []int{0, StepTrials} {
		r := PercentRequest{Game: eval.OmahaHiLo, Hands: []cards.List{cards.MustParse("QhQdJcTc"), nil, nil}, Percents: []int{0, 15, 35},
			Board: cards.MustParse("AhKd7c"), Trials: 100_000, TargetStderr: 0.005, Seed: 3, FirstLook: first}
		prev := runtime.GOMAXPROCS(1)
		one, err := ComputePercent(context.Background(), r)
		runtime.GOMAXPROCS(prev)
		if err != nil {
			t.Fatal(err)
		}
		least := int64(2 * StepTrials)
		if first > 0 {
			least = int64(first)
		}
		if one.Boards%LookTrials != 0 || one.Boards >= 100_000 || one.Boards < least {
			t.Errorf("first look %d: %d boards: want whole looks, stopped early", first, one.Boards)
		}
		fixed := r
		fixed.Trials, fixed.TargetStderr = int(one.Boards), 0
		same, err := ComputePercent(context.Background(), fixed)
		if err != nil {
			t.Fatal(err)
		}
		if same.Elapsed = one.Elapsed; !reflect.DeepEqual(one, same) {
			t.Errorf("stopped at the target %+v, %d trials without it %+v", one, one.Boards, same)
		}
		short := fixed
		short.Trials -= LookTrials
		if s, _ := ComputePercent(context.Background(), short); one.Boards > least && maxStderrOf(s.Result) <= 0.005 {
			t.Errorf("first look %d: stopped at %d trials, %d already within the target", first, one.Boards, s.Boards)
		}
		for _, p := range one.Players {
			if p.Stderr > 0.005 {
				t.Errorf("stderr %.4f above the target", p.Stderr)
			}
		}
		many, err := ComputePercent(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		one.Elapsed, many.Elapsed = 0, 0
		if !reflect.DeepEqual(one, many) {
			t.Errorf("GOMAXPROCS 1 %+v, %d %+v", one, prev, many)
		}
	}
}

// Ranges that cannot be dealt together, or bad input, are errors.
func TestPercentErrors(t *testing.T) {
	t.Parallel()
	aces := cards.MustParse("AsAhAdAc")
	ctx := context.Background()
	// The top 1% of hi/lo hands all hold aces: none is left.
	if _, err := ComputePercent(ctx, PercentRequest{Game: eval.OmahaHiLo, Hands: []cards.List{aces, nil}, Percents: []int{0, 1}}); !IsNoDeal(err) {
		t.Errorf("1%% against four aces: %v", err)
	}
	// Nine players of the top 2% collide on nearly every draw.
	r := PercentRequest{Game: eval.OmahaHiLo, Hands: []cards.List{cards.MustParse("7c8c9dTd")}, Percents: []int{0}, MaxDraws: 10_000, MinTrials: 1000}
	for range 8 {
		r.Hands, r.Percents = append(r.Hands, nil), append(r.Percents, 2)
	}
	if _, err := ComputePercent(ctx, r); !IsNoDeal(err) {
		t.Errorf("eight 2%% ranges: %v", err)
	}
	for _, bad := range []PercentRequest{
		{Game: eval.OmahaHiLo, Hands: []cards.List{aces, nil}, Percents: []int{0, 0}},
		{Game: eval.OmahaHiLo, Hands: []cards.List{aces, nil}, Percents: []int{0}},
		{Game: eval.OmahaHiLo, Hands: []cards.List{aces, nil}, Percents: []int{0, 101}},
		{Game: eval.OmahaHiLo, Hands: []cards.List{aces, aces}, Percents: []int{0, 0}},
	} {
		if _, err := ComputePercent(ctx, bad); err == nil || IsNoDeal(err) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
}

// BenchmarkPercentFlop: one A10 question, a flop against two 35% callers.
func BenchmarkPercentFlop(b *testing.B) {
	r := PercentRequest{Game: eval.OmahaHiLo, Hands: []cards.List{cards.MustParse("As2sKdQd"), nil, nil}, Percents: []int{0, 35, 35},
		Board: cards.MustParse("4c7hKh"), Trials: 5000, TargetStderr: 0.005, Seed: 1}
	percentTableOf(r.Game)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ComputePercent(context.Background(), r); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPercentTableOrderIsTheStableSorts: the table's hands are every hand
// in the order made, stably sorted by the hands ranked above its class
// (the order the seeded draws index): the counting sort that makes it
// gives what slices.SortStableFunc gives.
func TestPercentTableOrderIsTheStableSorts(t *testing.T) {
	t.Parallel()
	for _, g := range []eval.Game{eval.OmahaHi, eval.OmahaHiLo} {
		type ranked struct {
			before int32
			set    cards.CardSet
		}
		var all []ranked
		for a := cards.NumCards - 1; a >= 3; a-- {
			for b := a - 1; b >= 2; b-- {
				for c := b - 1; c >= 1; c-- {
					for d := c - 1; d >= 0; d-- {
						h := ranges.Combo{cards.Card(a), cards.Card(b), cards.Card(c), cards.Card(d)}
						all = append(all, ranked{int32(math.Round(ranges.Percentile(g, h) * ranges.NumHands)), h.Set()})
					}
				}
			}
		}
		slices.SortStableFunc(all, func(x, y ranked) int { return cmp.Compare(x.before, y.before) })
		tab := buildPercentTable(g)
		for i, r := range all {
			if tab.sets[i] != r.set {
				t.Fatalf("%v: hand %d is %v, the stable sort's %v", g, i, tab.sets[i].List(), r.set.List())
			}
		}
	}
}
