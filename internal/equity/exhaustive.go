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
// low depend on the ranks alone, so they are computed once per pattern (ten
// table lookups per player). The suit choices are then counted, not walked:
// a five-card board has at most one suit of three or more cards, so the
// boards of a pattern with a flush in suit s are those giving s to a set T
// of the pattern's distinct ranks with |T| (plus the board's known cards of
// s) at least three, and the boards with such a T number the product, over
// the pattern's ranks, of the ways to suit the rest of each rank's cards
// (a binomial of the suits left). Each such T is one board rank mask of s
// (a "lane"): it is settled once, weighted by its number of boards, and
// only for the suits some player holds twice. Every other suit choice makes
// no flush: those boards share the pattern's highs and are tallied at once.
// Every board of a pattern is tallied by its set of high winners, and
// each distinct set with the pattern's low winners counted by that pair
// (mcPairs): each distinct pair is settled once per chunk of patterns.

// patternChunk is the number of rank patterns a worker takes at a time:
// a few thousand boards preflop, between two cancellation checks.
const patternChunk = 32

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

// patterns lists every non-decreasing run of k ranks that the deck can
// still deal (in s.pats, whose array the next request reuses).
func (s *setup) patterns() [][5]cards.Rank {
	// At most C(13+k-1, k) runs (6,188 preflop), allocated at once: grown
	// by append, the copies faulted in some 30 pages more in a cold
	// process (a tenth of its page faults).
	if most := int(binomial(int64(13+s.k-1), int64(s.k))); cap(s.pats) < most {
		s.pats = make([][5]cards.Rank, 0, most)
	}
	out := s.pats[:0]
	var cur [5]cards.Rank
	var rec func(i int, from cards.Rank, used int)
	rec = func(i int, from cards.Rank, used int) {
		if i == s.k {
			out = append(out, cur)
			return
		}
		for r := from; r <= cards.Ace; r++ {
			u := used
			if r != from || i == 0 {
				u = 0
			}
			if u+1 > bitsCount(uint16(s.avail[r])) {
				continue
			}
			cur[i] = r
			rec(i+1, r, u+1)
		}
	}
	rec(0, 0, 0)
	s.pats = out
	return out
}

// exhaustive enumerates every completion of the board.
func (s *setup) exhaustive(ctx context.Context) (*accum, error) {
	pats := s.patterns()
	if s.k >= 3 {
		s.buildFlushTables()
		defer s.releaseFlushTables()
	}
	chunks := (len(pats) + patternChunk - 1) / patternChunk
	inline := s.req.inline(s.req.Completions())
	return s.parallel(ctx, chunks, inline, func(e *evalState, c int) {
		if e.pairs == nil {
			e.pairs = new(mcPairs)
		}
		end := min((c+1)*patternChunk, len(pats))
		for i := c * patternChunk; i < end; i++ {
			e.pattern(&pats[i])
		}
		e.pairs.drain(e)
	})
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
	n := uint16(0)
	for lane := range len(laneSlot) {
		if c := bits.OnesCount16(uint16(lane)); c >= 3 && c <= 5 {
			laneSlot[lane] = n
			n++
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
		var availSu uint16
		for r, a := range s.avail {
			if a&(1<<su) != 0 {
				availSu |= 1 << r
			}
		}
		known := uint16(s.known.lanes>>(16*uint(su))) & 0x1FFF
		np := bitsCount(sp)
		ft := flushPool.Get().(*flushTables)
		if cap(ft.tab) < laneSlots*np {
			ft.tab = make([]eval.HighValue, laneSlots*np)
		}
		tab, win, top := ft.tab[:laneSlots*np], ft.win, ft.top
		s.flushTables[su] = ft
		fmin, fmax := ^eval.HighValue(0), eval.HighValue(0)
		for t := availSu; ; t = (t - 1) & availSu {
			if c := bitsCount(t); c <= s.k && bitsCount(t|known) >= 3 {
				lane := t | known
				slot := laneSlot[lane]
				j := int(slot) * np
				var best eval.HighValue
				for m := sp; m != 0; m &= m - 1 {
					i := trailingZeros(m)
					v := eval.FlushHigh(s.players[i].suit[su], lane)
					tab[j] = v
					j++
					switch {
					case v > best:
						best, win[slot] = v, 1<<i
					case v == best:
						win[slot] |= 1 << i
					}
				}
				top[slot] = best
				fmin, fmax = min(fmin, best), max(fmax, best)
			}
			if t == 0 {
				break
			}
		}
		s.flushTab[su], s.flushWin[su], s.flushTop[su] = tab, win, top
		s.flushMin[su], s.flushMax[su] = fmin, fmax
	}
}

// pattern settles every board of the rank pattern pat.
func (e *evalState) pattern(pat *[5]cards.Rank) {
	s := e.s
	rk := s.known.ranks
	low := s.known.low
	// The pattern's distinct ranks and their numbers of cards.
	var gr [5]cards.Rank
	var gm [5]int
	ng := 0
	for i := 0; i < s.k; i++ {
		r := pat[i]
		rk[s.known.n+i] = r
		low |= rankLow[r]
		if i > 0 && pat[i-1] == r {
			gm[ng-1]++
			continue
		}
		gr[ng], gm[ng] = r, 1
		ng++
	}
	// Per rank: its suits left, the ways to suit its cards (all), and for
	// a suit it can take, the ways when one card is of that suit (in) and
	// when none is (out).
	var ga [5]uint8
	var all, in, out [5]int64
	total := int64(1)
	for g := range ng {
		a := s.avail[gr[g]]
		na := bitsCount(uint16(a))
		ga[g] = a
		all[g], in[g], out[g] = binom[na][gm[g]], binom[na-1][gm[g]-1], binom[na-1][gm[g]]
		total *= all[g]
	}
	e.rankPattern(&rk, low)
	n := len(s.players)
	// With the flush tables, a lane whose best flush beats every high
	// without a flush (always so when nobody has a full house or better)
	// is won by the players tabled for it; one whose best flush loses to
	// the best high without a flush leaves the winners those of the
	// boards without a flush: its boards are among the rest.
	top := e.nf[0]
	for _, v := range e.nf[1:n] {
		top = max(top, v)
	}
	rest := total
	for su := range 4 {
		if s.suitPlayers[su] == 0 {
			continue
		}
		need := 3 - int(s.known.count>>(4*uint(su))&0xF)
		// The ranks that can be of suit su are the candidates; the others
		// multiply base.
		var cand uint8
		base := int64(1)
		for g := range ng {
			if ga[g]&(1<<su) == 0 {
				base *= all[g]
			} else {
				cand |= 1 << g
			}
		}
		nc := bits.OnesCount8(cand)
		if nc < need {
			continue
		}
		if s.flushTop[su] != nil {
			if top > s.flushMax[su] {
				continue // every lane loses: its boards are among the rest
			}
			if sp := s.suitPlayers[su]; top < s.flushMin[su] && sp&(sp-1) == 0 {
				// Every lane is won by the one player holding su: its
				// boards are all those with need cards of su or more,
				// the pattern's boards less those with fewer (the
				// coefficients below need of the product over the
				// candidates of out + in*z).
				var few [3]int64
				few[0] = 1
				for c := cand; c != 0; c &= c - 1 {
					g := bits.TrailingZeros8(c)
					few[2] = few[2]*out[g] + few[1]*in[g]
					few[1] = few[1]*out[g] + few[0]*in[g]
					few[0] *= out[g]
				}
				w := total
				for k := range max(need, 0) {
					w -= base * few[k]
				}
				if w > 0 {
					e.tally(sp, w)
					rest -= w
				}
				continue
			}
		}
		// The weight and lane of every subset T of the candidate ranks,
		// subset j taking the i-th candidate when bit i of j is set.
		sw, sl := &e.subW, &e.subL
		sw[0], sl[0] = base, uint16(s.known.lanes>>(16*uint(su)))&0x1FFF
		cnt := 1
		for c := cand; c != 0; c &= c - 1 {
			g := bits.TrailingZeros8(c)
			bit := uint16(1) << gr[g]
			for j := range cnt {
				sw[cnt+j] = sw[j] * in[g]
				sl[cnt+j] = sl[j] | bit
				sw[j] *= out[g]
			}
			cnt <<= 1
		}
		win, ftop := s.flushWin[su], s.flushTop[su]
		for _, j := range atLeast[max(need, 0)][nc] {
			w, lane := sw[j], sl[j]
			if w == 0 {
				continue
			}
			if ftop != nil {
				switch slot := laneSlot[lane]; {
				case ftop[slot] < top:
					continue
				case ftop[slot] > top:
					e.tally(win[slot], w)
					rest -= w
					continue
				}
			}
			e.flushHighs(su, lane)
			e.tally(winners(e.hv[:n]), w)
			rest -= w
		}
	}
	if rest > 0 {
		e.tally(winners(e.nf[:n]), rest)
	}
	lo := uint16(0)
	if s.hilo {
		lo = lowWinners(e.lv[:n])
	}
	for _, m := range e.touched {
		e.pairs.add(uint32(m)|uint32(lo)<<16, e.byWinners[m], e)
		e.byWinners[m] = 0
	}
	e.touched = e.touched[:0]
}

// tally adds w boards whose high winners are the players of mask m.
func (e *evalState) tally(m uint16, w int64) {
	if len(e.byWinners) != 1<<len(e.s.players) {
		e.byWinners = make([]int64, 1<<len(e.s.players))
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
