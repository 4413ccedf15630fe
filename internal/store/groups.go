package store

import (
	"strconv"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/stats"
)

// The groupings of Store.PlayerGroups.
const (
	// ByPosition groups a player's hands by his seat (stats.SeatName).
	ByPosition = "position"
	// ByHolding groups them by game and starting-hand group
	// (stats.HoldingGroup); hands with his hole cards unknown are left
	// out.
	ByHolding = "holding"
)

// MaxGroupRows is the most rows Store.PlayerGroups returns: those of the
// groups and ledgers with the most hands (a player with hands in more
// than a few dozen ledgers sees the smallest of them left out).
const MaxGroupRows = 1000

// GroupQuery returns a store's PlayerGroups query: the columns totals (the
// store's sums of stats.Totals), then the ledger, the game and the group,
// over the hand_players rows passing where, grouped by by. Invalid (on
// "by") for another grouping.
func GroupQuery(totals, where, by string) (string, error) {
	var cols, groupBy, cond string
	switch by {
	case ByPosition:
		cols, groupBy, cond = "CAST('' AS TEXT), seat", "seat, ledger", "seat <> ''"
	case ByHolding:
		cols, groupBy, cond = "game, holding_group", "game, holding_group, ledger", "holding_group <> ''"
	default:
		return "", fault.Field(fault.Invalid, "by", "by %q: want %s or %s", by, ByPosition, ByHolding)
	}
	return `SELECT ` + totals + `, ledger, ` + cols + ` FROM hand_players WHERE ` + where + ` AND ` + cond +
		` GROUP BY ` + groupBy + ` ORDER BY count(*) DESC, ` + groupBy + ` LIMIT ` + strconv.Itoa(MaxGroupRows), nil
}

// Rows are a query's result rows as both stores' drivers give them.
type Rows interface {
	Next() bool
	Err() error
}

// GroupRows reads the rows of a GroupQuery, scan reading one row's totals
// and then extra (the ledger, the game and the group).
func GroupRows(rows Rows, scan func(extra ...any) (stats.Totals, error)) ([]stats.GroupTotals, error) {
	var out []stats.GroupTotals
	for rows.Next() {
		var key string
		var g stats.GroupTotals
		t, err := scan(&key, &g.Game, &g.Group)
		if err != nil {
			return nil, err
		}
		g.Totals = WithLedger(t, key)
		out = append(out, g)
	}
	return out, rows.Err()
}
