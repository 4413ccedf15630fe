package equity

import (
	"context"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// The exhaustive enumeration works rank pattern by rank pattern: the missing
// board cards are dealt first as a non-decreasing run of ranks, then as every
// choice of suits for those ranks. Without a flush, every player's high and
// low depend on the ranks alone, so they are computed once per pattern (ten
// table lookups per player) and every suit choice that makes no flush
// possible only adds one to a counter. Only boards with three or more cards
// of a suit held twice by some player are evaluated one by one, and even
// they are only tallied by the set of high winners: each distinct set is
// settled once per pattern.

// patternChunk is the number of rank patterns a worker takes at a time:
// about a thousand boards preflop, between two cancellation checks.
const patternChunk = 8

// subsets[avail][m] lists the m-card subsets of the 4-bit suit mask avail.
var subsets [16][5][]uint8

// spread[S] has bit 16s set for each suit s in S; suitCount[S] adds one to
// the 4-bit counter of each suit s in S.
var spread [16]uint64
var suitCount [16]uint32

func init() {
	for s := 0; s < 16; s++ {
		for su := 0; su < 4; su++ {
			if s&(1<<su) != 0 {
				spread[s] |= 1 << (16 * su)
				suitCount[s] += 1 << (4 * su)
			}
		}
	}
	for avail := 0; avail < 16; avail++ {
		for sub := 0; sub < 16; sub++ {
			if sub&^avail == 0 {
				m := bitsCount(uint16(sub))
				subsets[avail][m] = append(subsets[avail][m], uint8(sub))
			}
		}
	}
}

// patterns lists every non-decreasing run of k ranks that the deck can
// still deal (in s.pats, whose array the next request reuses).
func (s *setup) patterns() [][5]cards.Rank {
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
	chunks := (len(pats) + patternChunk - 1) / patternChunk
	inline := s.req.inline(s.req.Completions())
	return s.parallel(ctx, chunks, inline, func(e *evalState, c int) {
		end := min((c+1)*patternChunk, len(pats))
		for i := c * patternChunk; i < end; i++ {
			e.pattern(&pats[i])
		}
	})
}

// group is one distinct rank of a pattern and its suit choices.
type group struct {
	shift uint
	subs  []uint8
}

// enumState walks the suit choices of one pattern.
type enumState struct {
	e        *evalState
	groups   [5]group
	ng       int
	nonFlush int64
}

// pattern settles every board of the rank pattern pat.
func (e *evalState) pattern(pat *[5]cards.Rank) {
	s := e.s
	rk := s.known.ranks
	low := s.known.low
	var es enumState
	es.e = e
	for i := 0; i < s.k; i++ {
		r := pat[i]
		rk[s.known.n+i] = r
		low |= eval.LowMask(cards.New(r, 0))
		if i > 0 && pat[i-1] == r {
			continue
		}
		m := 1
		for j := i + 1; j < s.k && pat[j] == r; j++ {
			m++
		}
		es.groups[es.ng] = group{shift: uint(r), subs: subsets[s.avail[r]][m]}
		es.ng++
	}
	e.rankPattern(&rk, low)
	es.walk(0, s.known.lanes, s.known.count)
	n := len(s.players)
	if es.nonFlush > 0 {
		e.tally(winners(e.nf[:n]), es.nonFlush)
	}
	lo := uint16(0)
	if s.hilo {
		lo = lowWinners(e.lv[:n])
	}
	for _, m := range e.touched {
		e.acc.settle(n, m, lo, e.byWinners[m], s.hilo, false)
		e.byWinners[m] = 0
	}
	e.touched = e.touched[:0]
}

func (es *enumState) walk(g int, lanes uint64, count uint32) {
	if g == es.ng {
		es.leaf(lanes, count)
		return
	}
	gr := &es.groups[g]
	if g < es.ng-1 {
		for _, sub := range gr.subs {
			es.walk(g+1, lanes|spread[sub]<<gr.shift, count+suitCount[sub])
		}
		return
	}
	// The last rank: the common no-flush leaf is counted without a call.
	sp := es.e.s.suitPlayers
	for _, sub := range gr.subs {
		c := count + suitCount[sub]
		if su := flushSuit(c); su < 0 || sp[su] == 0 {
			es.nonFlush++
			continue
		}
		es.leaf(lanes|spread[sub]<<gr.shift, c)
	}
}

func (es *enumState) leaf(lanes uint64, count uint32) {
	su := flushSuit(count)
	if su < 0 || es.e.s.suitPlayers[su] == 0 {
		es.nonFlush++
		return
	}
	e := es.e
	e.flushHighs(su, uint16(lanes>>(16*uint(su)))&0x1FFF)
	e.tally(winners(e.hv[:len(e.s.players)]), 1)
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
