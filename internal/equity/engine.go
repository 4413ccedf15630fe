package equity

import (
	"context"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// The engine shared by the exhaustive and the Monte Carlo modes: players
// prepared once per request, integer tallies per worker, the per-board
// evaluation and the worker pool.

// accum holds one worker's integer tallies; merged at the end.
type accum struct {
	boards int64
	noLow  int64
	share  [10]int64 // pot units won (potUnits per board in all)
	sq     [10]int64 // sum of squared per-trial shares (Monte Carlo)
	hiWin  [10]int64
	hiTie  [10]int64
	loWin  [10]int64
	loTie  [10]int64
	scoop  [10]int64
	// out[i][c] counts the boards on which player i's share of the pot
	// is outcome code c (see noLowCodes): ANALYSIS.md A8.
	out [10][numOutcomeCodes]int64
}

func (a *accum) add(b *accum) {
	a.boards += b.boards
	a.noLow += b.noLow
	for i := range a.share {
		a.share[i] += b.share[i]
		a.sq[i] += b.sq[i]
		a.hiWin[i] += b.hiWin[i]
		a.hiTie[i] += b.hiTie[i]
		a.loWin[i] += b.loWin[i]
		a.loTie[i] += b.loTie[i]
		a.scoop[i] += b.scoop[i]
		for c := range a.out[i] {
			a.out[i][c] += b.out[i][c]
		}
	}
}

// An outcome code names one player's share of one board's pot by how it
// was won: on a board with no low (or in a game without one) the code is
// the number of players sharing the high that he is among (0 when he has
// no part of it); on a board with a low it is noLowCodes + 11*h + l, h
// the players sharing the high half and l those sharing the low half,
// each 0 when he has no part of that half. Codes with different numbers
// can be the same fraction (1/2 is a high shared by two on a board
// without low, or one half alone): Result merges them (outcomes).
const (
	noLowCodes      = 11
	numOutcomeCodes = noLowCodes + 11*11
)

// codeShare returns the share of the pot, in potUnits, of outcome code c.
func codeShare(c int) int64 {
	if c < noLowCodes {
		if c == 0 {
			return 0
		}
		return potUnits / int64(c)
	}
	h, l := int64((c-noLowCodes)/11), int64((c-noLowCodes)%11)
	var s int64
	if h > 0 {
		s += potUnits / 2 / h
	}
	if l > 0 {
		s += potUnits / 2 / l
	}
	return s
}

// settle adds w boards of n players on which the players of hi share the
// high and those of lo the low (lo empty: no qualifying low, or a game
// without low), by RULES.md R17, R18, E1, E2: the one tally of both modes
// (see winners and lowWinners for the sets). With squares it also adds
// each player's squared share times w (Monte Carlo: w boards of one
// outcome). Every player's outcome code is tallied (A8).
func (a *accum) settle(n int, hi, lo uint16, w int64, hilo, squares bool) {
	hiShare, loShare := halfShares(hi, lo)
	nh := int64(bits.OnesCount16(hi))
	nl := int64(bits.OnesCount16(lo))
	// The outcome codes of a player in neither half, in the high only and
	// in the low only (see noLowCodes); in both, hiCode + loCode - base.
	base, hiCode, loCode := 0, int(nh), 0
	if nl > 0 {
		base = noLowCodes
		hiCode = noLowCodes + 11*int(nh)
		loCode = noLowCodes + int(nl)
	} else if hilo {
		a.noLow += w
	}
	a.boards += w
	for i := 0; i < n; i++ {
		bit := uint16(1) << i
		var s int64
		code := base
		if hi&bit != 0 {
			code = hiCode
			s = hiShare
			if nh == 1 {
				a.hiWin[i] += w
				if nl == 0 || lo == bit {
					a.scoop[i] += w
				}
			} else {
				a.hiTie[i] += w
			}
		}
		if lo&bit != 0 {
			code += loCode - base
			s += loShare
			if nl == 1 {
				a.loWin[i] += w
			} else {
				a.loTie[i] += w
			}
		}
		a.out[i][code] += w
		a.share[i] += w * s
		if squares {
			a.sq[i] += w * s * s
		}
	}
}

// halfShares returns, for one board whose high the players of hi share
// (one or more) and whose low those of lo share (none: no low), what each
// high winner and each low winner gets of the pot, in potUnits (R17, R18).
func halfShares(hi, lo uint16) (hiShare, loShare int64) {
	nh, nl := int64(bits.OnesCount16(hi)), int64(bits.OnesCount16(lo))
	if nl == 0 {
		return potUnits / nh, 0
	}
	return potUnits / 2 / nh, potUnits / 2 / nl
}

// player is one hand prepared for fast evaluation against many boards.
type player struct {
	tri  [eval.NumTriples]eval.HighValue // best non-flush high for each board rank triple (unless byRows)
	rows [6]*[eval.NumTriples]eval.HighValue
	nrow int         // rows[:nrow] are the rows of his distinct hole rank pairs
	low  *[256]uint8 // best low for each board low-rank mask
	suit [4]uint16   // hole rank mask of each suit
}

// preparePlayer prepares hole for evaluation: with tri, his best high for
// each board triple (worth it when many boards are evaluated), else only
// his pairs' rows (for a board of one rank pattern or a few).
func preparePlayer(p *player, hole cards.List, tri bool) {
	var pairs [6]int
	np := 0
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			q := eval.PairIndex(hole[i].Rank(), hole[j].Rank())
			dup := false
			for _, x := range pairs[:np] {
				dup = dup || x == q
			}
			if !dup && np < len(pairs) {
				pairs[np] = q
				np++
			}
		}
	}
	p.nrow = np
	for k, q := range pairs[:np] {
		p.rows[k] = (*[eval.NumTriples]eval.HighValue)(eval.PairTripleRow(q))
	}
	if tri && np == 0 {
		p.tri = [eval.NumTriples]eval.HighValue{}
	} else if tri {
		// The best of the pairs' rows (branch-free), in one pass over
		// six rows: a hand of fewer distinct pairs repeats its first.
		var r [6]*[eval.NumTriples]eval.HighValue
		for k := range r {
			r[k] = p.rows[0]
			if k < np {
				r[k] = p.rows[k]
			}
		}
		r0, r1, r2, r3, r4, r5 := r[0][:], r[1][:], r[2][:], r[3][:], r[4][:], r[5][:]
		for t := range p.tri {
			p.tri[t] = max(r0[t], r1[t], r2[t], r3[t], r4[t], r5[t])
		}
	}
	var lowMask uint8
	p.suit = [4]uint16{}
	for _, c := range hole {
		lowMask |= eval.LowMask(c)
		p.suit[c.Suit()] |= 1 << c.Rank()
	}
	p.low = eval.LowRow(lowMask)
}

// setup is what every worker shares: the prepared players and the deck.
// Setups are recycled (setupPool): a cheap request, such as a flop, would
// otherwise allocate several kilobytes of players, patterns and worker
// state per call, and the garbage collector's work grew with the request
// rate.
type setup struct {
	req         Request
	hilo        bool
	players     []player
	suitPlayers [4]uint16 // per suit, the players holding 2+ cards of it
	known       board     // the given board cards
	rest        cards.List
	avail       [13]uint8 // per rank, the suits still in the deck
	// availLanes[r] has bit r in the lane (see board) of each suit of
	// avail[r].
	availLanes [13]uint64
	k          int // board cards to deal
	// triples is eval.TripleTable: entry a*169+b*13+c is the index of the
	// rank triple {a, b, c}.
	triples *[13 * 13 * 13]uint16
	// byRows: the players' highs come from their pairs' rows, not from
	// player.tri (see newSetup).
	byRows bool
	// flushTab[su], when built (see buildFlushTables), holds at
	// laneSlot[lane]*np+j the flush of the j-th player of suitPlayers[su]
	// (of np) on a board whose suit su has rank mask lane.
	flushTab [4][]eval.HighValue
	// flushWin[su][laneSlot[lane]] and flushTop[su][laneSlot[lane]], built
	// with flushTab[su], are the set of players with the best of those
	// flushes and its value.
	flushWin [4][]uint16
	flushTop [4][]eval.HighValue
	// flushMin[su] and flushMax[su], built with flushTop[su], are the
	// least and the greatest of its entries: a pattern whose best high
	// without a flush is below the least (above the greatest) has every
	// lane of su won by its flush (lost to the pattern's highs).
	flushMin, flushMax [4]eval.HighValue
	flushTables        [4]*flushTables // what they are slices of, from the pool
	// Kept for the next request that takes this setup from setupPool.
	firsts []firstGroup // exhaustive: the chunks of the walk
	states []evalState  // the workers' states
}

// setupPool recycles setups: newSetup takes one, Compute gives it back
// (release) once the result is made.
var setupPool sync.Pool

// board is a (partial) board in the forms the evaluation needs.
type board struct {
	ranks [5]cards.Rank
	n     int
	lanes uint64 // rank mask of suit s in bits 16s..16s+12
	count uint32 // number of cards of suit s in bits 4s..4s+3
	low   uint8  // low-rank mask
}

func (b *board) add(c cards.Card) {
	b.ranks[b.n] = c.Rank()
	b.n++
	b.lanes |= 1 << (uint(c.Rank()) + 16*uint(c.Suit()))
	b.count += 1 << (4 * uint(c.Suit()))
	b.low |= cardLow[c&63]
}

// cardLow[c] is eval.LowMask(c) for the 52 cards (0 past them).
var cardLow = func() (t [64]uint8) {
	for c := cards.Card(0); c < cards.NumCards; c++ {
		t[c] = eval.LowMask(c)
	}
	return t
}()

func newSetup(r Request) *setup {
	s, _ := setupPool.Get().(*setup)
	if s == nil {
		s = &setup{}
	}
	players, firsts, states := s.players, s.firsts[:0], s.states
	if cap(players) < len(r.Hands) {
		players = make([]player, len(r.Hands))
	}
	*s = setup{req: r, hilo: r.Game.HasLow(), k: 5 - len(r.Board), triples: eval.TripleTable(),
		players: players[:len(r.Hands)], firsts: firsts, states: states}
	// A turn has at most 13 rank patterns to its river, a river one: the
	// pairs' rows serve them better than a table of every triple.
	s.byRows = s.k <= 1
	for i, h := range r.Hands {
		preparePlayer(&s.players[i], h, !s.byRows)
		for su := range 4 {
			if bitsCount(s.players[i].suit[su]) >= 2 {
				s.suitPlayers[su] |= 1 << i
			}
		}
	}
	used := cards.CardSet(0)
	for _, h := range r.Hands {
		for _, c := range h {
			used = used.Add(c)
		}
	}
	for _, c := range r.Board {
		used = used.Add(c)
		s.known.add(c)
	}
	for _, c := range r.Dead {
		used = used.Add(c)
	}
	s.rest = (cards.FullDeck &^ used).List()
	for _, c := range s.rest {
		s.avail[c.Rank()] |= 1 << c.Suit()
		s.availLanes[c.Rank()] |= 1 << (uint(c.Rank()) + 16*uint(c.Suit()))
	}
	return s
}

// release gives s back to setupPool; s must not be used after. Nothing
// of s may be referenced by a Result (result copies what it needs).
func (s *setup) release() {
	s.req = Request{}
	setupPool.Put(s)
}

// workerStates returns n evalStates for s's workers, reusing s's: each
// with empty tallies, its scratch buffers kept (byWinners is all zeros
// between patterns, the exhaustive dense table and the Monte Carlo pair
// table empty between chunks; the
// multiset cache is cleared before its first use, mcReady).
func (s *setup) workerStates(n int) []evalState {
	if cap(s.states) < n {
		s.states = make([]evalState, n)
	}
	st := s.states[:n]
	for i := range st {
		// Cleared in place: a composite literal assigned to *e is built
		// on the stack first (an evalState is some 12 KB), which grew the
		// calling goroutine's stack twice, a tenth of the page faults of
		// a flop question in a fresh process.
		e := &st[i]
		bw, touched, mc, pairs, dense, keys := e.byWinners, e.touched[:0], e.mc, e.pairs, e.dense, e.denseKeys[:0]
		*e = evalState{}
		e.s, e.byWinners, e.touched, e.mc, e.pairs, e.dense, e.denseKeys = s, bw, touched, mc, pairs, dense, keys
	}
	return st
}

func bitsCount(m uint16) int { return bits.OnesCount16(m) }

// flushSuit returns the suit with 3 or more cards on a full board, or -1.
func flushSuit(count uint32) int {
	f := (count + 0x5555) & 0x8888
	if f == 0 {
		return -1
	}
	switch {
	case f&0x8 != 0:
		return 0
	case f&0x80 != 0:
		return 1
	case f&0x800 != 0:
		return 2
	}
	return 3
}

// evalState is a worker's scratch space: no allocation per board.
type evalState struct {
	s   *setup
	tri [10]int
	nf  [10]eval.HighValue // non-flush highs of the current rank pattern
	hv  [10]eval.HighValue
	lv  [10]uint8
	acc accum
	// Exhaustive: boards of the current pattern by set of high winners.
	byWinners []int64 // 1<<players entries, made on first use
	touched   []uint16
	// Exhaustive: the weight and lane of each subset of a pattern's ranks
	// of one suit (see pattern).
	subW [32]int64
	subL [32]uint16
	// Exhaustive, up to denseMost players: boards by pair of high and low
	// winner sets (high | low<<players), the pairs counted in denseKeys,
	// and the current pattern's low winners shifted (see tally).
	dense     []int64
	denseKeys []uint16
	loKey     uint16
	w         exWalk // the walk over rank patterns (see exhaustive)
	// Monte Carlo (see mcChunk): what is known of each board rank
	// multiset, valid for this request once mcClear is set, and the
	// trials counted by winner pair. Kept with the pooled state.
	mc      *[numBoardMultisets]mcEntry
	pairs   *mcPairs
	mcClear bool
}

// rankPattern computes the non-flush highs and the lows of every player for
// a full board of ranks rk and low mask low.
func (e *evalState) rankPattern(rk *[5]cards.Rank, low uint8) {
	// The ten triples a<b<c of the five ranks, through the 13x13x13 table
	// indexed a*169 + b*13 + c.
	var r [5]int
	for i, x := range rk {
		r[i] = int(x % 13)
	}
	a0, a1, a2 := r[0]*169, r[1]*169, r[2]*169
	b1, b2, b3 := r[1]*13, r[2]*13, r[3]*13
	t := e.s.triples
	e.tri = [10]int{
		int(t[a0+b1+r[2]]), int(t[a0+b1+r[3]]), int(t[a0+b1+r[4]]), int(t[a0+b2+r[3]]), int(t[a0+b2+r[4]]),
		int(t[a0+b3+r[4]]), int(t[a1+b2+r[3]]), int(t[a1+b2+r[4]]), int(t[a1+b3+r[4]]), int(t[a2+b3+r[4]]),
	}
	n := len(e.s.players)
	if e.s.byRows {
		for i := 0; i < n; i++ {
			p := &e.s.players[i]
			var best eval.HighValue
			for _, row := range p.rows[:p.nrow] {
				for _, q := range e.tri {
					best = max(best, row[q])
				}
			}
			e.nf[i] = best
			e.lv[i] = p.low[low]
		}
		return
	}
	for i := 0; i < n; i++ {
		p := &e.s.players[i]
		best := p.tri[e.tri[0]]
		for _, q := range e.tri[1:] {
			best = max(best, p.tri[q])
		}
		e.nf[i] = best
		e.lv[i] = p.low[low]
	}
}

// flushHighs fills hv with the highs on a board whose suit su has rank mask
// lane, starting from the non-flush highs.
func (e *evalState) flushHighs(su int, lane uint16) {
	n := len(e.s.players)
	copy(e.hv[:n], e.nf[:n])
	if tab := e.s.flushTab[su]; tab != nil {
		sp := e.s.suitPlayers[su]
		np := bitsCount(sp)
		j := int(laneSlot[lane]) * np
		row := tab[j : j+np]
		for m := sp; m != 0; m &= m - 1 {
			i := trailingZeros(m)
			if v := row[0]; v > e.hv[i] {
				e.hv[i] = v
			}
			row = row[1:]
		}
		return
	}
	for m := e.s.suitPlayers[su]; m != 0; m &= m - 1 {
		i := trailingZeros(m)
		if v := eval.FlushHigh(e.s.players[i].suit[su], lane); v > e.hv[i] {
			e.hv[i] = v
		}
	}
}

func trailingZeros(m uint16) int { return bits.TrailingZeros16(m) }

// parallel runs work(w, chunk) for chunk 0..chunks-1 on up to GOMAXPROCS
// workers (inline when inline is set), each worker with its own evalState,
// and returns the merged tallies or ctx.Err().
func (s *setup) parallel(ctx context.Context, chunks int, inline bool, work func(e *evalState, chunk int)) (*accum, error) {
	return runChunks(ctx, chunks, inline, s.workerStates, func(e *evalState) *accum { return &e.acc }, work)
}

// yieldEvery is how much work a worker does between yields to the
// scheduler (see runChunks): short enough for a cheap request's latency,
// long enough to cost nothing measurable.
const yieldEvery = time.Millisecond

// runChunks runs work(state, chunk) for chunk 0..chunks-1 on up to
// GOMAXPROCS workers (one, in the caller's goroutine, when inline), each
// worker with a state of its own (newStates(workers) gives them, zeroed
// tallies) made ready by start, which returns the state's tallies; it
// merges the tallies into the first worker's at the end and returns them, or
// ctx.Err() soon after ctx is done (checked between chunks). Workers
// yield between chunks once yieldEvery has passed: with every core
// running an equity worker, a cheap request woken from the network would
// otherwise wait for the scheduler's 10 ms preemption at each step, and
// its latency would grow with the expensive work beside it.
func runChunks[S any](ctx context.Context, chunks int, inline bool, newStates func(n int) []S, start func(*S) *accum, work func(e *S, chunk int)) (*accum, error) {
	done := ctx.Done()
	workers := runtime.GOMAXPROCS(0)
	if inline || workers < 1 {
		workers = 1
	}
	workers = max(min(workers, chunks), 1)
	states := newStates(workers)
	var one [1]*accum
	tallies := one[:]
	if workers > 1 {
		tallies = make([]*accum, workers)
	}
	var next atomic.Int64
	var canceled atomic.Bool
	run := func(i int) {
		e := &states[i]
		tallies[i] = start(e)
		yielded := time.Now()
		for !canceled.Load() {
			c := int(next.Add(1) - 1)
			if c >= chunks {
				return
			}
			select {
			case <-done:
				canceled.Store(true)
				return
			default:
			}
			work(e, c)
			if now := time.Now(); now.Sub(yielded) >= yieldEvery {
				runtime.Gosched()
				yielded = now
			}
		}
	}
	if workers == 1 {
		run(0)
	} else {
		var wg sync.WaitGroup
		for i := range states {
			wg.Add(1)
			go func() {
				defer wg.Done()
				run(i)
			}()
		}
		wg.Wait()
	}
	if canceled.Load() {
		return nil, ctx.Err()
	}
	// The first worker's tallies take the others': the result lives in
	// its state (which the caller keeps until it has made its Result).
	total := tallies[0]
	for _, t := range tallies[1:] {
		total.add(t)
	}
	return total, nil
}
