package equity

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// ComputeUnknownMasks answers several questions of one street at once:
// r's hands are every player of the street (unknown ones empty), and
// masks[q] is the set of them (bits over r.Hands) that question q is
// among, the others of r's known hands being dead for it (their cards are
// out of the deck either way). Every trial draws every unknown hand and
// the board once, evaluates each hand once and settles each question
// among its own players: a snapshot and the decisions of its street after
// some players folded share one computation, where separate runs would
// each pay for the draws and the evaluation. Drawing a hand for a player
// who is not in a question leaves that question's deal uniform over the
// unseen cards, so each result is a Monte Carlo estimate of its question,
// exactly like ComputeUnknown's.
//
// It runs in steps of StepTrials trials like ComputeUnknownSteps (looking
// every LookTrials from the second step on), on the calling goroutine,
// until every player of every question is within r.TargetStderr (or
// r.Trials). With one or two board cards to come and r.Trials enough for
// two rounds, it runs stratified instead (see strata): whole rounds of
// one trial a completion of the board, round k the stream (Seed, k),
// looking at the end of a round, each standard error the stratified
// mean's. Result q has the players of masks[q] in order; every result
// has the same Boards and Seed. Each mask must hold two players or more,
// one of them known.
func ComputeUnknownMasks(ctx context.Context, r UnknownRequest, masks []uint16) ([]Result, error) {
	return computeUnknownMasks(ctx, r, masks, true, true)
}

// computeUnknownMasks is ComputeUnknownMasks; byPairs evaluates the
// hands through the table of highs by board (boardPairRows), else through
// the multiset rows as the range engine does: the same values, so the
// same results.
// With stratify a run with one or two board cards to come is stratified
// by its completions (see strata), else every run draws its boards at
// random.
func computeUnknownMasks(ctx context.Context, r UnknownRequest, masks []uint16, byPairs, stratify bool) ([]Result, error) {
	start := time.Now()
	if err := r.validate(); err != nil {
		return nil, err
	}
	if len(masks) == 0 || len(masks) > 64 {
		return nil, fmt.Errorf("equity: want 1 to 64 masks, got %d", len(masks))
	}
	full := uint16(1)<<len(r.Hands) - 1
	for _, m := range masks {
		if m&^full != 0 || bits.OnesCount16(m) < 2 {
			return nil, fmt.Errorf("equity: mask %b: want two or more of the %d hands", m, len(r.Hands))
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	trials := int64(r.Trials)
	if trials == 0 {
		trials = DefaultTrials
	}
	s, unknown := newUnknownSetup(r)
	e := &rangeState{s: s}
	e.seatKnown()
	accs := make([]accum, len(masks))
	var stderrs [][]float64 // the stratified run's; nil for a run in steps
	var t *strata
	if stratify {
		t = e.newStrata(trials, masks)
	}
	var err error
	if t != nil {
		stderrs, err = e.runStrata(ctx, t, r.Seed, trials, r.TargetStderr, unknown, masks, accs)
		strataPool.Put(t)
	} else {
		err = e.runSteps(ctx, r, trials, unknown, masks, accs, byPairs)
	}
	if err != nil {
		return nil, err
	}
	out := make([]Result, len(masks))
	seed := r.Seed
	for q, m := range masks {
		a := &accs[q]
		res := Result{Game: r.Game.String(), Board: r.Board.String(), Mode: MonteCarlo, Boards: a.boards, Seed: &seed}
		nb := float64(a.boards)
		if s.hilo {
			res.NoLow = float64(a.noLow) / nb
		}
		var dead cards.List
		dead = append(dead, r.Dead...)
		j := 0
		for i, h := range r.Hands {
			if m&(1<<i) == 0 {
				dead = append(dead, h...)
				continue
			}
			se := stderrOf(a, j)
			if stderrs != nil {
				se = stderrs[q][j]
			}
			res.Players = append(res.Players, PlayerResult{
				Hand:   h.String(),
				Equity: float64(a.share[j]) / (nb * potUnits),
				HiWin:  float64(a.hiWin[j]) / nb,
				HiTie:  float64(a.hiTie[j]) / nb,
				LoWin:  float64(a.loWin[j]) / nb,
				LoTie:  float64(a.loTie[j]) / nb,
				Scoop:  float64(a.scoop[j]) / nb,
				Stderr: se,
				// A8, from settle's outcome codes.
				Quartered: float64(a.loTie[j]) / nb,
				Outcomes:  outcomes(&a.out[j], a.boards, true),
			})
			j++
		}
		res.Dead = dead.String()
		res.Elapsed = float64(time.Since(start).Nanoseconds()) / 1e6
		out[q] = res
	}
	return out, nil
}

// runSteps runs the trials of r (at most trials) in steps of StepTrials,
// step k the stream (r.Seed, k), looking every LookTrials from the second
// step on when r.TargetStderr is positive.
func (e *rangeState) runSteps(ctx context.Context, r UnknownRequest, trials int64, unknown []int, masks []uint16, accs []accum, byPairs bool) error {
	var done int64
	var st stream
	for step := uint64(0); done < trials; step++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		st.start(r.Seed, step, e.s.rest)
		stepEnd := min(done+StepTrials, trials)
		for done < stepEnd {
			n := lookTrials(done, stepEnd, 2*StepTrials, r.TargetStderr)
			e.unknownMasksChunk(&st, n, unknown, masks, accs, byPairs)
			done += n
			if r.TargetStderr > 0 && done >= 2*StepTrials {
				worst := 0.0
				for q, m := range masks {
					worst = max(worst, maxStderr(&accs[q], bits.OnesCount16(m)))
				}
				if worst <= r.TargetStderr {
					return nil
				}
			}
		}
	}
	return nil
}

// seatKnown seats the known hands of e's setup: their multiset rows, low
// rows and suits.
func (e *rangeState) seatKnown() {
	s := e.s
	for i := 0; i < s.np; i++ {
		if len(s.combos[i]) == 0 {
			continue
		}
		c := &s.combos[i][0]
		e.tri[i] = &s.tri[c.multi]
		e.low[i] = s.lowRows[c.low]
		e.suit[i] = c.suit
	}
}

// unknownMasksChunk runs the next n trials of st, drawn as unknownChunk
// draws them, and settles each trial once per mask into its tallies; the
// known hands are seated (seatKnown). With byPairs every hand's high is the best of its six pairs'
// entries in the board's row of boardPairRows, else its multiset row's
// best over the board's ten triples (the slow way, for the tests).
func (e *rangeState) unknownMasksChunk(st *stream, n int64, unknown []int, masks []uint16, accs []accum, byPairs bool) {
	s := e.s
	rng, deck, nd := &st.rng, &st.deck, st.nd
	draw := func(j int) cards.Card {
		hi, _ := bits.Mul64(rng.Uint64(), uint64(nd-j))
		x := j + int(hi)
		deck[j], deck[x] = deck[x], deck[j]
		return deck[j]
	}
	// With byPairs every hand's high is its six pairs' best in the
	// trial's row of the table of highs by board (boardPairRows).
	var pairsOf [10][6]uint8
	var rows *[numBoardMultisets][eval.NumPairs]eval.HighValue
	if byPairs {
		rows = boardPairRows()
		for i := 0; i < s.np; i++ {
			if h := s.combos[i]; len(h) != 0 {
				pairsOf[i] = h[0].pairs
			}
		}
	}
	var hv, sub [10]eval.HighValue
	var lsub [10]uint8
	// Each mask's trials are counted by their pair of winner sets and
	// settled at the end (mcPairs: the same tallies as settling each).
	pairs := pairsFor(len(masks))
	defer pairsPool.Put(pairs)
	for range n {
		j := 0
		for _, i := range unknown {
			c0, c1, c2, c3 := draw(j), draw(j+1), draw(j+2), draw(j+3)
			j += 4
			var suit [4]uint16
			suit[c0.Suit()] |= 1 << c0.Rank()
			suit[c1.Suit()] |= 1 << c1.Rank()
			suit[c2.Suit()] |= 1 << c2.Rank()
			suit[c3.Suit()] |= 1 << c3.Rank()
			if byPairs {
				pairsOf[i] = handPairs(c0.Rank(), c1.Rank(), c2.Rank(), c3.Rank())
			} else {
				e.tri[i] = &s.tri[multisetIndex([4]cards.Rank{c0.Rank(), c1.Rank(), c2.Rank(), c3.Rank()})]
			}
			e.low[i] = s.lowRows[cardLow[c0]|cardLow[c1]|cardLow[c2]|cardLow[c3]]
			e.suit[i] = suit
		}
		b := s.known
		for range s.k {
			b.add(draw(j))
			j++
		}
		// Every hand's high and low on the board, once.
		su := flushSuit(b.count)
		var lane uint16
		if su >= 0 {
			lane = uint16(b.lanes>>(16*uint(su))) & 0x1FFF
		}
		var row *[eval.NumPairs]eval.HighValue
		var tri [10]uint16
		if byPairs {
			row = &rows[boardMultisetIndex(&b.ranks)]
		} else {
			tri = b.triples(s.triples)
		}
		for i := 0; i < s.np; i++ {
			var best eval.HighValue
			if byPairs {
				best = highOfPairs(row, &pairsOf[i])
			} else {
				p := e.tri[i]
				best = p[tri[0]]
				for _, q := range tri[1:] {
					best = max(best, p[q])
				}
			}
			if su >= 0 && bits.OnesCount16(e.suit[i][su]) >= 2 {
				best = max(best, eval.FlushHigh(e.suit[i][su], lane))
			}
			hv[i] = best
			e.lv[i] = e.low[i][b.low]
		}
		for q, m := range masks {
			k := 0
			for x := m; x != 0; x &= x - 1 {
				i := bits.TrailingZeros16(x)
				sub[k], lsub[k] = hv[i], e.lv[i]
				k++
			}
			var lo uint16
			if s.hilo {
				lo = lowWinners(lsub[:k])
			}
			(*pairs)[q].addTo(uint32(winners(sub[:k]))|uint32(lo)<<16, 1, &accs[q], k, s.hilo)
		}
	}
	for q, m := range masks {
		(*pairs)[q].settleInto(&accs[q], bits.OnesCount16(m), s.hilo)
	}
}

// pairsPool recycles the per-question pair tables of unknownMasksChunk
// and strataRound (13 KB each), handed out empty: each call drains its
// tables before it puts them back.
var pairsPool = sync.Pool{New: func() any { return new([]mcPairs) }}

// pairsFor returns n empty pair tables from the pool.
func pairsFor(n int) *[]mcPairs {
	p := pairsPool.Get().(*[]mcPairs)
	if cap(*p) < n {
		*p = make([]mcPairs, n)
	}
	*p = (*p)[:n]
	return p
}

// LookTrials is how often, from the second step on, a run with a target
// standard error looks at it: every quarter of a step. A step's trials
// are one stream whether the run looks inside it or not, so a run stops
// within LookTrials of the trials its target needs (with whole steps it
// ran half a step too many on average: the hero session's snapshots ran
// 5% more trials) and a run to a fixed number of trials is the same
// sample as before.
const LookTrials = StepTrials / 4

// lookTrials is how many trials to run before the next look, done of a
// step that ends at stepEnd, the first look at first trials: the rest of
// the step before it, or without a target.
func lookTrials(done, stepEnd, first int64, target float64) int64 {
	if target <= 0 || done < first {
		return stepEnd - done
	}
	return min(LookTrials, stepEnd-done)
}

// stream is one step's draws: its PCG stream (seed, step) and the deck its
// partial Fisher-Yates shuffles, kept from one look to the next.
type stream struct {
	rng  rand.PCG
	deck [cards.NumCards]cards.Card
	nd   int
}

// start begins step's stream over the cards rest.
func (st *stream) start(seed, step uint64, rest cards.List) {
	st.rng.Seed(seed, step)
	st.nd = copy(st.deck[:], rest)
}

// pairRows are eval's pair-triple rows by pair of ranks (166 KB), from
// which boardPairRows is made, and the pair index of two ranks.
var pairRows = func() (t struct {
	idx  [13][13]uint8
	rows [eval.NumPairs]*[eval.NumTriples]eval.HighValue
}) {
	for a := range cards.Rank(13) {
		for b := range cards.Rank(13) {
			t.idx[a][b] = uint8(eval.PairIndex(a, b))
		}
	}
	for p := range eval.NumPairs {
		t.rows[p] = (*[eval.NumTriples]eval.HighValue)(eval.PairTripleRow(p))
	}
	return t
}()
