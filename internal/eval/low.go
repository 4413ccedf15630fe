package eval

import (
	"math/bits"
	"strings"

	"github.com/scoophq/scoop/internal/cards"
)

// LowValue is an 8-or-better low (RULES.md R16): SMALLER is better, equal
// values tie. It is the set of the five low ranks as a bit mask, bit 0 for
// the ace (counting as 1), bit 1 for the deuce ... bit 7 for the eight. Two
// five-rank sets compare as numbers exactly as lows compare, highest card
// down, so the wheel A-2-3-4-5 (0x1F) is the smallest value. Only values of
// five bits within the low byte are real lows.
type LowValue uint32

// String returns the low highest card first, e.g. "8-4-3-2-A".
func (v LowValue) String() string {
	if bits.OnesCount32(uint32(v)) != 5 || v > 0xFF {
		return "no low"
	}
	var parts []string
	for b := 7; b >= 0; b-- {
		if v&(1<<b) != 0 {
			if b == 0 {
				parts = append(parts, "A")
			} else {
				parts = append(parts, cards.Rank(b-1).String())
			}
		}
	}
	return strings.Join(parts, "-")
}

// lowBit returns the low-rank bit of c (bit 0 ace ... bit 7 eight), or 0
// when c is a nine or higher.
func lowBit(c cards.Card) uint8 {
	r := c.Rank()
	switch {
	case r == cards.Ace:
		return 1
	case r <= cards.Eight:
		return 1 << (r + 1)
	}
	return 0
}

// Low5 returns the 8-or-better low of five cards, ok=false when they do not
// make one (a rank above eight, or a repeated rank).
func Low5(c [5]cards.Card) (LowValue, bool) {
	var m uint8
	for _, x := range c {
		b := lowBit(x)
		if b == 0 || m&b != 0 {
			return 0, false
		}
		m |= b
	}
	return LowValue(m), true
}
