package ranges

import (
	"math/bits"
	"slices"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/ranges/internal/handclass"
)

// slot is one card pattern of a hand pattern.
type slot struct {
	ranks uint16 // allowed ranks
	suits uint8  // allowed suits
	rv    int8   // rank variable (distinct values, avoid fixedRanks), or -1
	sv    int8   // suit variable (distinct values, avoid fixedSuits), or -1
	av    int8   // '+' span (one shared rank, no other rule), or -1
}

// pattern is four slots, matched to the four cards of a hand in any order.
type pattern struct {
	slots      [4]slot
	fixedRanks uint16    // ranks written as one rank: rank variables avoid them
	fixedSuits uint8     // suits written as one suit: suit variables avoid them
	any        bool      // "*" alone (or four unconstrained slots): every hand
	vars       bool      // some slot has a variable or a span
	cardMask   [4]uint64 // per slot, the cards its rank and suit sets allow
}

func anyPattern() pattern { return pattern{any: true} }

// order puts the most constrained slots first, so a match fails early.
func (p *pattern) order() {
	weight := func(s slot) int {
		return bits.OnesCount16(s.ranks) * bits.OnesCount8(s.suits)
	}
	slices.SortStableFunc(p.slots[:], func(a, b slot) int { return weight(a) - weight(b) })
	p.any, p.vars = true, false
	for i, s := range p.slots {
		if s.ranks != allRanks || s.suits != allSuits || s.rv >= 0 || s.sv >= 0 || s.av >= 0 {
			p.any = false
		}
		p.vars = p.vars || s.rv >= 0 || s.sv >= 0 || s.av >= 0
		p.cardMask[i] = 0
		for c := cards.Card(0); c < cards.NumCards; c++ {
			if s.ranks&(1<<c.Rank()) != 0 && s.suits&(1<<c.Suit()) != 0 {
				p.cardMask[i] |= 1 << c
			}
		}
	}
}

// fits reports whether the cards of h can be given one to each slot by
// the slots' rank and suit sets alone (Hall's condition on the 4x4
// bipartite graph): necessary for a match, and sufficient when the
// pattern has no variables.
func (p *pattern) fits(h *handclass.Hand) bool {
	var m [4]uint8
	for i, cm := range p.cardMask {
		for j, c := range h {
			m[i] |= uint8(cm>>c&1) << j
		}
		if m[i] == 0 {
			return false
		}
	}
	for s := 3; s < 16; s++ {
		var u uint8
		for i := range 4 {
			if s&(1<<i) != 0 {
				u |= m[i]
			}
		}
		if bits.OnesCount8(u) < bits.OnesCount8(uint8(s)) {
			return false
		}
	}
	return true
}

// binding is the state of a partial match.
type binding struct {
	used  uint8   // hand cards taken
	rv    [4]int8 // rank variable values, -1 unbound
	sv    [4]int8 // suit variable values
	av    [4]int8 // span values
	rvSet uint16  // ranks taken by rank variables
	svSet uint8   // suits taken by suit variables
}

// match reports whether the hand h fits p: some assignment of its cards to
// the slots, and of values to the variables, satisfies every slot.
func (p *pattern) match(h *handclass.Hand) bool {
	if p.any {
		return true
	}
	if !p.fits(h) {
		return false
	}
	if !p.vars {
		return true
	}
	b := binding{rv: [4]int8{-1, -1, -1, -1}, sv: [4]int8{-1, -1, -1, -1}, av: [4]int8{-1, -1, -1, -1}}
	return p.rec(0, h, b)
}

func (p *pattern) rec(i int, h *handclass.Hand, b binding) bool {
	if i == 4 {
		return true
	}
	s := &p.slots[i]
	for j := range 4 {
		if b.used&(1<<j) != 0 {
			continue
		}
		c := h[j]
		r, su := c.Rank(), c.Suit()
		if s.ranks&(1<<r) == 0 || s.suits&(1<<su) == 0 {
			continue
		}
		nb := b
		nb.used |= 1 << j
		if s.rv >= 0 {
			if v := b.rv[s.rv]; v >= 0 {
				if cards.Rank(v) != r {
					continue
				}
			} else {
				if (b.rvSet|p.fixedRanks)&(1<<r) != 0 {
					continue
				}
				nb.rv[s.rv] = int8(r)
				nb.rvSet |= 1 << r
			}
		}
		if s.sv >= 0 {
			if v := b.sv[s.sv]; v >= 0 {
				if cards.Suit(v) != su {
					continue
				}
			} else {
				if (b.svSet|p.fixedSuits)&(1<<su) != 0 {
					continue
				}
				nb.sv[s.sv] = int8(su)
				nb.svSet |= 1 << su
			}
		}
		if s.av >= 0 {
			if v := b.av[s.av]; v >= 0 {
				if cards.Rank(v) != r {
					continue
				}
			} else {
				nb.av[s.av] = int8(r)
			}
		}
		if p.rec(i+1, h, nb) {
			return true
		}
	}
	return false
}

// each calls f with the index of every hand that matches p. A pattern
// blind to suits (or to ranks) is matched once per rank multiset (or suit
// sequence, or suit-isomorphism class when no suit is written) and the
// answer reused: hands are in descending card order, so their ranks are
// sorted and the key is exact.
func (p *pattern) each(f func(i int)) {
	hands := handclass.Hands()
	rankOnly, suitOnly, suitFree := true, true, true
	for _, s := range p.slots {
		rankOnly = rankOnly && s.suits == allSuits && s.sv < 0
		suitOnly = suitOnly && s.ranks == allRanks && s.rv < 0 && s.av < 0
		suitFree = suitFree && s.suits == allSuits
	}
	var memo []int8
	key := func(h *handclass.Hand) int { return 0 }
	switch {
	case rankOnly:
		memo = make([]int8, 13*13*13*13)
		key = func(h *handclass.Hand) int {
			return ((int(h[0].Rank())*13+int(h[1].Rank()))*13+int(h[2].Rank()))*13 + int(h[3].Rank())
		}
	case suitOnly:
		memo = make([]int8, 4*4*4*4)
		key = func(h *handclass.Hand) int {
			return int(h[0].Suit())<<6 | int(h[1].Suit())<<4 | int(h[2].Suit())<<2 | int(h[3].Suit())
		}
	case suitFree:
		// No suit is written: renaming the suits of a hand cannot change
		// the answer, so one hand per suit-isomorphism class decides.
		memo = make([]int8, handclass.NumClasses)
	}
	for i := range hands {
		if suitFree && !rankOnly && !suitOnly {
			c := handclass.ClassOf(i)
			if memo[c] == 0 {
				memo[c] = 1
				if p.match(&hands[i]) {
					memo[c] = 2
				}
			}
			if memo[c] == 2 {
				f(i)
			}
			continue
		}
		h := &hands[i]
		if memo == nil {
			if p.match(h) {
				f(i)
			}
			continue
		}
		k := key(h)
		if memo[k] == 0 {
			memo[k] = 1
			if p.match(h) {
				memo[k] = 2
			}
		}
		if memo[k] == 2 {
			f(i)
		}
	}
}

// handSet is a set of hands by handclass index.
type handSet [(handclass.NumHands + 63) / 64]uint64

func (s *handSet) add(i int)      { s[i>>6] |= 1 << (i & 63) }
func (s *handSet) has(i int) bool { return s[i>>6]&(1<<(i&63)) != 0 }

func (s *handSet) fill() {
	for i := range s {
		s[i] = ^uint64(0)
	}
	s[len(s)-1] = 1<<(handclass.NumHands%64) - 1
}

func (s *handSet) count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// eval computes the set of hands of n for game g (0 omaha-hi, 1
// omaha-hilo: only percentages depend on it).
func (n *node) eval(g int) *handSet {
	s := new(handSet)
	switch n.op {
	case 'h':
		s.add(n.exactly)
	case 'p':
		if n.pat.any {
			s.fill()
			break
		}
		n.pat.each(func(i int) { s.add(i) })
	case '%':
		percentile(s, g, n.lo, n.hi)
	case '~':
		a := n.a.eval(g)
		s.fill()
		for i := range s {
			s[i] &^= a[i]
		}
	default:
		a, b := n.a.eval(g), n.b.eval(g)
		for i := range s {
			switch n.op {
			case ',':
				s[i] = a[i] | b[i]
			case ':':
				s[i] = a[i] & b[i]
			case '!':
				s[i] = a[i] &^ b[i]
			}
		}
	}
	return s
}

// hasPercent reports whether n depends on the game.
func (n *node) hasPercent() bool {
	if n == nil {
		return false
	}
	return n.op == '%' || n.a.hasPercent() || n.b.hasPercent()
}
