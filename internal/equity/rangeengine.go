package equity

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"sync"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/ranges"
)

// The range engine: hands prepared once per job, a shared table of
// non-flush highs per rank multiset (so seating a drawn hand is a few
// pointer copies), per-worker integer tallies merged at the end. No
// allocation, map, interface call or channel operation per board.

// rcombo is one hand of a range prepared for evaluation.
type rcombo struct {
	set   cards.CardSet
	suit  [4]uint16 // rank mask of each suit
	multi uint16    // index of the rank multiset (see multisetIndex)
	pairs [6]uint8  // its rank pairs (handPairs)
	low   uint8     // low-rank mask
	two   uint8     // suits held twice or more
}

func prepCombo(c ranges.Combo) rcombo {
	var p rcombo
	var r [4]cards.Rank
	for i, x := range c {
		p.set = p.set.Add(x)
		p.suit[x.Suit()] |= 1 << x.Rank()
		p.low |= eval.LowMask(x)
		r[i] = x.Rank()
	}
	for s := range 4 {
		if bits.OnesCount16(p.suit[s]) >= 2 {
			p.two |= 1 << s
		}
	}
	p.multi = uint16(multisetIndex(r))
	p.pairs = handPairs(r[0], r[1], r[2], r[3])
	return p
}

// numMultisets is the number of multisets of four ranks, C(16, 4).
const numMultisets = 1820

// multisetIndex returns the index of the multiset of ranks r (any order):
// a + C(b+1, 2) + C(c+2, 3) + C(d+3, 4) for the ranks sorted a <= b <= c
// <= d. The sort is a network of min and max, without branches: the
// ranks of a drawn hand are random, so branches would mispredict.
func multisetIndex(r [4]cards.Rank) int {
	// As ints: amd64 has no conditional move of bytes.
	r0, r1, r2, r3 := int(r[0]&15), int(r[1]&15), int(r[2]&15), int(r[3]&15)
	a, b := min(r0, r1), max(r0, r1)
	c, d := min(r2, r3), max(r2, r3)
	lo, x := min(a, c), max(a, c)
	y, hi := min(b, d), max(b, d)
	m1, m2 := min(x, y), max(x, y)
	return lo + int(choose2[m1]) + int(choose3[m2]) + int(choose4[hi])
}

// choose2[r], choose3[r] and choose4[r] are C(r+1, 2), C(r+2, 3) and
// C(r+3, 4): multisetIndex's terms for the second, third and fourth rank.
var choose2, choose3, choose4 = func() (t2, t3, t4 [16]uint16) {
	for r := range 16 {
		b, c, d := r+1, r+2, r+3
		t2[r] = uint16(b * (b - 1) / 2)
		t3[r] = uint16(c * (c - 1) * (c - 2) / 6)
		t4[r] = uint16(d * (d - 1) * (d - 2) * (d - 3) / 24)
	}
	return
}()

// multiTri[m] is, for a hand of rank multiset m, the best non-flush high
// for each board rank triple: preparePlayer's table, shared by every hand
// of those ranks. 3.3 MB, built once on first use.
var multiTri struct {
	once sync.Once
	t    *[numMultisets][eval.NumTriples]eval.HighValue
}

func multiTriTable() *[numMultisets][eval.NumTriples]eval.HighValue {
	multiTri.once.Do(func() {
		t := new([numMultisets][eval.NumTriples]eval.HighValue)
		for d := cards.Rank(0); d <= cards.Ace; d++ {
			for c := cards.Rank(0); c <= d; c++ {
				for b := cards.Rank(0); b <= c; b++ {
					for a := cards.Rank(0); a <= b; a++ {
						var p player
						preparePlayer(&p, cards.List{cards.New(a, 0), cards.New(b, 1), cards.New(c, 2), cards.New(d, 3)}, true)
						t[multisetIndex([4]cards.Rank{a, b, c, d})] = p.tri
					}
				}
			}
		}
		multiTri.t = t
	})
	return multiTri.t
}

// rangeSetup is what every worker of a range job shares.
type rangeSetup struct {
	j      *RangeJob
	hilo   bool
	np     int
	k      int
	combos [][]rcombo // prepared hands (Monte Carlo: of the fixed and drawn players only)
	plan   dealPlan   // Monte Carlo: how a trial deals the hands
	// logD is the log of the inverse of the probability of proposing any
	// one compatible deal (see planDeal).
	logD    float64
	known   board      // the board cards given
	rest    cards.List // the deck without the board, dead cards and fixed hands
	tri     *[numMultisets][eval.NumTriples]eval.HighValue
	triples *[13 * 13 * 13]uint16
	lowRows [256]*[256]uint8 // eval.LowRow by hole low-rank mask
}

// newRangeSetup prepares the job for its mode: in mode exhaustive every
// player's hands, in Monte Carlo the plan of a trial's deal and the hands
// of the players it draws from their ranges (a dealt range needs none).
func (j *RangeJob) newRangeSetup() *rangeSetup {
	s := &rangeSetup{j: j, hilo: j.req.Game.HasLow(), np: len(j.combos), k: 5 - len(j.req.Board),
		tri: multiTriTable(), triples: eval.TripleTable()}
	s.rest = (cards.FullDeck &^ j.removed).List()
	prep := make([]bool, s.np)
	if j.mode == Exhaustive {
		for i := range prep {
			prep[i] = true
		}
	} else {
		s.plan, s.logD = planDeal(j.combos, j.counts, j.fixed, len(s.rest))
		for _, i := range s.plan.fixed {
			prep[i] = true
		}
		for _, i := range s.plan.drawn {
			prep[i] = true
			j.materialize(i) // Monte Carlo: PrepareRanges makes the setup
		}
	}
	s.combos = make([][]rcombo, s.np)
	for i, cs := range j.combos {
		if !prep[i] {
			continue
		}
		s.combos[i] = make([]rcombo, len(cs))
		for x, c := range cs {
			s.combos[i][x] = prepCombo(c)
		}
	}
	for _, c := range j.req.Board {
		s.known.add(c)
	}
	for m := range s.lowRows {
		s.lowRows[m] = eval.LowRow(uint8(m))
	}
	return s
}

// rangeState is one worker's scratch space: no allocation per board.
type rangeState struct {
	s           *rangeSetup
	tri         [10]*[eval.NumTriples]eval.HighValue
	low         [10]*[256]uint8
	suit        [10][4]uint16
	suitPlayers [4]uint16
	fixedSuits  [4]uint16 // suitPlayers of the fixed players alone (seatFixed)
	idx         [10]int
	hand        [10]cards.CardSet // Monte Carlo: the drawn and dealt hands of the last proposal
	nf, hv      [10]eval.HighValue
	lv          [10]uint8
	acc         accum
}

// seat gives every player the hand of index e.idx[i] of his range.
func (e *rangeState) seat() {
	e.suitPlayers = [4]uint16{}
	for i := 0; i < e.s.np; i++ {
		e.seatCombo(i, &e.s.combos[i][e.idx[i]])
	}
}

// settleBoard evaluates the seated players on the full board b and adds
// it to the tallies (with squared shares when squares is set).
func (e *rangeState) settleBoard(b *board, squares bool) {
	s := e.s
	np := s.np
	r := &b.ranks
	t := s.triples
	a0, a1, a2 := int(r[0])*169, int(r[1])*169, int(r[2])*169
	b1, b2, b3 := int(r[1])*13, int(r[2])*13, int(r[3])*13
	r2, r3, r4 := int(r[2]), int(r[3]), int(r[4])
	tri := [10]uint16{
		t[a0+b1+r2], t[a0+b1+r3], t[a0+b1+r4], t[a0+b2+r3], t[a0+b2+r4],
		t[a0+b3+r4], t[a1+b2+r3], t[a1+b2+r4], t[a1+b3+r4], t[a2+b3+r4],
	}
	for i := 0; i < np; i++ {
		p := e.tri[i]
		best := p[tri[0]]
		for _, q := range tri[1:] {
			best = max(best, p[q])
		}
		e.nf[i] = best
		e.lv[i] = e.low[i][b.low]
	}
	hv := e.nf[:np]
	if su := flushSuit(b.count); su >= 0 && e.suitPlayers[su] != 0 {
		copy(e.hv[:np], e.nf[:np])
		lane := uint16(b.lanes>>(16*uint(su))) & 0x1FFF
		for m := e.suitPlayers[su]; m != 0; m &= m - 1 {
			i := bits.TrailingZeros16(m)
			if v := eval.FlushHigh(e.suit[i][su], lane); v > e.hv[i] {
				e.hv[i] = v
			}
		}
		hv = e.hv[:np]
	}
	var lo uint16
	if s.hilo {
		lo = lowWinners(e.lv[:np])
	}
	e.acc.settle(np, winners(hv), lo, 1, s.hilo, squares)
}

// parallel runs work(e, chunk) for chunk 0..chunks-1 like
// setup.parallel (runChunks), each worker with its own rangeState.
func (s *rangeSetup) parallel(ctx context.Context, chunks int, inline bool, work func(e *rangeState, chunk int)) (*accum, error) {
	return runChunks(ctx, chunks, inline, func(n int) []rangeState { return make([]rangeState, n) },
		func(e *rangeState) *accum { e.s = s; return &e.acc }, work)
}

// exhaustive settles every completion of every compatible combination of
// hands. Combinations are numbered in mixed radix (player 0 fastest) and
// cut into chunks of a few thousand boards.
func (s *rangeSetup) exhaustive(ctx context.Context) (*accum, error) {
	total := int64(1)
	for _, c := range s.combos {
		total *= int64(len(c)) // at most MaxRangeExhaustive: PrepareRanges checked
	}
	per := max(int64(4096)/max(s.j.compl, 1), 1)
	chunks := int((total + per - 1) / per)
	inline := s.j.work < inlineBelow
	return s.parallel(ctx, chunks, inline, func(e *rangeState, c int) {
		end := min(int64(c+1)*per, total)
		for t := int64(c) * per; t < end; t++ {
			x := t
			var used cards.CardSet
			ok := true
			for i := 0; i < s.np; i++ {
				n := int64(len(s.combos[i]))
				e.idx[i] = int(x % n)
				x /= n
				cs := s.combos[i][e.idx[i]].set
				if used&cs != 0 {
					ok = false
					break
				}
				used |= cs
			}
			if !ok {
				continue
			}
			e.seat()
			var deck [cards.NumCards]cards.Card
			nd := 0
			for _, card := range s.rest {
				if !used.Has(card) {
					deck[nd] = card
					nd++
				}
			}
			e.completions(s.known, deck[:nd], s.k)
		}
	})
}

// completions settles every way to add k cards of deck to b.
func (e *rangeState) completions(b board, deck []cards.Card, k int) {
	if k == 0 {
		e.settleBoard(&b, false)
		return
	}
	for i := 0; i+k <= len(deck); i++ {
		nb := b
		nb.add(deck[i])
		e.completions(nb, deck[i+1:], k-1)
	}
}

// monteCarlo runs trials of stream (seed, chunk) in chunks of mcChunk.
func (s *rangeSetup) monteCarlo(ctx context.Context, trials int64, seed uint64) (*accum, error) {
	chunks := int((trials + mcChunk - 1) / mcChunk)
	inline := trials < inlineBelow
	return s.parallel(ctx, chunks, inline, func(e *rangeState, c int) {
		n := int64(mcChunk)
		if rest := trials - int64(c)*mcChunk; rest < n {
			n = rest
		}
		e.mcChunk(seed, uint64(c), n)
	})
}

func (e *rangeState) mcChunk(seed, chunk uint64, n int64) {
	var rng rand.PCG
	rng.Seed(seed, chunk)
	var deck [cards.NumCards]cards.Card
	nd := copy(deck[:], e.s.rest)
	e.seatFixed()
	for t := int64(0); t < n; t++ {
		b := e.deal(&rng, &deck, nd)
		e.settleBoard(&b, true)
	}
}

// deal makes proposals (propose) until one is accepted: its hands are
// seated and it returns the full board.
func (e *rangeState) deal(rng *rand.PCG, deck *[cards.NumCards]cards.Card, nd int) board {
	for {
		if b, ok := e.propose(rng, deck, nd); ok {
			return b
		}
	}
}

// acceptance returns how many of acceptanceProbes seeded proposals
// (stream (seed, ^0), apart from the trials' streams) are accepted: all
// of them when the plan never rejects one.
func (s *rangeSetup) acceptance(seed uint64) int64 {
	if s.plan.certain {
		return acceptanceProbes
	}
	var rng rand.PCG
	rng.Seed(seed, ^uint64(0))
	var deck [cards.NumCards]cards.Card
	nd := copy(deck[:], s.rest)
	e := &rangeState{s: s}
	e.seatFixed()
	var ok int64
	for range acceptanceProbes {
		if _, accepted := e.propose(&rng, &deck, nd); accepted {
			ok++
		}
	}
	return ok
}
