// Command gen computes the ranking table of package ranges: every
// suit-isomorphism class of four-card hands ordered, per game, by its
// all-in equity against one random hand, and writes it in handclass's
// binary form.
//
//	go run ./internal/ranges/internal/gen -o internal/ranges/ranking.bin
//
// (or `go generate ./internal/ranges`). The equities are estimated by
// Monte Carlo with common random numbers: one fixed list of deals (an
// opponent's four cards and a five-card board, drawn from the full deck by
// a seeded PCG stream) is shared by every class; a class's representative
// plays every deal that shares no card with it (about 47% of them), each
// such deal being a uniform deal from the 48 remaining cards, so each
// estimate is unbiased and, because the classes play the same deals, the
// differences between classes are far less noisy than the equities
// themselves. Ties in the estimate are ordered by class number. The output
// depends only on the flags.
package main

import (
	"cmp"
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"sync"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/ranges/internal/handclass"
)

func main() {
	out := flag.String("o", "ranking.bin", "output file")
	deals := flag.Int("deals", 400_000, "deals shared by every class")
	seed := flag.Uint64("seed", 17, "PCG seed of the deals")
	flag.Parse()
	ds := newDeals(*deals, *seed)
	eq := equities(ds)
	var orders [2][]uint16
	for g := range orders {
		order := make([]uint16, handclass.NumClasses)
		for c := range order {
			order[c] = uint16(c)
		}
		slices.SortStableFunc(order, func(a, b uint16) int { return cmp.Compare(eq[g][b], eq[g][a]) })
		orders[g] = order
	}
	if err := os.WriteFile(*out, handclass.Encode(orders), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	for g, name := range []string{"omaha-hi", "omaha-hilo"} {
		best, worst := orders[g][0], orders[g][len(orders[g])-1]
		fmt.Printf("%s: best %s (%.4f), worst %s (%.4f)\n", name,
			list(handclass.Representative(int(best))), eq[g][best], list(handclass.Representative(int(worst))), eq[g][worst])
	}
}

func list(h handclass.Hand) cards.List { return cards.List(h[:]) }

// deal is one opponent hand and board, evaluated once for every class.
type deal struct {
	set     cards.CardSet
	tri     [10]uint16 // the triple indices of the board's ten rank triples
	low     uint8      // the board's low-rank mask
	flush   int8       // the suit with 3+ board cards, or -1
	lane    uint16     // the rank mask of that suit on the board
	oppHigh eval.HighValue
	oppLow  uint8 // eval.NoLow when none
}

func newDeals(n int, seed uint64) []deal {
	rng := rand.New(rand.NewPCG(seed, 0x5C00B))
	var deck [cards.NumCards]cards.Card
	for i := range deck {
		deck[i] = cards.Card(i)
	}
	ds := make([]deal, n)
	for i := range ds {
		for j := 0; j < 9; j++ {
			x := j + rng.IntN(cards.NumCards-j)
			deck[j], deck[x] = deck[x], deck[j]
		}
		opp := cards.List(deck[0:4:4])
		board := cards.List(deck[4:9:9])
		ds[i] = evalDeal(opp, board)
	}
	return ds
}

func evalDeal(opp, board cards.List) deal {
	d := deal{flush: -1}
	for _, c := range opp {
		d.set = d.set.Add(c)
	}
	var lanes [4]uint16
	for _, c := range board {
		d.set = d.set.Add(c)
		d.low |= eval.LowMask(c)
		lanes[c.Suit()] |= 1 << c.Rank()
	}
	for s, m := range lanes {
		if bits.OnesCount16(m) >= 3 {
			d.flush, d.lane = int8(s), m
		}
	}
	k := 0
	for a := 0; a < 5; a++ {
		for b := a + 1; b < 5; b++ {
			for c := b + 1; c < 5; c++ {
				d.tri[k] = uint16(eval.TripleIndex(board[a].Rank(), board[b].Rank(), board[c].Rank()))
				k++
			}
		}
	}
	d.oppHigh = eval.OmahaHigh(opp, board)
	d.oppLow = eval.NoLow
	if v, ok := eval.OmahaLow(opp, board); ok {
		d.oppLow = uint8(v)
	}
	return d
}

// hero is a class representative prepared for the deals.
type hero struct {
	set  cards.CardSet
	tri  [eval.NumTriples]eval.HighValue
	low  *[256]uint8
	suit [4]uint16
}

func newHero(h handclass.Hand) *hero {
	p := &hero{}
	var lowMask uint8
	for i, c := range h {
		p.set = p.set.Add(c)
		p.suit[c.Suit()] |= 1 << c.Rank()
		lowMask |= eval.LowMask(c)
		for _, d := range h[i+1:] {
			row := eval.PairTripleRow(eval.PairIndex(c.Rank(), d.Rank()))
			for q, v := range row {
				p.tri[q] = max(p.tri[q], v)
			}
		}
	}
	p.low = eval.LowRow(lowMask)
	return p
}

// play returns the hero's high value and low (eval.NoLow when none) on d.
func (p *hero) play(d *deal) (eval.HighValue, uint8) {
	hi := p.tri[d.tri[0]]
	for _, q := range d.tri[1:] {
		hi = max(hi, p.tri[q])
	}
	if d.flush >= 0 {
		hi = max(hi, eval.FlushHigh(p.suit[d.flush], d.lane))
	}
	return hi, p.low[d.low]
}

// equities returns, per game (omaha-hi, omaha-hilo) and class, the
// representative's mean pot share over the deals it can play.
func equities(ds []deal) [2][]float64 {
	var eq [2][]float64
	eq[0] = make([]float64, handclass.NumClasses)
	eq[1] = make([]float64, handclass.NumClasses)
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				eq[0][c], eq[1][c] = classEquity(newHero(handclass.Representative(c)), ds)
			}
		}()
	}
	for c := range handclass.NumClasses {
		next <- c
	}
	close(next)
	wg.Wait()
	return eq
}

// classEquity plays p against every deal it shares no card with: the high
// pot in halves (omaha-hi) and the hi/lo pot in quarters (omaha-hilo).
func classEquity(p *hero, ds []deal) (hi, hilo float64) {
	var n, hiUnits, hiloUnits int64
	for i := range ds {
		d := &ds[i]
		if d.set&p.set != 0 {
			continue
		}
		n++
		h, l := p.play(d)
		var hr int64 // high result: 2 win, 1 tie, 0 loss
		switch {
		case h > d.oppHigh:
			hr = 2
		case h == d.oppHigh:
			hr = 1
		}
		hiUnits += hr
		if l == eval.NoLow && d.oppLow == eval.NoLow {
			hiloUnits += 2 * hr
			continue
		}
		var lr int64
		switch {
		case l < d.oppLow:
			lr = 2
		case l == d.oppLow:
			lr = 1
		}
		hiloUnits += hr + lr
	}
	return float64(hiUnits) / float64(2*n), float64(hiloUnits) / float64(4*n)
}
