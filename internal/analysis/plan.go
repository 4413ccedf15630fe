package analysis

import (
	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
)

// How the equities of a hand are computed (A2-A4), cheapest first:
//   - every live hand known: exact (equity.Compute, exhaustive);
//   - one known hand before the flop, nothing else known: the preflop
//     table (fromTable);
//   - one unknown hand on the river: exact, every hand it can be counted,
//     when equity.UnknownCost finds it cheaper than Monte Carlo;
//   - otherwise Monte Carlo to the target, and the questions of one street
//     (the snapshot and the decisions after folds, each among the players
//     then live) share one run: every trial draws the unknown hands and
//     the board once and settles each question (equity.ComputeUnknownMasks);
//     on the flop and the turn the trials are stratified by the board to
//     come (every completion once a round), so only the unknown hands'
//     variance is left and each trial evaluates the drawn hands alone.
// To know a street's questions before answering its first, AnalyzeWith
// makes two passes: the first collects them (plan.collect), the second
// answers.

// plan is the equity questions of a hand: per board, the masks of live
// players asked about, in the order asked.
type plan struct {
	collect   bool
	questions map[string][]uint16
	boards    map[string]cards.List
	// groups, in the answering pass: per board, the masks answered by
	// Monte Carlo (made on first use).
	groups map[string][]uint16
}

// record notes the question key in the collecting pass and returns a
// stand-in answer of np players (the pass's numbers are thrown away).
func (p *plan) record(z *analyzer, key cacheKey, board cards.List, np int) *answer {
	p.questions[key.board] = append(p.questions[key.board], key.live)
	p.boards[key.board] = append(cards.List(nil), board...)
	a := &answer{Result: &equity.Result{Mode: equity.MonteCarlo, Players: make([]equity.PlayerResult, np)}}
	z.cache[key] = a
	return a
}

// question is one equity question: the hands of the players of mask in
// table order (nil when unknown), the known hands of the others as dead
// cards.
type question struct {
	board              cards.List
	mask               uint16
	hands              []cards.List
	dead               cards.List
	anyKnown, allKnown bool
}

func (z *analyzer) question(board cards.List, mask uint16) question {
	q := question{board: board, mask: mask, allKnown: true}
	for i := range z.n {
		switch {
		case mask&(1<<i) != 0:
			q.hands = append(q.hands, z.known[i])
			q.anyKnown = q.anyKnown || z.known[i] != nil
			q.allKnown = q.allKnown && z.known[i] != nil
		case z.known[i] != nil:
			q.dead = append(q.dead, z.known[i]...)
		}
	}
	return q
}

// request is q as a Monte Carlo request, seeded from the hand's natural
// key, the players and the board (and run: the runs' boards differ).
func (z *analyzer) request(q question, run int) equity.UnknownRequest {
	seed := z.seed ^ uint64(q.mask)<<32 ^ uint64(len(q.board)) ^ uint64(run)<<8
	return equity.UnknownRequest{Game: z.h.Table.Game, Hands: q.hands, Board: q.board, Dead: q.dead,
		Trials: z.opt.Trials, TargetStderr: z.opt.TargetStderr, Seed: seed, OneCore: true}
}

// monteCarlo reports whether q is answered by Monte Carlo: some live hand
// unknown, and neither the table nor exact enumeration applies.
func (z *analyzer) monteCarlo(q question) bool {
	if q.allKnown || !q.anyKnown || len(q.hands) < 2 {
		return false
	}
	if _, ok := z.fromTable(q.hands, q.board, q.dead); ok {
		return false
	}
	exact, mc, ok := equity.UnknownCost(z.request(q, 0), z.opt.TargetStderr)
	return !ok || exact >= mc
}

// answer computes q (key's question, not cached yet) and caches it, with
// the other Monte Carlo questions of its street when it is one of them.
func (z *analyzer) answer(key cacheKey, run int, q question) (*answer, error) {
	if res, ok := z.fromTable(q.hands, q.board, q.dead); ok {
		a := &answer{res, true}
		z.cache[key] = a
		return a, nil
	}
	if q.allKnown {
		res, err := equity.Compute(z.ctx, equity.Request{Game: z.h.Table.Game, Hands: q.hands, Board: q.board, Dead: q.dead, Mode: equity.Exhaustive, OneCore: z.opt.OneCore})
		if err != nil {
			return nil, err
		}
		a := &answer{Result: &res}
		z.cache[key] = a
		return a, nil
	}
	if group := z.group(key.board); len(group) > 1 && z.monteCarlo(q) {
		if err := z.shared(q.board, run, group); err != nil {
			return nil, err
		}
		if a, ok := z.cache[key]; ok {
			return a, nil
		}
	}
	res, err := z.unknown(z.request(q, run))
	if err != nil {
		return nil, err
	}
	a := &answer{Result: &res}
	z.cache[key] = a
	return a, nil
}

// group returns the masks of board's questions that Monte Carlo answers.
func (z *analyzer) group(board string) []uint16 {
	p := z.plan
	if p.groups == nil {
		p.groups = map[string][]uint16{}
	}
	if g, ok := p.groups[board]; ok {
		return g
	}
	var g []uint16
	b := p.boards[board]
	for _, m := range p.questions[board] {
		dup := false
		for _, x := range g {
			dup = dup || x == m
		}
		if !dup && z.monteCarlo(z.question(b, m)) {
			g = append(g, m)
		}
	}
	p.groups[board] = g
	return g
}

// shared answers the Monte Carlo questions masks of board in one run
// (equity.ComputeUnknownMasks) over the players of any of them, and
// caches each answer.
func (z *analyzer) shared(board cards.List, run int, masks []uint16) error {
	var union uint16
	for _, m := range masks {
		union |= m
	}
	all := z.question(board, union)
	// Each mask over the union's players.
	sub := make([]uint16, len(masks))
	for k, m := range masks {
		j := 0
		for i := range z.n {
			if union&(1<<i) == 0 {
				continue
			}
			if m&(1<<i) != 0 {
				sub[k] |= 1 << j
			}
			j++
		}
	}
	res, err := equity.ComputeUnknownMasks(z.ctx, z.request(all, run), sub)
	if err != nil {
		return err
	}
	for k, m := range masks {
		r := res[k]
		z.cache[cacheKey{board.String(), m}] = &answer{Result: &r}
	}
	return nil
}
