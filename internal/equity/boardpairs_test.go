package equity

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// TestBoardPairRows checks the table of highs by board against the slow
// obvious way, on every board rank multiset and every hole rank pair
// that the deck can deal together (no rank five times): the best
// eval.High5 of the pair with three of the board's ranks, each five cards
// in four suits so that none is a flush (the table holds non-flush
// highs). It checks the index too: one per multiset, whatever the order
// of the ranks.
func TestBoardPairRows(t *testing.T) {
	t.Parallel()
	rows := boardPairRows()
	seen := make([]bool, numBoardMultisets)
	for r0 := range cards.Rank(13) {
		for r1 := r0; r1 < 13; r1++ {
			for r2 := r1; r2 < 13; r2++ {
				for r3 := r2; r3 < 13; r3++ {
					for r4 := r3; r4 < 13; r4++ {
						board := [5]cards.Rank{r0, r1, r2, r3, r4}
						m := boardMultisetIndex(&board)
						if m < 0 || m >= numBoardMultisets || seen[m] {
							t.Fatalf("ranks %v: index %d", board, m)
						}
						seen[m] = true
						for a := range cards.Rank(13) {
							for b := a; b < 13; b++ {
								all := append(board[:], a, b)
								if slices.ContainsFunc(all, func(r cards.Rank) bool { return count(all, r) > 4 }) {
									continue
								}
								if got, want := rows[m][eval.PairIndex(a, b)], slowPairHigh(a, b, board); got != want {
									t.Fatalf("board %v pair %v %v: table %v, slow %v", board, a, b, got, want)
								}
							}
						}
					}
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10_000 {
		var r [5]cards.Rank
		for i := range r {
			r[i] = cards.Rank(rng.IntN(13))
		}
		sorted := r
		slices.Sort(sorted[:])
		if boardMultisetIndex(&r) != boardMultisetIndex(&sorted) {
			t.Fatalf("%v and %v: indices %d and %d", r, sorted, boardMultisetIndex(&r), boardMultisetIndex(&sorted))
		}
	}
}

func count(rs []cards.Rank, r cards.Rank) int {
	n := 0
	for _, x := range rs {
		if x == r {
			n++
		}
	}
	return n
}

// slowPairHigh is the best High5 of hole ranks a, b with three of the
// board's, suited so that no five are a flush.
func slowPairHigh(a, b cards.Rank, board [5]cards.Rank) eval.HighValue {
	var best eval.HighValue
	for i := range 5 {
		for j := i + 1; j < 5; j++ {
			for k := j + 1; k < 5; k++ {
				five := [5]cards.Card{cards.New(a, 0), cards.New(b, 1), cards.New(board[i], 2), cards.New(board[j], 3), cards.New(board[k], 0)}
				best = max(best, eval.High5(five))
			}
		}
	}
	return best
}
