package equity

import (
	"context"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// boardTally is what the board-by-board reference counts: integer tallies
// in the units of the result (pot shares in 1/5040ths of a board's pot).
type boardTally struct {
	boards, noLow                            int64
	share, hiWin, hiTie, loWin, loTie, scoop []int64
}

// eachBoard calls settle for every completion of r's board, dealt one at
// a time, with the players sharing its high and its low (none: no low, or
// a game without one), each player's high and low from eval.OmahaHigh and
// eval.OmahaLow (which package eval checks against the 60-combination
// evaluators). Unlike slowEnumerate it is quick enough for a whole
// preflop deck (about a million boards), so the exhaustive engine's
// counting of suit choices is checked where it matters most.
func eachBoard(r Request, settle func(hi, lo uint16)) {
	used := cards.CardSet(0)
	for _, h := range r.Hands {
		for _, c := range h {
			used = used.Add(c)
		}
	}
	for _, c := range append(append(cards.List{}, r.Board...), r.Dead...) {
		used = used.Add(c)
	}
	deck := (cards.FullDeck &^ used).List()
	board := make(cards.List, 5)
	copy(board, r.Board)
	var rec func(from, at int)
	rec = func(from, at int) {
		if at < 5 {
			for i := from; i < len(deck); i++ {
				board[at] = deck[i]
				rec(i+1, at+1)
			}
			return
		}
		var best eval.HighValue
		var bestLow eval.LowValue
		anyLow := false
		var hi, lo uint16
		for i, h := range r.Hands {
			switch v := eval.OmahaHigh(h, board); {
			case v > best:
				best, hi = v, 1<<i
			case v == best:
				hi |= 1 << i
			}
			if !r.Game.HasLow() {
				continue
			}
			if v, ok := eval.OmahaLow(h, board); ok {
				switch {
				case !anyLow || v < bestLow:
					bestLow, lo, anyLow = v, 1<<i, true
				case v == bestLow:
					lo |= 1 << i
				}
			}
		}
		settle(hi, lo)
	}
	rec(0, len(r.Board))
}

// boardByBoard is the board-by-board reference (eachBoard), each board's
// pot shared out here by the rules (R17, R18), not by the engine's
// settle.
func boardByBoard(r Request) boardTally {
	n := len(r.Hands)
	t := boardTally{share: make([]int64, n), hiWin: make([]int64, n), hiTie: make([]int64, n),
		loWin: make([]int64, n), loTie: make([]int64, n), scoop: make([]int64, n)}
	eachBoard(r, func(hi, lo uint16) {
		t.boards++
		nh, nl := int64(bits.OnesCount16(hi)), int64(bits.OnesCount16(lo))
		hiPot := int64(potUnits)
		if nl > 0 {
			hiPot /= 2
		} else if r.Game == eval.OmahaHiLo {
			t.noLow++
		}
		for i := range n {
			if lo&(1<<i) != 0 {
				t.share[i] += potUnits / 2 / nl
				if nl == 1 {
					t.loWin[i]++
				} else {
					t.loTie[i]++
				}
			}
			if hi&(1<<i) == 0 {
				continue
			}
			t.share[i] += hiPot / nh
			if nh > 1 {
				t.hiTie[i]++
				continue
			}
			t.hiWin[i]++
			if nl == 0 || lo == 1<<i {
				t.scoop[i]++
			}
		}
	})
	return t
}

// checkAgainstBoardByBoard compares Compute's exhaustive result with the
// board-by-board reference: the same number of boards, the same exact
// equities and the same win, tie, scoop and no-low frequencies, bit for bit.
func checkAgainstBoardByBoard(t *testing.T, name string, r Request) {
	t.Helper()
	res, err := Compute(context.Background(), r)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	want := boardByBoard(r)
	if res.Boards != want.boards {
		t.Fatalf("%s %v board %v dead %v: %d boards, reference %d", name, r.Hands, r.Board, r.Dead, res.Boards, want.boards)
	}
	den, _ := new(big.Int).SetString(res.Exact.Denominator, 10)
	nb := float64(want.boards)
	for i := range r.Hands {
		num, _ := new(big.Int).SetString(res.Exact.Numerators[i], 10)
		got := new(big.Rat).SetFrac(num, den)
		if exp := big.NewRat(want.share[i], want.boards*potUnits); got.Cmp(exp) != 0 {
			t.Errorf("%s %s %v board %v dead %v: player %d equity %v, reference %v", name, r.Game, r.Hands, r.Board, r.Dead, i, got, exp)
		}
		p := res.Players[i]
		if w := float64(want.share[i]) / (nb * potUnits); p.Equity != w {
			t.Errorf("%s %v board %v: player %d equity %v, reference %v", name, r.Hands, r.Board, i, p.Equity, w)
		}
		for _, f := range []struct {
			name string
			got  float64
			want int64
		}{{"hi_win", p.HiWin, want.hiWin[i]}, {"hi_tie", p.HiTie, want.hiTie[i]}, {"lo_win", p.LoWin, want.loWin[i]},
			{"lo_tie", p.LoTie, want.loTie[i]}, {"scoop", p.Scoop, want.scoop[i]}} {
			if w := float64(f.want) / nb; f.got != w {
				t.Errorf("%s %v board %v: player %d %s = %v, reference %v", name, r.Hands, r.Board, i, f.name, f.got, w)
			}
		}
	}
	if r.Game == eval.OmahaHiLo && res.NoLow != float64(want.noLow)/nb {
		t.Errorf("%s: no_low %v, reference %v", name, res.NoLow, float64(want.noLow)/nb)
	}
}

// TestExhaustiveMatchesBoardByBoard checks whole decks (preflop: up to a
// million boards per case, the enumeration that counts suit choices
// instead of dealing them), flops, turns and monotone or two-tone boards
// of random hands against the board-by-board reference.
func TestExhaustiveMatchesBoardByBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 12))
	cases := 8
	if *long {
		cases = 60
	}
	if testing.Short() {
		cases = 3
	}
	deal := func(perm []int, at *int, n int) cards.List {
		l := make(cards.List, n)
		for i := range l {
			l[i] = cards.Card(perm[*at])
			*at++
		}
		return l
	}
	for c := range cases {
		perm := rng.Perm(cards.NumCards)
		at := 0
		r := Request{Game: eval.Game(c % 2), Mode: Exhaustive}
		for range 2 + c%3 {
			r.Hands = append(r.Hands, deal(perm, &at, 4))
		}
		if c%4 == 3 { // some dead cards (a folded hand)
			r.Dead = deal(perm, &at, 4)
		}
		checkAgainstBoardByBoard(t, "preflop", r)
	}
	// Suited hands and boards, where the flush counting does the work:
	// known cards of a suit on the board (0 to 3 of them, so that a flush
	// needs 3, 2, 1 or no more), and the flush suit held by several players.
	for _, in := range []Input{
		{Hands: []string{"AsKs2s3d", "QsJs4d5d", "9s8h7h6h"}},
		{Game: "omaha-hi", Hands: []string{"AhKh2h3h", "QhJh4h5h"}},
		{Hands: []string{"AsKs2s3d", "QsJs4d5d", "9s8h7h6h"}, Board: "Ts2d3s"},
		{Hands: []string{"AsKs2s3d", "QsJs4d5d", "9s8h7h6h"}, Board: "TsJh3s"},
		{Hands: []string{"AsKs2s3d", "QsJs4d5d", "9s8h7h6h"}, Board: "Ts4s6s"},
		{Hands: []string{"AsKs2s3d", "QsJs4d5d", "9s8h7h6h"}, Board: "Ts4s6s7s"},
		{Game: "omaha-hi", Hands: []string{"AsKs2c3c", "QsJs4c5c"}, Board: "Ts9s"},
		{Hands: []string{"AsKs2c3c", "QdJd4h5h"}, Board: "8s"},
	} {
		r, err := ParseInput(Input{Game: in.Game, Hands: in.Hands, Dead: in.Dead})
		if err != nil {
			t.Fatal(err)
		}
		r.Board, _ = cards.Parse(in.Board) // one or two cards: not a real deal, but a Request may ask
		r.Mode = Exhaustive
		checkAgainstBoardByBoard(t, "suited", r)
	}
}

// TestLaneSlots: every rank mask of 3 to 5 ranks has its own slot below
// laneSlots, and they fill it.
func TestLaneSlots(t *testing.T) {
	t.Parallel()
	laneSlotOnce.Do(fillLaneSlots)
	seen := make([]bool, laneSlots)
	n := 0
	for lane := range 1 << 13 {
		if c := bits.OnesCount16(uint16(lane)); c < 3 || c > 5 {
			continue
		}
		slot := laneSlot[lane]
		if int(slot) >= laneSlots || seen[slot] {
			t.Fatalf("lane %013b: slot %d out of range or taken twice", lane, slot)
		}
		seen[slot] = true
		n++
	}
	if n != laneSlots {
		t.Errorf("%d lanes of 3 to 5 ranks, want laneSlots = %d", n, laneSlots)
	}
}
