package eval

import (
	"math/bits"

	"github.com/scoophq/scoop/internal/cards"
)

// This file holds the building blocks of fast Omaha evaluation, shared by
// OmahaHigh/OmahaLow and the equity engine. The tables take about 270 KB;
// they are the embedded tables.bin itself, read where the binary maps it
// (see tables.go): nothing is computed or copied when a process starts.
//
// The idea: without a flush, an Omaha high depends only on the ranks of the
// two hole cards and of the three board cards used, so it is one lookup in a
// table indexed by (multiset of 2 ranks, multiset of 3 ranks). Flushes are
// handled apart from suited rank masks. The low depends only on the sets of
// low ranks of the hole and of the board: one lookup in a 256x256 table.

// NumPairs is the number of multisets of two ranks (pair indices 0..90).
const NumPairs = 91

// NumTriples is the number of multisets of three ranks (triple indices
// 0..454).
const NumTriples = 455

// NoLow is the LowByMasks result when there is no qualifying low. It is
// larger than every real low.
const NoLow = 0xFF

// tableSet holds the evaluation tables as they are computed: what
// tables.bin is made from (encode) and, on a machine that cannot read the
// file in place, decoded into (see loadTables).
type tableSet struct {
	pairIdx    [13][13]uint8
	tripleIdx  [13 * 13 * 13]uint16
	pairTriple [NumPairs * NumTriples]HighValue
	flush5     [1 << 13]HighValue
	lowBest    [256 * 256]uint8
}

// buildTables computes every table: what tables.bin is made from and
// checked against.
func (t *tableSet) buildTables() {
	t.buildIndices()
	t.buildFlush()
	t.buildPairTriple()
	t.buildLow()
}

// buildIndices fills the pair and triple index tables and returns the
// ranks of each pair and triple index.
func (t *tableSet) buildIndices() (pairRanks [NumPairs][2]cards.Rank, tripleRanks [NumTriples][3]cards.Rank) {
	// Multiset indices (combinatorial number system), any argument order.
	for a := 0; a < 13; a++ {
		for b := a; b < 13; b++ {
			i := a + b*(b+1)/2
			t.pairIdx[a][b], t.pairIdx[b][a] = uint8(i), uint8(i)
			pairRanks[i] = [2]cards.Rank{cards.Rank(a), cards.Rank(b)}
		}
	}
	for a := 0; a < 13; a++ {
		for b := a; b < 13; b++ {
			for c := b; c < 13; c++ {
				i := uint16(a + b*(b+1)/2 + c*(c+1)*(c+2)/6)
				for _, p := range [6][3]int{{a, b, c}, {a, c, b}, {b, a, c}, {b, c, a}, {c, a, b}, {c, b, a}} {
					t.tripleIdx[p[0]*169+p[1]*13+p[2]] = i
				}
				tripleRanks[i] = [3]cards.Rank{cards.Rank(a), cards.Rank(b), cards.Rank(c)}
			}
		}
	}
	return pairRanks, tripleRanks
}

func (t *tableSet) buildFlush() {
	for m := 0; m < 1<<13; m++ {
		if bits.OnesCount16(uint16(m)) == 5 {
			t.flush5[m] = distinctValue(uint16(m), true)
		}
	}
}

func (t *tableSet) buildPairTriple() {
	pairRanks, tripleRanks := t.buildIndices()
	for p := 0; p < NumPairs; p++ {
		for q := 0; q < NumTriples; q++ {
			t.pairTriple[p*NumTriples+q] = rankValue([5]cards.Rank{
				pairRanks[p][0], pairRanks[p][1], tripleRanks[q][0], tripleRanks[q][1], tripleRanks[q][2]})
		}
	}
}

func (t *tableSet) buildLow() {
	// Lows: a hole set of exactly two low ranks takes the three lowest
	// board ranks it lacks; a larger hole set takes the best of its
	// subsets with one rank fewer (every pair is in one of them).
	for h := 0; h < 256; h++ {
		n := bits.OnesCount8(uint8(h))
		for b := 0; b < 256; b++ {
			best := uint8(NoLow)
			switch {
			case n == 2:
				if avail := uint8(b) &^ uint8(h); bits.OnesCount8(avail) >= 3 {
					m := avail
					for k := 0; k < 3; k++ {
						m &= m - 1
					}
					best = uint8(h) | avail&^m
				}
			case n > 2:
				for x := uint8(h); x != 0; x &= x - 1 {
					sub := uint8(h) &^ (x & -x)
					if v := t.lowBest[int(sub)<<8|b]; v < best {
						best = v
					}
				}
			}
			t.lowBest[h<<8|b] = best
		}
	}
}

// PairIndex returns the index (0..NumPairs-1) of the multiset {a, b} of
// ranks, in either order. Ranks must be below 13.
func PairIndex(a, b cards.Rank) int {
	return int(tables.pairIdx[a%13][b%13])
}

// TripleIndex returns the index (0..NumTriples-1) of the multiset {a, b, c}
// of ranks, in any order. Ranks must be below 13 (larger ones are reduced
// modulo 13, never a panic).
func TripleIndex(a, b, c cards.Rank) int {
	return int(tables.tripleIdx[int(a%13)*169+int(b%13)*13+int(c%13)])
}

// TripleTable returns the table of triple indices by ranks: entry
// a*169+b*13+c is TripleIndex(a, b, c) for ranks a, b, c below 13, so hot
// loops can index it directly. The array is shared: do not modify it.
func TripleTable() *[13 * 13 * 13]uint16 {
	return tables.tripleIdx
}

// PairTripleRow returns the NumTriples high values of two hole cards of
// pair index p and three board cards of each triple index, when the five
// are not all of one suit (flushes are FlushHigh's). The slice is shared:
// do not modify it.
func PairTripleRow(p int) []HighValue {
	if p < 0 || p >= NumPairs {
		return nil
	}
	return tables.pairTriple[p*NumTriples : (p+1)*NumTriples]
}

// FlushHigh returns the best flush or straight flush made of exactly two
// ranks of hole and exactly three ranks of board, both 13-bit rank masks of
// the cards of one suit (so disjoint). It returns 0 when there is none
// (fewer than 2 hole or 3 board ranks).
func FlushHigh(hole, board uint16) HighValue {
	hole &= 0x1FFF
	board &= 0x1FFF
	if bits.OnesCount16(hole) < 2 || bits.OnesCount16(board) < 3 {
		return 0
	}
	if hole&board != 0 {
		return flushHighSlow(hole, board)
	}
	// A straight flush uses exactly 2 hole and 3 board ranks of a window of
	// five; windows are tried from the top, the first one is the best.
	all := hole | board
	if run := all & (all >> 1) & (all >> 2) & (all >> 3) & (all >> 4); run != 0 || all&wheelMask == wheelMask {
		for low := 8; low >= -1; low-- {
			w := uint16(0x1F) << max(low, 0)
			if low < 0 {
				w = wheelMask
			}
			if all&w == w && bits.OnesCount16(hole&w) >= 2 && bits.OnesCount16(board&w) >= 3 {
				return tables.flush5[w]
			}
		}
	}
	// Otherwise the best flush takes the two highest hole ranks and the
	// three highest board ranks.
	return tables.flush5[topBits(hole, 2)|topBits(board, 3)]
}

// topBits returns the n highest set bits of m (m has at least n bits set).
func topBits(m uint16, n int) uint16 {
	for bits.OnesCount16(m) > n {
		m &= m - 1
	}
	return m
}

// flushHighSlow tries every pair and triple; for overlapping masks, which
// real cards never give.
func flushHighSlow(hole, board uint16) HighValue {
	var best HighValue
	for a := hole; a != 0; a &= a - 1 {
		for b := a & (a - 1); b != 0; b &= b - 1 {
			p := a&-a | b&-b
			for x := board; x != 0; x &= x - 1 {
				for y := x & (x - 1); y != 0; y &= y - 1 {
					for z := y & (y - 1); z != 0; z &= z - 1 {
						m := p | x&-x | y&-y | z&-z
						if bits.OnesCount16(m) == 5 && tables.flush5[m] > best {
							best = tables.flush5[m]
						}
					}
				}
			}
		}
	}
	return best
}

// LowMask returns the 8-or-better low bit of a card (bit 0 for an ace, bit
// 1 for a deuce ... bit 7 for an eight), 0 for a nine or higher or an
// invalid card.
func LowMask(c cards.Card) uint8 {
	if !c.Valid() {
		return 0
	}
	return lowBit(c)
}

// LowByMasks returns the best 8-or-better low made of exactly two ranks of
// hole and three other ranks of board, both low-rank masks (see LowMask),
// as a LowValue mask, or NoLow when there is none.
func LowByMasks(hole, board uint8) uint8 {
	return tables.lowBest[int(hole)<<8|int(board)]
}

// LowRow returns the 256 LowByMasks results of hole against every board
// mask. The array is shared: do not modify it.
func LowRow(hole uint8) *[256]uint8 {
	return (*[256]uint8)(tables.lowBest[int(hole)<<8 : (int(hole)+1)<<8])
}
