// Package handclass numbers the 270,725 four-card Omaha hands and their
// 16,432 suit-isomorphism classes, and reads and writes the ranking table
// that orders the classes per game. It is shared by package ranges and by
// the generator that computes the table (ranges/internal/gen), so both
// number hands and classes the same way.
//
// It imports only cards and the standard library, does no I/O and is safe
// for concurrent use.
package handclass

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/scoophq/scoop/internal/cards"
)

// NumHands is the number of four-card hands: C(52, 4).
const NumHands = 270_725

// NumClasses is the number of suit-isomorphism classes of four-card hands:
// hands equal up to a renaming of the suits.
const NumClasses = 16_432

// Hand is four distinct cards in descending card order (rank, then suit
// s h d c), e.g. AsAhKs2d.
type Hand [4]cards.Card

// binom[n][k] for n < 53, k <= 4.
var binom = func() (t [53][5]int) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= 4 && k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()

// Index returns the index (0..NumHands-1) of the hand h, in the
// combinatorial number system of its cards in ascending order; h must hold
// four distinct valid cards, in any order.
func Index(h Hand) int {
	s := h
	slices.Sort(s[:])
	return binom[s[0]][1] + binom[s[1]][2] + binom[s[2]][3] + binom[s[3]][4]
}

var tables struct {
	once  sync.Once
	hands [NumHands]Hand
	class [NumHands]uint16
	size  [NumClasses]int32
	rep   [NumClasses]int32 // the smallest hand index of each class
}

func build() {
	t := &tables
	i := 0
	for d := cards.Card(3); d < cards.NumCards; d++ {
		for c := cards.Card(2); c < d; c++ {
			for b := cards.Card(1); b < c; b++ {
				for a := cards.Card(0); a < b; a++ {
					t.hands[i] = Hand{d, c, b, a}
					i++
				}
			}
		}
	}
	keys := make([]uint64, NumHands)
	for i := range t.hands {
		keys[i] = key(t.hands[i])
	}
	sorted := slices.Clone(keys)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	if len(sorted) != NumClasses {
		panic(fmt.Sprintf("handclass: %d classes, want %d", len(sorted), NumClasses))
	}
	for c := range t.rep {
		t.rep[c] = -1
	}
	for i, k := range keys {
		c, _ := slices.BinarySearch(sorted, k)
		t.class[i] = uint16(c)
		t.size[c]++
		if t.rep[c] < 0 {
			t.rep[c] = int32(i)
		}
	}
}

// key is the class key of h: the rank masks of its four suits, sorted
// descending and packed 13 bits each. Two hands are suit-isomorphic exactly
// when their keys are equal (a renaming of suits permutes the masks).
func key(h Hand) uint64 {
	var m [4]uint64
	for _, c := range h {
		m[c.Suit()] |= 1 << c.Rank()
	}
	slices.Sort(m[:])
	return m[3]<<39 | m[2]<<26 | m[1]<<13 | m[0]
}

func load() { tables.once.Do(build) }

// HandAt returns the hand of index i (0 <= i < NumHands).
func HandAt(i int) Hand {
	load()
	return tables.hands[i]
}

// Hands returns every hand, by index. The array is shared: do not modify
// it.
func Hands() *[NumHands]Hand {
	load()
	return &tables.hands
}

// ClassOf returns the class (0..NumClasses-1) of the hand of index i.
// Classes are numbered in ascending order of their suit rank-mask key, a
// numbering that depends on nothing but the cards.
func ClassOf(i int) int {
	load()
	return int(tables.class[i])
}

// Size returns the number of hands in class c (1 to 24).
func Size(c int) int {
	load()
	return int(tables.size[c])
}

// Representative returns the hand of smallest index in class c.
func Representative(c int) Hand {
	load()
	return tables.hands[tables.rep[c]]
}

// The ranking table's binary form: the magic, the class count (uint16,
// little endian), then per game (omaha-hi, then omaha-hilo) the NumClasses
// class numbers (uint16, little endian) from the best to the worst.
const magic = "SCOOPRANK1"

// Encode writes the per-game class orders (each a permutation of
// 0..NumClasses-1, best first) in the table's binary form.
func Encode(orders [2][]uint16) []byte {
	out := make([]byte, 0, len(magic)+2+4*NumClasses)
	out = append(out, magic...)
	out = binary.LittleEndian.AppendUint16(out, NumClasses)
	for _, o := range orders {
		for _, c := range o {
			out = binary.LittleEndian.AppendUint16(out, c)
		}
	}
	return out
}

// Decode reads the table written by Encode and checks that each order is
// a permutation of the classes.
func Decode(b []byte) ([2][]uint16, error) {
	var orders [2][]uint16
	if len(b) != len(magic)+2+4*NumClasses || string(b[:len(magic)]) != magic {
		return orders, errors.New("handclass: not a ranking table (bad magic or length)")
	}
	if n := binary.LittleEndian.Uint16(b[len(magic):]); n != NumClasses {
		return orders, fmt.Errorf("handclass: ranking table of %d classes, want %d", n, NumClasses)
	}
	p := b[len(magic)+2:]
	for g := range orders {
		seen := make([]bool, NumClasses)
		orders[g] = make([]uint16, NumClasses)
		for i := range orders[g] {
			c := binary.LittleEndian.Uint16(p[2*(g*NumClasses+i):])
			if int(c) >= NumClasses || seen[c] {
				return orders, fmt.Errorf("handclass: ranking table: game %d is not a permutation of the classes", g)
			}
			seen[c] = true
			orders[g][i] = c
		}
	}
	return orders, nil
}
