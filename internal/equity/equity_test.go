package equity

import (
	"context"
	"errors"
	"flag"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
)

var long = flag.Bool("long", false, "compare with the slow enumerator on many more random cases")

func mustCompute(t testing.TB, in Input) Result {
	t.Helper()
	r, err := ParseInput(in)
	if err != nil {
		t.Fatalf("ParseInput(%+v): %v", in, err)
	}
	res, err := Compute(context.Background(), r)
	if err != nil {
		t.Fatalf("Compute(%+v): %v", in, err)
	}
	return res
}

func TestReferenceResults(t *testing.T) {
	tests := []struct {
		name  string
		in    Input
		nums  []string
		den   string
		noLow string // exact share of boards with no low, as a fraction; "" to skip
	}{
		{"O8 As2s3dKd vs QhQcJhTc preflop", Input{Hands: []string{"As2s3dKd", "QhQcJhTc"}},
			[]string{"1301621", "870395"}, "2172016", "41.9282"},
		{"O8 As2s3dKd vs QhQcJhTc on 4c7hKh", Input{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Board: "4c7hKh"},
			[]string{"1061", "579"}, "1640", ""},
		{"Omaha High AsAhKsKh vs JdTd9c8c preflop", Input{Game: "omaha-hi", Hands: []string{"AsAhKsKh", "JdTd9c8c"}},
			[]string{"166923", "104579"}, "271502", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := mustCompute(t, tt.in)
			if res.Mode != Exhaustive || res.Exact == nil {
				t.Fatalf("mode %s, exact %v: want an exact exhaustive result", res.Mode, res.Exact)
			}
			if strings.Join(res.Exact.Numerators, ",") != strings.Join(tt.nums, ",") || res.Exact.Denominator != tt.den {
				t.Errorf("exact = %v/%s, want %v/%s", res.Exact.Numerators, res.Exact.Denominator, tt.nums, tt.den)
			}
			if tt.noLow != "" {
				if got := strings.TrimRight(big.NewFloat(100*res.NoLow).Text('f', 4), "0"); got != tt.noLow {
					t.Errorf("no low on %s%% of boards, want %s%%", got, tt.noLow)
				}
			}
		})
	}
}

// TestIssueExampleJSON pins the figures of the issue's JSON example.
func TestIssueExampleJSON(t *testing.T) {
	res := mustCompute(t, Input{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Board: "4c7hKh"})
	round := func(x float64) float64 { return math.Round(x*1e6) / 1e6 }
	if res.Boards != 820 || round(res.NoLow) != 0.231707 {
		t.Errorf("boards %d no_low %v, want 820 and 0.231707", res.Boards, res.NoLow)
	}
	p := res.Players[0]
	got := []float64{round(p.Equity), round(p.HiWin), p.HiTie, round(p.LoWin), p.LoTie, round(p.Scoop), p.Stderr}
	want := []float64{0.646951, 0.439024, 0, 0.768293, 0, 0.439024, 0}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("player 0 field %d = %v, want %v", i, got[i], want[i])
		}
	}
}

// slowHigh and slowLow are the obvious 60-combination evaluators.
func slowHigh(hole, board cards.List) eval.HighValue {
	var best eval.HighValue
	for i := 0; i < 4; i++ {
		for j := i + 1; j < 4; j++ {
			for a := 0; a < len(board); a++ {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						if v := eval.High5([5]cards.Card{hole[i], hole[j], board[a], board[b], board[c]}); v > best {
							best = v
						}
					}
				}
			}
		}
	}
	return best
}

func slowLow(hole, board cards.List) (eval.LowValue, bool) {
	best, found := eval.LowValue(0), false
	for i := 0; i < 4; i++ {
		for j := i + 1; j < 4; j++ {
			for a := 0; a < len(board); a++ {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						if v, ok := eval.Low5([5]cards.Card{hole[i], hole[j], board[a], board[b], board[c]}); ok && (!found || v < best) {
							best, found = v, true
						}
					}
				}
			}
		}
	}
	return best, found
}

type slowTally struct {
	boards                             int64
	noLow                              int64
	equity                             []*big.Rat
	hiWin, hiTie, loWin, loTie, scoopN []int64
}

// slowEnumerate settles every completion of the board one by one, with
// big.Rat pot shares.
func slowEnumerate(r Request) slowTally {
	n := len(r.Hands)
	st := slowTally{equity: make([]*big.Rat, n), hiWin: make([]int64, n), hiTie: make([]int64, n),
		loWin: make([]int64, n), loTie: make([]int64, n), scoopN: make([]int64, n)}
	for i := range st.equity {
		st.equity[i] = new(big.Rat)
	}
	used := map[cards.Card]bool{}
	for _, h := range r.Hands {
		for _, c := range h {
			used[c] = true
		}
	}
	for _, c := range append(append(cards.List{}, r.Board...), r.Dead...) {
		used[c] = true
	}
	var deck cards.List
	for c := cards.Card(0); c < cards.NumCards; c++ {
		if !used[c] {
			deck = append(deck, c)
		}
	}
	var rec func(from int, board cards.List)
	rec = func(from int, board cards.List) {
		if len(board) == 5 {
			st.boards++
			hv := make([]eval.HighValue, n)
			best := eval.HighValue(0)
			for i, h := range r.Hands {
				hv[i] = slowHigh(h, board)
				best = max(best, hv[i])
			}
			var hiW, loW []int
			for i := range hv {
				if hv[i] == best {
					hiW = append(hiW, i)
				}
			}
			if r.Game == eval.OmahaHiLo {
				var bestLow eval.LowValue
				found := false
				lows := make([]eval.LowValue, n)
				oks := make([]bool, n)
				for i, h := range r.Hands {
					lows[i], oks[i] = slowLow(h, board)
					if oks[i] && (!found || lows[i] < bestLow) {
						bestLow, found = lows[i], true
					}
				}
				for i := range lows {
					if found && oks[i] && lows[i] == bestLow {
						loW = append(loW, i)
					}
				}
			}
			hiPot := big.NewRat(1, 1)
			if len(loW) > 0 {
				hiPot = big.NewRat(1, 2)
				for _, i := range loW {
					st.equity[i].Add(st.equity[i], new(big.Rat).Quo(big.NewRat(1, 2), big.NewRat(int64(len(loW)), 1)))
					if len(loW) == 1 {
						st.loWin[i]++
					} else {
						st.loTie[i]++
					}
				}
			} else if r.Game == eval.OmahaHiLo {
				st.noLow++
			}
			for _, i := range hiW {
				st.equity[i].Add(st.equity[i], new(big.Rat).Quo(hiPot, big.NewRat(int64(len(hiW)), 1)))
				if len(hiW) == 1 {
					st.hiWin[i]++
					if len(loW) == 0 || (len(loW) == 1 && loW[0] == i) {
						st.scoopN[i]++
					}
				} else {
					st.hiTie[i]++
				}
			}
			return
		}
		for i := from; i < len(deck); i++ {
			rec(i+1, append(board, deck[i]))
		}
	}
	rec(0, append(cards.List{}, r.Board...))
	for i := range st.equity {
		st.equity[i].Quo(st.equity[i], big.NewRat(st.boards, 1))
	}
	return st
}

func TestExhaustiveMatchesSlowEnumerator(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	cases := 40
	if *long {
		cases = 1000
	}
	if testing.Short() {
		cases = 10
	}
	for c := 0; c < cases; c++ {
		perm := rng.Perm(cards.NumCards)
		at := 0
		take := func(n int) cards.List {
			l := make(cards.List, n)
			for i := range l {
				l[i] = cards.Card(perm[at])
				at++
			}
			return l
		}
		r := Request{Game: eval.Game(c % 2), Mode: Exhaustive}
		nPlayers := 2 + rng.IntN(5)
		boardLen := 3 + rng.IntN(3) // flop, turn or river
		if c%10 == 9 {              // a short board with many players
			nPlayers, boardLen = 8+rng.IntN(3), 1+rng.IntN(2)
		}
		if c%10 == 4 { // no board, 6 to 10 players
			nPlayers, boardLen = 6+rng.IntN(5), 0
		}
		for i := 0; i < nPlayers; i++ {
			r.Hands = append(r.Hands, take(4))
		}
		r.Board = take(boardLen)
		r.Dead = take(rng.IntN(4))
		if boardLen < 3 && nPlayers == 8 {
			r.Dead = append(r.Dead, take(6)...) // keep the slow run small
		}
		if boardLen == 0 { // keep 10 to 13 cards in the deck: at most 1,287 boards
			left := cards.NumCards - at
			r.Dead = append(r.Dead, take(max(0, left-10-rng.IntN(4)))...)
		}
		res, err := Compute(context.Background(), r)
		if err != nil {
			t.Fatalf("case %d: %v", c, err)
		}
		want := slowEnumerate(r)
		if res.Boards != want.boards {
			t.Fatalf("case %d %v board %v: %d boards, slow enumerator %d", c, r.Hands, r.Board, res.Boards, want.boards)
		}
		den, _ := new(big.Int).SetString(res.Exact.Denominator, 10)
		for i := range r.Hands {
			num, _ := new(big.Int).SetString(res.Exact.Numerators[i], 10)
			got := new(big.Rat).SetFrac(num, den)
			if got.Cmp(want.equity[i]) != 0 {
				t.Errorf("case %d %s %v board %v dead %v: player %d equity %v, slow enumerator %v",
					c, r.Game, r.Hands, r.Board, r.Dead, i, got, want.equity[i])
			}
			nb := float64(want.boards)
			p := res.Players[i]
			for _, f := range []struct {
				name string
				got  float64
				want int64
			}{{"hi_win", p.HiWin, want.hiWin[i]}, {"hi_tie", p.HiTie, want.hiTie[i]}, {"lo_win", p.LoWin, want.loWin[i]},
				{"lo_tie", p.LoTie, want.loTie[i]}, {"scoop", p.Scoop, want.scoopN[i]}} {
				if f.got != float64(f.want)/nb {
					t.Errorf("case %d player %d %s = %v, slow enumerator %v", c, i, f.name, f.got, float64(f.want)/nb)
				}
			}
		}
		if r.Game == eval.OmahaHiLo && res.NoLow != float64(want.noLow)/float64(want.boards) {
			t.Errorf("case %d: no_low %v, slow enumerator %v", c, res.NoLow, float64(want.noLow)/float64(want.boards))
		}
	}
}

// TestExhaustiveFlushBoards checks suited boards, where the flush path of
// the enumeration does the work, against the slow enumerator.
func TestExhaustiveFlushBoards(t *testing.T) {
	for _, in := range []Input{
		{Hands: []string{"AhKh2h3c", "QhJh4h5d", "9h8h7s6s"}, Board: "Th2d3h"},
		{Hands: []string{"AhKh2h3c", "QhJh4h5d"}, Board: "ThJc3h5h"},
		{Game: "omaha-hi", Hands: []string{"AsKs2s3c", "QsJs4s5d", "9s8s7h6h"}, Board: "Ts2dJd"},
		{Hands: []string{"2c3c4c5c", "AcKc6c7c"}, Board: "8c9cKd"},
	} {
		r, err := ParseInput(in)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Compute(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		want := slowEnumerate(r)
		den, _ := new(big.Int).SetString(res.Exact.Denominator, 10)
		for i := range r.Hands {
			num, _ := new(big.Int).SetString(res.Exact.Numerators[i], 10)
			if got := new(big.Rat).SetFrac(num, den); got.Cmp(want.equity[i]) != 0 {
				t.Errorf("%v board %s: player %d equity %v, slow enumerator %v", in.Hands, in.Board, i, got, want.equity[i])
			}
		}
	}
}

func TestMonteCarloReproducibleAcrossGOMAXPROCS(t *testing.T) {
	in := Input{Hands: []string{"As2s3dKd", "QhQcJhTc", "5h5d6c7c", "AcKcJd9s"}, Mode: "montecarlo", Trials: TrialsOf(100_000)}
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	one := mustCompute(t, in)
	runtime.GOMAXPROCS(2)
	two := mustCompute(t, in)
	one.Elapsed, two.Elapsed = 0, 0
	if one.Boards != two.Boards || one.NoLow != two.NoLow {
		t.Fatalf("GOMAXPROCS 1: %d boards no low %v; 2: %d boards no low %v", one.Boards, one.NoLow, two.Boards, two.NoLow)
	}
	for i := range one.Players {
		if !reflect.DeepEqual(one.Players[i], two.Players[i]) {
			t.Errorf("player %d: GOMAXPROCS 1 gives %+v, 2 gives %+v", i, one.Players[i], two.Players[i])
		}
	}
	if one.Seed == nil || *one.Seed != DefaultSeed {
		t.Errorf("seed %v, want the default %d", one.Seed, DefaultSeed)
	}
	// Another seed gives another sample.
	s := uint64(42)
	in.Seed = &s
	other := mustCompute(t, in)
	if other.Players[0].Equity == one.Players[0].Equity {
		t.Errorf("seeds %d and %d gave the same equity %v", DefaultSeed, s, one.Players[0].Equity)
	}
}

func TestMonteCarloAgreesWithExhaustive(t *testing.T) {
	for _, in := range []Input{
		{Hands: []string{"As2s3dKd", "QhQcJhTc"}},
		{Hands: []string{"As2s3dKd", "QhQcJhTc", "7c8c9dTd"}, Board: "2h5h9s"},
		{Game: "omaha-hi", Hands: []string{"AsAhKsKh", "JdTd9c8c"}},
	} {
		exact := mustCompute(t, in)
		in.Mode, in.Trials = "montecarlo", TrialsOf(200_000)
		mc := mustCompute(t, in)
		if mc.Mode != MonteCarlo || mc.Boards != 200_000 {
			t.Fatalf("mode %s boards %d", mc.Mode, mc.Boards)
		}
		for i, p := range mc.Players {
			if p.Stderr <= 0 || math.Abs(p.Equity-exact.Players[i].Equity) > 5*p.Stderr {
				t.Errorf("%v player %d: Monte Carlo %v ± %v, exact %v", in.Hands, i, p.Equity, p.Stderr, exact.Players[i].Equity)
			}
		}
	}
}

func TestAutoMode(t *testing.T) {
	in := Input{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Trials: TrialsOf(1000)}
	if res := mustCompute(t, in); res.Mode != Exhaustive || res.Boards != 1086008 || res.Seed != nil {
		t.Errorf("auto heads-up preflop: mode %s, %d boards, seed %v; want exhaustive, 1086008, none", res.Mode, res.Boards, res.Seed)
	}
	r, err := ParseInput(in)
	if err != nil {
		t.Fatal(err)
	}
	r.MaxExhaustive = 1_000_000
	res, err := Compute(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if res.Mode != MonteCarlo || res.Boards != 1000 || res.Exact != nil {
		t.Errorf("auto over the threshold: mode %s, %d boards; want montecarlo, 1000", res.Mode, res.Boards)
	}
}

func TestOmahaHiHasNoLowFields(t *testing.T) {
	res := mustCompute(t, Input{Game: "omaha-hi", Hands: []string{"As2s3dKd", "Ah2h3cKc"}, Board: "4c5d8h"})
	if res.NoLow != 0 {
		t.Errorf("no_low = %v for omaha-hi", res.NoLow)
	}
	for i, p := range res.Players {
		if p.LoWin != 0 || p.LoTie != 0 {
			t.Errorf("player %d has low shares %v %v in omaha-hi", i, p.LoWin, p.LoTie)
		}
	}
	// The two hands have the same ranks: they split the high unless a
	// flush decides.
	if res.Players[0].HiTie < 0.8 || res.Players[0].HiTie != res.Players[1].HiTie {
		t.Errorf("same-rank hands: %+v", res.Players)
	}
}

func TestRiverBoardIsOneBoard(t *testing.T) {
	res := mustCompute(t, Input{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Board: "4c7hKhQs5c"})
	if res.Boards != 1 {
		t.Fatalf("%d boards on a full board", res.Boards)
	}
	// As2s3dKd: wheel-ish low A-2-4-5-7... 7-5-4-2-A; high: two pair K and... QQ has trips queens.
	if res.Players[0].LoWin != 1 || res.Players[1].HiWin != 1 || res.Exact.Numerators[0] != "1" || res.Exact.Denominator != "2" {
		t.Errorf("river split: %+v exact %+v", res.Players, res.Exact)
	}
}

func TestCancellation(t *testing.T) {
	r, err := ParseInput(Input{Hands: []string{"As2s3dKd", "QhQcJhTc", "5h5d6c7c"}, Mode: "montecarlo", Trials: TrialsOf(MaxTrials)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Compute(ctx, r); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled before the start: err = %v, want context.Canceled", err)
	}
	// Cancel once Compute has started its workers, which is when it asks
	// for ctx.Done() (before that it only polls ctx.Err()).
	watched := &doneWatch{polled: make(chan struct{})}
	watched.Context, cancel = context.WithCancel(context.Background())
	go func() {
		<-watched.polled
		cancel()
	}()
	if _, err := Compute(watched, r); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled while running: err = %v, want context.Canceled", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	r.Mode = Exhaustive
	r.Hands = r.Hands[:2]
	for {
		_, err := Compute(ctx, r)
		if err != nil {
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("deadline: err = %v, want context.DeadlineExceeded", err)
			}
			break
		}
	}
}

func TestParseInputErrors(t *testing.T) {
	hands := []string{"As2s3dKd", "QhQcJhTc"}
	many := make([]string, 11)
	for i := range many {
		many[i] = "2c2d2h2s"
	}
	tests := []struct {
		name  string
		in    Input
		kind  fault.Kind
		field string
		msg   string
	}{
		{"unknown card", Input{Hands: []string{"As2s3dKx", "QhQcJhTc"}}, fault.Invalid, "hands[0]", `"Kx"`},
		{"unknown rank", Input{Hands: hands, Board: "4c1h"}, fault.Invalid, "board", "1h"},
		{"hand of 3 cards", Input{Hands: []string{"As2s3dKd", "QhQcJh"}}, fault.Invalid, "hands[1]", "want 4 cards, got 3"},
		{"hand of 5 cards", Input{Hands: []string{"As2s3dKdKc", "QhQcJhTc"}}, fault.Invalid, "hands[0]", "got 5"},
		{"six board cards", Input{Hands: hands, Board: "2c3c4c5c6c7c"}, fault.Invalid, "board", "at most 5"},
		{"one hand", Input{Hands: hands[:1]}, fault.Invalid, "hands", "got 1"},
		{"eleven hands", Input{Hands: many}, fault.Invalid, "hands", "got 11"},
		{"unknown game", Input{Game: "holdem", Hands: hands}, fault.Invalid, "game", `"holdem"`},
		{"unknown mode", Input{Mode: "fast", Hands: hands}, fault.Invalid, "mode", `"fast"`},
		{"negative trials", Input{Trials: TrialsOf(-1), Hands: hands}, fault.Invalid, "trials", "-1"},
		{"too many trials", Input{Trials: TrialsOf(MaxTrials + 1), Hands: hands}, fault.Invalid, "trials", strconv.Itoa(MaxTrials + 1)},
		{"zero trials given", Input{Trials: TrialsOf(0), Hands: hands}, fault.Invalid, "trials", "want 1 to 10000000 trials, got 0"},
		{"trials with exhaustive", Input{Trials: TrialsOf(1000), Mode: "exhaustive", Hands: hands}, fault.Invalid, "trials", "not to mode exhaustive"},
		{"duplicate across hands", Input{Hands: []string{"As2s3dKd", "QhAsJhTc"}}, fault.Impossible, "hands[1]", "As: in hands[0] and in hands[1]"},
		{"duplicate in a hand", Input{Hands: []string{"As2s3dAs", "QhQcJhTc"}}, fault.Impossible, "hands[0]", "As"},
		{"duplicate board and dead", Input{Hands: hands, Board: "4c7hKh", Dead: "7h"}, fault.Impossible, "dead", "7h: in board and in dead"},
		{"duplicate with another spelling", Input{Hands: []string{"as 2s,3d kd", "QhQcJhTc"}, Board: "AS 7c,8d"}, fault.Impossible, "board", "As"},
		{"board of one card", Input{Hands: hands, Board: "4c"}, fault.Invalid, "board", "a board has 0, 3, 4 or 5 cards, got 1"},
		{"board of two cards", Input{Hands: hands, Board: "4c7h"}, fault.Invalid, "board", "a board has 0, 3, 4 or 5 cards, got 2"},
		{"deck too small", Input{Hands: many[:0], Board: ""}, fault.Invalid, "hands", "got 0"},
	}
	// Ten hands and 9 dead cards leave 3 cards for a 5-card board.
	ten := []string{"2c2d2h2s", "3c3d3h3s", "4c4d4h4s", "5c5d5h5s", "6c6d6h6s", "7c7d7h7s", "8c8d8h8s", "9c9d9h9s", "TcTdThTs", "JcJdJhJs"}
	tests = append(tests, struct {
		name  string
		in    Input
		kind  fault.Kind
		field string
		msg   string
	}{"more cards than the deck allows", Input{Hands: ten, Dead: "QcQdQhQsKcKdKhKsAc"}, fault.Impossible, "dead", "leave 3 in the deck"})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseInput(tt.in)
			var fe *fault.Error
			if !errors.As(err, &fe) {
				t.Fatalf("err = %v, want a *fault.Error", err)
			}
			if fe.Kind != tt.kind || fe.Field != tt.field || !strings.Contains(fe.Error(), tt.msg) {
				t.Errorf("err = %v (kind %v field %q), want kind %v field %q containing %q", fe, fe.Kind, fe.Field, tt.kind, tt.field, tt.msg)
			}
			if strings.Contains(fe.Error(), "\n") {
				t.Errorf("error spans lines: %q", fe.Error())
			}
		})
	}
}

func TestParseInputDefaultsAndCanonical(t *testing.T) {
	r, err := ParseInput(Input{Hands: []string{"as 2S,3d kd", "10h qc jh tc"}, Board: " 4c,7h 8d"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Game != eval.OmahaHiLo || r.Mode != Auto || r.Seed != DefaultSeed || r.Trials != 0 {
		t.Errorf("defaults: %+v", r)
	}
	if r.Hands[0].String() != "As2s3dKd" || r.Hands[1].String() != "ThQcJhTc" || r.Board.String() != "4c7h8d" {
		t.Errorf("canonical forms: %v %v", r.Hands, r.Board)
	}
}

func TestComputeValidatesRequests(t *testing.T) {
	bad := []Request{
		{Hands: []cards.List{{0, 1, 2, 3}}},
		{Hands: []cards.List{{0, 1, 2, 3}, {4, 5, 6, 99}}},
		{Hands: []cards.List{{0, 1, 2, 3}, {4, 5, 6, 3}}},
		{Hands: []cards.List{{0, 1, 2, 3}, {4, 5, 6, 7}}, Mode: "slow"},
		{Hands: []cards.List{{0, 1, 2, 3}, {4, 5, 6, 7}}, Game: 7},
		{Hands: []cards.List{{0, 1, 2, 3}, {4, 5, 6, 7}}, Trials: -5},
	}
	for i, r := range bad {
		if _, err := Compute(context.Background(), r); fault.KindOf(err) != fault.Invalid && fault.KindOf(err) != fault.Impossible {
			t.Errorf("request %d: err = %v, want an Invalid or Impossible fault", i, err)
		}
	}
}

func FuzzParseInput(f *testing.F) {
	f.Add("As2s3dKd", "QhQcJhTc", "4c7hKh", "", "omaha-hilo", "auto")
	f.Add("as 2s,3d kd", "10h qc jh tc", "", "2c", "omaha-hi", "montecarlo")
	f.Add("AsAs", "x", "4c7hKhQs5c9d", "Kd", "", "exhaustive")
	f.Fuzz(func(t *testing.T, h0, h1, board, dead, game, mode string) {
		r, err := ParseInput(Input{Hands: []string{h0, h1}, Board: board, Dead: dead, Game: game, Mode: mode, Trials: TrialsOf(200)})
		if err != nil {
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Field == "" || (fe.Kind != fault.Invalid && fe.Kind != fault.Impossible) {
				t.Fatalf("err = %v: want an Invalid/Impossible *fault.Error naming a field", err)
			}
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("ParseInput accepted a request Validate rejects: %v", err)
		}
		if r.Completions() > 20_000 {
			r.Mode = MonteCarlo
		}
		res, err := Compute(context.Background(), r)
		if err != nil {
			t.Fatalf("Compute: %v", err)
		}
		var sum float64
		for _, p := range res.Players {
			sum += p.Equity
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Fatalf("equities sum to %v", sum)
		}
	})
}

func TestRule_R17_R18_E1_SplitsOnTheRiver(t *testing.T) {
	tests := []struct {
		name   string
		game   string
		hands  []string
		board  string
		nums   string
		den    string
		scoops []float64
		noLow  float64
	}{
		{"quartered: one high, two share the low", "omaha-hilo", []string{"Ac4c9s9d", "Ad4dTsTh", "KcKhJsJd"}, "2c3d8hKsQd",
			"1,1,2", "4", []float64{0, 0, 0}, 0},
		{"no low: the high takes the whole pot", "omaha-hilo", []string{"Ac4c9s9d", "KcKhJsJd"}, "2c9hTdKsQd",
			"0,1", "1", []float64{0, 1}, 1},
		{"scoop: high and low alone", "omaha-hilo", []string{"Ac2c3s3d", "KcKhJsJd"}, "3c4d5hKsQd",
			"1,0", "1", []float64{1, 0}, 0},
		{"three-way high split in omaha-hi", "omaha-hi", []string{"Ac2c3s4d", "Ad2d3c4h", "Ah2h3h4s"}, "KcKdKhQsQd",
			"1,1,1", "3", []float64{0, 0, 0}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := mustCompute(t, Input{Game: tt.game, Hands: tt.hands, Board: tt.board})
			if got := strings.Join(res.Exact.Numerators, ","); got != tt.nums || res.Exact.Denominator != tt.den {
				t.Errorf("exact %s/%s, want %s/%s", got, res.Exact.Denominator, tt.nums, tt.den)
			}
			for i, p := range res.Players {
				if p.Scoop != tt.scoops[i] {
					t.Errorf("player %d scoop %v, want %v", i, p.Scoop, tt.scoops[i])
				}
			}
			if res.NoLow != tt.noLow {
				t.Errorf("no_low %v, want %v", res.NoLow, tt.noLow)
			}
		})
	}
}

// TestNoAllocationPerBoard: a million boards cost the same few allocations
// as a few hundred (the per-request setup), never one per board.
func TestNoAllocationPerBoard(t *testing.T) {
	count := func(in Input) float64 {
		r, err := ParseInput(in)
		if err != nil {
			t.Fatal(err)
		}
		old := runtime.GOMAXPROCS(1) // the same single worker in both runs
		defer runtime.GOMAXPROCS(old)
		return testing.AllocsPerRun(2, func() {
			if _, err := Compute(context.Background(), r); err != nil {
				t.Fatal(err)
			}
		})
	}
	small := count(Input{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Board: "4c7hKh"})
	big := count(Input{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Mode: "exhaustive"})
	mc := count(Input{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Mode: "montecarlo", Trials: TrialsOf(100_000)})
	if big > small+100 || mc > small+100 {
		t.Errorf("allocations: %v for 820 boards, %v for 1,086,008 boards, %v for 100,000 trials", small, big, mc)
	}
}

// doneWatch is a context that closes polled the first time its Done
// channel is asked for: a test can act once the code under test waits on it.
type doneWatch struct {
	context.Context
	once   sync.Once
	polled chan struct{}
}

func (c *doneWatch) Done() <-chan struct{} {
	c.once.Do(func() { close(c.polled) })
	return c.Context.Done()
}
