package preflop

import (
	"slices"
	"sync"

	"github.com/scoophq/scoop/internal/cards"
)

// NumClasses is the number of suit-canonical classes of four distinct
// cards: hands that a permutation of the suits maps to one another share
// a class (and every equity against random hands).
const NumClasses = 16432

// NumHands is the number of four-card hands, C(52, 4).
const NumHands = 270725

// classKey is a hand's suit-free signature: the rank masks of its four
// suits (13 bits each), sorted from the largest down and packed. A suit
// permutation only permutes the masks, so two hands share a key exactly
// when one is a suit permutation of the other.
func classKey(hole [4]cards.Card) uint64 {
	var m [4]uint16
	for _, c := range hole {
		m[c.Suit()&3] |= 1 << c.Rank()
	}
	// A sorting network, largest first.
	sw := func(i, j int) {
		if m[i] < m[j] {
			m[i], m[j] = m[j], m[i]
		}
	}
	sw(0, 1)
	sw(2, 3)
	sw(0, 2)
	sw(1, 3)
	sw(1, 2)
	return uint64(m[0])<<39 | uint64(m[1])<<26 | uint64(m[2])<<13 | uint64(m[3])
}

// classes holds the keys of every class in ascending order (a class's
// number is its key's place) and the inverse map, built once on first use
// from the 270,725 hands.
var classes struct {
	once  sync.Once
	keys  []uint64
	index map[uint64]uint16
}

func classTables() {
	classes.once.Do(func() {
		seen := make(map[uint64]struct{}, NumClasses)
		eachHand(func(h [4]cards.Card) { seen[classKey(h)] = struct{}{} })
		keys := make([]uint64, 0, len(seen))
		for k := range seen {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		index := make(map[uint64]uint16, len(keys))
		for i, k := range keys {
			index[k] = uint16(i)
		}
		classes.keys, classes.index = keys, index
	})
}

// eachHand calls f with every four-card hand, cards in ascending order.
func eachHand(f func([4]cards.Card)) {
	for a := cards.Card(0); a < cards.NumCards; a++ {
		for b := a + 1; b < cards.NumCards; b++ {
			for c := b + 1; c < cards.NumCards; c++ {
				for d := c + 1; d < cards.NumCards; d++ {
					f([4]cards.Card{a, b, c, d})
				}
			}
		}
	}
}

// Class returns the number (0 to NumClasses-1) of the class of hole, false
// when hole is not four distinct valid cards.
func Class(hole cards.List) (int, bool) {
	if len(hole) != 4 {
		return 0, false
	}
	var h [4]cards.Card
	var seen cards.CardSet
	for i, c := range hole {
		if !c.Valid() || seen.Has(c) {
			return 0, false
		}
		seen = seen.Add(c)
		h[i] = c
	}
	classTables()
	i, ok := classes.index[classKey(h)]
	return int(i), ok
}

// Representative returns a hand of class (0 to NumClasses-1): the
// largest rank mask in suit 0, the next in suit 1, and so on.
func Representative(class int) cards.List {
	classTables()
	k := classes.keys[class]
	out := make(cards.List, 0, 4)
	for s := range 4 {
		m := uint16(k>>(39-13*s)) & 0x1FFF
		for r := cards.Rank(0); r < 13; r++ {
			if m&(1<<r) != 0 {
				out = append(out, cards.New(r, cards.Suit(s)))
			}
		}
	}
	return out
}
