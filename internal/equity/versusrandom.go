package equity

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// Equity of one known hand against 1 to MaxRandomOpponents random hands
// before the flop, for both games at once: what a precomputed preflop
// table holds (ANALYSIS.md A3 allows one where nothing but the known hand
// is known). Every trial draws MaxRandomOpponents hands and a board from
// the 48 other cards (one partial Fisher-Yates, every deal equally
// likely); the hand against K random hands is settled among the known
// hand and the first K drawn, so one evaluation of the ten hands serves
// every K and both games. The evaluation and the tally are the engine's
// (the shared tables of the range engine, accum.settle).

// MaxRandomOpponents is the most random hands VersusRandom plays against.
const MaxRandomOpponents = 9

// RandomFigures are one player's figures of a VersusRandom entry, as
// fractions of 1 (the fields of PlayerResult).
type RandomFigures struct {
	Equity, HiWin, HiTie, LoWin, LoTie, Scoop float64
	// Stderr is the standard error of Equity.
	Stderr float64
}

// RandomEntry is the known hand against K random hands in one game.
type RandomEntry struct {
	// Hero is the known hand's figures.
	Hero RandomFigures
	// Opponent is one random hand's figures: the mean over the K random
	// hands, which are exchangeable (its Equity is (1 - Hero.Equity)/K and
	// its Stderr Hero.Stderr/K).
	Opponent RandomFigures
	// NoLow is the share of trials with no qualifying low (0 in omaha-hi).
	NoLow float64
}

// VersusRandomResult is what VersusRandom measured.
type VersusRandomResult struct {
	Trials int64
	// Entries[g][k-1] is the hand against k random hands in game g: g 0 is
	// omaha-hi, 1 omaha-hilo.
	Entries [2][MaxRandomOpponents]RandomEntry
}

// VersusRandom plays hole against 1 to MaxRandomOpponents random hands
// before the flop, trials trials drawn from the PCG stream (seed, 0). The
// result depends only on the hand, trials and seed. Not cancellable: it
// is for offline generation (a few milliseconds per thousand trials).
func VersusRandom(hole cards.List, trials int64, seed uint64) (*VersusRandomResult, error) {
	if len(hole) != 4 || trials < 2 {
		return nil, fmt.Errorf("versus random: want 4 hole cards and 2 trials or more, got %d cards, %d trials", len(hole), trials)
	}
	var used cards.CardSet
	for _, c := range hole {
		if !c.Valid() || used.Has(c) {
			return nil, fmt.Errorf("versus random: bad hand %s", hole)
		}
		used = used.Add(c)
	}
	const np = MaxRandomOpponents + 1
	tri := multiTriTable()
	triples := eval.TripleTable()
	var lowRows [256]*[256]uint8
	for m := range lowRows {
		lowRows[m] = eval.LowRow(uint8(m))
	}
	hero := prepCombo([4]cards.Card{hole[0], hole[1], hole[2], hole[3]})
	var deck [cards.NumCards]cards.Card
	nd := copy(deck[:], (cards.FullDeck &^ used).List())
	var rng rand.PCG
	rng.Seed(seed, 0)
	var acc [2][MaxRandomOpponents]accum
	var rows [np]*[eval.NumTriples]eval.HighValue
	var lows [np]*[256]uint8
	var suits [np][4]uint16
	rows[0], lows[0], suits[0] = &tri[hero.multi], lowRows[hero.low], hero.suit
	var hv [np]eval.HighValue
	var lv [np]uint8
	for range trials {
		for j := range 4*MaxRandomOpponents + 5 {
			hi, _ := bits.Mul64(rng.Uint64(), uint64(nd-j))
			x := j + int(hi)
			deck[j], deck[x] = deck[x], deck[j]
		}
		for i := 1; i < np; i++ {
			c := deck[4*(i-1) : 4*i]
			var s [4]uint16
			var low uint8
			for _, x := range c {
				s[x.Suit()] |= 1 << x.Rank()
				low |= cardLow[x]
			}
			rows[i] = &tri[multisetIndex([4]cards.Rank{c[0].Rank(), c[1].Rank(), c[2].Rank(), c[3].Rank()})]
			lows[i], suits[i] = lowRows[low], s
		}
		var b board
		for _, x := range deck[4*MaxRandomOpponents : 4*MaxRandomOpponents+5] {
			b.add(x)
		}
		t := b.triples(triples)
		su := flushSuit(b.count)
		lane := uint16(0)
		if su >= 0 {
			lane = uint16(b.lanes>>(16*uint(su))) & 0x1FFF
		}
		for i := range np {
			p := rows[i]
			best := p[t[0]]
			for _, q := range t[1:] {
				best = max(best, p[q])
			}
			if su >= 0 && bits.OnesCount16(suits[i][su]) >= 2 {
				best = max(best, eval.FlushHigh(suits[i][su], lane))
			}
			hv[i] = best
			lv[i] = lows[i][b.low]
		}
		for k := 1; k <= MaxRandomOpponents; k++ {
			hi := winners(hv[:k+1])
			acc[0][k-1].settle(k+1, hi, 0, 1, false, true)
			acc[1][k-1].settle(k+1, hi, lowWinners(lv[:k+1]), 1, true, true)
		}
	}
	out := &VersusRandomResult{Trials: trials}
	nb := float64(trials)
	for g := range 2 {
		for k := 1; k <= MaxRandomOpponents; k++ {
			a := &acc[g][k-1]
			e := &out.Entries[g][k-1]
			e.Hero = RandomFigures{
				Equity: float64(a.share[0]) / (nb * potUnits),
				HiWin:  float64(a.hiWin[0]) / nb, HiTie: float64(a.hiTie[0]) / nb,
				LoWin: float64(a.loWin[0]) / nb, LoTie: float64(a.loTie[0]) / nb,
				Scoop: float64(a.scoop[0]) / nb, Stderr: stderrOf(a, 0),
			}
			var o accum
			for i := 1; i <= k; i++ {
				o.share[0] += a.share[i]
				o.hiWin[0] += a.hiWin[i]
				o.hiTie[0] += a.hiTie[i]
				o.loWin[0] += a.loWin[i]
				o.loTie[0] += a.loTie[i]
				o.scoop[0] += a.scoop[i]
			}
			den := nb * float64(k)
			e.Opponent = RandomFigures{
				Equity: float64(o.share[0]) / (den * potUnits),
				HiWin:  float64(o.hiWin[0]) / den, HiTie: float64(o.hiTie[0]) / den,
				LoWin: float64(o.loWin[0]) / den, LoTie: float64(o.loTie[0]) / den,
				Scoop: float64(o.scoop[0]) / den, Stderr: e.Hero.Stderr / float64(k),
			}
			e.NoLow = float64(a.noLow) / nb
		}
	}
	return out, nil
}

// triples returns the triple indices (eval.TripleTable, passed as t) of
// the ten rank triples of a complete board, in the order settleBoard
// takes them.
func (b *board) triples(t *[13 * 13 * 13]uint16) [10]uint16 {
	r := &b.ranks
	a0, a1, a2 := int(r[0])*169, int(r[1])*169, int(r[2])*169
	b1, b2, b3 := int(r[1])*13, int(r[2])*13, int(r[3])*13
	r2, r3, r4 := int(r[2]), int(r[3]), int(r[4])
	return [10]uint16{
		t[a0+b1+r2], t[a0+b1+r3], t[a0+b1+r4], t[a0+b2+r3], t[a0+b2+r4],
		t[a0+b3+r4], t[a1+b2+r3], t[a1+b2+r4], t[a1+b3+r4], t[a2+b3+r4],
	}
}
