package equity_test

import (
	"context"
	"fmt"

	"github.com/scoophq/scoop/internal/equity"
)

// Heads-up Omaha Hi/Lo on a flop: every one of the 820 turn-and-river
// completions is settled, and the equities are exact fractions.
func ExampleCompute() {
	req, err := equity.ParseInput(equity.Input{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Board: "4c7hKh"})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := equity.Compute(context.Background(), req)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Mode, res.Boards, "boards")
	for i, p := range res.Players {
		fmt.Printf("%s %.4f = %s/%s\n", p.Hand, p.Equity, res.Exact.Numerators[i], res.Exact.Denominator)
	}
	// Output:
	// exhaustive 820 boards
	// As2s3dKd 0.6470 = 1061/1640
	// QhQcJhTc 0.3530 = 579/1640
}

// A bad request names the field at fault.
func ExampleParseInput() {
	_, err := equity.ParseInput(equity.Input{Hands: []string{"As2s3dKd", "QhAsJhTc"}})
	fmt.Println(err)
	// Output: hands[1]: duplicate card As: in hands[0] and in hands[1]
}
