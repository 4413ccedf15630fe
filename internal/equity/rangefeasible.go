package equity

import (
	"fmt"
	"math/bits"
	"sort"
	"sync"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/ranges"
)

// Whether ranges can be dealt together at all. A Monte Carlo range request
// whose seeded probes accept no deal is either impossible (no combination
// of one hand per player shares no card) or possible but rare; only the
// first may be answered "cannot be dealt together". dealability tells them
// apart, within a bounded effort:
//
//   - a counting proof: for a group of cards (a rank, a suit, the top
//     ranks A, AK, AKQ..., the low ranks A2, A23...), when the cards each
//     player's every hand must take from the group add up to more than the
//     group has left, those players cannot be dealt together;
//   - else a depth-first search for one compatible combination (narrowest
//     range first, failed sets of used cards remembered), which either
//     finds one, exhausts the combinations (a proof), or gives up after
//     feasibleBudget hands tried.

// feasibleBudget bounds the hands the search tries (tens of milliseconds).
const feasibleBudget = 4_000_000

// dealability is the answer of dealable.
type dealability int

const (
	canDeal     dealability = iota // a compatible combination was found
	cannotDeal                     // proven: no compatible combination
	unknownDeal                    // the search gave up
)

// dealable reports whether the players' ranges after removal (combos, as
// expand returns them; every one non-empty) can be dealt together, and
// when they cannot, the players at fault (a set that cannot be dealt
// together, as small as was found, in ascending order) and why, in words.
// free is the deck without the board, dead cards and fixed hands.
func dealable(combos [][]ranges.Combo, fixed []bool, free cards.CardSet) (d dealability, who []int, why string) {
	var open []int
	for i, f := range fixed {
		if !f {
			open = append(open, i)
		}
	}
	if who, why := countingProof(combos, open, free); who != nil {
		return cannotDeal, who, why
	}
	budget := feasibleBudget
	if d := searchDeal(combos, open, &budget); d != cannotDeal {
		return d, nil, ""
	}
	// Proven for all of them: drop each player whose removal keeps the
	// rest impossible (each search within what is left of the budget).
	at := open
	for k := 0; k < len(at) && len(at) > 2; {
		rest := append(append([]int{}, at[:k]...), at[k+1:]...)
		b := feasibleBudget
		if searchDeal(combos, rest, &b) == cannotDeal {
			at = rest
			continue
		}
		k++
	}
	return cannotDeal, at, "every combination of their hands shares a card"
}

// cardGroup is a group of cards of the counting proof and its name in a
// message ("the aces", "the cards A to Q", "the cards A, 2 to 5", "the
// spades").
type cardGroup struct {
	set  cards.CardSet
	name string
}

// cardGroups returns the groups of cards of the counting proof, made on
// first use: only a range request that cannot be dealt needs them, and
// made at package initialisation (45 names concatenated, the slice grown
// six times) they were a fiftieth of a whole `scoop equity` flop.
var cardGroups = sync.OnceValue(func() []cardGroup {
	var g []cardGroup
	rank := func(r cards.Rank) cards.CardSet {
		var s cards.CardSet
		for su := range cards.NumSuits {
			s = s.Add(cards.New(r, cards.Suit(su)))
		}
		return s
	}
	rankNames := [cards.NumRanks]string{"twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces"}
	var top cards.CardSet
	for r := cards.Ace; ; r-- {
		g = append(g, cardGroup{rank(r), "the " + rankNames[r]})
		top |= rank(r)
		if r != cards.Ace {
			g = append(g, cardGroup{top, "the cards A to " + r.String()})
		}
		if r == cards.Two {
			break
		}
	}
	low := rank(cards.Ace)
	for r := cards.Two; r <= cards.Eight; r++ {
		low |= rank(r)
		name := "the cards A, 2"
		if r > cards.Two {
			name += " to " + r.String()
		}
		g = append(g, cardGroup{low, name})
	}
	for su, name := range []string{"clubs", "diamonds", "hearts", "spades"} {
		var s cards.CardSet
		for r := cards.Two; r <= cards.Ace; r++ {
			s = s.Add(cards.New(r, cards.Suit(su)))
		}
		g = append(g, cardGroup{s, "the " + name})
	}
	return g
})

// countingProof returns players of open whose hands all take cards of one
// group that has too few of them (see above), as few as that group needs
// (those taking the most first), in ascending order, and the reason ("they
// need 6 of the aces, 4 are left"); or nil.
func countingProof(combos [][]ranges.Combo, open []int, free cards.CardSet) ([]int, string) {
	type taker struct{ i, need int }
	for _, g := range cardGroups() {
		avail := bits.OnesCount64(uint64(g.set & free))
		var who []taker
		for _, i := range open {
			need := 4
			for _, c := range combos[i] {
				need = min(need, bits.OnesCount64(uint64(c.Set()&g.set)))
				if need == 0 {
					break
				}
			}
			if need > 0 {
				who = append(who, taker{i, need})
			}
		}
		sort.SliceStable(who, func(a, b int) bool { return who[a].need > who[b].need })
		sum := 0
		for k, w := range who {
			if sum += w.need; sum > avail {
				out := make([]int, 0, k+1)
				for _, w := range who[:k+1] {
					out = append(out, w.i)
				}
				sort.Ints(out)
				return out, fmt.Sprintf("they need %d of %s, %d are left", sum, g.name, avail)
			}
		}
	}
	return nil, ""
}

// searchDeal searches for one hand of each player of players sharing no
// card (see above), spending *budget.
func searchDeal(combos [][]ranges.Combo, players []int, budget *int) dealability {
	order := append([]int{}, players...)
	sort.SliceStable(order, func(a, b int) bool { return len(combos[order[a]]) < len(combos[order[b]]) })
	// Each player's hands, those of the cards least wanted by the players'
	// ranges first (a card's demand: the share of each range's hands that
	// hold it, summed): four players of A*** then take one ace each at the
	// first try instead of exhausting the hands of two aces.
	var demand [cards.NumCards]float64
	for _, i := range order {
		w := 1 / float64(len(combos[i]))
		for _, c := range combos[i] {
			for _, x := range c {
				demand[x] += w
			}
		}
	}
	sets := make([][]cards.CardSet, len(order))
	for d, i := range order {
		type keyed struct {
			set cards.CardSet
			key float64
		}
		ks := make([]keyed, len(combos[i]))
		for x, c := range combos[i] {
			ks[x] = keyed{c.Set(), demand[c[0]] + demand[c[1]] + demand[c[2]] + demand[c[3]]}
		}
		sort.SliceStable(ks, func(a, b int) bool { return ks[a].key < ks[b].key })
		sets[d] = make([]cards.CardSet, len(ks))
		for x, k := range ks {
			sets[d][x] = k.set
		}
	}
	failed := make([]map[cards.CardSet]bool, len(order))
	for d := range failed {
		failed[d] = map[cards.CardSet]bool{}
	}
	var rec func(d int, used cards.CardSet) dealability
	rec = func(d int, used cards.CardSet) dealability {
		if d == len(order) {
			return canDeal
		}
		if failed[d][used] {
			return cannotDeal
		}
		for _, set := range sets[d] {
			if *budget--; *budget < 0 {
				return unknownDeal
			}
			if set&used != 0 {
				continue
			}
			if r := rec(d+1, used|set); r != cannotDeal {
				return r
			}
		}
		if len(failed[d]) < 1<<20 {
			failed[d][used] = true
		}
		return cannotDeal
	}
	return rec(0, 0)
}
