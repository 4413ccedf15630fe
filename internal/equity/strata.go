package equity

import (
	"context"
	"math"
	"math/bits"
	"sync"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// Stratified Monte Carlo over the board to come. On the flop and the turn
// much of a trial's variance is the board's: which turn and river come
// decides a hand's fate as much as which hands the unknown players hold.
// So a run with one or two board cards to come deals the board by strata
// instead of at random: one stratum per completion (990 on a heads-up
// flop, 44 on its turn), and a round of trials is one trial per stratum,
// the unknown hands drawn at random from the cards left beside that
// completion. The completions of a round are each dealt once, as they are
// equally likely (the known cards fixed, every completion is the board of
// as many deals), so the mean of whole rounds is the same estimate as
// plain Monte Carlo's; its variance is only the variance within strata,
// estimated from the rounds (pooled over strata, as the within-stratum
// sum of squares), and the run looks at it only at the end of a round.
// Each stratum's board is evaluated once for every known hand, and its
// flush lane, low mask and row of the table of highs by board
// (boardPairRows) are kept: a trial evaluates the drawn hands alone, in
// six lookups for the high and one for the low.

// maxStrata bounds the strata of a run: a flop completion with the fewest
// known cards (one hand and three board cards: C(45, 2)).
const maxStrata = 990

// strata is a stratified run's completions and what each keeps.
type strata struct {
	n      int
	cards  [][2]cards.Card // each stratum's completion (the second unused when one card comes)
	boards []strataBoard
	// hv and lv are the known hands' high and low on each stratum's
	// board, np a stratum.
	hv []eval.HighValue
	lv []uint8
	// sums[q] holds, for each stratum, the pot units its trials gave each
	// player of question q (one column a player of the mask).
	sums [][]int64
	// minRounds are the rounds before the first look, look the rounds
	// between looks.
	minRounds, look int64
}

// strataPool recycles strata: an analysis asks thousands of questions,
// and a flop's strata are some 100 KB.
var strataPool sync.Pool

// cleared returns s resized to n zero elements, in s's array when it is
// large enough.
func cleared[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// strataBoard is one complete board as a trial's evaluation takes it.
type strataBoard struct {
	b    board
	key  int // its rank multiset's row of boardPairRows
	su   int
	lane uint16
}

// newStrata returns the strata of s's run of at most trials trials, or
// nil when the run is not stratified: more than two board cards to come,
// none, or too few trials for two rounds.
func (e *rangeState) newStrata(trials int64, masks []uint16) *strata {
	s := e.s
	if s.k != 1 && s.k != 2 {
		return nil
	}
	n := len(s.rest)
	if s.k == 2 {
		n = n * (n - 1) / 2
	}
	if n > maxStrata || trials < 2*int64(n) {
		return nil
	}
	t, _ := strataPool.Get().(*strata)
	if t == nil {
		t = &strata{}
	}
	t.n = n
	t.cards = t.cards[:0]
	t.boards = cleared(t.boards, n)
	t.hv, t.lv = cleared(t.hv, n*s.np), cleared(t.lv, n*s.np)
	if cap(t.sums) < len(masks) {
		t.sums = make([][]int64, len(masks))
	}
	t.sums = t.sums[:len(masks)]
	for i, c := range s.rest {
		if s.k == 1 {
			t.cards = append(t.cards, [2]cards.Card{c, c})
			continue
		}
		for _, d := range s.rest[i+1:] {
			t.cards = append(t.cards, [2]cards.Card{c, d})
		}
	}
	for q, m := range masks {
		t.sums[q] = cleared(t.sums[q], n*bits.OnesCount16(m))
	}
	t.minRounds = max(2, (2*StepTrials+int64(n)/2)/int64(n))
	t.look = max(1, LookTrials/int64(n))
	for si, cc := range t.cards {
		sb := &t.boards[si]
		sb.b = s.known
		sb.b.add(cc[0])
		if s.k == 2 {
			sb.b.add(cc[1])
		}
		tri := sb.b.triples(s.triples)
		sb.key = boardMultisetIndex(&sb.b.ranks)
		sb.su = flushSuit(sb.b.count)
		if sb.su >= 0 {
			sb.lane = uint16(sb.b.lanes>>(16*uint(sb.su))) & 0x1FFF
		}
		for i := 0; i < s.np; i++ {
			if len(s.combos[i]) == 0 {
				continue
			}
			t.hv[si*s.np+i] = highOn(e.tri[i], &e.suit[i], &tri, sb)
			t.lv[si*s.np+i] = e.low[i][sb.b.low]
		}
	}
	return t
}

// highOn is the best high of a hand with multiset row p and suit masks
// suit on sb, tri its board's rank triples.
func highOn(p *[eval.NumTriples]eval.HighValue, suit *[4]uint16, tri *[10]uint16, sb *strataBoard) eval.HighValue {
	best := p[tri[0]]
	for _, q := range tri[1:] {
		best = max(best, p[q])
	}
	if sb.su >= 0 && bits.OnesCount16(suit[sb.su]) >= 2 {
		best = max(best, eval.FlushHigh(suit[sb.su], sb.lane))
	}
	return best
}

// runStrata runs whole rounds of t (at most trials trials), round r the
// PCG stream (seed, r), looking at the standard errors from
// t.minRounds on every t.look rounds when target is positive. It returns
// each question's standard errors, player by player.
func (e *rangeState) runStrata(ctx context.Context, t *strata, seed uint64, trials int64, target float64, unknown []int, masks []uint16, accs []accum) ([][]float64, error) {
	rounds := trials / int64(t.n)
	var st stream
	for r := int64(0); r < rounds; r++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		st.start(seed, uint64(r), e.s.rest)
		e.strataRound(t, &st, unknown, masks, accs)
		if done := r + 1; target > 0 && done >= t.minRounds && (done-t.minRounds)%t.look == 0 {
			if worstStrataStderr(t, masks, accs, done) <= target {
				break
			}
		}
	}
	out := make([][]float64, len(masks))
	rounds = accs[0].boards / int64(t.n)
	for q, m := range masks {
		out[q] = make([]float64, bits.OnesCount16(m))
		for j := range out[q] {
			out[q][j] = strataStderr(t, q, j, len(out[q]), &accs[q], rounds)
		}
	}
	return out, nil
}

// worstStrataStderr is the largest standard error of any player of any
// question after rounds rounds.
func worstStrataStderr(t *strata, masks []uint16, accs []accum, rounds int64) float64 {
	var worst float64
	for q, m := range masks {
		np := bits.OnesCount16(m)
		for j := range np {
			worst = max(worst, strataStderr(t, q, j, np, &accs[q], rounds))
		}
	}
	return worst
}

// strataStderr is the standard error of the stratified mean of player j
// (of np) of question q after rounds rounds: the pooled within-stratum
// variance (the sum of squares less each stratum's sum squared over its
// rounds, over the strata's degrees of freedom) over the trials.
func strataStderr(t *strata, q, j, np int, a *accum, rounds int64) float64 {
	if rounds < 2 {
		return 0
	}
	sums := t.sums[q]
	var between float64
	for si := range t.n {
		x := float64(sums[si*np+j])
		between += x * x
	}
	m := float64(rounds)
	within := (float64(a.sq[j]) - between/m) / (potUnits * potUnits)
	if within <= 0 {
		return 0
	}
	v := within / (float64(t.n) * (m - 1))
	return math.Sqrt(v / float64(a.boards))
}

// strataRound runs one round of t on st: every stratum's board once, the
// unknown hands drawn from the cards of st's deck that are not on it.
func (e *rangeState) strataRound(t *strata, st *stream, unknown []int, masks []uint16, accs []accum) {
	s := e.s
	rng, deck, nd := &st.rng, &st.deck, st.nd
	rows := boardPairRows()
	var hv, sub [10]eval.HighValue
	var lv, lsub [10]uint8
	// Each question's trials are counted by their pair of winner sets
	// and settled at the end of the round (mcPairs: the same tallies as
	// settling each); a stratum's share sums are added trial by trial.
	pairs := pairsFor(len(masks))
	defer pairsPool.Put(pairs)
	for si := range t.n {
		a, b := t.cards[si][0], t.cards[si][1]
		sb := &t.boards[si]
		hp := &rows[sb.key]
		// A partial Fisher-Yates over the deck, passing over the
		// stratum's cards: each drawn card is uniform over the cards
		// neither drawn yet nor on the board.
		draw := func(j int) cards.Card {
			for {
				hi, _ := bits.Mul64(rng.Uint64(), uint64(nd-j))
				x := j + int(hi)
				if c := deck[x]; c != a && c != b {
					deck[j], deck[x] = c, deck[j]
					return c
				}
			}
		}
		copy(hv[:s.np], t.hv[si*s.np:])
		copy(lv[:s.np], t.lv[si*s.np:])
		j := 0
		for _, i := range unknown {
			c0, c1, c2, c3 := draw(j), draw(j+1), draw(j+2), draw(j+3)
			j += 4
			pairs := handPairs(c0.Rank(), c1.Rank(), c2.Rank(), c3.Rank())
			best := highOfPairs(hp, &pairs)
			if su := sb.su; su >= 0 {
				var m uint16
				for _, c := range [4]cards.Card{c0, c1, c2, c3} {
					if int(c.Suit()) == su {
						m |= 1 << c.Rank()
					}
				}
				if bits.OnesCount16(m) >= 2 {
					best = max(best, eval.FlushHigh(m, sb.lane))
				}
			}
			hv[i] = best
			lv[i] = s.lowRows[cardLow[c0]|cardLow[c1]|cardLow[c2]|cardLow[c3]][sb.b.low]
		}
		for q, m := range masks {
			k := 0
			for x := m; x != 0; x &= x - 1 {
				i := bits.TrailingZeros16(x)
				sub[k], lsub[k] = hv[i], lv[i]
				k++
			}
			var lo uint16
			if s.hilo {
				lo = lowWinners(lsub[:k])
			}
			hi := winners(sub[:k])
			(*pairs)[q].addTo(uint32(hi)|uint32(lo)<<16, 1, &accs[q], k, s.hilo)
			hiShare, loShare := halfShares(hi, lo)
			sums := t.sums[q][si*k:]
			for x := hi | lo; x != 0; x &= x - 1 {
				p := bits.TrailingZeros16(x)
				if hi&(1<<p) != 0 {
					sums[p] += hiShare
				}
				if lo&(1<<p) != 0 {
					sums[p] += loShare
				}
			}
		}
	}
	for q, m := range masks {
		(*pairs)[q].settleInto(&accs[q], bits.OnesCount16(m), s.hilo)
	}
}
