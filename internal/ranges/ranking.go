package ranges

import (
	_ "embed"
	"math/bits"
	"sync"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/ranges/internal/handclass"
)

//go:embed ranking.bin
var rankingTable []byte

// ranking holds, per game (0 omaha-hi, 1 omaha-hilo) and class, the number
// of hands in the classes ranked above it.
var ranking struct {
	once   sync.Once
	before [2][]int32
}

func loadRanking() {
	orders, err := handclass.Decode(rankingTable)
	if err != nil {
		panic("ranges: the embedded ranking table is corrupt: " + err.Error()) // tested: never at run time
	}
	for g, order := range orders {
		before := make([]int32, handclass.NumClasses)
		n := int32(0)
		for _, c := range order {
			before[c] = n
			n += int32(handclass.Size(int(c)))
		}
		ranking.before[g] = before
	}
}

// percentile adds to s the hands of game g whose class starts in [lo, hi)
// thousandths of a percent of all hands (see the package doc).
func percentile(s *handSet, g int, lo, hi int64) {
	ranking.once.Do(loadRanking)
	before := ranking.before[g]
	loN, hiN := lo*handclass.NumHands, hi*handclass.NumHands
	var in [handclass.NumClasses]bool
	for c, b := range before {
		x := int64(b) * 100_000
		in[c] = x >= loN && x < hiN
	}
	for i := 0; i < handclass.NumHands; i++ {
		if in[handclass.ClassOf(i)] {
			s.add(i)
		}
	}
}

// Percentile returns the share of all hands (0 up to 1) ranked strictly
// above the class of c in game g's ranking: 0 for the best class; c is in
// "p%" exactly when Percentile(g, c) < p/100. c must hold four distinct
// valid cards.
func Percentile(g eval.Game, c Combo) float64 {
	ranking.once.Do(loadRanking)
	gi := 0
	if g == eval.OmahaHiLo {
		gi = 1
	}
	return float64(ranking.before[gi][handclass.ClassOf(handclass.Index(handclass.Hand(c)))]) / handclass.NumHands
}

func leadingZeros(x uint64) int { return bits.LeadingZeros64(x) }
func trailing64(x uint64) int   { return bits.TrailingZeros64(x) }
func trailing(x uint16) int     { return bits.TrailingZeros16(x) }
