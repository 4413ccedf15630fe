package equity

import (
	"math/big"
	"math/bits"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// TestBoardMultisetIsABijection: every rank 5-tuple, in any order, maps
// to the index of its multiset, and the 6,188 multisets to 0..6187.
func TestBoardMultisetIsABijection(t *testing.T) {
	seen := map[int][5]cards.Rank{}
	var r [5]cards.Rank
	for x := 0; x < 13*13*13*13*13; x++ {
		v := x
		for i := range r {
			r[i] = cards.Rank(v % 13)
			v /= 13
		}
		sorted := r
		sort.Slice(sorted[:], func(i, j int) bool { return sorted[i] < sorted[j] })
		i := boardMultiset(int(r[0]), int(r[1]), int(r[2]), int(r[3]), int(r[4]))
		if i < 0 || i >= numBoardMultisets {
			t.Fatalf("%v: index %d", r, i)
		}
		if prev, ok := seen[i]; ok && prev != sorted {
			t.Fatalf("%v and %v share index %d", prev, sorted, i)
		}
		seen[i] = sorted
	}
	if len(seen) != numBoardMultisets {
		t.Errorf("%d indices, want %d", len(seen), numBoardMultisets)
	}
}

// slowMonteCarlo replays Compute's Monte Carlo draws (the same streams,
// chunks and deck order) and settles every trial with slowSettle: per player the pot units won, the sum of their squares and
// the trials by share.
func slowMonteCarlo(r Request, trials int64) (share, sq []int64, out []map[string]int64) {
	n := len(r.Hands)
	share, sq, out = make([]int64, n), make([]int64, n), make([]map[string]int64, n)
	for i := range out {
		out[i] = map[string]int64{}
	}
	rest := slowDeck(r)
	k := 5 - len(r.Board)
	for c := int64(0); c*mcChunk < trials; c++ {
		var rng rand.PCG
		rng.Seed(r.Seed, uint64(c))
		deck := append(cards.List{}, rest...)
		for t := c * mcChunk; t < min((c+1)*mcChunk, trials); t++ {
			board := append(cards.List{}, r.Board...)
			for j := 0; j < k; j++ {
				hi, _ := bits.Mul64(rng.Uint64(), uint64(len(deck)-j))
				x := j + int(hi)
				deck[j], deck[x] = deck[x], deck[j]
				board = append(board, deck[j])
			}
			units, _ := slowSettle(r.Game, r.Hands, board)
			for i, u := range units {
				share[i] += u
				sq[i] += u * u
				out[i][big.NewRat(u, potUnits).RatString()]++
			}
		}
	}
	return share, sq, out
}

// TestMonteCarloMatchesTrialByTrial: the Monte Carlo engine (a cache per
// rank multiset, flush tables, trials counted by winner pair) gives
// exactly what settling each of its trials with the obvious evaluators
// gives: the equity, its standard error and every outcome's count, with
// the flush tables (20,000 trials and more) and without, preflop, on a
// flop and a turn, in both games, with dead cards.
func TestMonteCarloMatchesTrialByTrial(t *testing.T) {
	cases := []struct {
		game   eval.Game
		hands  []string
		board  string
		dead   string
		trials int64
	}{
		{eval.OmahaHiLo, []string{"As2s3dKd", "QhQcJhTc", "5h5d6c7c", "AcKcJd9s", "2h3hTdTs", "8s8d4c4d"}, "", "", 20_000},
		{eval.OmahaHiLo, []string{"As2s3dKd", "Ah2h5c5d", "QhQcJhTc"}, "", "9c", 4_000},
		{eval.OmahaHi, []string{"AsAhKsKh", "JdTd9c8c", "7c7d6s5s", "QsJs4h4d"}, "", "", 20_000},
		{eval.OmahaHiLo, []string{"As2s3dKd", "Ah2h5c5d", "QhQcJhTc", "9h8d7d6d"}, "4c7h8h", "2d", 5_000},
		{eval.OmahaHi, []string{"AsAhKsKh", "JdTd9c8c"}, "2c3c4h8d", "", 3_000},
	}
	for _, c := range cases {
		in := Input{Game: c.game.String(), Hands: c.hands, Board: c.board, Dead: c.dead, Mode: "montecarlo", Trials: TrialsOf(int(c.trials)), Seed: new(uint64(17))}
		res := mustCompute(t, in)
		r, _ := ParseInput(in) // valid: mustCompute parsed it
		share, sq, out := slowMonteCarlo(r, c.trials)
		nb := float64(c.trials)
		for i, p := range res.Players {
			want := PlayerResult{Equity: float64(share[i]) / (nb * potUnits)}
			if p.Equity != want.Equity {
				t.Errorf("%v %v: player %d equity %v, trial by trial %v", c.hands, c.board, i, p.Equity, want.Equity)
			}
			var a accum
			a.boards, a.share[i], a.sq[i] = c.trials, share[i], sq[i]
			s := &setup{req: Request{Game: c.game, Hands: make([]cards.List, len(c.hands))}}
			if se := s.result(&a, MonteCarlo).Players[i].Stderr; se != p.Stderr {
				t.Errorf("%v %v: player %d stderr %v, trial by trial %v", c.hands, c.board, i, p.Stderr, se)
			}
			got := map[string]int64{}
			for _, o := range p.Outcomes {
				got[o.Share] = o.Boards
			}
			if len(got) != len(out[i]) {
				t.Errorf("%v %v: player %d outcomes %v, trial by trial %v", c.hands, c.board, i, got, out[i])
			}
			for sh, k := range out[i] {
				if got[sh] != k {
					t.Errorf("%v %v: player %d share %s on %d trials, trial by trial %d", c.hands, c.board, i, sh, got[sh], k)
				}
			}
		}
	}
}
