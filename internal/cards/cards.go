// Package cards owns the card model of Scoop: Rank, Suit, Card (a small
// integer), CardSet (a 64-bit set) and List (an ordered run of cards), with
// parsing and canonical formatting (RULES.md R1).
//
// It is the bottom of the dependency graph: it imports only the standard
// library and must never import another Scoop package. It does no I/O.
package cards

import (
	"fmt"
	"math/bits"
	"strings"
)

// Rank is a card rank: Two (0) up to Ace (12).
type Rank uint8

// The thirteen ranks, deuce low. The ace is high here; evaluators treat it
// as low where a rule says so (the wheel, the 8-or-better low).
const (
	Two Rank = iota
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	Ace
)

// NumRanks is the number of ranks in the deck.
const NumRanks = 13

const rankChars = "23456789TJQKA"

// String returns the rank's canonical character: 2..9, T, J, Q, K, A.
func (r Rank) String() string {
	if r > Ace {
		return "?"
	}
	return rankChars[r : r+1]
}

// Suit is a card suit. Suits never rank (R15); the order here only fixes
// the encoding.
type Suit uint8

// The four suits.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// NumSuits is the number of suits in the deck.
const NumSuits = 4

const suitChars = "cdhs"

// String returns the suit's canonical character: c, d, h or s.
func (s Suit) String() string {
	if s > Spades {
		return "?"
	}
	return suitChars[s : s+1]
}

// Card is one of the 52 cards, encoded as rank*4 + suit (0 = 2c ... 51 = As).
// Values of 52 and above are not cards.
type Card uint8

// NumCards is the size of the deck.
const NumCards = 52

// New returns the card of rank r and suit s.
func New(r Rank, s Suit) Card { return Card(uint8(r)<<2 | uint8(s)) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c >> 2) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c & 3) }

// Valid reports whether c is one of the 52 cards.
func (c Card) Valid() bool { return c < NumCards }

// String returns the canonical two-character form, e.g. "As", "Td".
func (c Card) String() string {
	if !c.Valid() {
		return "??"
	}
	return c.Rank().String() + c.Suit().String()
}

// MarshalText encodes the card in canonical form.
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("cards: invalid card value %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText parses exactly one card.
func (c *Card) UnmarshalText(b []byte) error {
	l, err := Parse(string(b))
	if err != nil {
		return err
	}
	if len(l) != 1 {
		return &ParseError{Input: string(b), Token: string(b), Reason: "want exactly one card"}
	}
	*c = l[0]
	return nil
}

// ParseError reports a card string that could not be read. Token is the
// offending piece of the input.
type ParseError struct {
	Input  string // the whole input
	Token  string // the offending token
	Reason string // what is wrong with it
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("bad card %q in %q: %s", e.Token, e.Input, e.Reason)
}

// DuplicateError reports a card that appears twice where cards must be
// distinct.
type DuplicateError struct {
	Card Card
}

func (e *DuplicateError) Error() string {
	return fmt.Sprintf("duplicate card %s", e.Card)
}

func parseRank(b byte) (Rank, bool) {
	switch b {
	case 't', 'T':
		return Ten, true
	case 'j', 'J':
		return Jack, true
	case 'q', 'Q':
		return Queen, true
	case 'k', 'K':
		return King, true
	case 'a', 'A':
		return Ace, true
	}
	if b >= '2' && b <= '9' {
		return Rank(b - '2'), true
	}
	return 0, false
}

func parseSuit(b byte) (Suit, bool) {
	switch b {
	case 'c', 'C':
		return Clubs, true
	case 'd', 'D':
		return Diamonds, true
	case 'h', 'H':
		return Hearts, true
	case 's', 'S':
		return Spades, true
	}
	return 0, false
}

// Parse reads a run of cards: rank+suit pairs, case-insensitive, with
// optional spaces or commas between them ("As2s3dKd", "as 2s,3d Kd");
// "10" is accepted for the ten. It does not reject duplicates (see
// ParseSet and List.Set). An empty or all-separator input gives an empty
// list. The error is a *ParseError naming the offending token.
func Parse(s string) (List, error) {
	var out List
	i := 0
	for i < len(s) {
		b := s[i]
		if isSeparator(b) {
			i++
			continue
		}
		start := i
		var r Rank
		if b == '1' && i+1 < len(s) && s[i+1] == '0' {
			r = Ten
			i += 2
		} else if rr, ok := parseRank(b); ok {
			r = rr
			i++
		} else {
			return nil, &ParseError{Input: s, Token: token(s, start), Reason: "unknown rank"}
		}
		if i >= len(s) {
			return nil, &ParseError{Input: s, Token: s[start:], Reason: "missing suit"}
		}
		su, ok := parseSuit(s[i])
		if !ok {
			return nil, &ParseError{Input: s, Token: token(s, start), Reason: "unknown suit"}
		}
		i++
		out = append(out, New(r, su))
	}
	return out, nil
}

// token returns the card-sized piece of s starting at i (two bytes, three
// for a "10"), cut at a separator, for error messages.
func token(s string, i int) string {
	n := 2
	if strings.HasPrefix(s[i:], "10") {
		n = 3
	}
	j := i
	for j < len(s) && j-i < n && !isSeparator(s[j]) {
		j++
	}
	if j == i {
		j = i + 1
	}
	return s[i:j]
}

func isSeparator(b byte) bool { return b == ' ' || b == ',' || b == '\t' }

// MustParse is Parse for constants in tests and examples; it panics on error.
func MustParse(s string) List {
	l, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return l
}

// List is an ordered run of cards (a hand, a board). Its text form is the
// canonical cards concatenated with no separator, e.g. "As2s3dKd".
type List []Card

// String returns the canonical form, e.g. "As2s3dKd".
func (l List) String() string {
	var sb strings.Builder
	sb.Grow(2 * len(l))
	for _, c := range l {
		sb.WriteString(c.String())
	}
	return sb.String()
}

// MarshalText encodes the list in canonical form.
func (l List) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText parses a list (see Parse).
func (l *List) UnmarshalText(b []byte) error {
	p, err := Parse(string(b))
	if err != nil {
		return err
	}
	*l = p
	return nil
}

// Set returns the cards as a set, or a *DuplicateError naming the first
// card that appears twice.
func (l List) Set() (CardSet, error) {
	var s CardSet
	for _, c := range l {
		if s.Has(c) {
			return 0, &DuplicateError{Card: c}
		}
		s = s.Add(c)
	}
	return s, nil
}

// CardSet is a set of cards: bit c is set when card c is in the set.
type CardSet uint64

// FullDeck is the set of all 52 cards.
const FullDeck CardSet = 1<<NumCards - 1

// ParseSet parses s (see Parse) and rejects duplicates.
func ParseSet(s string) (CardSet, error) {
	l, err := Parse(s)
	if err != nil {
		return 0, err
	}
	return l.Set()
}

// Has reports whether c is in the set.
func (s CardSet) Has(c Card) bool { return s&(1<<c) != 0 }

// Add returns the set with c added.
func (s CardSet) Add(c Card) CardSet { return s | 1<<c }

// Remove returns the set without c.
func (s CardSet) Remove(c Card) CardSet { return s &^ (1 << c) }

// Len returns the number of cards in the set.
func (s CardSet) Len() int { return bits.OnesCount64(uint64(s)) }

// List returns the cards in ascending encoding order.
func (s CardSet) List() List {
	out := make(List, 0, s.Len())
	for x := uint64(s); x != 0; x &= x - 1 {
		out = append(out, Card(bits.TrailingZeros64(x)))
	}
	return out
}

// String returns the canonical form of the cards in ascending order.
func (s CardSet) String() string { return s.List().String() }
