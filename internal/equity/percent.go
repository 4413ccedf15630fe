package equity

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"
	"time"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/ranges"
)

// Equity against percent ranges: known hands against players who each
// hold the top P% of hands by Scoop's ranking (package ranges), the
// question ANALYSIS.md A10 asks at every decision that faces a bet. It is
// ComputeRanges' answer for ranges "P%" (the same distribution: every
// compatible combination of hands equally likely, and within it every
// completion), made cheap enough to ask per decision:
//
//   - A "P%" range is a prefix of one order of every hand (the ranking
//     orders classes; see the ranges package doc), so one table per game
//     of all NumHands hands, prepared for evaluation and sorted by rank,
//     serves every P: it is built once per process (percentTableOf) and
//     nothing is expanded or prepared per question.
//   - A ranged player's hand is drawn uniformly from his prefix and
//     redrawn while it holds a known card (uniform over his range without
//     the known cards); a draw whose hands share a card is redrawn whole
//     (rejection, as the range engine does). A range of which few hands
//     avoid the known cards (under 1/8) is listed once instead.
//   - Monte Carlo runs in steps of StepTrials trials, each step its own
//     PCG stream (Seed, step), in the calling goroutine, and stops at the
//     first look (every LookTrials from the end of the second step, or
//     from FirstLook) where every player is within TargetStderr: the result depends only on the request, never on
//     GOMAXPROCS.
//   - On a complete board with one ranged player, every hand of his range
//     is counted instead (exact) when that costs less (percentExactPer).
//   - The draws of hands are bounded (MaxDraws): ranges that collide so
//     often that the bound is reached before MinTrials trials give
//     ErrNoDeal rather than holding the core.

// PercentRequest is an equity question of known hands against players
// holding percent ranges.
type PercentRequest struct {
	Game eval.Game
	// Hands are 2 to 10 players: 4 cards for a known hand, empty for a
	// player holding the range Percents[i].
	Hands []cards.List
	// Percents[i] is the range "P%" of player i when Hands[i] is empty,
	// 1 to 100; it is ignored for a known hand. len(Percents) is
	// len(Hands).
	Percents []int
	Board    cards.List // 0 to 5 cards
	Dead     cards.List
	// Trials is the most Monte Carlo trials (0 means DefaultTrials; at
	// most MaxTrials).
	Trials int
	// TargetStderr, when positive, stops the run at the first look (every
	// LookTrials from the end of the second step) at which every player's
	// standard error is at most it.
	TargetStderr float64
	// FirstLook, when positive, moves the first look to the end of the
	// step where FirstLook trials have run (0 means two steps: 2,048
	// trials). A standard error looked at after a whole step of 1,024
	// trials is itself within a few percent.
	FirstLook int
	// Seed fixes the streams of draws.
	Seed uint64
	// MaxDraws bounds the draws of a combination of hands (accepted or
	// rejected) over the run; 0 means 50 per trial. MinTrials is the
	// fewest trials an answer needs when the bound cuts the run short
	// (0 means one step).
	MaxDraws  int64
	MinTrials int
}

// PercentResult is a Result whose ranged players' Hand is their range
// ("15%"), with the hands each range holds without the known cards.
type PercentResult struct {
	Result
	// Combos[i] is the number of hands of player i's range that share no
	// card with the board, the dead cards and the known hands (1 for a
	// known hand).
	Combos []int `json:"combos"`
}

// ErrNoDeal is returned by ComputePercent when the ranges cannot be dealt
// together: a range holds no hand without the known cards, or the hands
// drawn collide so often that MaxDraws is reached before MinTrials
// trials. It is a *fault.Error of kind Impossible.
var ErrNoDeal error = &fault.Error{Kind: fault.Impossible, Field: "hands", Action: -1,
	Message: "the ranges cannot be dealt together within the bound on draws"}

// percentExactPer is what one trial of Monte Carlo costs against one
// hand settled in the exact count of a complete board (a trial also
// draws the hands and the board cards): 1.7 to 2 as measured on the
// river against a 15% range (1.2 ms for 16,371 hands counted, 0.65 ms
// for 5,000 trials, one core).
const percentExactPer = 2

// percentTable is every hand of one game, best class first, as card
// sets: sets[:end[p]] is the range "p%". A drawn hand is prepared from its
// set (pcomboOf, a few instructions) rather than read prepared from a
// bigger table: a random read of 6.5 MB misses the cache where one of
// 2.2 MB mostly does not.
type percentTable struct {
	sets []cards.CardSet
	end  [101]int32
}

// pcombo is one hand prepared for evaluation: its suits' rank masks, its
// six rank pairs' indices (its high on a board is their best in the
// board's row of boardPairRows) and its low-rank mask.
type pcombo struct {
	suit  [4]uint16 // rank mask of each suit
	pairs [6]uint8  // the rank pairs' indices (eval.PairIndex)
	low   uint8     // low-rank mask
}

// pcomboOf prepares the hand of four cards set.
func pcomboOf(set cards.CardSet) pcombo {
	x := uint64(set)
	c0 := cards.Card(bits.TrailingZeros64(x))
	x &= x - 1
	c1 := cards.Card(bits.TrailingZeros64(x))
	x &= x - 1
	c2 := cards.Card(bits.TrailingZeros64(x))
	x &= x - 1
	c3 := cards.Card(bits.TrailingZeros64(x))
	var p pcombo
	p.suit[c0.Suit()] |= 1 << c0.Rank()
	p.suit[c1.Suit()] |= 1 << c1.Rank()
	p.suit[c2.Suit()] |= 1 << c2.Rank()
	p.suit[c3.Suit()] |= 1 << c3.Rank()
	p.low = cardLow[c0] | cardLow[c1] | cardLow[c2] | cardLow[c3]
	p.pairs = handPairs(c0.Rank(), c1.Rank(), c2.Rank(), c3.Rank())
	return p
}

var percentTables [2]struct {
	once sync.Once
	t    *percentTable
}

// percentTableOf returns game g's table, built on first use (2.2 MB per
// game; about 0.1 s).
func percentTableOf(g eval.Game) *percentTable {
	gi := 0
	if g == eval.OmahaHiLo {
		gi = 1
	}
	pt := &percentTables[gi]
	pt.once.Do(func() { pt.t = buildPercentTable(g) })
	return pt.t
}

func buildPercentTable(g eval.Game) *percentTable {
	type ranked struct {
		before int32 // hands ranked strictly above its class
		c      ranges.Combo
	}
	all := make([]ranked, 0, ranges.NumHands)
	for a := cards.NumCards - 1; a >= 3; a-- {
		for b := a - 1; b >= 2; b-- {
			for c := b - 1; c >= 1; c-- {
				for d := c - 1; d >= 0; d-- {
					h := ranges.Combo{cards.Card(a), cards.Card(b), cards.Card(c), cards.Card(d)}
					all = append(all, ranked{int32(math.Round(ranges.Percentile(g, h) * ranges.NumHands)), h})
				}
			}
		}
	}
	// The hands by class, each class's in the order made: a counting
	// sort on before (a stable sort was about 0.5G instructions, a
	// third of a short process's `scoop analyze`).
	at := make([]int32, ranges.NumHands+2)
	for _, r := range all {
		at[r.before+1]++
	}
	for i := 1; i < len(at); i++ {
		at[i] += at[i-1]
	}
	byClass := make([]ranked, len(all))
	for _, r := range all {
		byClass[at[r.before]] = r
		at[r.before]++
	}
	all = byClass
	t := &percentTable{sets: make([]cards.CardSet, len(all))}
	p := 1
	for i, r := range all {
		// A class is in "p%" when the hands above it are fewer than p% of
		// all hands (ranges' percentile): before*100 < p*NumHands.
		for p <= 100 && int64(r.before)*100 >= int64(p)*ranges.NumHands {
			t.end[p] = int32(i)
			p++
		}
		t.sets[i] = r.c.Set()
	}
	for ; p <= 100; p++ {
		t.end[p] = int32(len(all))
	}
	return t
}

// percentSetup is one question prepared: the known hands, the ranged
// players' prefixes and counts.
type percentSetup struct {
	hilo    bool
	np, k   int
	known   board                                             // the board cards given
	rest    cards.List                                        // the deck without the known cards
	rows    *[numBoardMultisets][eval.NumPairs]eval.HighValue // boardPairRows
	lowRows [256]*[256]uint8
	tab     *percentTable
	removed cards.CardSet // the board, dead cards and known hands
	ranged  []int         // the players holding ranges
	isRange uint16        // the same, as a mask
	size    []int32       // their prefixes' lengths
	list    [][]int32     // for a sparse range, its hands without removed
	count   []int
	seated  percentState
}

// percentState is the hands of one trial and the tallies.
type percentState struct {
	hand [10]pcombo
	hv   [10]eval.HighValue
	lv   [10]uint8
	acc  accum
}

// ComputePercent answers r (see PercentRequest): exact when one ranged
// player faces a complete board and counting his hands is cheaper,
// else Monte Carlo. Errors: a *fault.Error naming the field for bad input
// (the checks of ComputeUnknown, and "percents" for a missing or out of
// range percent), ErrNoDeal, or ctx.Err() when ctx is done (checked
// between steps). Safe for concurrent use.
func ComputePercent(ctx context.Context, r PercentRequest) (PercentResult, error) {
	start := time.Now()
	ur := UnknownRequest{Game: r.Game, Hands: r.Hands, Board: r.Board, Dead: r.Dead, Trials: r.Trials}
	if err := ur.validate(); err != nil {
		return PercentResult{}, err
	}
	if len(r.Percents) != len(r.Hands) {
		return PercentResult{}, fault.Field(fault.Invalid, "percents", "want %d percents (one per hand), got %d", len(r.Hands), len(r.Percents))
	}
	for i, h := range r.Hands {
		if len(h) == 0 && (r.Percents[i] < 1 || r.Percents[i] > 100) {
			return PercentResult{}, fault.Field(fault.Invalid, fmt.Sprintf("percents[%d]", i), "want 1 to 100, got %d", r.Percents[i])
		}
	}
	if err := ctx.Err(); err != nil {
		return PercentResult{}, err
	}
	s := newPercentSetup(r)
	out := PercentResult{Combos: make([]int, len(r.Hands))}
	for i := range out.Combos {
		out.Combos[i] = 1
	}
	for k, i := range s.ranged {
		out.Combos[i] = s.count[k]
		if s.count[k] == 0 {
			return PercentResult{}, ErrNoDeal
		}
	}
	trials := int64(r.Trials)
	if trials == 0 {
		trials = DefaultTrials
	}
	var acc *accum
	mode := MonteCarlo
	if s.k == 0 && len(s.ranged) == 1 && int64(s.count[0]) <= percentExactPer*trials {
		mode = Exhaustive
		acc = s.exact()
	} else {
		var err error
		if acc, err = s.monteCarlo(ctx, r, trials); err != nil {
			return PercentResult{}, err
		}
	}
	base := &setup{req: Request{Game: r.Game, Board: r.Board, Dead: r.Dead, Hands: r.Hands}, hilo: s.hilo}
	out.Result = base.result(acc, mode)
	for _, i := range s.ranged {
		out.Players[i].Hand = fmt.Sprintf("%d%%", r.Percents[i])
	}
	if mode == MonteCarlo {
		seed := r.Seed
		out.Seed = &seed
	}
	out.Elapsed = float64(time.Since(start).Nanoseconds()) / 1e6
	return out, nil
}

func newPercentSetup(r PercentRequest) *percentSetup {
	s := &percentSetup{tab: percentTableOf(r.Game), hilo: r.Game.HasLow(), np: len(r.Hands), k: 5 - len(r.Board),
		rows: boardPairRows()}
	for m := range s.lowRows {
		s.lowRows[m] = eval.LowRow(uint8(m))
	}
	for i, h := range r.Hands {
		if len(h) == 0 {
			s.ranged = append(s.ranged, i)
			s.isRange |= 1 << i
			s.size = append(s.size, s.tab.end[r.Percents[i]])
			continue
		}
		set := cards.CardSet(0).Add(h[0]).Add(h[1]).Add(h[2]).Add(h[3])
		s.removed |= set
		s.seated.hand[i] = pcomboOf(set)
	}
	for _, c := range r.Board {
		s.known.add(c)
		s.removed = s.removed.Add(c)
	}
	for _, c := range r.Dead {
		s.removed = s.removed.Add(c)
	}
	s.rest = (cards.FullDeck &^ s.removed).List()
	// Each range's hands without the known cards: one pass over the
	// longest prefix, counted at each range's end (shortest first).
	s.count = make([]int, len(s.ranged))
	s.list = make([][]int32, len(s.ranged))
	order := make([]int, len(s.ranged))
	for k := range order {
		order[k] = k
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(s.size[a], s.size[b]) })
	rm := s.removed
	n, at := 0, int32(0)
	for _, k := range order {
		for _, set := range s.tab.sets[at:s.size[k]] {
			if set&rm == 0 {
				n++
			}
		}
		at = max(at, s.size[k])
		s.count[k] = n
	}
	for k, sz := range s.size {
		if s.count[k] > 0 && s.count[k]*8 < int(sz) {
			l := make([]int32, 0, s.count[k])
			for x, set := range s.tab.sets[:sz] {
				if set&rm == 0 {
					l = append(l, int32(x))
				}
			}
			s.list[k] = l
		}
	}
	return s
}

// exact settles every hand of the one ranged player's range without the
// known cards on the complete board.
func (s *percentSetup) exact() *accum {
	e := s.seated
	i := s.ranged[0]
	b := s.known
	for _, set := range s.tab.sets[:s.size[0]] {
		if set&s.removed == 0 {
			e.hand[i] = pcomboOf(set)
			s.settle(&e, &b, false)
		}
	}
	return &e.acc
}

// settle evaluates the hands of e on the full board b and adds it to e's
// tallies (with squared shares when squares is set): the range engine's
// settleBoard, with the hands as pcombo values, every high its pairs'
// best in the board's row of boardPairRows.
func (s *percentSetup) settle(e *percentState, b *board, squares bool) {
	row := &s.rows[boardMultisetIndex(&b.ranks)]
	su, lane := b.flush()
	for i := 0; i < s.np; i++ {
		c := &e.hand[i]
		best := highOfPairs(row, &c.pairs)
		if su >= 0 && bits.OnesCount16(c.suit[su]) >= 2 {
			best = max(best, eval.FlushHigh(c.suit[su], lane))
		}
		e.hv[i] = best
		e.lv[i] = s.lowRows[c.low][b.low]
	}
	var lo uint16
	if s.hilo {
		lo = lowWinners(e.lv[:s.np])
	}
	e.acc.settle(s.np, winners(e.hv[:s.np]), lo, 1, s.hilo, squares)
}

// monteCarlo runs r's trials in steps (see the file's comment).
func (s *percentSetup) monteCarlo(ctx context.Context, r PercentRequest, trials int64) (*accum, error) {
	e := s.seated
	budget := r.MaxDraws
	if budget <= 0 {
		budget = satMul(trials, 50)
	}
	minTrials := int64(r.MinTrials)
	if minTrials <= 0 {
		minTrials = StepTrials
	}
	firstLook := int64(2 * StepTrials)
	if r.FirstLook > 0 {
		firstLook = int64(r.FirstLook+StepTrials-1) / StepTrials * StepTrials
	}
	var done int64
	var st stream
	for step := uint64(0); done < trials; step++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		st.start(r.Seed, step, s.rest)
		stepEnd := min(done+StepTrials, trials)
		stop := false
		for done < stepEnd && !stop {
			n := lookTrials(done, stepEnd, firstLook, r.TargetStderr)
			got, ok := s.chunk(&e, &st, n, &budget)
			done += got
			if !ok {
				if done < minTrials {
					return nil, ErrNoDeal
				}
				return &e.acc, nil
			}
			stop = r.TargetStderr > 0 && done >= firstLook && maxStderr(&e.acc, s.np) <= r.TargetStderr
		}
		if stop {
			break
		}
	}
	return &e.acc, nil
}

// chunk runs up to n next trials of st into e's tallies and returns how
// many ran, false when the draws in *budget ran out first.
func (s *percentSetup) chunk(e *percentState, st *stream, n int64, budget *int64) (int64, bool) {
	rng, deck, nd := &st.rng, &st.deck, st.nd
	uniform := func(n int) int {
		hi, _ := bits.Mul64(rng.Uint64(), uint64(n))
		return int(hi)
	}
	var drawn [10]cards.CardSet
	sets, rm := s.tab.sets, s.removed
	for t := int64(0); t < n; t++ {
		// One hand per ranged player, uniform over his range without the
		// known cards, the whole draw again when two share a card.
		var used cards.CardSet
		for {
			if *budget <= 0 {
				return t, false
			}
			*budget--
			used = 0
			ok := true
			for k := range s.ranged {
				var x int
				if l := s.list[k]; l != nil {
					x = int(l[uniform(len(l))])
				} else {
					for x = uniform(int(s.size[k])); sets[x]&rm != 0; x = uniform(int(s.size[k])) {
					}
				}
				if used&sets[x] != 0 {
					ok = false
					break
				}
				used |= sets[x]
				drawn[k] = sets[x]
			}
			if ok {
				break
			}
		}
		for k, i := range s.ranged {
			e.hand[i] = pcomboOf(drawn[k])
		}
		// The board: a partial Fisher-Yates over the deck without the
		// known cards, a card of a drawn hand redrawn.
		b := s.known
		for j := 0; j < s.k; j++ {
			for {
				x := j + uniform(nd-j)
				if used.Has(deck[x]) {
					continue
				}
				deck[j], deck[x] = deck[x], deck[j]
				b.add(deck[j])
				break
			}
		}
		s.settle(e, &b, true)
	}
	return n, true
}

// flush returns the suit of b's flush cards (three or more of a suit on a
// full board), -1 when none, and the rank mask of that suit.
func (b *board) flush() (int, uint16) {
	su := flushSuit(b.count)
	if su < 0 {
		return -1, 0
	}
	return su, uint16(b.lanes>>(16*uint(su))) & 0x1FFF
}

// IsNoDeal reports whether err is ErrNoDeal.
func IsNoDeal(err error) bool { return errors.Is(err, ErrNoDeal) }
