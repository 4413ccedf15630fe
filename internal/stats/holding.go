package stats

import "github.com/scoophq/scoop/internal/cards"

// The starting-hand groups of GET /v1/players/{name}/stats/holdings
// (HoldingGroup), as Omaha players sort their hole cards. A hand is in the
// first group of its game's list (HoldingGroups) whose rule it meets, so
// that every known hand is in exactly one.
//
// Omaha Hi/Lo ("low" is a rank from ace to eight):
const (
	// A2SuitedAce: an ace and a deuce, the ace suited with another of
	// the four cards (A2 with a suited ace: the nut low draw with the nut
	// flush draw).
	A2SuitedAce = "a2-suited-ace"
	// A2Low: an ace and a deuce, the ace not suited, and a third low
	// card of another rank (A23x, A24x ... A28x): counterfeit protection.
	A2Low = "a2-low"
	// A2Other: an ace and a deuce with neither (A2KK, A2JT rainbow).
	A2Other = "a2-other"
	// AcesHiLo: a pair of aces without a deuce (AA3x, AAKK).
	AcesHiLo = "aa"
	// A3: an ace and a trey, without a deuce or a second ace.
	A3 = "a3"
	// FourLow: four low cards of four ranks, not in a group above
	// (2345, A458 ...).
	FourLow = "four-low"
)

// Groups of both games:
const (
	// DoubleSuited (Omaha High): two cards of one suit and two of
	// another.
	DoubleSuited = "double-suited"
	// Aces (Omaha High): a pair of aces (or more), not double-suited.
	Aces = "aces"
	// Rundowns: four ranks, no pair, within a span of five (the highest
	// at most four ranks above the lowest, the ace high or low): 9TJQ,
	// 789J, TJQA, A345 (in Hi/Lo a low group takes A345 first).
	Rundowns = "rundowns"
	// Pairs: a pair (or trips, or two pairs) not in a group above.
	Pairs = "pairs"
	// Others: every other hand.
	Others = "others"
)

// HoldingGroups are the starting-hand groups of each game, in the order
// a hand is tried against them (and the endpoint lists them).
var HoldingGroups = map[string][]string{
	"omaha-hilo": {A2SuitedAce, A2Low, A2Other, AcesHiLo, A3, FourLow, Rundowns, Pairs, Others},
	"omaha-hi":   {DoubleSuited, Aces, Rundowns, Pairs, Others},
}

// HoldingLabels name the groups for a reader.
var HoldingLabels = map[string]string{
	A2SuitedAce: "A2 with a suited ace", A2Low: "A2 with another low card", A2Other: "A2, other",
	AcesHiLo: "AA without a deuce", A3: "A3 without a deuce", FourLow: "four low cards",
	DoubleSuited: "double-suited", Aces: "aces", Rundowns: "rundowns", Pairs: "pairs", Others: "others",
}

// HoldingGroup returns the starting-hand group of four hole cards in game
// ("omaha-hi" or "omaha-hilo"), "" unless hole holds four valid cards.
func HoldingGroup(game string, hole cards.List) string {
	if len(hole) != 4 {
		return ""
	}
	var count [cards.NumRanks]int
	var suits [cards.NumSuits]int
	for _, c := range hole {
		if !c.Valid() {
			return ""
		}
		count[c.Rank()]++
		suits[c.Suit()]++
	}
	paired := false
	for _, n := range count {
		paired = paired || n >= 2
	}
	if game == "omaha-hilo" {
		if g := hiLoGroup(hole, count); g != "" {
			return g
		}
	} else {
		two := 0
		for _, n := range suits {
			if n == 2 {
				two++
			}
		}
		switch {
		case two == 2:
			return DoubleSuited
		case count[cards.Ace] >= 2:
			return Aces
		}
	}
	switch {
	case !paired && rundown(count):
		return Rundowns
	case paired:
		return Pairs
	}
	return Others
}

// hiLoGroup is the Hi/Lo group of hole among those only Hi/Lo has, ""
// when none.
func hiLoGroup(hole cards.List, count [cards.NumRanks]int) string {
	ace, deuce, trey := count[cards.Ace] > 0, count[cards.Two] > 0, count[cards.Three] > 0
	if ace && deuce {
		for _, a := range hole {
			if a.Rank() != cards.Ace {
				continue
			}
			for _, c := range hole {
				if c != a && c.Suit() == a.Suit() {
					return A2SuitedAce
				}
			}
		}
		for r := cards.Three; r <= cards.Eight; r++ {
			if count[r] > 0 {
				return A2Low
			}
		}
		return A2Other
	}
	if count[cards.Ace] >= 2 {
		return AcesHiLo
	}
	if ace && trey {
		return A3
	}
	lows := 0
	for r := cards.Two; r <= cards.Eight; r++ {
		if count[r] == 1 {
			lows++
		}
	}
	if count[cards.Ace] == 1 {
		lows++
	}
	if lows == 4 {
		return FourLow
	}
	return ""
}

// rundown reports whether four distinct ranks lie within five ranks, the
// ace high or (for A234, A235 ... A345) low.
func rundown(count [cards.NumRanks]int) bool {
	within := func(low bool) bool {
		lo, hi := 99, -1
		for r, n := range count {
			if n == 0 {
				continue
			}
			v := r
			if low && cards.Rank(r) == cards.Ace {
				v = -1
			}
			lo, hi = min(lo, v), max(hi, v)
		}
		return hi-lo <= 4
	}
	return within(false) || (count[cards.Ace] > 0 && within(true))
}
