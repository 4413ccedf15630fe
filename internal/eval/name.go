package eval

import "github.com/scoophq/scoop/internal/cards"

// Names of made hands as players say them (ANALYSIS.md A7). HighValue's
// String spells every deciding rank out ("two pair, kings and sevens,
// four kicker"), for a log; Name says what a player says at the table.

// Name returns the high hand as players say it: "royal flush",
// "nine-high straight flush", "four of a kind, kings", "full house, nines
// full of fours", "king-high flush", "five-high straight", "three of a
// kind, nines", "two pair, kings and sevens", "pair of aces", "ace high".
// The zero value (no hand) is "no hand". Kickers are left out: they are
// not part of what a hand is called.
func (v HighValue) Name() string {
	r0 := v.rank(0)
	switch v.Category() {
	case StraightFlush:
		if r0 == cards.Ace {
			return "royal flush"
		}
		return rankName(r0) + "-high straight flush"
	case FourOfAKind:
		return "four of a kind, " + rankPlural(r0)
	case FullHouse:
		return "full house, " + rankPlural(r0) + " full of " + rankPlural(v.rank(1))
	case Flush:
		return rankName(r0) + "-high flush"
	case Straight:
		return rankName(r0) + "-high straight"
	case ThreeOfAKind:
		return "three of a kind, " + rankPlural(r0)
	case TwoPair:
		return "two pair, " + rankPlural(r0) + " and " + rankPlural(v.rank(1))
	case OnePair:
		return "pair of " + rankPlural(r0)
	case HighCard:
		if v == 0 {
			return "no hand"
		}
		return rankName(r0) + " high"
	}
	return "invalid hand value"
}

// Name returns the low as players say it: its cards from the top,
// "8-5-3-2-A" (the wheel "5-4-3-2-A"); "no low" for a value that is not
// a low. It is String.
func (v LowValue) Name() string { return v.String() }

// OmahaNames names an Omaha hand's best high and, for a game with a low
// half, its best low against a board of 3 to 5 cards (R14): low is ""
// for omaha-hi and "no low" when the hand makes none.
func OmahaNames(g Game, hole, board cards.List) (high, low string) {
	high = OmahaHigh(hole, board).Name()
	if g.HasLow() {
		low = "no low"
		if l, ok := OmahaLow(hole, board); ok {
			low = l.Name()
		}
	}
	return high, low
}
