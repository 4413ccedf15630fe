package store

import (
	"strings"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/stats"
)

// FactsWhere returns the conditions on hand_players of the facts rows of
// player's legal hands (facts > 0) that pass f, joined by AND, for both
// stores: arg adds one value to the query's arguments and returns its
// placeholder ("$3" or "?"), and in returns the condition that hole_index
// is one of members (ascending hand indexes, possibly many thousands),
// its arguments added by arg. Only the filters set add a condition, so
// that a query without filters reads the name's index range alone. The
// account's condition is the caller's.
func FactsWhere(player string, f stats.Filter, arg func(v any) string, in func(members []int) string) string {
	c := []string{"name = " + arg(player), "facts > 0"}
	c = append(c, filterConds(f, arg, in)...)
	if f.Tag != "" {
		c = append(c, TagCond("hand_players.hand_id", f.Tag, arg))
	}
	return strings.Join(c, " AND ")
}

// TagCond is the condition that the hand whose row id is the column
// handID carries tag (the tag filter), by the hand_tags index.
func TagCond(handID, tag string, arg func(v any) string) string {
	return "EXISTS (SELECT 1 FROM hand_tags t WHERE t.hand_id = " + handID + " AND t.tag = " + arg(tag) + ")"
}

// filterConds are the conditions of f on hand_players rows (see
// FactsWhere), the player's own included.
func filterConds(f stats.Filter, arg func(v any) string, in func(members []int) string) []string {
	var c []string
	flag := func(b *bool) int {
		if *b {
			return 1
		}
		return 0
	}
	for _, eq := range []struct {
		col string
		v   func() any
		set bool
	}{
		{"site", func() any { return f.Site }, f.Site != ""},
		{"game", func() any { return f.Game }, f.Game != ""},
		{"structure", func() any { return f.Structure }, f.Structure != ""},
		{"big_blind", func() any { return f.Stakes }, f.Stakes != 0},
		{"kind", func() any { return f.Kind }, f.Kind != ""},
		{"currency", func() any { return f.Currency }, f.Currency != ""},
		{"ledger", func() any { return f.Ledger }, f.Ledger != ""},
		{"seat", func() any { return f.Position }, f.Position != ""},
		{"saw_flop", func() any { return flag(f.SawFlop) }, f.SawFlop != nil},
		{"showdown", func() any { return flag(f.Showdown) }, f.Showdown != nil},
		{"coalesce(allin, 0)", func() any { return flag(f.AllIn) }, f.AllIn != nil},
		{"coalesce(freeroll, 0)", func() any { return flag(f.Freeroll) }, f.Freeroll != nil},
	} {
		if eq.set {
			c = append(c, eq.col+" = "+arg(eq.v()))
		}
	}
	if f.From != nil {
		c = append(c, "played_at >= "+arg(*Micros(f.From)))
	}
	if f.To != nil {
		c = append(c, "played_at < "+arg(*Micros(f.To)))
	}
	switch f.Result {
	case stats.Won:
		c = append(c, "net > 0")
	case stats.Lost:
		c = append(c, "net < 0")
	}
	if f.Legal != nil && !*f.Legal {
		c = append(c, "1 = 0") // statistics are over legal hands only
	}
	if f.Holding != nil {
		if f.Holding.HasPercent() {
			c = append(c, "(game = 'omaha-hi' AND "+in(f.Holding.Members(eval.OmahaHi))+
				" OR game = 'omaha-hilo' AND "+in(f.Holding.Members(eval.OmahaHiLo))+")")
		} else {
			c = append(c, in(f.Holding.Members(eval.OmahaHi)))
		}
	}
	return c
}

// HoldingLookup returns, for a percentage range in f.Holding, the
// condition that hole_index is one of the union of its two games' members
// (in as for FactsWhere), to AND with FactsWhere's conditions; "" for no
// such range. FactsWhere holds each game's rows to that game's members
// (an OR no index serves); this plain membership test lets SQLite's
// planner look the rows up by the (account, name, hole_index) index
// (migration 14) from the IN list and read only the range's rows, not
// every row of the player (over 100,000 hands of a player, 534 ms instead
// of 1,083 on a loaded machine). PostgreSQL's planner reads the player's
// rows and hashes the members faster than any form of it that probes, and
// does without.
func HoldingLookup(f stats.Filter, in func(members []int) string) string {
	if f.Holding == nil || !f.Holding.HasPercent() {
		return ""
	}
	return in(union(f.Holding.Members(eval.OmahaHi), f.Holding.Members(eval.OmahaHiLo)))
}

// union returns the ascending union of the ascending a and b.
func union(a, b []int) []int {
	out := make([]int, 0, max(len(a), len(b)))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			out = append(out, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i, j = i+1, j+1
		}
	}
	return out
}

// MaxLedgers is the most ledgers Store.PlayerLedgers returns: those with
// the most hands.
const MaxLedgers = 200

// SetLedger sets t's ledger from the least and greatest ledger key of its
// hands (nil without hands): t is Mixed when they differ.
func SetLedger(t *stats.Totals, minKey, maxKey *string) {
	if minKey == nil || maxKey == nil {
		return
	}
	if *minKey != *maxKey {
		t.Mixed, t.Currency, t.ChipUnit, t.Ledger = true, "", "", stats.Ledger{}
		return
	}
	if !t.Mixed {
		t.Ledger, _ = stats.ParseLedger(*minKey)
	}
}

// WithLedger returns t with the ledger of key.
func WithLedger(t stats.Totals, key string) stats.Totals {
	t.Ledger, _ = stats.ParseLedger(key)
	return t
}
