package postgres

import (
	"context"

	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// PlayerGroups implements store.Store: the aggregate of PlayerStats per
// group and ledger (store.GroupQuery).
func (s *Store) PlayerGroups(ctx context.Context, player string, f stats.Filter, by string) ([]stats.GroupTotals, error) {
	if err := store.CheckStats(player, f); err != nil {
		return nil, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	where, args := filterSQL(ctx, player, f)
	query, err := store.GroupQuery(totalsSQL, where, by)
	if err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, wrap(ctx, err, "player statistics by "+by)
	}
	defer rows.Close()
	out, err := store.GroupRows(rows, func(extra ...any) (stats.Totals, error) { return scanTotals(rows, extra...) })
	if err != nil {
		return nil, wrap(ctx, err, "player statistics by "+by)
	}
	return out, nil
}
