package equity

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"github.com/scoophq/scoop/internal/cards"
)

// Monte Carlo: the trials are cut into fixed chunks of mcChunk; chunk c
// draws from its own PCG stream seeded with (seed, c) and starts from the
// same deck order, so the result depends only on the seed and the number of
// trials, never on how many workers ran or which chunk each one took. All
// tallies are integers, so merging them in any order gives the same sums.
const mcChunk = 8192

func (s *setup) monteCarlo(ctx context.Context, trials int64, seed uint64) (*accum, error) {
	chunks := int((trials + mcChunk - 1) / mcChunk)
	inline := s.req.inline(trials)
	return s.parallel(ctx, chunks, inline, func(e *evalState, c int) {
		n := int64(mcChunk)
		if rest := trials - int64(c)*mcChunk; rest < n {
			n = rest
		}
		e.mcChunk(seed, uint64(c), n)
	})
}

// mcChunk runs n trials of stream (seed, chunk).
func (e *evalState) mcChunk(seed, chunk uint64, n int64) {
	s := e.s
	var rng rand.PCG
	rng.Seed(seed, chunk)
	var deck [cards.NumCards]cards.Card
	nd := copy(deck[:], s.rest)
	np := len(s.players)
	for t := int64(0); t < n; t++ {
		b := s.known
		// Partial Fisher-Yates: the first k cards of deck are the draw.
		for j := 0; j < s.k; j++ {
			hi, _ := bits.Mul64(rng.Uint64(), uint64(nd-j))
			x := j + int(hi)
			deck[j], deck[x] = deck[x], deck[j]
			b.add(deck[j])
		}
		e.rankPattern(&b.ranks, b.low)
		hv := e.nf[:np]
		if su := flushSuit(b.count); su >= 0 && s.suitPlayers[su] != 0 {
			e.flushHighs(su, uint16(b.lanes>>(16*uint(su)))&0x1FFF)
			hv = e.hv[:np]
		}
		var lo uint16
		if s.hilo {
			lo = lowWinners(e.lv[:np])
		}
		e.acc.settle(np, winners(hv), lo, 1, s.hilo, true)
	}
}
