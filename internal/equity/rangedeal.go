package equity

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/ranges"
)

// How a Monte Carlo trial of a range request deals the players' hands.
//
// The answer is the equity of a deal drawn uniformly from the compatible
// deals (see ranges.go). A trial proposes a deal and rejects it unless it
// is compatible; the accepted deals are uniform when every compatible deal
// is proposed with the same probability. Two proposals of one player's
// hand have that property:
//
//   - drawn: the hand is drawn uniformly from his range (probability
//     1/len(range)), and the trial is rejected when it shares a card with
//     an earlier drawn hand;
//   - dealt: after the drawn hands, four cards are dealt uniformly from
//     the cards still free, as ComputeUnknown deals an unknown hand
//     (probability 1/C(free, 4), where free depends only on how many
//     players were seated before), and the trial is rejected unless the
//     hand is in his range (never, for a range of every hand: `*`).
//
// Each compatible deal is then proposed with probability the product of
// those constants, the same for all of them, so either proposal may be
// chosen for each player. A trial is accepted with probability Z/D, Z the
// number of compatible deals and D that product's inverse: planDeal deals
// the widest ranges and draws the others so that D is least. Drawing every
// range (the only proposal before) made ranges of any hand for five
// players or more (1 accepted trial in 500) and for ten players (none in
// 65,536) too rare to sample; dealt, they are never rejected.

// handWords is the length of a handBits.
const handWords = (ranges.NumHands + 63) / 64

// handBits is a set of four-card hands by deckIndex.
type handBits [handWords]uint64

func (h *handBits) add(i int)      { h[i>>6] |= 1 << (i & 63) }
func (h *handBits) has(i int) bool { return h[i>>6]&(1<<(i&63)) != 0 }

// deckIndex returns the index of the hand of four distinct cards (any
// order) among the C(52, 4) hands: the combinadic of its sorted cards, as
// ranges.HandIndex numbers them. The sort is a network of min and max.
func deckIndex(c0, c1, c2, c3 cards.Card) int {
	a, b := min(int(c0), int(c1)), max(int(c0), int(c1))
	c, d := min(int(c2), int(c3)), max(int(c2), int(c3))
	lo, x := min(a, c), max(a, c)
	y, hi := min(b, d), max(b, d)
	m1, m2 := min(x, y), max(x, y)
	return lo + int(deckChoose[0][m1]) + int(deckChoose[1][m2]) + int(deckChoose[2][hi])
}

// deckChoose[k][n] is C(n, k+2): deckIndex's terms for the second to
// fourth sorted card.
var deckChoose = func() (t [3][cards.NumCards]uint32) {
	for n := range cards.NumCards {
		t[0][n] = uint32(binomial(int64(n), 2))
		t[1][n] = uint32(binomial(int64(n), 3))
		t[2][n] = uint32(binomial(int64(n), 4))
	}
	return
}()

// dealPlan is how a trial proposes the players' hands (see above).
type dealPlan struct {
	fixed []int // players of one hand, seated once per chunk
	drawn []int // players whose hand is drawn from his range
	dealt []int // players dealt four free cards, widest range first
	// member[i], for a dealt player whose range is not every hand of the
	// deck, is his range (after removal); nil otherwise.
	member [10]*handBits
	// certain: no proposal is ever rejected (at most one drawn player and
	// every dealt range holds every hand).
	certain bool
}

// planDeal chooses, for the players' ranges after removal (combos, counts
// and fixed as expand returns them) and a deck of nrest cards, which ranges are
// dealt and which drawn: the k widest ranges dealt and the others drawn,
// for the k that makes the acceptance Z/D largest (D least; Z does not
// depend on the plan). It returns the plan and log(D).
func planDeal(combos [][]ranges.Combo, counts []int, fixed []bool, nrest int) (dealPlan, float64) {
	var p dealPlan
	var open []int
	for i, f := range fixed {
		if f {
			p.fixed = append(p.fixed, i)
		} else {
			open = append(open, i)
		}
	}
	sort.SliceStable(open, func(a, b int) bool { return counts[open[a]] > counts[open[b]] })
	m := len(open)
	best, bestK := math.Inf(1), 0
	for k := 0; k <= m; k++ {
		var logD float64
		for _, i := range open[k:] {
			logD += math.Log(float64(counts[i]))
		}
		left := nrest - 4*(m-k)
		for t := range k {
			logD += math.Log(float64(binomial(int64(left-4*t), 4)))
		}
		// On a tie, deal more: a dealt range needs no list of hands.
		if logD <= best+1e-9 {
			best, bestK = logD, k
		}
	}
	// Drawn in the players' order, as before dealt ranges were: a seeded
	// request that deals none draws the same cards as then.
	p.dealt, p.drawn = open[:bestK], slices.Sorted(slices.Values(open[bestK:]))
	p.certain = len(p.drawn) <= 1
	all := int(binomial(int64(nrest), 4))
	for _, i := range p.dealt {
		if counts[i] == all {
			continue
		}
		p.certain = false
		h := new(handBits)
		for _, c := range combos[i] {
			h.add(deckIndex(c[0], c[1], c[2], c[3]))
		}
		p.member[i] = h
	}
	return p, best
}

// seatCombo seats prepared hand c for player i.
func (e *rangeState) seatCombo(i int, c *rcombo) {
	s := e.s
	e.tri[i] = &s.tri[c.multi]
	e.low[i] = s.lowRows[c.low]
	e.suit[i] = c.suit
	for m := c.two; m != 0; m &= m - 1 {
		e.suitPlayers[bits.TrailingZeros8(m)] |= 1 << i
	}
}

// seatCards seats the hand c0..c3 (dealt, not prepared) for player i:
// prepCombo's seating, inline: the rank multiset's table row, the low
// row, the rank mask of each suit.
func (e *rangeState) seatCards(i int, c0, c1, c2, c3 cards.Card) {
	s := e.s
	var suit [4]uint16
	suit[c0.Suit()] |= 1 << c0.Rank()
	suit[c1.Suit()] |= 1 << c1.Rank()
	suit[c2.Suit()] |= 1 << c2.Rank()
	suit[c3.Suit()] |= 1 << c3.Rank()
	e.tri[i] = &s.tri[multisetIndex([4]cards.Rank{c0.Rank(), c1.Rank(), c2.Rank(), c3.Rank()})]
	e.low[i] = s.lowRows[cardLow[c0]|cardLow[c1]|cardLow[c2]|cardLow[c3]]
	e.suit[i] = suit
	// The suits held twice, without branches: 4-bit counters per suit,
	// bit 3 of each set by adding 6 once it holds 2 or more.
	two := (1<<(4*c0.Suit()) + 1<<(4*c1.Suit()) + 1<<(4*c2.Suit()) + 1<<(4*c3.Suit()) + 0x6666) & 0x8888
	e.suitPlayers[0] |= uint16(two>>3&1) << i
	e.suitPlayers[1] |= uint16(two>>7&1) << i
	e.suitPlayers[2] |= uint16(two>>11&1) << i
	e.suitPlayers[3] |= uint16(two>>15&1) << i
}

// seatFixed seats the players of one hand and keeps their suits, once per
// chunk of trials.
func (e *rangeState) seatFixed() {
	e.suitPlayers = [4]uint16{}
	for _, i := range e.s.plan.fixed {
		e.seatCombo(i, &e.s.combos[i][0])
	}
	e.fixedSuits = e.suitPlayers
}

// propose makes one proposal of a trial (see above) from rng and the
// deck deck[:nd] (the deck without the board, dead cards and fixed hands,
// in any order; it is shuffled in place): the drawn hands, the dealt
// hands and the missing board cards. ok is false when the proposal is
// rejected; else every player is seated and b is the full board.
func (e *rangeState) propose(rng *rand.PCG, deck *[cards.NumCards]cards.Card, nd int) (b board, ok bool) {
	s := e.s
	p := &s.plan
	e.suitPlayers = e.fixedSuits
	var used cards.CardSet
	for _, i := range p.drawn {
		n := uint64(len(s.combos[i]))
		x := 0
		if n > 1 {
			hi, _ := bits.Mul64(rng.Uint64(), n)
			x = int(hi)
		}
		c := &s.combos[i][x]
		if used&c.set != 0 {
			return b, false
		}
		used |= c.set
		e.idx[i] = x
		e.hand[i] = c.set
		e.seatCombo(i, c)
	}
	if len(p.dealt) == 0 {
		// The board alone: a partial Fisher-Yates over deck[:nd], a card
		// of a drawn hand rejected and redrawn (each card uniform over
		// the cards still free).
		b = s.known
		for j := 0; j < s.k; j++ {
			for {
				hi, _ := bits.Mul64(rng.Uint64(), uint64(nd-j))
				x := j + int(hi)
				if used.Has(deck[x]) {
					continue
				}
				deck[j], deck[x] = deck[x], deck[j]
				b.add(deck[j])
				break
			}
		}
		return b, true
	}
	// The free cards: deck[:nd] itself when nothing was drawn, else those
	// of it no drawn hand holds. A partial Fisher-Yates over them deals
	// the dealt hands, then the board.
	d := deck[:nd]
	var free [cards.NumCards]cards.Card
	if used != 0 {
		n := 0
		for _, c := range d {
			free[n] = c
			n += int(^used>>c) & 1
		}
		d = free[:n]
	}
	j := 0
	draw := func() cards.Card {
		hi, _ := bits.Mul64(rng.Uint64(), uint64(len(d)-j))
		x := j + int(hi)
		d[j], d[x] = d[x], d[j]
		j++
		return d[j-1]
	}
	for _, i := range p.dealt {
		c0, c1, c2, c3 := draw(), draw(), draw(), draw()
		if m := p.member[i]; m != nil && !m.has(deckIndex(c0, c1, c2, c3)) {
			return b, false
		}
		e.hand[i] = cards.CardSet(0).Add(c0).Add(c1).Add(c2).Add(c3)
		e.seatCards(i, c0, c1, c2, c3)
	}
	b = s.known
	for range s.k {
		b.add(draw())
	}
	return b, true
}
