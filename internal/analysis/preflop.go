package analysis

import (
	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/preflop"
)

// fromTable answers an equity question from the precomputed preflop table
// (package preflop) when A3 allows it: before the flop, no dead card, one
// known hand among 2 to 10 players, the others unknown (random hands), and
// the caller's target standard error no smaller than the entry's (a
// caller who asks for a fixed number of trials, TargetStderr 0, gets Monte
// Carlo). The result is in mode montecarlo, Boards being the entry's
// trials, Seed the seed it was generated with, every player's standard
// error the entry's.
func (z *analyzer) fromTable(hands []cards.List, board, dead cards.List) (*equity.Result, bool) {
	if len(board) != 0 || len(dead) != 0 || z.opt.TargetStderr <= 0 {
		return nil, false
	}
	hero := -1
	for i, h := range hands {
		if h != nil {
			if hero >= 0 {
				return nil, false
			}
			hero = i
		}
	}
	if hero < 0 {
		return nil, false
	}
	k := len(hands) - 1
	e, ok := preflop.Lookup(z.h.Table.Game, hands[hero], k)
	if !ok || e.Hero.Stderr > z.opt.TargetStderr {
		return nil, false
	}
	class, _ := preflop.Class(hands[hero])
	seed := preflop.Seed() + uint64(class)
	res := &equity.Result{Game: z.h.Table.Game.String(), Mode: equity.MonteCarlo, Boards: e.Trials, NoLow: e.NoLow, Seed: &seed,
		Players: make([]equity.PlayerResult, len(hands))}
	for i, h := range hands {
		f := e.Opponent
		if i == hero {
			f = e.Hero
		}
		res.Players[i] = equity.PlayerResult{Hand: h.String(), Equity: f.Equity, HiWin: f.HiWin, HiTie: f.HiTie,
			LoWin: f.LoWin, LoTie: f.LoTie, Scoop: f.Scoop, Stderr: f.Stderr}
	}
	return res, true
}

// unknown answers an equity question with unknown hands (A3) the cheaper
// way: exactly (equity.ExactUnknown: one unknown hand on the river) when
// equity.UnknownCost says it costs less than Monte Carlo to the target,
// else Monte Carlo in steps (equity.ComputeUnknownSteps), stopping at the
// first look within the target. Both run on the calling goroutine: a
// hand's questions are small, and a caller with many hands gets its
// parallelism from analysing several at once.
func (z *analyzer) unknown(req equity.UnknownRequest) (equity.Result, error) {
	if exact, mc, ok := equity.UnknownCost(req, req.TargetStderr); ok && exact < mc {
		res, ok, err := equity.ExactUnknown(z.ctx, req)
		if err != nil || ok {
			return res, err
		}
	}
	return equity.ComputeUnknownSteps(z.ctx, req)
}
