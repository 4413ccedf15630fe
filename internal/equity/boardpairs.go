package equity

import (
	"sync"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// Highs by board: an Omaha high without a flush is the best of its six
// hole rank pairs', and a pair's best on a complete board depends only on
// the board's ranks. So one table holds, for every multiset of five board
// ranks (6,188) and every hole rank pair (91), the best non-flush high:
// a drawn hand's high on a trial's board is six lookups into one row of
// 364 bytes that every hand of the trial shares, where the pair rows take
// sixty lookups over 166 KB and a hand's multiset row ten misses of a
// 3.3 MB table.

// boardMultisetIndex is boardMultiset of a board's five ranks.
func boardMultisetIndex(r *[5]cards.Rank) int {
	return boardMultiset(int(r[0]), int(r[1]), int(r[2]), int(r[3]), int(r[4]))
}

// boardPairRows is the table of highs by board: row m holds, for each hole
// rank pair p (eval.PairIndex), the best non-flush high of p with three
// ranks of a board of rank multiset m. 2.25 MB, built once on first use
// (some 10 ms).
var boardPairRows = sync.OnceValue(func() *[numBoardMultisets][eval.NumPairs]eval.HighValue {
	t := new([numBoardMultisets][eval.NumPairs]eval.HighValue)
	triples := eval.TripleTable()
	var b board
	for r0 := range cards.Rank(13) {
		for r1 := r0; r1 < 13; r1++ {
			for r2 := r1; r2 < 13; r2++ {
				for r3 := r2; r3 < 13; r3++ {
					for r4 := r3; r4 < 13; r4++ {
						b.ranks = [5]cards.Rank{r0, r1, r2, r3, r4}
						tri := b.triples(triples)
						row := &t[boardMultisetIndex(&b.ranks)]
						for p := range eval.NumPairs {
							pr := pairRows.rows[p]
							best := pr[tri[0]]
							for _, q := range tri[1:] {
								best = max(best, pr[q])
							}
							row[p] = best
						}
					}
				}
			}
		}
	}
	return t
})

// handPairs returns the pair indices (eval.PairIndex) of the six rank
// pairs of a hand of ranks r0..r3.
func handPairs(r0, r1, r2, r3 cards.Rank) [6]uint8 {
	idx := &pairRows.idx
	return [6]uint8{idx[r0][r1], idx[r0][r2], idx[r0][r3], idx[r1][r2], idx[r1][r3], idx[r2][r3]}
}

// highOfPairs is the best of pairs' entries in row: a hand's non-flush
// high on the row's board.
func highOfPairs(row *[eval.NumPairs]eval.HighValue, p *[6]uint8) eval.HighValue {
	return max(row[p[0]], row[p[1]], row[p[2]], row[p[3]], row[p[4]], row[p[5]])
}
