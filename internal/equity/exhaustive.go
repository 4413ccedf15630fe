package equity

import (
	"context"
	"math/bits"
	"sync"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// The exhaustive enumeration works rank pattern by rank pattern: the missing
// board cards are dealt first as a non-decreasing run of ranks, then as every
// choice of suits for those ranks. Without a flush, every player's high and
// low depend on the ranks alone, so they are computed once per pattern (see
// walk: the patterns sharing their first ranks share the lookups of those
// ranks' triples). The suit choices are then counted, not walked:
// a five-card board has at most one suit of three or more cards, so the
// boards of a pattern with a flush in suit s are those giving s to a set T
// of the pattern's distinct ranks with |T| (plus the board's known cards of
// s) at least three, and the boards with such a T number the product, over
// the pattern's ranks, of the ways to suit the rest of each rank's cards
// (a binomial of the suits left). Each such T is one board rank mask of s
// (a "lane"): it is settled once, weighted by its number of boards, and
// only for the suits some player holds twice; when every lane of s goes
// the same way (one player holds s and the pattern's highs are below
// every flush of s, or above every one) they are counted at once, from
// the boards by their number of cards of s that the walk carries. Every
// other suit choice makes no flush: those boards share the pattern's
// highs and are tallied at once. Every board is counted by its pair of
// high and low winner sets (up to denseMost players in a dense table,
// else by high winners per pattern and then mcPairs), and each distinct
// pair is settled once per chunk of patterns.

// binom[n][m] is the number of m-subsets of n suits (0 when m > n).
var binom = func() (t [5][6]int64) {
	for n := 0; n <= 4; n++ {
		t[n][0] = 1
		for m := 1; m <= 5; m++ {
			if m <= n {
				t[n][m] = t[n][m-1] * int64(n-m+1) / int64(m)
			}
		}
	}
	return t
}()

// atLeast[m][c] lists the subsets of c elements (as c-bit masks) of m
// elements or more. The lists are made end to end in one array (at most
// 2^c masks each): grown one by one they were 28 allocations at start-up.
var atLeast = func() (t [4][6][]uint8) {
	all := make([]uint8, 0, 4*(1<<6-1))
	for m := range 4 {
		for c := range 6 {
			from := len(all)
			for j := range 1 << c {
				if bits.OnesCount8(uint8(j)) >= m {
					all = append(all, uint8(j))
				}
			}
			t[m][c] = all[from:len(all):len(all)]
		}
	}
	return t
}()

// rankLow[r] is the low-rank mask of a card of rank r.
var rankLow = func() (t [13]uint8) {
	for r := range cards.Rank(13) {
		t[r] = eval.LowMask(cards.New(r, 0))
	}
	return t
}()

// exhaustive enumerates every completion of the board. The rank patterns
// are walked group by group (a rank and its number of cards, ranks
// increasing), each group carrying what its patterns share: the best high
// without a flush of each player over the board triples of the positions
// dealt so far, the pattern's number of boards and, per suit, the boards
// by how many of their cards are of that suit (below three: see leaf). A
// deal of four or five cards is cut in chunks by its first group (at
// most 52 of them, 28 preflop of 32 patterns or more); a smaller one is
// one chunk.
func (s *setup) exhaustive(ctx context.Context) (*accum, error) {
	if s.k >= 3 {
		s.buildFlushTables()
		defer s.releaseFlushTables()
	}
	firsts := s.firstGroups()
	chunks := max(len(firsts), 1)
	inline := s.req.inline(s.req.Completions())
	return s.parallel(ctx, chunks, inline, func(e *evalState, c int) {
		e.walkStart()
		if len(firsts) == 0 {
			e.walk(s.known.n, 0, 0)
		} else {
			f := firsts[c]
			e.group(s.known.n, f.r, 0, f.m, f.m)
		}
		if e.dense != nil {
			e.drainDense()
		} else {
			e.pairs.drain(e)
		}
	})
}

// denseMost is the most players whose boards the walk counts by pair of
// winner sets in a dense table (1<<(2*players) entries) instead of a
// table of high winners per pattern and mcPairs.
const denseMost = 4

// drainDense settles the boards counted in the dense table (see tally)
// and empties it.
func (e *evalState) drainDense() {
	n, hilo := len(e.s.players), e.s.hilo
	mask := uint16(1)<<n - 1
	for _, k := range e.denseKeys {
		e.acc.settle(n, k&mask, k>>n, e.dense[k], hilo, true)
		e.dense[k] = 0
	}
	e.denseKeys = e.denseKeys[:0]
}

// laneBuilder fills one suit's flush tables (see buildFlushTables).
type laneBuilder struct {
	s     *setup
	su    int
	sp    uint16 // the players holding su twice, np of them
	np    int
	known uint16 // the known board's ranks of su
	// ranks[:nr] are the ranks of su left in the deck, as rank masks;
	// a lane takes least of them or more.
	ranks     [13]uint16
	nr, least int
	tab       []eval.HighValue
	win       []uint16
	top       []eval.HighValue
	// The least and the greatest of top's entries.
	fmin, fmax eval.HighValue
}

// visit fills the lanes of the known ranks, t and up to k-c more ranks
// of ranks[from:] (t has c ranks): every subset of the ranks left of at
// most k ranks once, not a walk of all 2^nr subsets counting their ranks.
func (b *laneBuilder) visit(from int, t uint16, c int) {
	if c >= b.least {
		b.lane(t | b.known)
	}
	if c == b.s.k {
		return
	}
	for x := from; x < b.nr; x++ {
		b.visit(x+1, t|b.ranks[x], c+1)
	}
}

// lane fills the tables' entries of a lane: each player's best flush on
// it, the best of them and who has it.
func (b *laneBuilder) lane(lane uint16) {
	slot := laneSlot[lane]
	j := int(slot) * b.np
	var best eval.HighValue
	for m := b.sp; m != 0; m &= m - 1 {
		i := trailingZeros(m)
		v := eval.FlushHigh(b.s.players[i].suit[b.su], lane)
		b.tab[j] = v
		j++
		switch {
		case v > best:
			best, b.win[slot] = v, 1<<i
		case v == best:
			b.win[slot] |= 1 << i
		}
	}
	b.top[slot] = best
	b.fmin, b.fmax = min(b.fmin, best), max(b.fmax, best)
}

// firstGroup is a chunk of the walk: the patterns whose lowest rank is r,
// with m cards of it.
type firstGroup struct {
	r cards.Rank
	m int
}

// firstGroups returns the chunks of a deal of four or five cards (in
// s.firsts, whose array the next request reuses), none for a smaller one.
func (s *setup) firstGroups() []firstGroup {
	out := s.firsts[:0]
	if s.k >= 4 {
		for r := range cards.Rank(13) {
			for m := 1; m <= min(bitsCount(uint16(s.avail[r])), s.k); m++ {
				out = append(out, firstGroup{r, m})
			}
		}
	}
	s.firsts = out
	return out
}

// exWalk is a worker's state of the exhaustive walk (see walk), by
// number of positions dealt (the known board cards first) or of groups.
type exWalk struct {
	rk [5]cards.Rank // the board's ranks by position
	// best[i][p] is player p's best high without a flush over the
	// triples of rk[:i] (unless byRows).
	best [6][10]eval.HighValue
	// pb[C(b, 2)+a] is rk[a]*169 + rk[b]*13, for positions a < b: with a
	// third rank, the entry of s.triples of the three.
	pb [6]uint16
	// By groups: the boards of their suit choices, their low-rank mask,
	// and per suit the boards with 0, 1 and 2 cards of that suit.
	total [6]int64
	low   [6]uint8
	lanes [6]uint64 // the known lanes and the groups' ranks in their suits left
	few   [6][4][3]int64
	// The groups: rank, suits left and the ways to suit its cards (all),
	// with one of a given suit (in) and none (out).
	gr           [5]cards.Rank
	ga           [5]uint8
	all, in, out [5]int64
	need         [4]int // per suit, the cards of it a flush needs
	suits        uint8  // the suits some player holds twice
	end          int    // the board's size, 5
	nplayers     int
}

// walkStart readies e's walk: the known board cards at their positions.
func (e *evalState) walkStart() {
	s, w := e.s, &e.w
	if n := len(s.players); n <= denseMost {
		if len(e.dense) != 1<<(2*n) {
			e.dense = make([]int64, 1<<(2*n))
		}
	} else {
		e.dense = nil
		if len(e.byWinners) != 1<<n {
			e.byWinners = make([]int64, 1<<n)
		}
		if e.pairs == nil {
			e.pairs = new(mcPairs)
		}
	}
	w.end = s.known.n + s.k
	w.nplayers = len(s.players)
	w.suits = 0
	for su := range 4 {
		w.need[su] = 3 - int(s.known.count>>(4*uint(su))&0xF)
		if s.suitPlayers[su] != 0 {
			w.suits |= 1 << su
		}
		w.few[0][su] = [3]int64{1, 0, 0}
	}
	w.total[0], w.low[0], w.lanes[0] = 1, s.known.low, s.known.lanes
	w.best[0] = [10]eval.HighValue{}
	for i := range s.known.n {
		w.rk[i] = s.known.ranks[i]
		e.position(i)
	}
}

// position computes best[i+1] from best[i] and the rank at position i:
// the triples that position i closes are the pairs of the positions
// before it (pb) with that rank.
func (e *evalState) position(i int) {
	s, w := e.s, &e.w
	if s.byRows {
		return
	}
	c := int(w.rk[i])
	np := int(pairsBelow[i&7])
	var idx [6]uint16
	t := s.triples
	for j, b := range w.pb[:np] {
		idx[j] = t[int(b)+c]
	}
	if i < 4 {
		for a := range i {
			w.pb[np+a] = uint16(int(w.rk[a])*169 + c*13)
		}
	}
	from, to := &w.best[i], &w.best[i+1]
	for p := range w.nplayers {
		tri := &s.players[p].tri
		v := from[p]
		for _, q := range idx[:np] {
			v = max(v, tri[q])
		}
		to[p] = v
	}
}

// pairsBelow[i] is the number of pairs of positions below i, C(i, 2).
var pairsBelow = [8]uint8{0, 0, 1, 3, 6, 10, 15, 21}

// walk settles every pattern whose positions from i on take ranks from
// from up, in groups g on.
func (e *evalState) walk(i int, from cards.Rank, g int) {
	if i == e.w.end {
		e.leaf(g)
		return
	}
	for r := from; r <= cards.Ace; r++ {
		e.group(i, r, g, 1, e.w.end-i)
	}
}

// group settles the patterns whose group g is mlo to mhi cards of rank r
// at positions i on.
func (e *evalState) group(i int, r cards.Rank, g, mlo, mhi int) {
	s, w := e.s, &e.w
	a := s.avail[r]
	na := bitsCount(uint16(a))
	mhi = min(mhi, na)
	for m := 1; m <= mhi; m++ {
		w.rk[i+m-1] = r
		e.position(i + m - 1)
		if m < mlo {
			continue
		}
		all, in, out := binom[na][m], binom[na-1][m-1], binom[na-1][m]
		w.gr[g], w.ga[g] = r, a
		w.all[g], w.in[g], w.out[g] = all, in, out
		w.total[g+1] = w.total[g] * all
		w.low[g+1] = w.low[g] | rankLow[r]
		w.lanes[g+1] = w.lanes[g] | s.availLanes[r]
		from, to := &w.few[g], &w.few[g+1]
		for su := w.suits; su != 0; su &= su - 1 {
			x := bits.TrailingZeros8(su)
			f, t := &from[x], &to[x]
			if a&(1<<x) == 0 {
				t[0], t[1], t[2] = f[0]*all, f[1]*all, f[2]*all
			} else {
				t[0], t[1], t[2] = f[0]*out, f[1]*out+f[0]*in, f[2]*out+f[1]*in
			}
		}
		e.walk(i+m, r+1, g+1)
	}
}

// flushTables are one suit's flush tables (see buildFlushTables), indexed
// by lane slot (laneSlot). They are pooled without clearing: the
// enumeration reads only the lanes the build writes.
type flushTables struct {
	tab []eval.HighValue
	win []uint16
	top []eval.HighValue
}

var flushPool = sync.Pool{New: func() any {
	return &flushTables{win: make([]uint16, laneSlots), top: make([]eval.HighValue, laneSlots)}
}}

// laneSlots is the number of lanes a suit's flush tables hold: the rank
// masks of 3, 4 and 5 of the 13 ranks (a board's suit of three cards or
// more).
const laneSlots = 286 + 715 + 1287

// laneSlot[lane] is the slot of lane, a rank mask of 3 to 5 ranks, in a
// suit's flush tables; other masks are never looked up. Indexed by slot,
// the tables of a suit take 2,288 entries instead of 8,192: in a process
// that answers one question (bin/scoop equity), the pages of the sparse
// tables were a quarter of the page faults of a preflop enumeration.
// Filled on the first flush table (laneSlotOnce).
var (
	laneSlot     [1 << 13]uint16
	laneSlotOnce sync.Once
)

func fillLaneSlots() {
	// The masks of c ranks in increasing order (Gosper's hack), c from 3
	// to 5: a walk of the 8,192 masks counting their bits was a tenth of
	// the building of a preflop enumeration's flush tables.
	n := uint16(0)
	for c := 3; c <= 5; c++ {
		for m := uint32(1)<<c - 1; m < 1<<13; {
			laneSlot[m] = n
			n++
			r := m + m&-m
			m = (r^m)>>(2+bits.TrailingZeros32(m)) | r
		}
	}
}

// releaseFlushTables returns the flush tables to the pool once every
// worker is done.
func (s *setup) releaseFlushTables() {
	for su, ft := range s.flushTables {
		if ft != nil {
			flushPool.Put(ft)
		}
		s.flushTables[su], s.flushTab[su], s.flushWin[su], s.flushTop[su] = nil, nil, nil, nil
	}
}

// buildFlushTables fills flushTab: for each suit some player holds twice,
// the flush of each such player on every board lane of that suit the
// enumeration can deal (the known cards of the suit and 3 to 5 in all).
// Worth it when many patterns share each lane (preflop: a lane of three
// ranks comes back in some ninety patterns).
func (s *setup) buildFlushTables() {
	laneSlotOnce.Do(fillLaneSlots)
	for su := range 4 {
		sp := s.suitPlayers[su]
		if sp == 0 {
			continue
		}
		b := laneBuilder{s: s, su: su, sp: sp, np: bitsCount(sp),
			known: uint16(s.known.lanes>>(16*uint(su))) & 0x1FFF,
			fmin:  ^eval.HighValue(0)}
		for r, a := range s.avail {
			if a&(1<<su) != 0 {
				b.ranks[b.nr] = 1 << r
				b.nr++
			}
		}
		b.least = max(3-bitsCount(b.known), 0)
		ft := flushPool.Get().(*flushTables)
		if cap(ft.tab) < laneSlots*b.np {
			ft.tab = make([]eval.HighValue, laneSlots*b.np)
		}
		tab, win, top := ft.tab[:laneSlots*b.np], ft.win, ft.top
		s.flushTables[su] = ft
		b.tab, b.win, b.top = tab, win, top
		b.visit(0, 0, 0)
		fmin, fmax := b.fmin, b.fmax
		s.flushTab[su], s.flushWin[su], s.flushTop[su] = tab, win, top
		s.flushMin[su], s.flushMax[su] = fmin, fmax
	}
}

// leaf settles every board of the rank pattern of the walk's g groups.
func (e *evalState) leaf(g int) {
	s, w := e.s, &e.w
	n := w.nplayers
	low := w.low[g]
	if s.byRows {
		e.rankPattern(&w.rk, low)
	} else {
		best := &w.best[w.end]
		for p := range n {
			e.nf[p] = best[p]
			e.lv[p] = s.players[p].low[low]
		}
	}
	// With the flush tables, a lane whose best flush beats every high
	// without a flush (always so when nobody has a full house or better)
	// is won by the players tabled for it; one whose best flush loses to
	// the best high without a flush leaves the winners those of the
	// boards without a flush: its boards are among the rest.
	top := e.nf[0]
	for _, v := range e.nf[1:n] {
		top = max(top, v)
	}
	lo := uint16(0)
	if s.hilo {
		lo = lowWinners(e.lv[:n])
	}
	e.loKey = lo << n
	total := w.total[g]
	rest := total
	for sus := w.suits; sus != 0; sus &= sus - 1 {
		su := bits.TrailingZeros8(sus)
		// The boards with a flush possible in su: those with need cards
		// of su or more.
		need := w.need[su]
		fw := total
		few := &w.few[g][su]
		if need == 3 {
			fw -= few[0] + few[1] + few[2]
		} else {
			for k := range max(need, 0) {
				fw -= few[k]
			}
		}
		if fw == 0 {
			continue
		}
		if ftop := s.flushTop[su]; ftop != nil {
			// A lane's best flush is at most that of all the pattern's
			// ranks that can be of su (a flush is the best of its board
			// ranks' triples), a lane of 3 to 5 ranks the tables hold.
			if ftop[laneSlot[uint16(w.lanes[g]>>(16*uint(su)))&0x1FFF]] < top {
				continue // every lane loses: its boards are among the rest
			}
			if sp := s.suitPlayers[su]; top < s.flushMin[su] && sp&(sp-1) == 0 {
				e.tally(sp, fw) // every lane is won by the one player holding su
				rest -= fw
				continue
			}
		}
		rest -= e.lanes(su, need, g, top)
	}
	if rest > 0 {
		e.tally(winners(e.nf[:n]), rest)
	}
	if e.dense != nil {
		return
	}
	for _, m := range e.touched {
		e.pairs.add(uint32(m)|uint32(lo)<<16, e.byWinners[m], e)
		e.byWinners[m] = 0
	}
	e.touched = e.touched[:0]
}

// lanes tallies the boards of the walk's pattern of g groups whose suit su
// has need cards or more, lane by lane, where the best flush is not below
// top (the best high without a flush), and returns how many it tallied.
func (e *evalState) lanes(su, need, g int, top eval.HighValue) int64 {
	s, w := e.s, &e.w
	n := w.nplayers
	// The ranks that can be of suit su are the candidates; the others
	// multiply base.
	var cand uint8
	base := int64(1)
	for x := range g {
		if w.ga[x]&(1<<su) == 0 {
			base *= w.all[x]
		} else {
			cand |= 1 << x
		}
	}
	nc := bits.OnesCount8(cand)
	// The weight and lane of every subset T of the candidate ranks,
	// subset j taking the i-th candidate when bit i of j is set.
	sw, sl := &e.subW, &e.subL
	sw[0], sl[0] = base, uint16(s.known.lanes>>(16*uint(su)))&0x1FFF
	cnt := 1
	for c := cand; c != 0; c &= c - 1 {
		x := bits.TrailingZeros8(c)
		bit := uint16(1) << w.gr[x]
		in, out := w.in[x], w.out[x]
		for j := range cnt {
			sw[cnt+j] = sw[j] * in
			sl[cnt+j] = sl[j] | bit
			sw[j] *= out
		}
		cnt <<= 1
	}
	var done int64
	win, ftop := s.flushWin[su], s.flushTop[su]
	for _, j := range atLeast[max(need, 0)][nc] {
		wt, lane := sw[j], sl[j]
		if wt == 0 {
			continue
		}
		if ftop != nil {
			switch slot := laneSlot[lane]; {
			case ftop[slot] < top:
				continue
			case ftop[slot] > top:
				e.tally(win[slot], wt)
				done += wt
				continue
			}
		}
		e.flushHighs(su, lane)
		e.tally(winners(e.hv[:n]), wt)
		done += wt
	}
	return done
}

// tally adds w boards of the current pattern whose high winners are the
// players of mask m: to the dense table by m and the pattern's low winners
// (loKey) when there is one, else to byWinners (both made by walkStart).
func (e *evalState) tally(m uint16, w int64) {
	if d := e.dense; d != nil {
		k := e.loKey | m
		if d[k] == 0 {
			e.denseKeys = append(e.denseKeys, k)
		}
		d[k] += w
		return
	}
	if e.byWinners[m] == 0 {
		e.touched = append(e.touched, m)
	}
	e.byWinners[m] += w
}

// winners returns the set of players with the best high value.
func winners(hv []eval.HighValue) uint16 {
	best := hv[0]
	m := uint16(1)
	for i := 1; i < len(hv); i++ {
		if hv[i] > best {
			best, m = hv[i], 1<<i
		} else if hv[i] == best {
			m |= 1 << i
		}
	}
	return m
}

// lowWinners returns the set of players with the best low, empty when no
// one has a low.
func lowWinners(lv []uint8) uint16 {
	best := uint8(eval.NoLow)
	var m uint16
	for i, v := range lv {
		if v < best {
			best, m = v, 1<<i
		} else if v == best && v != eval.NoLow {
			m |= 1 << i
		}
	}
	return m
}
