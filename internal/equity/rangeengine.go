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
	j       *RangeJob
	hilo    bool
	np      int
	k       int
	combos  [][]rcombo
	known   board      // the board cards given
	rest    cards.List // the deck without the board, dead cards and fixed hands
	tri     *[numMultisets][eval.NumTriples]eval.HighValue
	triples *[13 * 13 * 13]uint16
	lowRows [256]*[256]uint8 // eval.LowRow by hole low-rank mask
}

func (j *RangeJob) newRangeSetup() *rangeSetup {
	s := &rangeSetup{j: j, hilo: j.req.Game.HasLow(), np: len(j.combos), k: 5 - len(j.req.Board),
		tri: multiTriTable(), triples: eval.TripleTable()}
	s.combos = make([][]rcombo, s.np)
	for i, cs := range j.combos {
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
	s.rest = (cards.FullDeck &^ j.removed).List()
	return s
}

// rangeState is one worker's scratch space: no allocation per board.
type rangeState struct {
	s           *rangeSetup
	tri         [10]*[eval.NumTriples]eval.HighValue
	low         [10]*[256]uint8
	suit        [10][4]uint16
	suitPlayers [4]uint16
	idx         [10]int
	nf, hv      [10]eval.HighValue
	lv          [10]uint8
	acc         accum
}

// seat gives every player the hand of index e.idx[i] of his range.
func (e *rangeState) seat() {
	s := e.s
	e.suitPlayers = [4]uint16{}
	for i := 0; i < s.np; i++ {
		c := &s.combos[i][e.idx[i]]
		e.tri[i] = &s.tri[c.multi]
		e.low[i] = s.lowRows[c.low]
		e.suit[i] = c.suit
		for m := c.two; m != 0; m &= m - 1 {
			e.suitPlayers[bits.TrailingZeros8(m)] |= 1 << i
		}
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

// draw seats one compatible combination of hands drawn uniformly by
// rejection, and returns the cards they hold.
func (e *rangeState) draw(rng *rand.PCG) cards.CardSet {
	s := e.s
	for {
		var used cards.CardSet
		ok := true
		for i := 0; i < s.np; i++ {
			n := uint64(len(s.combos[i]))
			x := 0
			if n > 1 {
				hi, _ := bits.Mul64(rng.Uint64(), n)
				x = int(hi)
			}
			cs := s.combos[i][x].set
			if used&cs != 0 {
				ok = false
				break
			}
			used |= cs
			e.idx[i] = x
		}
		if ok {
			return used
		}
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
	for t := int64(0); t < n; t++ {
		b := e.deal(&rng, &deck, nd)
		e.settleBoard(&b, true)
	}
}

// deal seats one trial's hands (draw) and returns the full board: the
// known cards and s.k cards drawn into deck[:s.k] by a partial
// Fisher-Yates over deck[:nd] (the deck without the board, dead cards and
// fixed hands), a card of a drawn hand being rejected and redrawn, so each
// board card is uniform over the cards still free.
func (e *rangeState) deal(rng *rand.PCG, deck *[cards.NumCards]cards.Card, nd int) board {
	s := e.s
	used := e.draw(rng)
	e.seat()
	b := s.known
	for j := 0; j < s.k; j++ {
		for {
			hi, _ := bits.Mul64(rng.Uint64(), uint64(nd-j))
			x := j + int(hi)
			if used.Has(deck[x]) {
				continue
			}
			deck[j], deck[x] = deck[x], deck[j]
			b.add(deck[j])
			break
		}
	}
	return b
}

// probe returns how many of acceptanceProbes seeded draws of one hand per
// player share no card (all of them when at most one player has a range of
// several hands, whose hands avoid the fixed ones by construction).
func (j *RangeJob) probe() int64 {
	multi := 0
	for _, c := range j.combos {
		if len(c) > 1 {
			multi++
		}
	}
	if multi < 2 {
		return acceptanceProbes
	}
	var rng rand.PCG
	rng.Seed(j.req.Seed, ^uint64(0))
	var ok int64
	for range acceptanceProbes {
		var used cards.CardSet
		good := true
		for _, cs := range j.combos {
			hi, _ := bits.Mul64(rng.Uint64(), uint64(len(cs)))
			set := cs[hi].Set()
			if used&set != 0 {
				good = false
				break
			}
			used |= set
		}
		if good {
			ok++
		}
	}
	return ok
}
