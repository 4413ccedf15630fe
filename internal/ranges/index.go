package ranges

import (
	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/ranges/internal/handclass"
)

// HandIndex returns the index of a four-card hand among all NumHands
// hands (0 to NumHands-1, whatever the cards' order): the number a store
// keeps for matching hands against a range (Members). ok is false unless
// hole holds four distinct valid cards.
func HandIndex(hole cards.List) (int, bool) {
	if len(hole) != 4 {
		return 0, false
	}
	var h handclass.Hand
	var seen cards.CardSet
	for i, c := range hole {
		if !c.Valid() || seen.Has(c) {
			return 0, false
		}
		seen = seen.Add(c)
		h[i] = c
	}
	return handclass.Index(h), true
}

// Members returns the hand indexes (HandIndex) of the range's hands for
// game g in ascending order.
func (r *Range) Members(g eval.Game) []int {
	s := r.set(g)
	out := make([]int, 0, s.count())
	for w, word := range s {
		for x := word; x != 0; x &= x - 1 {
			out = append(out, w<<6|trailing64(x))
		}
	}
	return out
}

// Contains reports whether the hand of index i (HandIndex) is in the
// range for game g.
func (r *Range) Contains(g eval.Game, i int) bool {
	return i >= 0 && i < NumHands && r.set(g).has(i)
}
