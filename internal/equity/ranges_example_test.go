package equity_test

import (
	"context"
	"fmt"

	"github.com/scoophq/scoop/internal/equity"
)

// A hand against a range on a flop: 903 hands of AA** remain, each with
// 820 turn-and-river completions, all settled exactly.
func ExampleComputeRanges() {
	req, err := equity.ParseRangeInput(equity.Input{Hands: []string{"AsAhKs2d", "AA**"}, Board: "Kh7c3d"})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := equity.ComputeRanges(context.Background(), req)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Mode, res.Boards, "boards")
	for i, p := range res.Players {
		fmt.Printf("%s (%d combinations) %.4f = %s/%s\n", p.Hand, res.Combos[i], p.Equity, res.Exact.Numerators[i], res.Exact.Denominator)
	}
	// Output:
	// exhaustive 740460 boards
	// AsAhKs2d (1 combinations) 0.6119 = 906193/1480920
	// AA** (903 combinations) 0.3881 = 574727/1480920
}
