package equity

import (
	"context"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// slowDeck returns the cards nobody holds: not in a hand, the board or
// the dead cards of r, in card order.
func slowDeck(r Request) cards.List {
	used := cards.CardSet(0)
	for _, l := range append(append(append([]cards.List{}, r.Hands...), r.Board), r.Dead) {
		for _, c := range l {
			used = used.Add(c)
		}
	}
	return (cards.FullDeck &^ used).List()
}

// slowSettle settles one full board with the obvious evaluators: each
// player's share of the pot in potUnits (RULES.md R17, R18), and the
// players sharing the low.
func slowSettle(g eval.Game, hands []cards.List, board cards.List) (units []int64, loW []int) {
	n := len(hands)
	var best eval.HighValue
	hv := make([]eval.HighValue, n)
	for i, h := range hands {
		hv[i] = slowHigh(h, board)
		best = max(best, hv[i])
	}
	var hiW []int
	for i := range hv {
		if hv[i] == best {
			hiW = append(hiW, i)
		}
	}
	if g == eval.OmahaHiLo {
		var bestLow eval.LowValue
		found := false
		lows := make([]eval.LowValue, n)
		oks := make([]bool, n)
		for i, h := range hands {
			lows[i], oks[i] = slowLow(h, board)
			if oks[i] && (!found || lows[i] < bestLow) {
				bestLow, found = lows[i], true
			}
		}
		for i := range lows {
			if found && oks[i] && lows[i] == bestLow {
				loW = append(loW, i)
			}
		}
	}
	units = make([]int64, n)
	hiPot := int64(potUnits)
	if len(loW) > 0 {
		hiPot = potUnits / 2
		for _, i := range loW {
			units[i] += potUnits / 2 / int64(len(loW))
		}
	}
	for _, i := range hiW {
		units[i] += hiPot / int64(len(hiW))
	}
	return units, loW
}

// slowOutcomes settles every completion of r's board one by one with
// slowSettle and returns, per player, the number of boards on which he
// receives each share of the pot (big.Rat text: "1", "3/4", "0"), the
// boards on which he shares the low half, and the boards.
func slowOutcomes(r Request) (out []map[string]int64, quartered []int64, boards int64) {
	n := len(r.Hands)
	out = make([]map[string]int64, n)
	for i := range out {
		out[i] = map[string]int64{}
	}
	quartered = make([]int64, n)
	deck := slowDeck(r)
	var rec func(from int, board cards.List)
	rec = func(from int, board cards.List) {
		if len(board) < 5 {
			for i := from; i < len(deck); i++ {
				rec(i+1, append(board, deck[i]))
			}
			return
		}
		boards++
		units, loW := slowSettle(r.Game, r.Hands, board)
		if len(loW) > 1 {
			for _, i := range loW {
				quartered[i]++
			}
		}
		for i, u := range units {
			out[i][big.NewRat(u, potUnits).RatString()]++
		}
	}
	rec(0, append(cards.List{}, r.Board...))
	return out, quartered, boards
}

// outcomeCase deals one random case: 2 to 6 players, a flop or a turn,
// up to 3 dead cards; with forceTie a player holds another's ranks in
// other suits (ties for the high), with quarter two players hold an ace
// and a deuce (a low often shared).
func outcomeCase(rng *rand.Rand, c int) Request {
	perm := rng.Perm(cards.NumCards)
	taken := map[cards.Card]bool{}
	take := func(n int) cards.List {
		var l cards.List
		for _, x := range perm {
			if len(l) == n {
				break
			}
			if c := cards.Card(x); !taken[c] {
				taken[c] = true
				l = append(l, c)
			}
		}
		return l
	}
	takeRank := func(r cards.Rank) (cards.Card, bool) {
		for _, s := range rng.Perm(4) {
			if x := cards.New(r, cards.Suit(s)); !taken[x] {
				taken[x] = true
				return x, true
			}
		}
		return 0, false
	}
	r := Request{Game: eval.OmahaHiLo, Mode: Exhaustive}
	if c%5 == 4 {
		r.Game = eval.OmahaHi
	}
	players := 2 + rng.IntN(5)
	forceTie, quarter := c%3 == 1, c%3 == 2
	if quarter {
		for range 2 {
			a, _ := takeRank(cards.Ace)
			d, _ := takeRank(cards.Two)
			r.Hands = append(r.Hands, append(cards.List{a, d}, take(2)...))
		}
	}
	if forceTie {
		h := take(4)
		r.Hands = append(r.Hands, h)
		var twin cards.List
		for _, x := range h {
			if y, ok := takeRank(x.Rank()); ok {
				twin = append(twin, y)
			}
		}
		r.Hands = append(r.Hands, append(twin, take(4-len(twin))...))
	}
	for len(r.Hands) < players {
		r.Hands = append(r.Hands, take(4))
	}
	r.Board = take(3 + c%2) // flop or turn
	r.Dead = take(rng.IntN(4))
	return r
}

// TestOutcomesMatchBruteForce checks A8 against the slow enumerator: on
// each random case every player's board count for every share of the
// pot, and his quartered boards, are exact.
func TestOutcomesMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 8))
	cases := 48
	if testing.Short() {
		cases = 12
	}
	var sawQuarter, sawTie, sawSixth bool
	for c := range cases {
		r := outcomeCase(rng, c)
		res, err := Compute(context.Background(), r)
		if err != nil {
			t.Fatalf("case %d: %v", c, err)
		}
		want, quartered, boards := slowOutcomes(r)
		if res.Boards != boards {
			t.Fatalf("case %d: %d boards, slow enumerator %d", c, res.Boards, boards)
		}
		for i, p := range res.Players {
			got := map[string]int64{}
			prev := 2.0
			for _, o := range p.Outcomes {
				v := ratOf(t, o.Share)
				f, _ := v.Float64()
				if f >= prev {
					t.Errorf("case %d player %d: outcomes not largest first: %+v", c, i, p.Outcomes)
				}
				prev = f
				if v.RatString() != o.Share {
					t.Errorf("case %d player %d: share %q is not reduced", c, i, o.Share)
				}
				if o.Stderr != nil || o.Probability != float64(o.Boards)/float64(boards) {
					t.Errorf("case %d player %d: outcome %+v over %d boards", c, i, o, boards)
				}
				got[o.Share] = o.Boards
			}
			for s, k := range want[i] {
				if got[s] != k {
					t.Errorf("case %d %s %v board %v dead %v: player %d share %s on %d boards, slow enumerator %d",
						c, r.Game, r.Hands, r.Board, r.Dead, i, s, got[s], k)
				}
				sawTie = sawTie || s == "1/2" && r.Game == eval.OmahaHi
				sawQuarter = sawQuarter || s == "1/4" || s == "3/4"
				sawSixth = sawSixth || s == "1/6" || s == "1/3" && r.Game == eval.OmahaHiLo
			}
			if len(got) != len(want[i]) {
				t.Errorf("case %d player %d: outcomes %+v, slow enumerator %v", c, i, p.Outcomes, want[i])
			}
			if p.Quartered != float64(quartered[i])/float64(boards) {
				t.Errorf("case %d player %d: quartered %v, slow enumerator %d of %d", c, i, p.Quartered, quartered[i], boards)
			}
		}
	}
	if !testing.Short() && (!sawQuarter || !sawTie || !sawSixth) {
		t.Errorf("the cases never gave a quartered low (%v), a tied high (%v) or a sixth/third (%v)", sawQuarter, sawTie, sawSixth)
	}
}

func ratOf(t *testing.T, s string) *big.Rat {
	t.Helper()
	v, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("share %q is not a fraction", s)
	}
	return v
}

// checkOutcomesMean checks that p's outcomes cover every board and that
// their mean is his equity (to rounding).
func checkOutcomesMean(t *testing.T, where string, p PlayerResult, boards int64) {
	t.Helper()
	var n int64
	var mean float64
	for _, o := range p.Outcomes {
		n += o.Boards
		f, _ := ratOf(t, o.Share).Float64()
		mean += f * o.Probability
	}
	if n != boards || math.Abs(mean-p.Equity) > 1e-12 {
		t.Errorf("%s %s: outcomes cover %d of %d boards, mean %v, equity %v", where, p.Hand, n, boards, mean, p.Equity)
	}
}

// TestOutcomesInEveryMode: Monte Carlo outcomes carry standard errors
// (and no exhaustive result does), every mode's outcomes cover its boards
// and average to the equity, and a range's exhaustive outcomes are the
// sums over its hands of each hand's.
func TestOutcomesInEveryMode(t *testing.T) {
	mc := mustCompute(t, Input{Hands: []string{"As2s3dKd", "Ah2h5c5d", "QhQcJhTc"}, Mode: "montecarlo", Trials: TrialsOf(50_000)})
	for _, p := range mc.Players {
		checkOutcomesMean(t, "montecarlo", p, mc.Boards)
		for _, o := range p.Outcomes {
			if o.Stderr == nil || *o.Stderr <= 0 && o.Probability < 1 {
				t.Errorf("montecarlo %s: outcome %+v without a standard error", p.Hand, o)
			}
		}
	}
	ex := mustCompute(t, Input{Hands: []string{"As2s3dKd", "Ah2h5c5d", "QhQcJhTc"}})
	for i, p := range ex.Players {
		checkOutcomesMean(t, "exhaustive", p, ex.Boards)
		// Monte Carlo within 4 standard errors of exact, share by share.
		for _, o := range p.Outcomes {
			var m Outcome
			for _, x := range mc.Players[i].Outcomes {
				if x.Share == o.Share {
					m = x
				}
			}
			if m.Stderr == nil || math.Abs(m.Probability-o.Probability) > 4*max(*m.Stderr, 1e-4) {
				t.Errorf("%s share %s: montecarlo %+v, exact %v", p.Hand, o.Share, m, o.Probability)
			}
		}
	}

	// A range of a few hands, exhaustive, against the sum of its hands.
	rr, err := ParseRangeInput(Input{Hands: []string{"AsAh[23][23]", "QhQcJhTc"}, Board: "4c7h8h", Mode: "exhaustive"})
	if err != nil {
		t.Fatal(err)
	}
	job, err := PrepareRanges(rr)
	if err != nil {
		t.Fatal(err)
	}
	got, err := job.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{}
	var boards int64
	for _, c := range job.combos[0] {
		res := mustCompute(t, Input{Hands: []string{c.String(), "QhQcJhTc"}, Board: "4c7h8h"})
		boards += res.Boards
		for _, o := range res.Players[0].Outcomes {
			want[o.Share] += o.Boards
		}
	}
	if got.Boards != boards || len(got.Players[0].Outcomes) != len(want) {
		t.Fatalf("range: %d boards %+v, its hands %d boards %v", got.Boards, got.Players[0].Outcomes, boards, want)
	}
	for _, o := range got.Players[0].Outcomes {
		if want[o.Share] != o.Boards {
			t.Errorf("range share %s on %d boards, its hands on %d", o.Share, o.Boards, want[o.Share])
		}
	}
	checkOutcomesMean(t, "range", got.Players[1], got.Boards)
	rmc, err := ComputeRanges(context.Background(), RangeRequest{Game: eval.OmahaHiLo, Ranges: rr.Ranges, Board: rr.Board, Mode: MonteCarlo, Trials: 20_000})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rmc.Players {
		checkOutcomesMean(t, "range montecarlo", p, rmc.Boards)
		if len(p.Outcomes) == 0 || p.Outcomes[0].Stderr == nil {
			t.Errorf("range montecarlo %s: outcomes %+v", p.Hand, p.Outcomes)
		}
	}
}

// TestCodeText: the literal codeText is, for every outcome code, its share
// of the pot reduced as fraction writes it, and that fraction is the
// code's share exactly.
func TestCodeText(t *testing.T) {
	for c := range numOutcomeCodes {
		s := codeShare(c)
		if got, want := codeText[c], fraction(s, potUnits); got != want {
			t.Errorf("codeText[%d] = %q, want %q (share %d/%d)", c, got, want, s, potUnits)
			continue
		}
		r, ok := new(big.Rat).SetString(codeText[c])
		if !ok || r.Cmp(big.NewRat(s, potUnits)) != 0 || r.RatString() != codeText[c] {
			t.Errorf("codeText[%d] = %q is not the reduced %d/%d", c, codeText[c], s, potUnits)
		}
	}
}
