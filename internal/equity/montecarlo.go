package equity

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// Monte Carlo: the trials are cut into fixed chunks of mcChunk; chunk c
// draws from its own PCG stream seeded with (seed, c) and starts from the
// same deck order, so the result depends only on the seed and the number of
// trials, never on how many workers ran or which chunk each one took. All
// tallies are integers, so merging them in any order gives the same sums.
//
// A trial is not evaluated player by player. Without a flush, every
// player's high and low depend only on the board's ranks, and a board has
// one of 6,188 rank multisets: a worker evaluates the players once per
// multiset it meets (rankPattern, then the high and low winners and the
// best high) and keeps the answer (mcEntry). A board with three cards or
// more of a suit some player holds twice also needs the best flush among
// those players, read from the flush tables (buildFlushTables: the best
// flush and its holders for every lane of the suit); the high winners are
// then those of the flush, of the ranks, or both when they tie. A trial
// is thus its draw, one sort of five ranks and one or two table reads, and
// it adds one to the count of its pair of winner sets (mcPairs): each
// distinct pair is settled once per chunk, weighted by its count, which
// gives the same integer tallies as settling every trial (squares
// included), so seeded results are those of evaluating each trial afresh.
const mcChunk = 8192

// numBoardMultisets is the number of multisets of five ranks, C(17, 5).
const numBoardMultisets = 6188

// mcEntry is what a worker knows of the boards of one rank multiset:
// the best high without a flush, its holders (never none, once known:
// hi 0 is an entry not yet evaluated) and the low winners. Eight bytes,
// so that the 6,188 entries stay within 50 KB.
type mcEntry struct {
	top    eval.HighValue
	hi, lo uint16
}

// mcPairSlots is the size of a worker's table of winner pairs (a power
// of two): it is drained (settled) at half full and at the end of a chunk.
const mcPairSlots = 1024

// mcPairs counts boards (Monte Carlo trials, or the exhaustive mode's
// boards of a pattern) by their pair of high and low winner sets: an
// open-addressing table of keys hi | lo<<16 (+1, so that 0 is empty).
// Both modes settle each distinct pair once per chunk, weighted by its
// boards, rather than once per trial or per pattern.
type mcPairs struct {
	key  [mcPairSlots]uint32
	n    [mcPairSlots]int64
	used [mcPairSlots / 2]uint16 // the slots in use, in use[:use]
	use  int
}

func (s *setup) monteCarlo(ctx context.Context, trials int64, seed uint64) (*accum, error) {
	chunks := int((trials + mcChunk - 1) / mcChunk)
	inline := s.req.inline(trials)
	if s.k >= 3 && !inline {
		// Tables of the best flush per lane: a few thousand flushes per
		// suit, worth it past a few thousand trials.
		s.buildFlushTables()
		defer s.releaseFlushTables()
	}
	return s.parallel(ctx, chunks, inline, func(e *evalState, c int) {
		n := int64(mcChunk)
		if rest := trials - int64(c)*mcChunk; rest < n {
			n = rest
		}
		e.mcChunk(seed, uint64(c), n)
	})
}

// mcReady readies e's multiset cache and pair table for a new request
// (they are kept, cleared, with the pooled state).
func (e *evalState) mcReady() {
	if e.mc == nil {
		e.mc = new([numBoardMultisets]mcEntry)
		e.pairs = new(mcPairs)
	} else if !e.mcClear {
		clear(e.mc[:])
	}
	e.mcClear = true
}

// mcChunk runs n trials of stream (seed, chunk).
func (e *evalState) mcChunk(seed, chunk uint64, n int64) {
	s := e.s
	if !e.mcClear {
		e.mcReady()
	}
	var rng rand.PCG
	rng.Seed(seed, chunk)
	var deck [cards.NumCards]cards.Card
	nd := copy(deck[:], s.rest)
	pairs := e.pairs
	if s.k == 5 {
		e.mcPreflop(&rng, &deck, nd, n)
		pairs.drain(e)
		return
	}
	for t := int64(0); t < n; t++ {
		b := s.known
		// Partial Fisher-Yates: the first k cards of deck are the draw.
		for j := 0; j < s.k; j++ {
			hi, _ := bits.Mul64(rng.Uint64(), uint64(nd-j))
			x := j + int(hi)
			deck[j], deck[x] = deck[x], deck[j]
			b.add(deck[j])
		}
		r := &b.ranks
		m := e.multiset(boardMultiset(int(r[0]), int(r[1]), int(r[2]), int(r[3]), int(r[4])), r)
		pairs.add(e.flushWinners(m, b.count, b.lanes)|uint32(m.lo)<<16, 1, e)
	}
	pairs.drain(e)
}

// mcPreflop runs n preflop trials (five board cards to deal) drawing
// from rng and deck[:nd] as mcChunk does, the board kept in registers.
func (e *evalState) mcPreflop(rng *rand.PCG, deck *[cards.NumCards]cards.Card, nd int, n int64) {
	pairs := e.pairs
	for t := int64(0); t < n; t++ {
		for j := range 5 {
			hi, _ := bits.Mul64(rng.Uint64(), uint64(nd-j))
			x := j + int(hi)
			deck[j], deck[x] = deck[x], deck[j]
		}
		c0, c1, c2, c3, c4 := deck[0]&63, deck[1]&63, deck[2]&63, deck[3]&63, deck[4]&63
		r0, r1, r2, r3, r4 := c0>>2, c1>>2, c2>>2, c3>>2, c4>>2
		count := 1<<(4*(c0&3)) + 1<<(4*(c1&3)) + 1<<(4*(c2&3)) + 1<<(4*(c3&3)) + 1<<(4*(c4&3))
		idx := boardMultiset(int(r0), int(r1), int(r2), int(r3), int(r4))
		m := &e.mc[idx]
		if m.hi == 0 {
			e.multiset(idx, &[5]cards.Rank{cards.Rank(r0), cards.Rank(r1), cards.Rank(r2), cards.Rank(r3), cards.Rank(r4)})
		}
		hi := uint32(m.hi)
		if flushSuit(uint32(count)) >= 0 {
			lanes := uint64(1)<<(uint(r0)+16*uint(c0&3)) | uint64(1)<<(uint(r1)+16*uint(c1&3)) | uint64(1)<<(uint(r2)+16*uint(c2&3)) |
				uint64(1)<<(uint(r3)+16*uint(c3&3)) | uint64(1)<<(uint(r4)+16*uint(c4&3))
			hi = e.flushWinners(m, uint32(count), lanes)
		}
		pairs.add(hi|uint32(m.lo)<<16, 1, e)
	}
}

// multiset returns the entry of rank multiset i (of the board ranks r),
// evaluating the players on it the first time.
func (e *evalState) multiset(i int, r *[5]cards.Rank) *mcEntry {
	m := &e.mc[i]
	if m.hi != 0 {
		return m
	}
	s := e.s
	np := len(s.players)
	var low uint8
	for _, x := range r {
		low |= rankLow[x]
	}
	e.rankPattern(r, low)
	m.hi = winners(e.nf[:np])
	m.top = e.nf[trailingZeros(m.hi)]
	if s.hilo {
		m.lo = lowWinners(e.lv[:np])
	}
	return m
}

// flushWinners returns the high winners of a board of rank multiset m
// whose suits have the card counts count and the rank masks lanes (see
// board): m's when no suit of three cards or more is held twice by some
// player, else those of the best flush when it beats m's best high (a
// flush never equals a high without one, but a tie would share).
func (e *evalState) flushWinners(m *mcEntry, count uint32, lanes uint64) uint32 {
	s := e.s
	hi := m.hi
	su := flushSuit(count)
	if su < 0 || s.suitPlayers[su] == 0 {
		return uint32(hi)
	}
	lane := uint16(lanes>>(16*uint(su))) & 0x1FFF
	var top eval.HighValue
	var win uint16
	if ft := s.flushTop[su]; ft != nil {
		slot := laneSlot[lane]
		top, win = ft[slot], s.flushWin[su][slot]
	} else {
		for sp := s.suitPlayers[su]; sp != 0; sp &= sp - 1 {
			i := trailingZeros(sp)
			switch v := eval.FlushHigh(s.players[i].suit[su], lane); {
			case v > top:
				top, win = v, 1<<i
			case v == top:
				win |= 1 << i
			}
		}
	}
	switch {
	case top > m.top:
		hi = win
	case top == m.top:
		hi |= win
	}
	return uint32(hi)
}

// add counts w boards of winner pair key, draining the table into e's
// tallies when it is half full.
func (p *mcPairs) add(key uint32, w int64, e *evalState) {
	if p.put(key, w) {
		p.drain(e)
	}
}

// addTo is add for tallies a of n players (hilo: a game with a low).
func (p *mcPairs) addTo(key uint32, w int64, a *accum, n int, hilo bool) {
	if p.put(key, w) {
		p.settleInto(a, n, hilo)
	}
}

// put counts w boards of winner pair key and reports whether the table
// is half full (to be drained).
func (p *mcPairs) put(key uint32, w int64) bool {
	k := key + 1
	i := (k * 0x9E3779B1) >> (32 - 10) & (mcPairSlots - 1)
	for {
		switch p.key[i] {
		case k:
			p.n[i] += w
			return false
		case 0:
			p.key[i], p.n[i] = k, w
			p.used[p.use] = uint16(i)
			p.use++
			return p.use >= mcPairSlots/2
		}
		i = (i + 1) & (mcPairSlots - 1)
	}
}

// drain settles every pair counted into e's tallies, weighted by its
// boards (with the squared shares Monte Carlo needs), and empties the
// table.
func (p *mcPairs) drain(e *evalState) {
	p.settleInto(&e.acc, len(e.s.players), e.s.hilo)
}

// settleInto is drain into tallies a of n players.
func (p *mcPairs) settleInto(a *accum, n int, hilo bool) {
	for _, i := range p.used[:p.use] {
		k := p.key[i] - 1
		a.settle(n, uint16(k), uint16(k>>16), p.n[i], hilo, true)
		p.key[i], p.n[i] = 0, 0
	}
	p.use = 0
}

// boardMultiset returns the index of the multiset of the five ranks r
// (any order): a + C(b+1, 2) + C(c+2, 3) + C(d+3, 4) + C(e+4, 5) for
// the ranks sorted a <= b <= c <= d <= e, sorted by an optimal network
// of nine compare-exchanges done in arithmetic (the compiler makes
// branches of min and max here, and random ranks mispredict half of
// them: the sort then cost more than the rest of a trial).
func boardMultiset(a, b, c, d, e int) int {
	a, b, c, d, e = a&15, b&15, c&15, d&15, e&15
	a, b = cx(a, b)
	d, e = cx(d, e)
	c, e = cx(c, e)
	c, d = cx(c, d)
	a, d = cx(a, d)
	a, c = cx(a, c)
	b, e = cx(b, e)
	b, d = cx(b, d)
	b, c = cx(b, c)
	return a + int(choose2[b]) + int(choose3[c]) + int(choose4[d]) + int(choose5[e])
}

// cx returns min(a, b), max(a, b) without a branch.
func cx(a, b int) (int, int) {
	d := b - a
	d &= d >> 63 // b - a when b < a, else 0
	return a + d, b - d
}

// choose5[r] is C(r+4, 5): boardMultiset's term for the fifth rank.
var choose5 = func() (t [16]uint16) {
	for r := range 16 {
		n := r + 4
		t[r] = uint16(n * (n - 1) * (n - 2) * (n - 3) * (n - 4) / 120)
	}
	return
}()
