package eval_test

import (
	"fmt"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// Exactly two hole cards and three board cards play, for the high and the
// low separately (RULES.md R14): the ace, deuce and trey in hand make no
// wheel with 4-5 on board, because only two of them may play.
func ExampleOmahaHigh() {
	hole := cards.MustParse("As2s3dKd")
	board := cards.MustParse("4c7hKh5s9s")
	fmt.Println(eval.OmahaHigh(hole, board))
	if low, ok := eval.OmahaLow(hole, board); ok {
		fmt.Println(low)
	}
	// Output:
	// one pair, kings, ace-nine-seven
	// 7-5-4-2-A
}
