package equity

import (
	"context"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/ranges"
)

// StepTrials is the size of one step of ComputeUnknownSteps: the trials of
// one PCG stream. The standard error is looked at after the second step,
// then every LookTrials.
const StepTrials = 1024

// ComputeUnknownSteps answers r like ComputeUnknown, in the calling
// goroutine alone, but stops as soon as it can: it runs StepTrials trials
// at a time (each step its own PCG stream (Seed, step)) and, from the end
// of the second step on, looks every LookTrials and stops once every
// player's standard error is at most r.TargetStderr (r.TargetStderr of 0
// or less runs r.Trials). It costs the trials the target needs, to a
// look, where ComputeUnknown's rounds
// double (8,192 trials at least): the analysis of a hand asks dozens of
// such questions. On the flop and the turn it runs stratified by the
// board to come, in whole rounds (see ComputeUnknownMasks). It is
// ComputeUnknownMasks with the one question of every hand. The result depends only on r; it is not the same sample as
// ComputeUnknown's.
func ComputeUnknownSteps(ctx context.Context, r UnknownRequest) (Result, error) {
	if err := r.validate(); err != nil {
		return Result{}, err
	}
	res, err := ComputeUnknownMasks(ctx, r, []uint16{uint16(1)<<len(r.Hands) - 1})
	if err != nil {
		return Result{}, err
	}
	return res[0], nil
}

// newUnknownSetup prepares r (validated) as ComputeUnknown does: the
// known hands seated once, the deck without every known card; it returns
// the indices of the unknown hands too.
func newUnknownSetup(r UnknownRequest) (*rangeSetup, []int) {
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
	return s, unknown
}
