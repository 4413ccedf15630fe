package equity

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"time"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/ranges"
)

// Equity against unknown hands (ANALYSIS.md A3): some players' hole cards
// are not known, and on every trial each unknown hand is drawn at random
// from the cards nobody is known to hold, together with the board
// completion. One partial Fisher-Yates over the deck (without the board,
// the dead cards and the known hands) draws the unknown hands first, four
// cards each, then the missing board cards: every deal of the unseen cards
// is equally likely. Known players are seated once per chunk, unknown ones
// per trial through the range engine's shared tables (rcombo, multiTri),
// and every board is settled by the range engine's settleBoard: the same
// evaluation and tallies as every other mode. It is always Monte Carlo;
// use Compute when every hand is known (exact).

// unknownChunk is the number of trials of one chunk (one PCG stream) of
// ComputeUnknown: small, so that a round of a few thousand trials is
// still spread over every core.
const unknownChunkSize = 2048

// UnknownRequest is an equity question where some hands are unknown.
type UnknownRequest struct {
	Game eval.Game
	// Hands are 2 to 10 hands: 4 cards for a known hand, empty for an
	// unknown one (drawn at random on every trial).
	Hands []cards.List
	Board cards.List // 0 to 5 cards
	Dead  cards.List
	// Trials is the most trials run (0 means DefaultTrials; at most
	// MaxTrials).
	Trials int
	// TargetStderr, when positive, stops the run early: trials run in
	// rounds of whole chunks (unknownChunkSize), and after each round the run stops
	// once every player's standard error is at most TargetStderr. Rounds
	// have fixed sizes, so the result depends only on the request (never
	// on GOMAXPROCS).
	TargetStderr float64
	// Seed fixes the stream of draws.
	Seed uint64
	// OneCore runs the trials in the calling goroutine alone (see
	// Request.OneCore); the result is the same.
	OneCore bool
}

// validate checks r like Request.Validate, empty hands allowed; the error
// is a *fault.Error naming the field.
func (r UnknownRequest) validate() error {
	if r.Game != eval.OmahaHi && r.Game != eval.OmahaHiLo {
		return fault.Field(fault.Invalid, "game", "unknown game %v", r.Game)
	}
	if len(r.Hands) < 2 || len(r.Hands) > 10 {
		return fault.Field(fault.Invalid, "hands", "want 2 to 10 hands, got %d", len(r.Hands))
	}
	if r.Trials < 0 || r.Trials > MaxTrials {
		return fault.Field(fault.Invalid, "trials", "want 0 (DefaultTrials) or 1 to %d trials, got %d", MaxTrials, r.Trials)
	}
	if len(r.Board) > 5 {
		return fault.Field(fault.Invalid, "board", "at most 5 board cards, got %d (%s)", len(r.Board), r.Board)
	}
	var used cards.CardSet
	check := func(field string, l cards.List) error {
		for _, c := range l {
			if !c.Valid() {
				return fault.Field(fault.Invalid, field, "invalid card value %d", uint8(c))
			}
			if used.Has(c) {
				return fault.Field(fault.Impossible, field, "duplicate card %s", c)
			}
			used = used.Add(c)
		}
		return nil
	}
	n := 0
	for i, h := range r.Hands {
		f := fmt.Sprintf("hands[%d]", i)
		if len(h) != 0 && len(h) != 4 {
			return fault.Field(fault.Invalid, f, "want 4 cards or none, got %d (%s)", len(h), h)
		}
		if err := check(f, h); err != nil {
			return err
		}
		n += 4
	}
	if err := check("board", r.Board); err != nil {
		return err
	}
	if err := check("dead", r.Dead); err != nil {
		return err
	}
	if left := cards.NumCards - n - len(r.Board) - len(r.Dead); left < 5-len(r.Board) {
		return fault.Field(fault.Impossible, "dead", "%d cards in use leave %d in the deck, the board needs %d more", n+len(r.Board)+len(r.Dead), left, 5-len(r.Board))
	}
	return nil
}

// ComputeUnknown answers r by Monte Carlo (see UnknownRequest). The result
// is a Result in mode montecarlo whose unknown players have an empty Hand;
// Boards is the number of trials run and Seed the seed. It validates r (a
// *fault.Error on bad input), uses all GOMAXPROCS cores for rounds of
// two chunks or more, and returns ctx.Err() soon after ctx is done.
// It is safe for concurrent use.
func ComputeUnknown(ctx context.Context, r UnknownRequest) (Result, error) {
	start := time.Now()
	if err := r.validate(); err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	trials := int64(r.Trials)
	if trials == 0 {
		trials = DefaultTrials
	}
	s := &rangeSetup{hilo: r.Game.HasLow(), np: len(r.Hands), k: 5 - len(r.Board),
		tri: multiTriTable(), triples: eval.TripleTable()}
	for m := range s.lowRows {
		s.lowRows[m] = eval.LowRow(uint8(m))
	}
	removed := cards.CardSet(0)
	s.combos = make([][]rcombo, s.np)
	var unknown []int
	for i, h := range r.Hands {
		if len(h) == 0 {
			unknown = append(unknown, i)
			continue
		}
		s.combos[i] = []rcombo{prepCombo(ranges.Combo{h[0], h[1], h[2], h[3]})}
		removed |= s.combos[i][0].set
	}
	for _, c := range r.Board {
		s.known.add(c)
		removed = removed.Add(c)
	}
	for _, c := range r.Dead {
		removed = removed.Add(c)
	}
	s.rest = (cards.FullDeck &^ removed).List()

	total := &accum{}
	var done int64
	for done < trials {
		// One chunk first, then rounds doubling what was run (whole chunks),
		// so a precise estimate stops early and an imprecise one reaches
		// Trials in a few rounds.
		round := max(done, 4*unknownChunkSize)
		if r.TargetStderr <= 0 {
			round = trials
		}
		round = min(round, trials-done)
		first := done / unknownChunkSize
		chunks := int((round + unknownChunkSize - 1) / unknownChunkSize)
		end := done + round
		acc, err := s.parallel(ctx, chunks, r.OneCore || round < 2*unknownChunkSize, func(e *rangeState, c int) {
			from := (first + int64(c)) * unknownChunkSize
			n := min(int64(unknownChunkSize), end-from)
			e.unknownChunk(r.Seed, uint64(first)+uint64(c), n, unknown)
		})
		if err != nil {
			return Result{}, err
		}
		total.add(acc)
		done = end
		if r.TargetStderr > 0 && maxStderr(total, s.np) <= r.TargetStderr {
			break
		}
	}
	res := Result{Game: r.Game.String(), Board: r.Board.String(), Dead: r.Dead.String(), Mode: MonteCarlo, Boards: total.boards}
	nb := float64(total.boards)
	if s.hilo {
		res.NoLow = float64(total.noLow) / nb
	}
	for i, h := range r.Hands {
		p := PlayerResult{
			Hand:   h.String(),
			Equity: float64(total.share[i]) / (nb * potUnits),
			HiWin:  float64(total.hiWin[i]) / nb,
			HiTie:  float64(total.hiTie[i]) / nb,
			LoWin:  float64(total.loWin[i]) / nb,
			LoTie:  float64(total.loTie[i]) / nb,
			Scoop:  float64(total.scoop[i]) / nb,
			Stderr: stderrOf(total, i),
		}
		res.Players = append(res.Players, p)
	}
	seed := r.Seed
	res.Seed = &seed
	res.Elapsed = float64(time.Since(start).Nanoseconds()) / 1e6
	return res, nil
}

// stderrOf is the standard error of player i's equity in a.
func stderrOf(a *accum, i int) float64 {
	nb := float64(a.boards)
	if a.boards < 2 {
		return 0
	}
	mean := float64(a.share[i]) / (nb * potUnits)
	ex2 := float64(a.sq[i]) / (nb * potUnits * potUnits)
	v := (ex2 - mean*mean) * nb / (nb - 1)
	if v <= 0 {
		return 0
	}
	return math.Sqrt(v / nb)
}

// maxStderr is the largest standard error of the np players in a.
func maxStderr(a *accum, np int) float64 {
	var m float64
	for i := range np {
		m = max(m, stderrOf(a, i))
	}
	return m
}

// unknownChunk runs n trials of stream (seed, chunk): the unknown players'
// hands, then the board, drawn from the deck by one partial Fisher-Yates.
func (e *rangeState) unknownChunk(seed, chunk uint64, n int64, unknown []int) {
	s := e.s
	var rng rand.PCG
	rng.Seed(seed, chunk)
	var deck [cards.NumCards]cards.Card
	nd := copy(deck[:], s.rest)
	// Seat the known players once.
	var knownSuits [4]uint16
	for i := 0; i < s.np; i++ {
		if len(s.combos[i]) == 0 {
			continue
		}
		c := &s.combos[i][0]
		e.tri[i] = &s.tri[c.multi]
		e.low[i] = s.lowRows[c.low]
		e.suit[i] = c.suit
		for m := c.two; m != 0; m &= m - 1 {
			knownSuits[bits.TrailingZeros8(m)] |= 1 << i
		}
	}
	draw := func(j int) cards.Card {
		hi, _ := bits.Mul64(rng.Uint64(), uint64(nd-j))
		x := j + int(hi)
		deck[j], deck[x] = deck[x], deck[j]
		return deck[j]
	}
	for t := int64(0); t < n; t++ {
		e.suitPlayers = knownSuits
		j := 0
		for _, i := range unknown {
			c0, c1, c2, c3 := draw(j), draw(j+1), draw(j+2), draw(j+3)
			j += 4
			e.seatCards(i, c0, c1, c2, c3)
		}
		b := s.known
		for range s.k {
			b.add(draw(j))
			j++
		}
		e.settleBoard(&b, true)
	}
}
