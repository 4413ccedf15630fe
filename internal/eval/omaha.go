package eval

import (
	"math/bits"

	"github.com/scoophq/scoop/internal/cards"
)

// OmahaHigh returns the best high value of an Omaha hand (RULES.md R14):
// exactly two of the hole cards and exactly three of the board cards. It
// expects 4 hole cards and 3 to 5 board cards, all distinct; with fewer than
// 2 hole cards or 3 board cards there is no hand and it returns 0. It never
// panics and does not allocate.
func OmahaHigh(hole, board cards.List) HighValue {
	var best HighValue
	var h [5]cards.Card
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			h[0], h[1] = hole[i], hole[j]
			for a := 0; a < len(board); a++ {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						h[2], h[3], h[4] = board[a], board[b], board[c]
						if v := High5(h); v > best {
							best = v
						}
					}
				}
			}
		}
	}
	return best
}

// OmahaLow returns the best 8-or-better low of an Omaha hand (RULES.md R14,
// R16): exactly two hole cards of different low ranks and three board cards
// of three other different low ranks. ok is false when no qualifying low
// exists. It never panics and does not allocate.
func OmahaLow(hole, board cards.List) (LowValue, bool) {
	var boardMask uint8
	for _, c := range board {
		boardMask |= lowBit(c)
	}
	if bits.OnesCount8(boardMask) < 3 {
		return 0, false
	}
	best := LowValue(0x100)
	for i := 0; i < len(hole); i++ {
		bi := lowBit(hole[i])
		if bi == 0 {
			continue
		}
		for j := i + 1; j < len(hole); j++ {
			bj := lowBit(hole[j])
			if bj == 0 || bj == bi {
				continue
			}
			if v := LowValue(bestLowWith(bi|bj, boardMask)); v < best {
				best = v
			}
		}
	}
	if best > 0xFF {
		return 0, false
	}
	return best, true
}

// bestLowWith returns the smallest five-rank mask made of the two ranks in
// pair plus three ranks of board not in pair, or 0x100 when there is none.
func bestLowWith(pair, board uint8) uint16 {
	avail := board &^ pair
	if bits.OnesCount8(avail) < 3 {
		return 0x100
	}
	// The three lowest available ranks give the best low.
	m := avail
	var take uint8
	for k := 0; k < 3; k++ {
		low := m & -m
		take |= low
		m &^= low
	}
	return uint16(pair | take)
}
