package stats

import (
	"math/big"
	"strings"
	"time"
)

// Filter selects the hands a player's statistics are over (S1). Zero
// fields select everything. From is inclusive and To exclusive, on the
// hand's recorded time; a hand without a recorded time is left out when
// either is set.
type Filter struct {
	Site      string
	Game      string // omaha-hi or omaha-hilo
	Structure string // fixed-limit, pot-limit or no-limit
	Stakes    int64  // the big blind in chips (Hand.BigBlind); 0 for any
	From, To  *time.Time
}

// Match reports whether a hand passes f.
func (f Filter) Match(h Hand) bool {
	switch {
	case f.Site != "" && h.Site != f.Site,
		f.Game != "" && h.Game != f.Game,
		f.Structure != "" && h.Structure != f.Structure,
		f.Stakes != 0 && h.BigBlind != f.Stakes:
		return false
	}
	if f.From != nil && (h.Time == nil || h.Time.Before(*f.From)) {
		return false
	}
	if f.To != nil && (h.Time == nil || !h.Time.Before(*f.To)) {
		return false
	}
	return true
}

// Totals are the sums of one player's facts over a set of legal hands,
// from which Report derives S1-S5. Both stores compute them in SQL, and
// Add in Go for hands replayed from files; the two agree.
type Totals struct {
	Hands int64 // legal hands dealt
	Net   int64 // chips
	// NetBB is net in big blinds summed hand by hand (hands without a big
	// blind add nothing).
	NetBB                     float64
	VPIP, PFR                 int64
	ThreeBet, ThreeBetChances int64
	Aggressive, Calls         int64 // postflop bets and raises; calls
	SawFlop                   int64
	Showdowns, WonShowdowns   int64
	// HiLoShowdowns are the showdowns of omaha-hilo hands, the
	// opportunities of Scoops, Quartered and LowsWon.
	HiLoShowdowns              int64
	Scoops, Quartered, LowsWon int64
	// AdjustedNet is S5's all-in adjusted net: each analysed hand's
	// adjusted winnings, and the net of the hands not analysed yet
	// (Unanalyzed of them).
	AdjustedNet float64
	AllInHands  int64 // qualifying hands (A5)
	Unanalyzed  int64
	// Currency and ChipUnit are those every hand shares; both "" when the
	// hands mix currencies or chip units (or have none).
	Currency, ChipUnit string
	// Mixed is true once two hands disagree on Currency or ChipUnit.
	Mixed bool
}

// Add adds one hand's facts for the player to t.
func (t *Totals) Add(h Hand, f Facts) {
	if t.Hands == 0 {
		t.Currency, t.ChipUnit = h.Currency, h.ChipUnit
	} else if !t.Mixed && (t.Currency != h.Currency || t.ChipUnit != h.ChipUnit) {
		t.Mixed, t.Currency, t.ChipUnit = true, "", ""
	}
	t.Hands++
	t.Net += f.Net
	if h.BigBlind > 0 {
		t.NetBB += float64(f.Net) / float64(h.BigBlind)
	}
	t.VPIP += int64(f.VPIP)
	t.PFR += int64(f.PFR)
	t.ThreeBet += int64(f.ThreeBet)
	t.ThreeBetChances += int64(f.ThreeBetChance)
	t.Aggressive += int64(f.Aggressive)
	t.Calls += int64(f.Calls)
	t.SawFlop += int64(f.SawFlop)
	t.Showdowns += int64(f.Showdown)
	t.WonShowdowns += int64(f.WonShowdown)
	if h.Game == "omaha-hilo" {
		t.HiLoShowdowns += int64(f.Showdown)
	}
	t.Scoops += int64(f.Scoop)
	t.Quartered += int64(f.Quartered)
	t.LowsWon += int64(f.LowWon)
	if f.AdjustedNet != nil {
		t.AdjustedNet += *f.AdjustedNet
		if *f.AllIn {
			t.AllInHands++
		}
	} else {
		t.AdjustedNet += float64(f.Net)
		t.Unanalyzed++
	}
}

// Share is a statistic that is a share of opportunities: Value is
// Count / Opportunities, null when there was no opportunity.
type Share struct {
	Value         *float64 `json:"value"`
	Count         int64    `json:"count"`
	Opportunities int64    `json:"opportunities"`
}

func share(count, of int64) Share {
	s := Share{Count: count, Opportunities: of}
	if of > 0 {
		v := float64(count) / float64(of)
		s.Value = &v
	}
	return s
}

// Factor is the aggression factor (S3): Value is BetsRaises / Calls,
// null when there were no calls.
type Factor struct {
	Value      *float64 `json:"value"`
	BetsRaises int64    `json:"bets_raises"`
	Calls      int64    `json:"calls"`
}

// Money is an amount in chips and, when the hands share one currency, in
// that currency as a decimal string (Amount, Currency: absent otherwise).
// Chips of an expectation (adjusted winnings, luck) are fractional.
type Money struct {
	Chips    float64 `json:"chips"`
	Amount   string  `json:"amount,omitempty"`
	Currency string  `json:"currency,omitempty"`
}

// Report is a player's statistics (S1-S5), the JSON of GET
// /v1/players/{name}/stats and of `scoop stats --json`.
type Report struct {
	Player string `json:"player"`
	Hands  int64  `json:"hands"`
	Net    Money  `json:"net"`
	// NetBB is net in big blinds, BBPer100 = 100 x NetBB / Hands (null
	// without hands).
	NetBB     float64  `json:"net_bb"`
	BBPer100  *float64 `json:"bb_per_100"`
	VPIP      Share    `json:"vpip"`
	PFR       Share    `json:"pfr"`
	ThreeBet  Share    `json:"three_bet"`
	AF        Factor   `json:"af"`
	WTSD      Share    `json:"wtsd"`
	WSD       Share    `json:"wsd"`
	Scoops    Share    `json:"scoops"`
	Quartered Share    `json:"quartered"`
	LowsWon   Share    `json:"lows_won"`
	// AllInAdjustedNet is S5's sum; AllInHands the qualifying hands;
	// Luck is Net - AllInAdjustedNet.
	AllInAdjustedNet Money `json:"allin_adjusted_net"`
	AllInHands       int64 `json:"allin_hands"`
	Luck             Money `json:"luck"`
	// UnanalyzedHands are hands without an analysis yet, counted in
	// AllInAdjustedNet at their actual net.
	UnanalyzedHands int64 `json:"unanalyzed_hands"`
}

// NewReport derives the statistics of player from t.
func NewReport(player string, t Totals) Report {
	r := Report{
		Player:           player,
		Hands:            t.Hands,
		Net:              t.money(float64(t.Net)),
		NetBB:            t.NetBB,
		VPIP:             share(t.VPIP, t.Hands),
		PFR:              share(t.PFR, t.Hands),
		ThreeBet:         share(t.ThreeBet, t.ThreeBetChances),
		AF:               Factor{BetsRaises: t.Aggressive, Calls: t.Calls},
		WTSD:             share(t.Showdowns, t.SawFlop),
		WSD:              share(t.WonShowdowns, t.Showdowns),
		Scoops:           share(t.Scoops, t.HiLoShowdowns),
		Quartered:        share(t.Quartered, t.HiLoShowdowns),
		LowsWon:          share(t.LowsWon, t.HiLoShowdowns),
		AllInAdjustedNet: t.money(t.AdjustedNet),
		AllInHands:       t.AllInHands,
		Luck:             t.money(float64(t.Net) - t.AdjustedNet),
		UnanalyzedHands:  t.Unanalyzed,
	}
	if t.Hands > 0 {
		v := 100 * t.NetBB / float64(t.Hands)
		r.BBPer100 = &v
	}
	if t.Calls > 0 {
		v := float64(t.Aggressive) / float64(t.Calls)
		r.AF.Value = &v
	}
	return r
}

// money is chips as Money, in t's currency when the hands share one.
func (t Totals) money(chips float64) Money {
	m := Money{Chips: chips}
	if t.Mixed || t.Currency == "" {
		return m
	}
	if amt, ok := Decimal(chips, t.ChipUnit); ok {
		m.Amount, m.Currency = amt, t.Currency
	}
	return m
}

// Decimal returns chips worth unit each (a decimal string such as "0.01";
// "" means 1) as a decimal string with unit's decimal places, rounded half
// away from zero; ok is false when unit is not a positive decimal.
func Decimal(chips float64, unit string) (string, bool) {
	if unit == "" {
		unit = "1"
	}
	u, ok := new(big.Rat).SetString(unit)
	if !ok || u.Sign() <= 0 {
		return "", false
	}
	places := 0
	if i := strings.IndexByte(unit, '.'); i >= 0 {
		places = len(unit) - i - 1
	}
	c := new(big.Rat)
	c.SetFloat64(chips)
	return c.Mul(c, u).FloatString(places), true
}
