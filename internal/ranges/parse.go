package ranges

import (
	"fmt"
	"unicode/utf8"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/fault"
)

// MaxLength is the longest range text Parse accepts, in bytes.
const MaxLength = 1000

// MaxTerms is the largest number of hand patterns and percentages a range
// may hold.
const MaxTerms = 32

// maxDepth bounds the nesting of parentheses and "!".
const maxDepth = 32

// SyntaxError says where a range text is wrong. It is the Err of the
// *fault.Error that Parse returns.
type SyntaxError struct {
	Input  string // the whole text
	Column int    // 1-based, in characters
	Reason string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("column %d: %s", e.Column, e.Reason) }

// node is one node of a parsed range.
type node struct {
	op      byte // 'p' pattern, '%' percentage, ',' or, ':' and, '!' and not, '~' not
	a, b    *node
	pat     pattern
	lo, hi  int64 // percentage bounds in thousandths of a percent
	exactly int   // op 'h': the index of one exact hand
}

// parser reads one range text.
type parser struct {
	s     string
	i     int
	terms int
	depth int
	err   *fault.Error
}

// fail records the first error, at byte offset at.
func (p *parser) fail(k fault.Kind, at int, format string, args ...any) {
	if p.err != nil {
		return
	}
	at = min(at, len(p.s))
	se := &SyntaxError{Input: p.s, Column: utf8.RuneCountInString(p.s[:at]) + 1, Reason: fmt.Sprintf(format, args...)}
	p.err = &fault.Error{Kind: k, Action: -1, Message: se.Error(), Err: se}
}

func (p *parser) skipSpace() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// peek returns the next non-space byte, or 0 at the end.
func (p *parser) peek() byte {
	p.skipSpace()
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

// describe names the byte at offset i for an error message.
func describe(s string, i int) string {
	if i >= len(s) {
		return "end of range"
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return fmt.Sprintf("%q", r)
}

func (p *parser) parseOr() *node {
	n := p.parseAnd()
	for p.err == nil && p.peek() == ',' {
		p.i++
		n = &node{op: ',', a: n, b: p.parseAnd()}
	}
	return n
}

func (p *parser) parseAnd() *node {
	n := p.parseUnary()
	for p.err == nil {
		switch c := p.peek(); c {
		case ':', '!':
			p.i++
			n = &node{op: c, a: n, b: p.parseUnary()}
		default:
			return n
		}
	}
	return n
}

func (p *parser) parseUnary() *node {
	if p.depth++; p.depth > maxDepth {
		p.fail(fault.Invalid, p.i, "nested more than %d deep", maxDepth)
		return nil
	}
	defer func() { p.depth-- }()
	switch p.peek() {
	case '!':
		p.i++
		return &node{op: '~', a: p.parseUnary()}
	case '(':
		open := p.i
		p.i++
		n := p.parseOr()
		if p.err != nil {
			return nil
		}
		if p.peek() != ')' {
			p.fail(fault.Invalid, p.i, "want ) to close the ( at column %d, got %s", open+1, describe(p.s, p.i))
			return nil
		}
		p.i++
		return n
	case 0:
		p.fail(fault.Invalid, p.i, "want a hand pattern, a percentage or (, got end of range")
		return nil
	}
	if p.terms++; p.terms > MaxTerms {
		p.fail(fault.Invalid, p.i, "more than %d hand patterns and percentages", MaxTerms)
		return nil
	}
	if p.isPercent() {
		return p.parsePercent()
	}
	return p.parsePattern()
}

// isPercent reports whether a percentage starts at p.i: digits, an
// optional fraction, then "%".
func (p *parser) isPercent() bool {
	j := p.i
	for j < len(p.s) && (p.s[j] >= '0' && p.s[j] <= '9' || p.s[j] == '.') {
		j++
	}
	return j > p.i && j < len(p.s) && p.s[j] == '%'
}

// number reads a percentage number at p.i (isPercent held) as thousandths.
func (p *parser) number() int64 {
	start := p.i
	var v int64
	digits, frac := 0, -1
	for p.i < len(p.s) && p.s[p.i] != '%' {
		c := p.s[p.i]
		switch {
		case c == '.' && frac < 0:
			frac = 0
		case c == '.':
			p.fail(fault.Invalid, p.i, "a percentage has one decimal point")
			return 0
		case frac >= 3:
			p.fail(fault.Invalid, p.i, "a percentage has at most three decimals")
			return 0
		default:
			if v > 100_000 {
				p.fail(fault.Invalid, start, "a percentage is at most 100%%")
				return 0
			}
			v = v*10 + int64(c-'0')
			digits++
			if frac >= 0 {
				frac++
			}
		}
		p.i++
	}
	if digits == 0 {
		p.fail(fault.Invalid, start, "want digits before %%")
		return 0
	}
	for frac = max(frac, 0); frac < 3; frac++ {
		v *= 10
	}
	if v > 100_000 {
		p.fail(fault.Invalid, start, "a percentage is at most 100%%")
		return 0
	}
	p.i++ // the '%'
	return v
}

func (p *parser) parsePercent() *node {
	start := p.i
	n := &node{op: '%', hi: p.number()}
	if p.err == nil && p.peek() == '-' {
		p.i++
		p.skipSpace()
		if !p.isPercent() {
			p.fail(fault.Invalid, p.i, "want a percentage after -, got %s", describe(p.s, p.i))
			return nil
		}
		n.lo, n.hi = n.hi, p.number()
		if p.err == nil && n.lo > n.hi {
			p.fail(fault.Invalid, start, "the span's first percentage is above its second")
		}
	}
	return n
}

// rankOf reads an upper-case rank character.
func rankOf(c byte) (cards.Rank, bool) {
	switch c {
	case 'A':
		return cards.Ace, true
	case 'K':
		return cards.King, true
	case 'Q':
		return cards.Queen, true
	case 'J':
		return cards.Jack, true
	case 'T':
		return cards.Ten, true
	}
	if c >= '2' && c <= '9' {
		return cards.Rank(c - '2'), true
	}
	return 0, false
}

func suitOf(c byte) (cards.Suit, bool) {
	switch c {
	case 'c':
		return cards.Clubs, true
	case 'd':
		return cards.Diamonds, true
	case 'h':
		return cards.Hearts, true
	case 's':
		return cards.Spades, true
	}
	return 0, false
}

func isSuitVar(c byte) bool { return c >= 'w' && c <= 'z' }

func isRankVar(c byte) bool {
	_, rank := rankOf(c)
	return c >= 'A' && c <= 'Z' && !rank
}

// endsPattern reports whether c ends a hand pattern.
func endsPattern(c byte) bool {
	return c == 0 || c == ',' || c == ':' || c == '!' || c == ')' || c == '('
}

// cardPat is one card pattern being read.
type cardPat struct {
	col      int    // byte offset where it starts
	ranks    uint16 // allowed ranks
	suits    uint8  // allowed suits
	rankVar  byte   // the rank variable letter, or 0
	suitVar  byte   // the suit variable letter, or 0
	oneRank  bool   // written as one concrete rank
	oneSuit  bool   // written as one concrete suit
	plusSpan int    // the '+' span it belongs to, or -1
}

const allRanks = 1<<cards.NumRanks - 1
const allSuits = 1<<cards.NumSuits - 1

func (p *parser) parsePattern() *node {
	start := p.i
	var cps []cardPat
	spans := 0
	for p.err == nil {
		c := p.peek()
		if endsPattern(c) {
			break
		}
		if c == '+' {
			p.plus(cps, &spans)
			p.i++
			continue
		}
		cp := cardPat{col: p.i, ranks: allRanks, suits: allSuits, plusSpan: -1}
		hasRank := p.rankPart(&cp)
		if p.err != nil {
			return nil
		}
		hasSuit := p.suitPart(&cp, hasRank)
		if p.err != nil {
			return nil
		}
		if !hasRank && !hasSuit {
			if c >= 'a' && c <= 'z' {
				if _, ok := rankOf(c - 'a' + 'A'); ok {
					p.fail(fault.Invalid, p.i, "unknown symbol %s (ranks are upper case: A K Q J T 9-2)", describe(p.s, p.i))
					return nil
				}
			}
			p.fail(fault.Invalid, p.i, "unknown symbol %s", describe(p.s, p.i))
			return nil
		}
		cps = append(cps, cp)
	}
	if p.err != nil {
		return nil
	}
	if len(cps) == 1 && p.s[cps[0].col] == '*' && cps[0].suits == allSuits {
		return &node{op: 'p', pat: anyPattern()}
	}
	if len(cps) != 4 {
		p.fail(fault.Invalid, start, "want 4 cards in a hand pattern, got %d (pad with * for any card)", len(cps))
		return nil
	}
	return p.compile(cps)
}

// rankPart reads an optional rank: a rank, *, a rank variable, or a
// bracketed rank list or span. A bracket of suits is left to suitPart.
func (p *parser) rankPart(cp *cardPat) bool {
	c := p.s[p.i]
	if r, ok := rankOf(c); ok {
		cp.ranks, cp.oneRank = 1<<r, true
		p.i++
		return true
	}
	switch {
	case c == '*':
		p.i++
		return true
	case isRankVar(c):
		cp.rankVar = c
		p.i++
		return true
	case c == '[':
		j := p.i + 1
		for j < len(p.s) && p.s[j] == ' ' {
			j++
		}
		if j < len(p.s) {
			if _, ok := suitOf(p.s[j]); ok {
				return false // a suit list
			}
		}
		p.i++
		cp.ranks = p.rankList()
		return true
	}
	return false
}

// rankList reads the inside of [...] after the '[': ranks, spans X-Y,
// optional commas; it consumes the ']'.
func (p *parser) rankList() uint16 {
	open := p.i - 1
	var m uint16
	for p.err == nil {
		c := p.peek()
		switch {
		case c == ']':
			p.i++
			if m == 0 {
				p.fail(fault.Invalid, open, "empty rank list")
			}
			return m
		case c == ',':
			p.i++
			continue
		case c == 0:
			p.fail(fault.Invalid, open, "want ] to close the [")
			return 0
		}
		r, ok := rankOf(c)
		if !ok {
			p.fail(fault.Invalid, p.i, "want a rank in the list, got %s", describe(p.s, p.i))
			return 0
		}
		p.i++
		if p.peek() == '-' {
			p.i++
			q, ok := rankOf(p.peek())
			if !ok {
				p.fail(fault.Invalid, p.i, "want a rank after -, got %s", describe(p.s, p.i))
				return 0
			}
			p.i++
			lo, hi := min(r, q), max(r, q)
			for x := lo; x <= hi; x++ {
				m |= 1 << x
			}
			continue
		}
		m |= 1 << r
	}
	return 0
}

// suitPart reads an optional suit, suit variable or [suit list].
func (p *parser) suitPart(cp *cardPat, hasRank bool) bool {
	if p.i >= len(p.s) {
		return false
	}
	c := p.s[p.i]
	if s, ok := suitOf(c); ok {
		cp.suits, cp.oneSuit = 1<<s, true
		p.i++
		return true
	}
	if isSuitVar(c) {
		cp.suitVar = c
		p.i++
		return true
	}
	if c != '[' {
		return false
	}
	open := p.i
	j := p.i + 1
	for j < len(p.s) && p.s[j] == ' ' {
		j++
	}
	if j < len(p.s) {
		if _, ok := suitOf(p.s[j]); !ok {
			if hasRank {
				return false // a rank list of the next card: "A[KQ]"
			}
		}
	}
	p.i++
	var m uint8
	for p.err == nil {
		c := p.peek()
		switch {
		case c == ']':
			p.i++
			if m == 0 {
				p.fail(fault.Invalid, open, "empty suit list")
			}
			cp.suits = m
			return true
		case c == ',':
			p.i++
			continue
		case c == 0:
			p.fail(fault.Invalid, open, "want ] to close the [")
			return false
		}
		s, ok := suitOf(c)
		if !ok {
			p.fail(fault.Invalid, p.i, "want a suit (s h d c) in the list, got %s", describe(p.s, p.i))
			return false
		}
		m |= 1 << s
		p.i++
	}
	return false
}

// plus applies a '+' at p.i to the run of card patterns of one written
// rank that ends the patterns read so far.
func (p *parser) plus(cps []cardPat, spans *int) {
	n := len(cps)
	if n == 0 || !cps[n-1].oneRank || cps[n-1].plusSpan >= 0 {
		p.fail(fault.Invalid, p.i, "+ must follow a rank (J+, JJ+)")
		return
	}
	r := cps[n-1].ranks
	j := n - 1
	for j > 0 && cps[j-1].oneRank && cps[j-1].ranks == r && cps[j-1].plusSpan < 0 {
		j--
	}
	if j > 0 && cps[j-1].oneRank && cps[j-1].plusSpan < 0 {
		p.fail(fault.Invalid, p.i, "ambiguous +: it follows two different ranks (write [%s-A] for one card, or a single run like %s%s+)",
			rankString(r), rankString(r), rankString(r))
		return
	}
	var span uint16
	for x := r; x != 0 && x <= 1<<cards.Ace; x <<= 1 {
		span |= x
	}
	for k := j; k < n; k++ {
		cps[k].ranks, cps[k].oneRank, cps[k].plusSpan = span, false, *spans
	}
	*spans++
}

func rankString(m uint16) string {
	for r := cards.Rank(0); r <= cards.Ace; r++ {
		if m == 1<<r {
			return r.String()
		}
	}
	return "?"
}

// compile turns four card patterns into a pattern, or records an error
// (a card written twice is Impossible).
func (p *parser) compile(cps []cardPat) *node {
	var pat pattern
	rv := map[byte]int8{}
	sv := map[byte]int8{}
	var seen [cards.NumCards]int
	for i, cp := range cps {
		sl := slot{ranks: cp.ranks, suits: cp.suits, rv: -1, sv: -1, av: int8(cp.plusSpan)}
		if cp.rankVar != 0 {
			v, ok := rv[cp.rankVar]
			if !ok {
				v = int8(len(rv))
				rv[cp.rankVar] = v
			}
			sl.rv = v
		}
		if cp.suitVar != 0 {
			v, ok := sv[cp.suitVar]
			if !ok {
				v = int8(len(sv))
				sv[cp.suitVar] = v
			}
			sl.sv = v
		}
		if cp.oneRank {
			pat.fixedRanks |= cp.ranks
		}
		if cp.oneSuit {
			pat.fixedSuits |= cp.suits
		}
		if cp.oneRank && cp.oneSuit {
			c := cards.New(cards.Rank(trailing(cp.ranks)), cards.Suit(trailing(uint16(cp.suits))))
			if seen[c] != 0 {
				p.fail(fault.Impossible, cp.col, "duplicate card %s: written at columns %d and %d", c, seen[c], utf8.RuneCountInString(p.s[:cp.col])+1)
				return nil
			}
			seen[c] = utf8.RuneCountInString(p.s[:cp.col]) + 1
		}
		pat.slots[i] = sl
	}
	pat.order()
	return &node{op: 'p', pat: pat}
}
