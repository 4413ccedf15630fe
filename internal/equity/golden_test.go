package equity

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// TestMonteCarloGolden pins the exact numbers of seeded Monte Carlo runs
// (known hands, unknown hands, a board, a target standard error): a
// faster engine must draw the same cards and settle them the same way,
// since stored analyses carry these numbers. The strings are %v of the
// float64 values, which round-trip exactly.
func TestMonteCarloGolden(t *testing.T) {
	format := func(res Result) string {
		var b strings.Builder
		fmt.Fprintf(&b, "boards=%d no_low=%v", res.Boards, res.NoLow)
		for _, p := range res.Players {
			fmt.Fprintf(&b, " [%v %v %v %v %v %v %v]", p.Equity, p.HiWin, p.HiTie, p.LoWin, p.LoTie, p.Scoop, p.Stderr)
		}
		return b.String()
	}
	unknown := func(g eval.Game, board string, trials int, target float64, seed uint64, hands ...string) string {
		r := UnknownRequest{Game: g, Board: cards.MustParse(board), Trials: trials, TargetStderr: target, Seed: seed}
		for _, h := range hands {
			r.Hands = append(r.Hands, cards.MustParse(h))
		}
		res, err := ComputeUnknown(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		return format(res)
	}
	known := func(in Input) string {
		r, err := ParseInput(in)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Compute(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		return format(res)
	}
	ranged := func(in Input) string {
		r, err := ParseRangeInput(in)
		if err != nil {
			t.Fatal(err)
		}
		res, err := ComputeRanges(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		return format(res.Result)
	}
	for _, c := range []struct{ name, got, want string }{
		{"unknown preflop", unknown(eval.OmahaHiLo, "", 20_000, 0, 42, "As2s3dKd", "", ""),
			"boards=20000 no_low=0.4291 [0.49722083333333333 0.37945 0.0188 0.4138 0.057 0.30595 0.002797435871493002] [0.25093333333333334 0.2969 0.01855 0.0473 0.0323 0.1404 0.0025688116568863737] [0.2518458333333333 0.2954 0.01955 0.05045 0.03085 0.14065 0.0025723632828042243]"},
		{"unknown flop target", unknown(eval.OmahaHiLo, "4c7hKh", 100_000, 0.005, 7, "AhKs2c3c", "", "QsQdJsTd"),
			"boards=8192 no_low=0.2294921875 [0.660919189453125 0.48388671875 0.0107421875 0.712646484375 0.0498046875 0.450927734375 0.003908025132505948] [0.231536865234375 0.3624267578125 0.0155029296875 0.008056640625 0.0498046875 0.0640869140625 0.0033828868450057298] [0.1075439453125 0.13818359375 0.0047607421875 0 0 0.073486328125 0.003101300916493111]"},
		{"unknown turn omaha-hi", unknown(eval.OmahaHi, "4c7hKd9d", 10_000, 0, 3, "", "AhKs2h3h", "", "", "QsQdJsTd"),
			"boards=10000 no_low=0 [0.14195 0.1301 0.0239 0 0 0.1301 0.0034037251579940742] [0.15965 0.1515 0.0164 0 0 0.1515 0.0036067051328774976] [0.13716666666666666 0.1241 0.0263 0 0 0.1241 0.0033436812245673576] [0.14173333333333332 0.1299 0.0239 0 0 0.1299 0.0034014851183124424] [0.4195 0.4001 0.039 0 0 0.4001 0.004835388274445304]"},
		{"known six-way", known(Input{Hands: []string{"As2s3dKd", "QhQcJhTc", "5h5d6c7c", "AcKcJd9s", "2h3hTdTs", "8s8d4c4d"},
			Mode: "montecarlo", Trials: TrialsOf(30_000), Seed: new(uint64(9))}),
			"boards=30000 no_low=0.3226 [0.3172277777777778 0.1376 0.034866666666666664 0.36506666666666665 0.15743333333333334 0.0897 0.0018244858485554865] [0.23044444444444445 0.3198666666666667 0.0006333333333333333 0 0 0.14043333333333333 0.0021002480055766254] [0.174625 0.16696666666666668 0.0004333333333333333 0.1549 0.0005 0.04903333333333333 0.0016467118069757223] [0.10617777777777777 0.1295 0.022366666666666667 0 0 0.06426666666666667 0.0015650013512619346] [0.08096666666666667 0.05216666666666667 0.013 0 0.15743333333333334 0.024433333333333335 0.0011202238270274444] [0.09055833333333334 0.1581 0.0004333333333333333 0 0 0.0228 0.0012708643606281688]"},
		{"ranges", ranged(Input{Hands: []string{"AA**", "15%", "As2s3dKd"}, Mode: "montecarlo", Trials: TrialsOf(20_000), Seed: new(uint64(5))}),
			"boards=20000 no_low=0.47575 [0.380225 0.4624 0.01455 0.0176 0.07425 0.2411 0.002900549529412155] [0.229025 0.24695 0.02255 0.03155 0.1053 0.1231 0.0024690040256964054] [0.39075 0.26125 0.0245 0.31405 0.15595 0.20115 0.00267861983796188]"},
		{"ranges flop exact", ranged(Input{Hands: []string{"AsAhKs2d", "AA**"}, Board: "Kh7c3d"}),
			"boards=740460 no_low=0.33603435702131107 [0.6119121897199038 0.1887623909461686 0.6455527644977447 0.49221294870756016 0.09817680901061503 0.11447343543202874 0] [0.38808781028009615 0.16568484455608676 0.6455527644977447 0.07357588526051373 0.09817680901061503 0.06551332955190017 0]"},
	} {
		if c.got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, c.got, c.want)
		}
	}
}
