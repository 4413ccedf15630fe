package ranges

import (
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/ranges/internal/handclass"
)

// NumHands is the number of four-card hands, C(52, 4): the size of "*".
const NumHands = handclass.NumHands

// Combo is one four-card hand of a range, its cards in descending order
// (rank, then suit s h d c), e.g. AsAhKs2d.
type Combo [4]cards.Card

// String returns the canonical form, e.g. "AsAhKs2d".
func (c Combo) String() string { return cards.List(c[:]).String() }

// List returns the cards as a new list.
func (c Combo) List() cards.List { return cards.List{c[0], c[1], c[2], c[3]} }

// Set returns the cards as a set.
func (c Combo) Set() cards.CardSet {
	return cards.CardSet(0).Add(c[0]).Add(c[1]).Add(c[2]).Add(c[3])
}

// Range is a parsed range. It is immutable and safe for concurrent use;
// its expansion is computed on first use (per game when it holds a
// percentage) and kept.
type Range struct {
	text    string
	root    *node
	percent bool

	mu   sync.Mutex
	sets [2]*handSet
}

// Parse reads a range (see the package doc for the syntax). A text that
// cards.Parse reads as four distinct cards is that one hand. Errors are
// *fault.Error values with no Field (the caller sets it), kind Invalid for
// bad syntax and Impossible for a card written twice, whose Err is a
// *SyntaxError with the column.
func Parse(s string) (*Range, error) {
	// Columns count in s as given: the parser skips spaces itself.
	p := &parser{s: s}
	if len(s) > MaxLength {
		p.fail(fault.Invalid, MaxLength, "longer than %d bytes", MaxLength)
		return nil, p.err
	}
	text := strings.TrimSpace(s)
	if l, err := cards.Parse(text); err == nil && len(l) == 4 {
		if _, err := l.Set(); err != nil {
			p.fail(fault.Impossible, strings.Index(s, text), "%v", err)
			return nil, p.err
		}
		i := handclass.Index(handclass.Hand(l))
		return &Range{text: Combo(handclass.HandAt(i)).String(), root: &node{op: 'h', exactly: i}}, nil
	}
	if text == "" {
		p.fail(fault.Invalid, len(s), "empty range")
		return nil, p.err
	}
	root := p.parseOr()
	if p.err == nil && p.peek() != 0 {
		what := "want , : or ! between terms"
		if p.s[p.i] == ')' {
			what = "unmatched )"
		}
		p.fail(fault.Invalid, p.i, "%s, got %s", what, describe(p.s, p.i))
	}
	if p.err != nil {
		return nil, p.err
	}
	return &Range{text: text, root: root, percent: root.hasPercent()}, nil
}

// MustParse is Parse for constants in tests and examples; it panics on error.
func MustParse(s string) *Range {
	r, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return r
}

// String returns the range as written, without surrounding spaces (an
// exact hand in canonical form).
func (r *Range) String() string { return r.text }

// HasPercent reports whether the range depends on the game (it holds a
// percentage).
func (r *Range) HasPercent() bool { return r.percent }

// set returns the expansion for game g before any card removal.
func (r *Range) set(g eval.Game) *handSet {
	gi := 0
	if r.percent && g == eval.OmahaHiLo {
		gi = 1
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sets[gi] == nil {
		r.sets[gi] = r.root.eval(gi)
	}
	return r.sets[gi]
}

// Combos returns the hands of the range for game g that share no card with
// known (the board, dead cards, other players' fixed hands), best ranks
// first (descending card order: AsAhAdAc first). The slice is new.
func (r *Range) Combos(g eval.Game, known cards.CardSet) []Combo {
	s := r.set(g)
	var out []Combo
	for w := len(s) - 1; w >= 0; w-- {
		for x := s[w]; x != 0; {
			b := 63 - leadingZeros(x)
			x &^= 1 << b
			h := handclass.HandAt(w<<6 | b)
			c := Combo(h)
			if c.Set()&known == 0 {
				out = append(out, c)
			}
		}
	}
	return out
}

// Count returns len(r.Combos(g, known)) without building the list.
func (r *Range) Count(g eval.Game, known cards.CardSet) int {
	s := r.set(g)
	if known == 0 {
		return s.count()
	}
	n := 0
	for w, word := range s {
		for x := word; x != 0; x &= x - 1 {
			h := handclass.HandAt(w<<6 | trailing64(x))
			if Combo(h).Set()&known == 0 {
				n++
			}
		}
	}
	return n
}

// Fixed returns the range's one hand when it holds exactly one hand before
// any card removal (an exact hand; never a range with a percentage).
func (r *Range) Fixed() (Combo, bool) {
	if r.percent {
		return Combo{}, false
	}
	if r.root.op == 'h' {
		return Combo(handclass.HandAt(r.root.exactly)), true
	}
	s := r.set(eval.OmahaHiLo)
	if s.count() != 1 {
		return Combo{}, false
	}
	c := r.Combos(eval.OmahaHiLo, 0)
	return c[0], true
}

// Sample returns n hands of r.Combos(g, known) drawn uniformly without
// replacement by a fixed seed (the same call gives the same sample), in
// the order of Combos; all of them when there are n or fewer.
func (r *Range) Sample(g eval.Game, known cards.CardSet, n int) []Combo {
	all := r.Combos(g, known)
	if n >= len(all) {
		return all
	}
	if n <= 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(0x5C00B, uint64(len(all))))
	// Selection sampling (Knuth's algorithm S): every n-subset is equally
	// likely and the order of all is kept.
	out := make([]Combo, 0, n)
	for i := 0; i < len(all) && len(out) < n; i++ {
		if rng.IntN(len(all)-i) < n-len(out) {
			out = append(out, all[i])
		}
	}
	return out
}
