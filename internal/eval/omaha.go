package eval

import (
	"github.com/scoophq/scoop/internal/cards"
)

// OmahaHigh returns the best high value of an Omaha hand (RULES.md R14):
// exactly two of the hole cards and exactly three of the board cards. It
// expects 4 hole cards and 3 to 5 board cards, all distinct; other hole
// counts work the same way (any two hole cards). A board of more than 5
// cards is not an Omaha board: it gives 0, as do fewer than 2 hole cards
// or 3 board cards (no hand). Invalid cards are ignored. It never panics
// and does not allocate.
func OmahaHigh(hole, board cards.List) HighValue {
	if len(board) > 5 {
		return 0
	}
	var best HighValue
	// Without flushes: one lookup per (hole pair, board triple), the
	// triples' indices computed once.
	var tri [10]uint16
	nt := 0
	for a := 0; a < len(board); a++ {
		for b := a + 1; b < len(board); b++ {
			for c := b + 1; c < len(board); c++ {
				if board[a].Valid() && board[b].Valid() && board[c].Valid() {
					tri[nt] = tables.tripleIdx[int(board[a].Rank())*169+int(board[b].Rank())*13+int(board[c].Rank())]
					nt++
				}
			}
		}
	}
	for i := 0; i < len(hole); i++ {
		if !hole[i].Valid() {
			continue
		}
		for j := i + 1; j < len(hole); j++ {
			if !hole[j].Valid() {
				continue
			}
			row := tables.pairTriple[int(tables.pairIdx[hole[i].Rank()][hole[j].Rank()])*NumTriples:]
			for _, q := range tri[:nt] {
				if v := row[q]; v > best {
					best = v
				}
			}
		}
	}
	return omahaFlush(hole, board, best)
}

// omahaFlush returns the larger of best and the best flush of the hand.
func omahaFlush(hole, board cards.List, best HighValue) HighValue {
	var hs, bs [4]uint16
	for _, c := range hole {
		if c.Valid() {
			hs[c.Suit()] |= 1 << c.Rank()
		}
	}
	for _, c := range board {
		if c.Valid() {
			bs[c.Suit()] |= 1 << c.Rank()
		}
	}
	for s := range 4 {
		if v := FlushHigh(hs[s], bs[s]); v > best {
			best = v
		}
	}
	return best
}

// OmahaLow returns the best 8-or-better low of an Omaha hand (RULES.md R14,
// R16): exactly two hole cards of different low ranks and three board cards
// of three other different low ranks. ok is false when there is no
// qualifying low. Invalid cards are ignored. It never panics and does not
// allocate.
func OmahaLow(hole, board cards.List) (LowValue, bool) {
	var h, b uint8
	for _, c := range hole {
		h |= LowMask(c)
	}
	for _, c := range board {
		b |= LowMask(c)
	}
	v := LowByMasks(h, b)
	if v == NoLow {
		return 0, false
	}
	return LowValue(v), true
}
