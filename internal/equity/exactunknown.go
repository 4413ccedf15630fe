package equity

import (
	"context"
	"math/bits"
	"time"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/ranges"
)

// Exact equity against one unknown hand on a complete board: instead of
// drawing the unknown hand, every hand it can be is counted. Off a flush
// its high and its low depend on its ranks alone, so the hands are
// enumerated as rank multisets (1,820), each weighted by the number of
// ways the deck deals it; where the board has three cards of a suit, the
// hands of each multiset are further split by which of their ranks come
// in that suit (the flush is made of exactly those). Each group is settled
// once, weighted (accum.settle), like the exhaustive mode's boards.

// exactUnknownUnits is the work of ExactUnknown in the units of
// UnknownCost: the multisets and the flush subsets of each.
const exactUnknownUnits = numMultisets * 4

// UnknownCost estimates the work of answering r, in evaluations of one
// hand on one board: exact (ExactUnknown; ok false when it does not apply)
// and by Monte Carlo to target (trials, at most r.Trials, that a standard
// error of target needs at the largest variance a share can have, 1/4,
// times the players). The analysis picks the cheaper.
func UnknownCost(r UnknownRequest, target float64) (exact int64, mc int64, ok bool) {
	trials := int64(r.Trials)
	if trials == 0 {
		trials = DefaultTrials
	}
	if target > 0 {
		trials = min(trials, int64(0.25/(target*target))+1)
	}
	mc = trials * int64(len(r.Hands))
	unknown := 0
	for _, h := range r.Hands {
		if len(h) == 0 {
			unknown++
		}
	}
	if unknown != 1 || len(r.Board) != 5 {
		return 0, mc, false
	}
	return exactUnknownUnits * int64(len(r.Hands)), mc, true
}

// ExactUnknown answers r exactly when r has a complete board and exactly
// one unknown hand: a Result in mode exhaustive whose Boards is the number
// of hands the unknown player can hold (each one board), Stderr 0, no
// Exact fractions. ok is false when r is not such a request (use
// ComputeUnknown). It validates r like ComputeUnknown.
func ExactUnknown(ctx context.Context, r UnknownRequest) (res Result, ok bool, err error) {
	start := time.Now()
	if _, _, ok := UnknownCost(r, 0); !ok {
		return Result{}, false, nil
	}
	if err := r.validate(); err != nil {
		return Result{}, false, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, false, err
	}
	hilo := r.Game.HasLow()
	np := len(r.Hands)
	var b board
	removed := cards.CardSet(0)
	for _, c := range r.Board {
		b.add(c)
		removed = removed.Add(c)
	}
	for _, c := range r.Dead {
		removed = removed.Add(c)
	}
	u := -1
	for i, h := range r.Hands {
		if len(h) == 0 {
			u = i
			continue
		}
		for _, c := range h {
			removed = removed.Add(c)
		}
	}
	tri := multiTriTable()
	triples := eval.TripleTable()
	t := b.triples(triples)
	su := flushSuit(b.count)
	var lane uint16
	if su >= 0 {
		lane = uint16(b.lanes>>(16*uint(su))) & 0x1FFF
	}
	nonFlush := func(row *[eval.NumTriples]eval.HighValue) eval.HighValue {
		best := row[t[0]]
		for _, q := range t[1:] {
			best = max(best, row[q])
		}
		return best
	}
	// The known hands, once.
	var hv [10]eval.HighValue
	var lv [10]uint8
	for i, h := range r.Hands {
		if i == u {
			continue
		}
		c := prepCombo(ranges.Combo{h[0], h[1], h[2], h[3]})
		hv[i] = nonFlush(&tri[c.multi])
		if su >= 0 {
			hv[i] = max(hv[i], eval.FlushHigh(c.suit[su], lane))
		}
		lv[i] = eval.LowByMasks(c.low, b.low)
	}
	// Per rank, the cards of it left in the deck: all of them, and those
	// not of the flush suit.
	var left, other [13]int64
	var inSuit [13]bool
	for c := range cards.Card(cards.NumCards) {
		if removed.Has(c) {
			continue
		}
		left[c.Rank()]++
		if int(c.Suit()) == su {
			inSuit[c.Rank()] = true
		} else {
			other[c.Rank()]++
		}
	}
	var acc accum
	settle := func(h eval.HighValue, l uint8, w int64) {
		hv[u], lv[u] = h, l
		var lo uint16
		if hilo {
			lo = lowWinners(lv[:np])
		}
		acc.settle(np, winners(hv[:np]), lo, w, hilo, false)
	}
	var rs [4]cards.Rank // the multiset's distinct ranks
	var ms [4]int64      // and how many of each
	for d := cards.Rank(0); d <= cards.Ace; d++ {
		if err := ctx.Err(); err != nil {
			return Result{}, false, err
		}
		for c := cards.Rank(0); c <= d; c++ {
			for bb := cards.Rank(0); bb <= c; bb++ {
				for a := cards.Rank(0); a <= bb; a++ {
					nd := 0
					for _, x := range [4]cards.Rank{a, bb, c, d} {
						if nd > 0 && rs[nd-1] == x {
							ms[nd-1]++
						} else {
							rs[nd], ms[nd] = x, 1
							nd++
						}
					}
					w := int64(1)
					for j := range nd {
						w *= choose(left[rs[j]], ms[j])
					}
					if w == 0 {
						continue
					}
					nf := nonFlush(&tri[multisetIndex([4]cards.Rank{a, bb, c, d})])
					var low uint8
					for j := range nd {
						low |= rankLow[rs[j]]
					}
					l := eval.LowByMasks(low, b.low)
					if su < 0 {
						settle(nf, l, w)
						continue
					}
					// Split by S, the ranks dealt in the flush suit (one card
					// of each at most): those with |S| >= 2 may flush.
					flushed := int64(0)
					for set := 1; set < 1<<nd; set++ {
						if bits.OnesCount(uint(set)) < 2 {
							continue
						}
						ws := int64(1)
						var mask uint16
						for j := range nd {
							if set&(1<<j) != 0 {
								if !inSuit[rs[j]] {
									ws = 0
									break
								}
								mask |= 1 << rs[j]
								ws *= choose(other[rs[j]], ms[j]-1)
							} else {
								ws *= choose(other[rs[j]], ms[j])
							}
						}
						if ws == 0 {
							continue
						}
						flushed += ws
						settle(max(nf, eval.FlushHigh(mask, lane)), l, ws)
					}
					if w > flushed {
						settle(nf, l, w-flushed)
					}
				}
			}
		}
	}
	res = Result{Game: r.Game.String(), Board: r.Board.String(), Dead: r.Dead.String(), Mode: Exhaustive, Boards: acc.boards}
	nb := float64(acc.boards)
	if hilo {
		res.NoLow = float64(acc.noLow) / nb
	}
	for i, h := range r.Hands {
		res.Players = append(res.Players, PlayerResult{
			Hand:   h.String(),
			Equity: float64(acc.share[i]) / (nb * potUnits),
			HiWin:  float64(acc.hiWin[i]) / nb,
			HiTie:  float64(acc.hiTie[i]) / nb,
			LoWin:  float64(acc.loWin[i]) / nb,
			LoTie:  float64(acc.loTie[i]) / nb,
			Scoop:  float64(acc.scoop[i]) / nb,
			// A8: the same tallies as Compute's (settle's codes).
			Quartered: float64(acc.loTie[i]) / nb,
			Outcomes:  outcomes(&acc.out[i], acc.boards, false),
		})
	}
	res.Elapsed = float64(time.Since(start).Nanoseconds()) / 1e6
	return res, true, nil
}

// choose is C(n, m) for the small n and m of a deck's ranks (n <= 4).
func choose(n, m int64) int64 {
	if m < 0 || m > n {
		return 0
	}
	return binom[n][m]
}
