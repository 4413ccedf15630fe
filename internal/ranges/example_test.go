package ranges_test

import (
	"fmt"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/ranges"
)

// Double-suited aces: 6 pairs of suits for the aces, then 12 x 12 side
// cards; without the board's cards, 11 or 12 side cards per suit.
func ExampleParse() {
	r, err := ranges.Parse("AxAyxy")
	if err != nil {
		fmt.Println(err)
		return
	}
	board, _ := cards.ParseSet("Ks7h2d")
	fmt.Println(r.Count(eval.OmahaHiLo, 0), r.Count(eval.OmahaHiLo, board))
	fmt.Println(r.Combos(eval.OmahaHiLo, board)[:3])
	// Output:
	// 864 759
	// [AsAhKhQs AsAhKhJs AsAhKhTs]
}

// A parse error gives the column; the caller names the field.
func ExampleParse_error() {
	_, err := ranges.Parse("AA**,Kk**")
	fmt.Println(err)
	// Output: column 7: unknown symbol 'k' (ranks are upper case: A K Q J T 9-2)
}
