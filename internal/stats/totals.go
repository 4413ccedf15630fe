package stats

import (
	"math/big"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/ranges"
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
	// Kind is Cash or Tournament (or Play); Currency a currency code
	// (cash hands in it); Ledger a Ledger.Key.
	Kind, Currency, Ledger string

	// Player is, for hand listings, the player they were dealt (the
	// statistics are of the player they are asked for).
	Player string
	// The player's own filters (MatchFacts): his seat (SeatName), his hole
	// cards in a range (Holding, its text HoldingText), whether he saw
	// the flop, went to showdown, was in a qualifying all-in (A5: an
	// unanalysed hand is not), freerolled (A9), and Result Won (net > 0) or Lost (net < 0).
	Position    string
	Holding     *ranges.Range
	HoldingText string
	SawFlop     *bool
	Showdown    *bool
	AllIn       *bool
	Freeroll    *bool // he freerolled (A9); an unanalysed hand is not
	Result      string
	// Legal is for hand listings; statistics are over legal hands only,
	// so a false Legal selects none.
	Legal *bool
	// Tag selects the hands carrying this tag (tags.Valid), as the
	// account tagged them (PUT /v1/hands/{id}/tags); "" for any. Only a
	// store answers it: hands read from files carry no tags.
	Tag string
}

// The results a Filter's Result selects.
const (
	Won  = "won"
	Lost = "lost"
)

// PlayerFiltered reports whether f has a filter of the player's own
// (MatchFacts'), which needs a player to apply to.
func (f Filter) PlayerFiltered() bool {
	return f.Position != "" || f.Holding != nil || f.SawFlop != nil || f.Showdown != nil || f.AllIn != nil || f.Freeroll != nil || f.Result != ""
}

// MatchFacts reports whether the player's facts f in a hand of game game
// pass the player's filters of flt (and a false Legal passes nothing).
func (flt Filter) MatchFacts(game string, f Facts) bool {
	flag := func(want *bool, v int) bool { return want == nil || *want == (v == 1) }
	allIn, free := 0, 0
	if f.AllIn != nil && *f.AllIn {
		allIn = 1
	}
	if f.Freeroll != nil && *f.Freeroll {
		free = 1
	}
	switch {
	case flt.Legal != nil && !*flt.Legal,
		flt.Position != "" && f.Seat != flt.Position,
		flt.Holding != nil && (f.HoleIndex < 0 || !flt.Holding.Contains(gameOf(game), f.HoleIndex)),
		!flag(flt.SawFlop, f.SawFlop), !flag(flt.Showdown, f.Showdown), !flag(flt.AllIn, allIn), !flag(flt.Freeroll, free),
		flt.Result == Won && f.Net <= 0, flt.Result == Lost && f.Net >= 0:
		return false
	}
	return true
}

// gameOf is the eval game of a game code.
func gameOf(game string) eval.Game {
	if game == "omaha-hilo" {
		return eval.OmahaHiLo
	}
	return eval.OmahaHi
}

// Match reports whether a hand passes f.
func (f Filter) Match(h Hand) bool {
	switch {
	case f.Site != "" && h.Site != f.Site,
		f.Game != "" && h.Game != f.Game,
		f.Structure != "" && h.Structure != f.Structure,
		f.Stakes != 0 && h.BigBlind != f.Stakes,
		f.Kind != "" && h.Kind != f.Kind,
		f.Currency != "" && h.Currency != f.Currency,
		f.Ledger != "" && LedgerOf(h).Key() != f.Ledger:
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
	// Freerolls are the analysed hands in which he freerolled (A9),
	// FreerollScoops those of them he scooped (S4).
	Freerolls, FreerollScoops int64
	// Currency and ChipUnit are those every hand shares; both "" when the
	// hands mix currencies or chip units (or have none).
	Currency, ChipUnit string
	// Mixed is true once two hands disagree on Currency or ChipUnit, or
	// on their Ledger.
	Mixed bool
	// Ledger is the ledger every hand shares (zero when Mixed).
	Ledger Ledger
}

// Add adds one hand's facts for the player to t.
func (t *Totals) Add(h Hand, f Facts) {
	l := LedgerOf(h)
	if t.Hands == 0 {
		t.Currency, t.ChipUnit, t.Ledger = h.Currency, h.ChipUnit, l
	} else if !t.Mixed && (t.Currency != h.Currency || t.ChipUnit != h.ChipUnit || t.Ledger != l) {
		t.Mixed, t.Currency, t.ChipUnit, t.Ledger = true, "", "", Ledger{}
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
	if f.Freeroll != nil && *f.Freeroll {
		t.Freerolls++
		t.FreerollScoops += int64(f.Scoop)
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
// ChipUnit is the chip's worth the hands share (play money's too: "0.01"
// on a play table of cents), absent when they mix units or name none: the
// readable forms write the amount with it (package money).
type Money struct {
	Chips    float64 `json:"chips"`
	Amount   string  `json:"amount,omitempty"`
	Currency string  `json:"currency,omitempty"`
	ChipUnit string  `json:"chip_unit,omitempty"`
}

// Figures are the statistics (S1-S5) of one set of hands.
type Figures struct {
	Hands int64 `json:"hands"`
	// Net, AllInAdjustedNet and Luck are amounts of money: nil in a
	// report over hands of several ledgers (Report.Ledgers has each).
	Net *Money `json:"net"`
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
	AllInAdjustedNet *Money `json:"allin_adjusted_net"`
	AllInHands       int64  `json:"allin_hands"`
	Luck             *Money `json:"luck"`
	// UnanalyzedHands are hands without an analysis yet, counted in
	// AllInAdjustedNet at their actual net.
	UnanalyzedHands int64 `json:"unanalyzed_hands"`
	// Freerolls are the hands in which he freerolled (A9), and the share
	// of them he scooped.
	Freerolls Freerolls `json:"freerolls"`
}

// Freerolls count the hands in which a player freerolled (A9, issue 26):
// Hands of them, Scooped the share he scooped (S4).
type Freerolls struct {
	Hands   int64 `json:"hands"`
	Scooped Share `json:"scooped"`
}

// LedgerFigures are the statistics of a player's hands of one ledger.
type LedgerFigures struct {
	Ledger Ledger `json:"ledger"`
	Key    string `json:"key"`   // Ledger.Key, for the ledger filter
	Label  string `json:"label"` // Ledger.Label
	Figures
}

// Report is a player's statistics (S1-S5), the JSON of GET
// /v1/players/{name}/stats and of `scoop stats --json`. Its figures are
// over all the hands; their amounts of money only when the hands share
// one ledger (Ledger), else nil. Ledgers has the figures of each ledger,
// cash first (CompareLedgers).
type Report struct {
	Player string `json:"player"`
	Figures
	// Ledger is the one ledger of every hand, nil without hands or when
	// they span several.
	Ledger  *Ledger         `json:"ledger"`
	Ledgers []LedgerFigures `json:"ledgers"`
	// OtherLedgersHands are hands of ledgers Ledgers leaves out (beyond
	// the store's MaxLedgers); 0 when it lists them all.
	OtherLedgersHands int64 `json:"other_ledgers_hands"`
}

// NewReport derives the statistics of player from the totals of each
// ledger (any order; zero-hand totals are left out): NewReportOf their
// Sum.
func NewReport(player string, ledgers ...Totals) Report {
	return NewReportOf(player, Sum(ledgers), ledgers)
}

// NewReportOf derives the statistics of player from the totals of all his
// hands and those of each ledger (any order, zero-hand totals left out;
// they may leave ledgers out, whose hands OtherLedgersHands counts).
func NewReportOf(player string, all Totals, ledgers []Totals) Report {
	var ts []Totals
	var listed int64
	for _, t := range ledgers {
		if t.Hands > 0 {
			ts = append(ts, t)
			listed += t.Hands
		}
	}
	SortLedgers(ts)
	r := Report{Player: player, Figures: figures(all), Ledgers: make([]LedgerFigures, len(ts)), OtherLedgersHands: max(all.Hands-listed, 0)}
	for i, t := range ts {
		r.Ledgers[i] = LedgerFigures{Ledger: t.Ledger, Key: t.Ledger.Key(), Label: t.Ledger.Label(), Figures: figures(t)}
	}
	switch {
	case all.Mixed || len(ts) > 1:
		r.Net, r.AllInAdjustedNet, r.Luck = nil, nil, nil
	case len(ts) == 1:
		l := ts[0].Ledger
		r.Ledger = &l
	}
	return r
}

// figures derives S1-S5 from t.
func figures(t Totals) Figures {
	r := Figures{
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
		Freerolls:        Freerolls{Hands: t.Freerolls, Scooped: share(t.FreerollScoops, t.Freerolls)},
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
func (t Totals) money(chips float64) *Money {
	m := &Money{Chips: chips}
	if t.Mixed {
		return m
	}
	m.ChipUnit = t.ChipUnit
	if t.Currency == "" {
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
