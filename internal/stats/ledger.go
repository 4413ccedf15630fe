package stats

import (
	"cmp"
	"slices"
	"strings"

	"github.com/scoophq/scoop/internal/handhistory"
)

// The kinds of money a hand is played for (Hand.Kind, Ledger.Kind).
const (
	// Cash is a cash game in a currency (Hand.Currency is set).
	Cash = "cash"
	// Tournament is tournament chips (handhistory.Hand.Tournament).
	Tournament = "tournament"
	// Play is play money: neither a tournament nor a currency (play-money
	// tables, and records that give no currency such as PHH files).
	Play = "play"
)

// KindOf returns the kind of money h is played for: Tournament, else Cash
// when the table has a currency, else Play.
func KindOf(h *handhistory.Hand) string {
	switch {
	case h.Tournament:
		return Tournament
	case h.Table.Currency != "":
		return Cash
	}
	return Play
}

// TournamentID returns the site's tournament number of a tournament hand
// when the record gives it, else "". The model has no field for it yet;
// PokerStars (and the sites writing its format) name a tournament's table
// "<tournament> <table>", which is where it is read from.
func TournamentID(h *handhistory.Hand) string {
	if !h.Tournament {
		return ""
	}
	id, _, ok := strings.Cut(h.TableName, " ")
	if !ok || id == "" || len(id) > 40 {
		return ""
	}
	for i := 0; i < len(id); i++ {
		if id[i] < '0' || id[i] > '9' {
			return ""
		}
	}
	return id
}

// Ledger is the money a hand's amounts are counted in: amounts of two
// hands are added together only when their ledgers are equal. A cash
// ledger is one currency with its chip unit; a tournament ledger is one
// tournament of one site (Tournament its number; "" when the record does
// not give it: every such tournament of the site together); play money
// is one ledger.
type Ledger struct {
	Kind       string `json:"kind"`                 // Cash, Tournament or Play
	Currency   string `json:"currency,omitempty"`   // cash: the currency code
	ChipUnit   string `json:"chip_unit,omitempty"`  // cash: the chip's worth in Currency ("0.01")
	Site       string `json:"site,omitempty"`       // tournament: the site
	Tournament string `json:"tournament,omitempty"` // tournament: its number, when recorded
}

// LedgerOf returns the ledger of a hand described by d.
func LedgerOf(d Hand) Ledger {
	switch d.Kind {
	case Cash:
		return Ledger{Kind: Cash, Currency: d.Currency, ChipUnit: d.ChipUnit}
	case Tournament:
		return Ledger{Kind: Tournament, Site: d.Site, Tournament: d.Tournament}
	}
	return Ledger{Kind: Play}
}

// Key is the ledger as one string, the store's ledger column and the API's
// ledger filter: "cash/USD/0.01", "tournament/pokerstars/7817460",
// "tournament/pokerstars/" (number not recorded), "play".
func (l Ledger) Key() string {
	switch l.Kind {
	case Cash:
		return Cash + "/" + l.Currency + "/" + l.ChipUnit
	case Tournament:
		return Tournament + "/" + l.Site + "/" + l.Tournament
	}
	return l.Kind
}

// ParseLedger returns the ledger of a Key; ok is false for a string that
// is no ledger's key.
func ParseLedger(key string) (Ledger, bool) {
	parts := strings.Split(key, "/")
	var l Ledger
	switch {
	case len(parts) == 3 && parts[0] == Cash && parts[1] != "":
		l = Ledger{Kind: Cash, Currency: parts[1], ChipUnit: parts[2]}
	case len(parts) == 3 && parts[0] == Tournament:
		l = Ledger{Kind: Tournament, Site: parts[1], Tournament: parts[2]}
	case len(parts) == 1 && parts[0] == Play:
		l = Ledger{Kind: Play}
	default:
		return Ledger{}, false
	}
	return l, l.Key() == key
}

// Label is the ledger as a reader names it: "USD (0.01)", "tournament
// 7817460 (pokerstars)", "play money".
func (l Ledger) Label() string {
	switch l.Kind {
	case Cash:
		if l.ChipUnit == "" {
			return l.Currency
		}
		return l.Currency + " (chip " + l.ChipUnit + ")"
	case Tournament:
		s := "tournament chips"
		if l.Tournament != "" {
			s = "tournament " + l.Tournament
		}
		if l.Site != "" {
			s += " (" + l.Site + ")"
		}
		return s
	}
	return "play money"
}

// kindRank orders the kinds: cash first, then tournaments, then play
// money.
func kindRank(k string) int {
	switch k {
	case Cash:
		return 0
	case Tournament:
		return 1
	}
	return 2
}

// CompareLedgers orders ledgers as they are shown: cash first (by
// currency, then chip unit), then tournaments (by site, then number),
// then play money.
func CompareLedgers(a, b Ledger) int {
	return cmp.Or(cmp.Compare(kindRank(a.Kind), kindRank(b.Kind)), cmp.Compare(a.Currency, b.Currency),
		cmp.Compare(a.ChipUnit, b.ChipUnit), cmp.Compare(a.Site, b.Site), cmp.Compare(a.Tournament, b.Tournament))
}

// SortLedgers sorts totals by CompareLedgers of their ledgers.
func SortLedgers(ts []Totals) {
	slices.SortStableFunc(ts, func(a, b Totals) int { return CompareLedgers(a.Ledger, b.Ledger) })
}

// Sum returns the sums of several ledgers' totals: every count, and the
// net in big blinds, which have no unit. Its chip amounts (Net,
// AdjustedNet) are only meaningful when the totals share one ledger; its
// Ledger is theirs then, else zero with Mixed set.
func Sum(ts []Totals) Totals {
	var out Totals
	for i, t := range ts {
		if i == 0 {
			out.Ledger, out.Currency, out.ChipUnit = t.Ledger, t.Currency, t.ChipUnit
		} else if t.Ledger != out.Ledger || t.Currency != out.Currency || t.ChipUnit != out.ChipUnit {
			out.Mixed = true
		}
		out.Mixed = out.Mixed || t.Mixed
		out.Hands += t.Hands
		out.Net += t.Net
		out.NetBB += t.NetBB
		out.VPIP += t.VPIP
		out.PFR += t.PFR
		out.ThreeBet += t.ThreeBet
		out.ThreeBetChances += t.ThreeBetChances
		out.Aggressive += t.Aggressive
		out.Calls += t.Calls
		out.SawFlop += t.SawFlop
		out.Showdowns += t.Showdowns
		out.WonShowdowns += t.WonShowdowns
		out.HiLoShowdowns += t.HiLoShowdowns
		out.Scoops += t.Scoops
		out.Quartered += t.Quartered
		out.LowsWon += t.LowsWon
		out.AdjustedNet += t.AdjustedNet
		out.AllInHands += t.AllInHands
		out.Unanalyzed += t.Unanalyzed
		out.Freerolls += t.Freerolls
		out.FreerollScoops += t.FreerollScoops
	}
	if out.Mixed {
		out.Ledger, out.Currency, out.ChipUnit = Ledger{}, "", ""
	}
	return out
}

// ByLedger sums facts per ledger: Add a hand's facts to the totals of its
// ledger. The zero value is ready to use.
type ByLedger struct {
	m map[Ledger]*Totals
}

// Add adds one hand's facts for the player to the totals of its ledger.
func (b *ByLedger) Add(h Hand, f Facts) {
	if b.m == nil {
		b.m = map[Ledger]*Totals{}
	}
	l := LedgerOf(h)
	t := b.m[l]
	if t == nil {
		t = &Totals{}
		b.m[l] = t
	}
	t.Add(h, f)
}

// Totals returns the totals of every ledger with hands, in CompareLedgers
// order.
func (b *ByLedger) Totals() []Totals {
	out := make([]Totals, 0, len(b.m))
	for _, t := range b.m {
		out = append(out, *t)
	}
	SortLedgers(out)
	return out
}
