package analysis

import (
	"math/bits"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/eval"
)

// Low status per street (ANALYSIS.md A9). For a known hand in a hi/lo
// snapshot it says what a player thinks about on the flop and the turn:
// his low, whether it is the nut, what he can still make, how often the
// rest of the board counterfeits it, and whether he is freerolling; on the
// river, which halves he held locked.
//
// "Any player could hold" is read from what the record knows: a live
// player whose cards are known holds them; a live player whose cards are
// unknown may hold any cards no one has seen (not on the board and in no
// known hand, folded ones included). The remaining completions are the
// boards made of those unseen cards. When every live player's cards are
// known, only their hands count.

// LowStatus is one known hand's low status at a hi/lo snapshot (A9).
type LowStatus struct {
	// MadeLow is his best low on the board so far ("8-5-3-2-A"), absent
	// when he has none.
	MadeLow string `json:"made_low,omitempty"`
	// NutLow is true when he has a low and no hand any player could hold
	// makes a better one on this board (a tie is still the nut).
	NutLow bool `json:"nut_low"`
	// BestLow is the best low he can still make by the river, absent
	// when no completion gives him one; BestLowShare the share of the
	// remaining completions that give him exactly it, LowShare the share
	// that give him any low.
	BestLow      string  `json:"best_low,omitempty"`
	BestLowShare float64 `json:"best_low_share"`
	LowShare     float64 `json:"low_share"`
	// Counterfeit is the share of the remaining completions that
	// counterfeit his made low: a board card pairs one of the two hole
	// cards his low is made with, and his low ends up beaten by more
	// hands than now (0 without a made low, and on the river).
	Counterfeit float64 `json:"counterfeit"`
	// LockedHigh and LockedLow are true when no completion can take that
	// half from him: on every remaining board his high (his low) is at
	// least as good as any hand a player could hold. On the river they
	// say which halves he held locked.
	LockedHigh bool `json:"locked_high"`
	LockedLow  bool `json:"locked_low"`
	// Freeroll is true on the flop and the turn when he holds a locked
	// half while he can still win the other (his equity gives it to him
	// on some board: a win or a tie).
	Freeroll bool `json:"freeroll"`
	// Completions is the number of remaining board completions judged (1
	// on the river).
	Completions int64 `json:"completions"`
}

// lowStatuses fills the LowStatus of each known player of a hi/lo
// snapshot sn on board (the players of mask, in table order; res is the
// snapshot's equity, nil when it has none).
func (z *analyzer) lowStatuses(sn *Street, board cards.List, mask uint16, res *equity.Result) {
	if !z.h.Table.Game.HasLow() || len(board) < 3 || res == nil {
		return
	}
	var seen cards.CardSet
	for _, c := range board {
		seen = seen.Add(c)
	}
	unknown := false
	for i := range z.n {
		for _, c := range z.known[i] {
			seen = seen.Add(c)
		}
		if mask&(1<<i) != 0 && z.known[i] == nil {
			unknown = true
		}
	}
	var pool []cards.Card
	for c := cards.Card(0); c < cards.NumCards; c++ {
		if !seen.Has(c) {
			pool = append(pool, c)
		}
	}
	k := 0
	for i := range z.n {
		if mask&(1<<i) == 0 {
			continue
		}
		if z.known[i] != nil {
			var opps []cards.List
			for j := range z.n {
				if j != i && mask&(1<<j) != 0 && z.known[j] != nil {
					opps = append(opps, z.known[j])
				}
			}
			r := res.Players[k]
			st := lowStatusOf(z.known[i], opps, board, pool, unknown, r.HiWin+r.HiTie > 0, r.LoWin+r.LoTie > 0)
			sn.Players[k].LowStatus = &st
		}
		k++
	}
}

// freerollers names the players who freerolled on some street of a
// (its streets, then its runs' streets), in the order first seen.
func freerollers(a *Analysis) []string {
	out := []string{}
	seen := map[string]bool{}
	add := func(ss []Street) {
		for _, s := range ss {
			for _, p := range s.Players {
				if p.LowStatus != nil && p.LowStatus.Freeroll && !seen[p.Name] {
					seen[p.Name] = true
					out = append(out, p.Name)
				}
			}
		}
	}
	add(a.Streets)
	for _, r := range a.Runs {
		add(r.Streets)
	}
	return out
}

// lowField is what the low of a board allows: the board's low-rank mask
// and, per low rank (bit 0 the ace ... bit 7 the eight), how many unseen
// cards of it are left for a player whose cards are unknown.
type lowField struct {
	board uint8
	left  [8]int
}

// beaten counts the hands that make a better low than l on f: the pairs
// of two different low ranks an unknown player could hold (when unknown),
// and the known opponents' hands (their hole masks).
func (f *lowField) beaten(l uint8, unknown bool, opps []uint8) int {
	n := 0
	if unknown {
		for a := range 8 {
			if f.left[a] == 0 {
				continue
			}
			for b := a + 1; b < 8; b++ {
				if f.left[b] > 0 && eval.LowByMasks(1<<a|1<<b, f.board) < l {
					n++
				}
			}
		}
	}
	for _, o := range opps {
		if eval.LowByMasks(o, f.board) < l {
			n++
		}
	}
	return n
}

// lowStatusOf is the A9 status of hole on board against the known live
// opponents' hands opps, the unseen cards pool (from which the board
// completes and, when unknown, unknown players' hands come); canWinHigh
// and canWinLow say whether his equity gives him some share of that half.
func lowStatusOf(hole cards.List, opps []cards.List, board cards.List, pool []cards.Card, unknown, canWinHigh, canWinLow bool) LowStatus {
	var hm uint8
	for _, c := range hole {
		hm |= eval.LowMask(c)
	}
	oppMasks := make([]uint8, len(opps))
	for j, o := range opps {
		for _, c := range o {
			oppMasks[j] |= eval.LowMask(c)
		}
	}
	var now lowField
	for _, c := range board {
		now.board |= eval.LowMask(c)
	}
	for _, c := range pool {
		if m := eval.LowMask(c); m != 0 {
			now.left[bits.TrailingZeros8(m)]++
		}
	}
	var st LowStatus
	made := eval.LowByMasks(hm, now.board)
	madeStanding := 0
	var used uint8 // the low ranks of the two hole cards the made low uses
	if made != eval.NoLow {
		st.MadeLow = eval.LowValue(made).Name()
		madeStanding = now.beaten(made, unknown, oppMasks)
		st.NutLow = madeStanding == 0
		for a := range 8 {
			for b := a + 1; b < 8 && used == 0; b++ {
				if p := uint8(1<<a | 1<<b); hm&p == p && eval.LowByMasks(p, now.board) == made {
					used = p
				}
			}
		}
	}
	high := eval.OmahaHigh(hole, board)
	st.LockedHigh = nutHigh(high, opps, board, pool, 0, unknown)

	need := 5 - len(board)
	best := uint8(eval.NoLow)
	var nBest, nLow, nCounterfeit, total int64
	lockedLow := true
	full := make(cards.List, len(board), 5)
	copy(full, board)
	var pick [2]int
	judge := func() {
		total++
		f := now
		var added cards.CardSet
		var addedLow uint8
		for _, c := range full[len(board):] {
			added = added.Add(c)
			if m := eval.LowMask(c); m != 0 {
				f.board |= m
				addedLow |= m
				f.left[bits.TrailingZeros8(m)]--
			}
		}
		l := eval.LowByMasks(hm, f.board)
		switch {
		case l < best:
			best, nBest = l, 1
		case l == best && l != eval.NoLow:
			nBest++
		}
		if l == eval.NoLow {
			lockedLow = false
		} else {
			nLow++
			standing := -1
			if lockedLow {
				standing = f.beaten(l, unknown, oppMasks)
				lockedLow = standing == 0
			}
			if used&addedLow != 0 {
				if standing < 0 {
					standing = f.beaten(l, unknown, oppMasks)
				}
				if standing > madeStanding {
					nCounterfeit++
				}
			}
		}
		if st.LockedHigh && need > 0 {
			st.LockedHigh = nutHigh(eval.OmahaHigh(hole, full), opps, full, pool, added, unknown)
		}
	}
	switch need {
	case 0:
		judge()
	case 1:
		for pick[0] = range pool {
			full = append(full[:len(board)], pool[pick[0]])
			judge()
		}
	case 2:
		for pick[0] = range pool {
			for pick[1] = pick[0] + 1; pick[1] < len(pool); pick[1]++ {
				full = append(full[:len(board)], pool[pick[0]], pool[pick[1]])
				judge()
			}
		}
	}
	st.Completions = total
	if best != eval.NoLow && total > 0 {
		st.BestLow = eval.LowValue(best).Name()
		st.BestLowShare = float64(nBest) / float64(total)
		st.LowShare = float64(nLow) / float64(total)
	}
	if made != eval.NoLow && total > 0 && need > 0 {
		st.Counterfeit = float64(nCounterfeit) / float64(total)
	}
	st.LockedLow = lockedLow && total > 0
	if need > 0 {
		st.Freeroll = (st.LockedLow && canWinHigh) || (st.LockedHigh && canWinLow)
	}
	return st
}

// nutHigh reports whether no hand a player could hold beats high on
// board: no known opponent's, and, when unknown, no two cards of pool
// that are not taken (on the completed board).
func nutHigh(high eval.HighValue, opps []cards.List, board cards.List, pool []cards.Card, taken cards.CardSet, unknown bool) bool {
	for _, o := range opps {
		if eval.OmahaHigh(o, board) > high {
			return false
		}
	}
	if !unknown {
		return true
	}
	var two [2]cards.Card
	for a := range pool {
		if taken.Has(pool[a]) {
			continue
		}
		two[0] = pool[a]
		for b := a + 1; b < len(pool); b++ {
			if taken.Has(pool[b]) {
				continue
			}
			two[1] = pool[b]
			if eval.OmahaHigh(two[:], board) > high {
				return false
			}
		}
	}
	return true
}
