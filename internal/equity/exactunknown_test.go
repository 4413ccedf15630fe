package equity

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// TestExactUnknownAgainstEveryHand checks ExactUnknown against the slow
// obvious way: Compute (exhaustive) with the unknown hand replaced by
// every hand the deck can deal, the figures averaged. Boards without a
// flush, with three and with four cards of a suit, a paired board, dead
// cards, two and three players, both games.
func TestExactUnknownAgainstEveryHand(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		board, dead string
		hands       []string
	}{
		{"Jd5cKc4cTh", "", []string{"2h2c3s9h", ""}},
		{"Jd5cKs4h2h", "", []string{"", "AsKd3c6d"}},
		{"7h8h2h9sQh", "Ah", []string{"AdKh3c4s", "", "Th9hJcJd"}},
		{"3c3d8s8hAc", "", []string{"2s4s5d6d", ""}},
		{"AsKsQsJsTs", "9s", []string{"", "2c3c4d5d"}},
	} {
		var hands []cards.List
		for _, h := range c.hands {
			hands = append(hands, cards.MustParse(h))
		}
		for _, g := range []eval.Game{eval.OmahaHi, eval.OmahaHiLo} {
			r := UnknownRequest{Game: g, Hands: hands, Board: cards.MustParse(c.board), Dead: cards.MustParse(c.dead)}
			got, ok, err := ExactUnknown(context.Background(), r)
			if err != nil || !ok {
				t.Fatalf("%v %s: %v %v", g, c.board, ok, err)
			}
			u := -1
			used := cards.CardSet(0)
			for i, h := range hands {
				if len(h) == 0 {
					u = i
				}
				for _, x := range h {
					used = used.Add(x)
				}
			}
			for _, x := range append(append(cards.List{}, r.Board...), r.Dead...) {
				used = used.Add(x)
			}
			deck := (cards.FullDeck &^ used).List()
			var sum [10]PlayerResult
			var noLow float64
			n := 0
			for a := 0; a < len(deck); a++ {
				for b := a + 1; b < len(deck); b++ {
					for x := b + 1; x < len(deck); x++ {
						for y := x + 1; y < len(deck); y++ {
							hs := append([]cards.List(nil), hands...)
							hs[u] = cards.List{deck[a], deck[b], deck[x], deck[y]}
							res, err := Compute(context.Background(), Request{Game: g, Hands: hs, Board: r.Board, Dead: r.Dead, Mode: Exhaustive})
							if err != nil {
								t.Fatal(err)
							}
							for i, p := range res.Players {
								sum[i].Equity += p.Equity
								sum[i].HiWin += p.HiWin
								sum[i].HiTie += p.HiTie
								sum[i].LoWin += p.LoWin
								sum[i].LoTie += p.LoTie
								sum[i].Scoop += p.Scoop
							}
							noLow += res.NoLow
							n++
						}
					}
				}
			}
			if got.Boards != int64(n) || got.Mode != Exhaustive || math.Abs(got.NoLow-noLow/float64(n)) > 1e-9 {
				t.Errorf("%v %s: %d hands, mode %s, no low %v; want %d, %v", g, c.board, got.Boards, got.Mode, got.NoLow, n, noLow/float64(n))
			}
			for i, p := range got.Players {
				w := sum[i]
				for _, d := range []float64{p.Equity - w.Equity/float64(n), p.HiWin - w.HiWin/float64(n), p.HiTie - w.HiTie/float64(n),
					p.LoWin - w.LoWin/float64(n), p.LoTie - w.LoTie/float64(n), p.Scoop - w.Scoop/float64(n)} {
					if math.Abs(d) > 1e-9 || p.Stderr != 0 {
						t.Errorf("%v %s player %d: %+v, every hand gives %+v / %d", g, c.board, i, p, w, n)
						break
					}
				}
			}
		}
	}
	// Not one unknown hand on a complete board: not answered.
	for _, r := range []UnknownRequest{
		{Game: eval.OmahaHiLo, Hands: []cards.List{cards.MustParse("2h2c3s9h"), nil}, Board: cards.MustParse("Jd5cKc4c")},
		{Game: eval.OmahaHiLo, Hands: []cards.List{cards.MustParse("2h2c3s9h"), nil, nil}, Board: cards.MustParse("Jd5cKc4cTh")},
	} {
		if _, ok, err := ExactUnknown(context.Background(), r); ok || err != nil {
			t.Errorf("%v: answered (%v)", r, err)
		}
	}
}

// TestComputeUnknownStepsStopsAtTarget: before the flop (a run not
// stratified, see TestStrata) the steps stop at the first look
// (LookTrials) from the second step on whose standard errors are all
// within the target, on the sample of a run of as many trials without
// it,
// agree with ComputeUnknown within 4 standard errors, and give the same
// numbers for the same request.
func TestComputeUnknownStepsStopsAtTarget(t *testing.T) {
	t.Parallel()
	r := UnknownRequest{Game: eval.OmahaHiLo, Hands: []cards.List{cards.MustParse("As2s3dKd"), nil, nil}, Trials: 100_000, TargetStderr: 0.005, Seed: 42}
	a, err := ComputeUnknownSteps(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ComputeUnknownSteps(context.Background(), r)
	if !reflect.DeepEqual(a.Players[0], b.Players[0]) || a.Boards != b.Boards {
		t.Errorf("not reproducible: %+v %+v", a, b)
	}
	if a.Boards%LookTrials != 0 || a.Boards < 2*StepTrials || a.Boards >= 100_000 {
		t.Errorf("%d trials", a.Boards)
	}
	for _, p := range a.Players {
		if p.Stderr > 0.005 || p.Stderr == 0 {
			t.Errorf("stderr %v", p.Stderr)
		}
	}
	// As many trials without the target are the same sample; one look
	// fewer misses the target.
	fixed := r
	fixed.Trials, fixed.TargetStderr = int(a.Boards), 0
	f, _ := ComputeUnknownSteps(context.Background(), fixed)
	if f.Elapsed = a.Elapsed; !reflect.DeepEqual(a, f) {
		t.Errorf("stopped at the target %+v, %d trials without it %+v", a, a.Boards, f)
	}
	short := r
	short.Trials, short.TargetStderr = int(a.Boards)-LookTrials, 0
	s, _ := ComputeUnknownSteps(context.Background(), short)
	if a.Boards > 2*StepTrials && maxStderrOf(s) <= 0.005 {
		t.Errorf("stopped at %d trials, %d already within the target", a.Boards, s.Boards)
	}
	ref, err := ComputeUnknown(context.Background(), UnknownRequest{Game: r.Game, Hands: r.Hands, Board: r.Board, Trials: 200_000, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Players {
		if se := math.Hypot(a.Players[i].Stderr, ref.Players[i].Stderr); math.Abs(a.Players[i].Equity-ref.Players[i].Equity) > 4*se {
			t.Errorf("player %d: %v, ComputeUnknown %v (4 SE %v)", i, a.Players[i].Equity, ref.Players[i].Equity, 4*se)
		}
	}
}

// maskHands splits hands by mask m: the hands of its players in order,
// and the cards of the others (their known hands dead).
func maskHands(hands []cards.List, m uint16) (in []cards.List, dead cards.List) {
	for i, h := range hands {
		if m&(1<<i) != 0 {
			in = append(in, h)
		} else {
			dead = append(dead, h...)
		}
	}
	return in, dead
}

func maxStderrOf(r Result) float64 {
	var m float64
	for _, p := range r.Players {
		m = max(m, p.Stderr)
	}
	return m
}

// TestComputeUnknownMasks: the pair rows give the multiset rows' numbers
// exactly; every mask agrees, within 4
// standard errors, with ComputeUnknown on their own question (the hands
// outside the mask dead when known); bad masks are refused.
func TestComputeUnknownMasks(t *testing.T) {
	t.Parallel()
	hero, villain := cards.MustParse("As2s3dKd"), cards.MustParse("QhQcJh9c")
	r := UnknownRequest{Game: eval.OmahaHiLo, Hands: []cards.List{nil, hero, nil, villain, nil}, Trials: 100_000, TargetStderr: 0.005, Seed: 9}
	masks := []uint16{0b11111, 0b11110, 0b01010, 0b00110}
	got, err := ComputeUnknownMasks(context.Background(), r, masks)
	if err != nil {
		t.Fatal(err)
	}
	// The pair rows evaluate as the multiset rows: the same numbers.
	slow, err := computeUnknownMasks(context.Background(), r, masks, false, true)
	if err != nil {
		t.Fatal(err)
	}
	for q := range masks {
		for i := range got[q].Players {
			if !reflect.DeepEqual(slow[q].Players[i], got[q].Players[i]) || slow[q].NoLow != got[q].NoLow || slow[q].Boards != got[q].Boards {
				t.Fatalf("mask %b: %+v, by multiset rows %+v", masks[q], got[q].Players[i], slow[q].Players[i])
			}
		}
	}
	for q, m := range masks {
		hands, dead := maskHands(r.Hands, m)
		ref, err := ComputeUnknown(context.Background(), UnknownRequest{Game: r.Game, Hands: hands, Dead: dead, Trials: 100_000, Seed: 77})
		if err != nil {
			t.Fatal(err)
		}
		if len(got[q].Players) != len(hands) || got[q].Boards != got[0].Boards || got[q].Dead != dead.String() {
			t.Fatalf("mask %b: %+v", m, got[q])
		}
		for i, p := range got[q].Players {
			if p.Stderr > 0.005 || p.Hand != hands[i].String() {
				t.Errorf("mask %b player %d: %+v", m, i, p)
			}
			if se := math.Hypot(p.Stderr, ref.Players[i].Stderr); math.Abs(p.Equity-ref.Players[i].Equity) > 4*se {
				t.Errorf("mask %b player %d: %.4f, ComputeUnknown %.4f (4 SE %.4f)", m, i, p.Equity, ref.Players[i].Equity, 4*se)
			}
		}
	}
	for _, bad := range [][]uint16{nil, {0b1}, {0b100000}} {
		if _, err := ComputeUnknownMasks(context.Background(), r, bad); err == nil {
			t.Errorf("masks %v: no error", bad)
		}
	}
}
