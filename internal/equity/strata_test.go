package equity

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// exactAgainstOne is the exact equity of r's players (one unknown hand,
// one or two board cards to come): the mean of ExactUnknown over every
// completion, each the board of as many deals.
func exactAgainstOne(t *testing.T, r UnknownRequest) []float64 {
	t.Helper()
	removed := cards.CardSet(0)
	for _, h := range r.Hands {
		for _, c := range h {
			removed = removed.Add(c)
		}
	}
	for _, c := range append(append(cards.List(nil), r.Board...), r.Dead...) {
		removed = removed.Add(c)
	}
	rest := (cards.FullDeck &^ removed).List()
	var boards []cards.List
	for i, c := range rest {
		if len(r.Board) == 4 {
			boards = append(boards, append(append(cards.List(nil), r.Board...), c))
			continue
		}
		for _, d := range rest[i+1:] {
			boards = append(boards, append(append(cards.List(nil), r.Board...), c, d))
		}
	}
	eq := make([]float64, len(r.Hands))
	for _, b := range boards {
		x := r
		x.Board = b
		res, ok, err := ExactUnknown(context.Background(), x)
		if !ok || err != nil {
			t.Fatalf("board %v: not exact (%v)", b, err)
		}
		for i, p := range res.Players {
			eq[i] += p.Equity / float64(len(boards))
		}
	}
	return eq
}

// TestStrata: a run with one or two board cards to come is stratified by
// its completions. It runs whole rounds of one trial a completion (990
// on a heads-up flop, 44 on its turn), stops at the first look within
// the target (one look fewer misses it), is the same sample as a run of
// as many trials without the target, gives the same numbers for the same
// request, and agrees with the exact equity within 4 of its standard
// errors.
func TestStrata(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		board  string
		strata int64
	}{{"Jd5cKc", 990}, {"Jd5cKc4h", 44}} {
		r := UnknownRequest{Game: eval.OmahaHiLo, Hands: []cards.List{cards.MustParse("As2s3dQd"), nil}, Board: cards.MustParse(c.board), Trials: 100_000, TargetStderr: 0.005, Seed: 42}
		a, err := ComputeUnknownSteps(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := ComputeUnknownSteps(context.Background(), r)
		if b.Elapsed = a.Elapsed; !reflect.DeepEqual(a, b) {
			t.Errorf("%s: not reproducible: %+v %+v", c.board, a, b)
		}
		minRounds := max(2, (2*StepTrials+c.strata/2)/c.strata)
		look := max(1, LookTrials/c.strata)
		if a.Boards%c.strata != 0 || a.Boards < minRounds*c.strata || (a.Boards/c.strata-minRounds)%look != 0 {
			t.Errorf("%s: %d trials, want whole rounds of %d from %d rounds on, every %d", c.board, a.Boards, c.strata, minRounds, look)
		}
		if maxStderrOf(a) > 0.005 || maxStderrOf(a) == 0 {
			t.Errorf("%s: stderr %v", c.board, maxStderrOf(a))
		}
		fixed := r
		fixed.Trials, fixed.TargetStderr = int(a.Boards), 0
		f, _ := ComputeUnknownSteps(context.Background(), fixed)
		if f.Elapsed = a.Elapsed; !reflect.DeepEqual(a, f) {
			t.Errorf("%s: stopped at the target %+v, as many trials without it %+v", c.board, a, f)
		}
		if a.Boards > minRounds*c.strata {
			short := r
			short.Trials, short.TargetStderr = int(a.Boards-look*c.strata), 0
			if s, _ := ComputeUnknownSteps(context.Background(), short); maxStderrOf(s) <= 0.005 {
				t.Errorf("%s: stopped at %d trials, %d already within the target", c.board, a.Boards, s.Boards)
			}
		}
		exact := exactAgainstOne(t, r)
		for i, p := range a.Players {
			if math.Abs(p.Equity-exact[i]) > 4*p.Stderr {
				t.Errorf("%s player %d: %.4f, exact %.4f (4 SE %.4f)", c.board, i, p.Equity, exact[i], 4*p.Stderr)
			}
		}
	}
}

// TestStrataStderrHonest: over 60 seeds, the stratified runs' errors
// against the exact equity, each over its own standard error, have the
// spread of a standard normal (mean square near 1, and as many within 2
// as a normal puts there, with the room 60 draws need), on a flop and a
// turn, heads-up and with a dead card, in both games; and a plain run (not stratified)
// of as many trials has a larger standard error, as the board's share of
// the variance is gone.
func TestStrataStderrHonest(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game              eval.Game
		hand, board, dead string
	}{
		{eval.OmahaHiLo, "Ah2h7c8c", "Qh9h3s", ""},
		{eval.OmahaHiLo, "KsKdJc4d", "Ts5c2d6h", "Ad"},
		{eval.OmahaHi, "JhTh9c8c", "Qh7h2s", ""},
	} {
		r := UnknownRequest{Game: c.game, Hands: []cards.List{cards.MustParse(c.hand), nil}, Board: cards.MustParse(c.board), Dead: cards.MustParse(c.dead), Trials: 100_000, TargetStderr: 0.01}
		exact := exactAgainstOne(t, r)[0]
		const seeds = 60
		var sq float64
		within := 0
		for seed := range uint64(seeds) {
			r.Seed = seed
			res, err := ComputeUnknownSteps(context.Background(), r)
			if err != nil {
				t.Fatal(err)
			}
			p := res.Players[0]
			z := (p.Equity - exact) / p.Stderr
			sq += z * z / seeds
			if math.Abs(z) < 2 {
				within++
			}
			if seed == 0 {
				masks := []uint16{3}
				plain, _ := computeUnknownMasks(context.Background(), UnknownRequest{Game: r.Game, Hands: r.Hands, Board: r.Board, Dead: r.Dead, Trials: int(res.Boards), Seed: 1}, masks, true, false)
				if plain[0].Players[0].Stderr <= p.Stderr {
					t.Errorf("%s: plain Monte Carlo of %d trials has stderr %.5f, stratified %.5f", c.board, res.Boards, plain[0].Players[0].Stderr, p.Stderr)
				}
			}
		}
		// A normal puts 95.4% within 2; 60 draws fall below 51 with
		// probability under 0.3%. The mean square of 60 has a standard
		// deviation of 0.18.
		t.Logf("%s: %d within, sq %.2f", c.board, within, sq)
		if within < 51 || sq < 0.5 || sq > 1.6 {
			t.Errorf("%s: %d of %d within 2 standard errors of the exact %.4f, mean square %.2f", c.board, within, seeds, exact, sq)
		}
	}
}

// TestStrataMasks: the questions of one stratified run (a snapshot of
// three and the heads-up decisions after a fold) each agree with plain
// Monte Carlo on their own question within 4 standard errors; a question
// among known hands alone is exact.
func TestStrataMasks(t *testing.T) {
	t.Parallel()
	hero, villain := cards.MustParse("As2s3dKd"), cards.MustParse("QhQcJh9c")
	r := UnknownRequest{Game: eval.OmahaHiLo, Hands: []cards.List{hero, nil, villain}, Board: cards.MustParse("Jd5cKc"), Trials: 100_000, TargetStderr: 0.005, Seed: 9}
	masks := []uint16{0b111, 0b011, 0b101}
	got, err := ComputeUnknownMasks(context.Background(), r, masks)
	if err != nil {
		t.Fatal(err)
	}
	for q, m := range masks {
		hands, dead := maskHands(r.Hands, m)
		if got[q].Boards%820 != 0 {
			t.Errorf("mask %b: %d trials, not whole rounds of 820", m, got[q].Boards)
		}
		if len(hands) == 2 && hands[1] != nil {
			// Both known: every round deals each completion once, so
			// the run is the exhaustive enumeration, to the last bit of
			// a float.
			ref, err := Compute(context.Background(), Request{Game: r.Game, Hands: hands, Board: r.Board, Dead: dead, Mode: Exhaustive})
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range got[q].Players {
				if math.Abs(p.Equity-ref.Players[i].Equity) > 1e-9 || p.Stderr != 0 {
					t.Errorf("mask %b player %d: %v (stderr %v), exact %v", m, i, p.Equity, p.Stderr, ref.Players[i].Equity)
				}
			}
			continue
		}
		ref, err := ComputeUnknown(context.Background(), UnknownRequest{Game: r.Game, Hands: hands, Board: r.Board, Dead: dead, Trials: 200_000, Seed: 77})
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range got[q].Players {
			if p.Stderr > 0.005 || p.Stderr == 0 {
				t.Errorf("mask %b player %d: stderr %v", m, i, p.Stderr)
			}
			if se := math.Hypot(p.Stderr, ref.Players[i].Stderr); math.Abs(p.Equity-ref.Players[i].Equity) > 4*se {
				t.Errorf("mask %b player %d: %.4f, ComputeUnknown %.4f (4 SE %.4f)", m, i, p.Equity, ref.Players[i].Equity, 4*se)
			}
		}
	}
}

// TestStrataTightDeck: with the deck holding just the cards the unknown
// hand and the board need (nine known hands, seven dead cards), every
// stratum's unknown hand is the four cards left beside its completion:
// the run ends, each round is every deal once, and the standard error is
// zero.
func TestStrataTightDeck(t *testing.T) {
	t.Parallel()
	deck := cards.FullDeck.List()
	var hands []cards.List
	for i := range 9 {
		hands = append(hands, deck[4*i:4*i+4])
	}
	hands = append(hands, nil)
	r := UnknownRequest{Game: eval.OmahaHiLo, Hands: hands, Board: deck[36:39], Dead: deck[39:46], Trials: 10_000, TargetStderr: 0.005, Seed: 3}
	res, err := ComputeUnknownSteps(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	// Six cards left: C(6, 2) = 15 completions.
	if res.Boards%15 != 0 || res.Boards == 0 || maxStderrOf(res) != 0 {
		t.Fatalf("%d trials, stderr %v", res.Boards, maxStderrOf(res))
	}
}

// BenchmarkAgainstUnknown: the analysis's question of a known hand against
// random ones (ComputeUnknownSteps to the analysis's target of 0.005),
// before the flop (plain Monte Carlo), on the flop and on the turn, each
// against one and three unknown hands, stratified (as the analysis runs
// it) and plain (every board at random): the time of an answer, and its
// trials.
func BenchmarkAgainstUnknown(b *testing.B) {
	for _, board := range []string{"", "Qh9h2s", "Qh9h2s3d"} {
		for _, unknown := range []int{1, 3} {
			hands := []cards.List{cards.MustParse("AhKh7c8c")}
			for range unknown {
				hands = append(hands, nil)
			}
			r := UnknownRequest{Game: eval.OmahaHiLo, Hands: hands, Board: cards.MustParse(board), Trials: 100_000, TargetStderr: 0.005, Seed: 5}
			for _, stratify := range []bool{true, false} {
				if board == "" && !stratify {
					continue
				}
				name := fmt.Sprintf("board=%q/unknown=%d/stratified=%v", board, unknown, stratify)
				b.Run(name, func(b *testing.B) {
					var trials int64
					for b.Loop() {
						res, err := computeUnknownMasks(context.Background(), r, []uint16{1<<len(hands) - 1}, true, stratify)
						if err != nil {
							b.Fatal(err)
						}
						trials += res[0].Boards
					}
					b.ReportMetric(float64(trials)/float64(b.N), "trials/op")
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(trials), "ns/trial")
				})
			}
		}
	}
}
