package eval

import (
	"math/bits"
	"strings"

	"github.com/scoophq/scoop/internal/cards"
)

// Category is the class of a five-card high hand (RULES.md R15). A larger
// Category is a better class: HighCard (0) up to StraightFlush (8).
type Category uint8

// The nine high categories, worst first.
const (
	HighCard Category = iota
	OnePair
	TwoPair
	ThreeOfAKind
	Straight
	Flush
	FullHouse
	FourOfAKind
	StraightFlush
)

var categoryNames = [...]string{
	"high card", "one pair", "two pair", "three of a kind", "straight",
	"flush", "full house", "four of a kind", "straight flush",
}

// String returns the category's name in lower case, e.g. "full house".
func (c Category) String() string {
	if int(c) < len(categoryNames) {
		return categoryNames[c]
	}
	return "invalid category"
}

// HighValue is the high value of a five-card hand (RULES.md R15): larger is
// better, equal values tie. Its layout is category<<20 followed by up to five
// 4-bit ranks (cards.Rank values, most significant first) that decide within
// the category: the ranks ordered by multiplicity, then by rank; for
// straights only the top card (5 for the wheel). The zero value is below
// every real hand. There are exactly 7,462 distinct values of real hands.
type HighValue uint32

// Category returns the hand's category.
func (v HighValue) Category() Category { return Category(v >> 20) }

// rank returns the i-th deciding rank (0 is the most significant).
func (v HighValue) rank(i int) cards.Rank { return cards.Rank(v >> (16 - 4*i) & 15) }

var rankNames = [...]string{"deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"}
var rankPlurals = [...]string{"deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces"}

func rankName(r cards.Rank) string {
	if int(r) < len(rankNames) {
		return rankNames[r]
	}
	return "?"
}

func rankPlural(r cards.Rank) string {
	if int(r) < len(rankPlurals) {
		return rankPlurals[r]
	}
	return "?"
}

// String describes the hand, e.g. "full house, kings full of sevens",
// "straight, five high", "flush, ace-king-nine-six-four".
func (v HighValue) String() string {
	c := v.Category()
	kickers := func(from, n int) string {
		var parts []string
		for i := from; i < from+n; i++ {
			parts = append(parts, rankName(v.rank(i)))
		}
		return strings.Join(parts, "-")
	}
	switch c {
	case StraightFlush:
		if v.rank(0) == cards.Ace {
			return "straight flush, ace high (royal flush)"
		}
		return "straight flush, " + rankName(v.rank(0)) + " high"
	case FourOfAKind:
		return "four of a kind, " + rankPlural(v.rank(0)) + ", " + rankName(v.rank(1)) + " kicker"
	case FullHouse:
		return "full house, " + rankPlural(v.rank(0)) + " full of " + rankPlural(v.rank(1))
	case Flush:
		return "flush, " + kickers(0, 5)
	case Straight:
		return "straight, " + rankName(v.rank(0)) + " high"
	case ThreeOfAKind:
		return "three of a kind, " + rankPlural(v.rank(0)) + ", " + kickers(1, 2)
	case TwoPair:
		return "two pair, " + rankPlural(v.rank(0)) + " and " + rankPlural(v.rank(1)) + ", " + rankName(v.rank(2)) + " kicker"
	case OnePair:
		return "one pair, " + rankPlural(v.rank(0)) + ", " + kickers(1, 3)
	case HighCard:
		if v == 0 {
			return "no hand"
		}
		return "high card, " + kickers(0, 5)
	}
	return "invalid hand value"
}

// wheelMask is the rank mask of A-2-3-4-5.
const wheelMask = 1<<cards.Ace | 0xF

// straightTop returns the top rank of the straight whose five ranks are
// exactly the 13-bit rank mask m, if m is one.
func straightTop(m uint16) (cards.Rank, bool) {
	if m == wheelMask {
		return cards.Five, true
	}
	if m != 0 && m == 0x1F<<bits.TrailingZeros16(m) {
		return cards.Rank(bits.TrailingZeros16(m) + 4), true
	}
	return 0, false
}

// distinctValue returns the value of five distinct ranks given as a 13-bit
// mask, as a flush (suited) or not.
func distinctValue(m uint16, suited bool) HighValue {
	if top, ok := straightTop(m); ok {
		if suited {
			return HighValue(uint32(StraightFlush)<<20 | uint32(top)<<16)
		}
		return HighValue(uint32(Straight)<<20 | uint32(top)<<16)
	}
	cat := HighCard
	if suited {
		cat = Flush
	}
	v := uint32(cat) << 20
	shift := 16
	for r := 12; r >= 0; r-- {
		if m&(1<<r) != 0 {
			v |= uint32(r) << shift
			shift -= 4
		}
	}
	return HighValue(v)
}

// rankValue returns the high value of five cards of the given ranks, not all
// of one suit. Ranks must be below 13; a rank repeated five times (not a
// real hand) gives a four-of-a-kind value. It runs in a few nanoseconds:
// the tables are built from it.
func rankValue(rs [5]cards.Rank) HighValue {
	// Sort the ranks, high first (insertion sort of five).
	for i := 1; i < 5; i++ {
		for j := i; j > 0 && rs[j] > rs[j-1]; j-- {
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
	// Runs of equal ranks, high first.
	var gr [5]cards.Rank
	var gn [5]uint8
	ng := 0
	for i := 0; i < 5; i++ {
		if i > 0 && rs[i] == rs[i-1] {
			gn[ng-1]++
			continue
		}
		gr[ng], gn[ng] = rs[i], 1
		ng++
	}
	if ng == 5 {
		var m uint16
		for _, r := range rs {
			m |= 1 << (r % 16)
		}
		return distinctValue(m, false)
	}
	// Order the runs by length, longest first; equal lengths stay high first.
	for i := 1; i < ng; i++ {
		for j := i; j > 0 && gn[j] > gn[j-1]; j-- {
			gn[j], gn[j-1] = gn[j-1], gn[j]
			gr[j], gr[j-1] = gr[j-1], gr[j]
		}
	}
	var cat Category
	switch {
	case gn[0] >= 4:
		cat = FourOfAKind
	case gn[0] == 3 && gn[1] == 2:
		cat = FullHouse
	case gn[0] == 3:
		cat = ThreeOfAKind
	case gn[1] == 2:
		cat = TwoPair
	default:
		cat = OnePair
	}
	v := uint32(cat) << 20
	for i := 0; i < ng; i++ {
		v |= uint32(gr[i]) << (16 - 4*i)
	}
	return HighValue(v)
}

// High5 returns the high value of five distinct cards (RULES.md R15). It
// does not check that the cards are distinct; an invalid card (52 or more)
// gives the zero value. It never panics and does not allocate.
func High5(c [5]cards.Card) HighValue {
	var rs [5]cards.Rank
	suited := true
	for i, x := range c {
		if !x.Valid() {
			return 0
		}
		rs[i] = x.Rank()
		if x.Suit() != c[0].Suit() {
			suited = false
		}
	}
	if suited {
		var m uint16
		for _, r := range rs {
			m |= 1 << r
		}
		if bits.OnesCount16(m) == 5 {
			return distinctValue(m, true)
		}
	}
	return rankValue(rs)
}
