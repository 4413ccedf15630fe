package postgres

import (
	"context"
	"strconv"

	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// sessionsPage is the row source of store.SessionTotalsSQL: the page's
// sessions as one JSON array (placeholder n).
func sessionsPage(n int) string {
	return `jsonb_to_recordset($` + strconv.Itoa(n) + `::jsonb) AS p(p_site text, p_start bigint, p_end bigint)`
}

// PlayerSessions implements store.Store: the player's sites and times
// read in order from the hand_players_account_name_site_time index
// (store.SessionTimesSQL) and cut into sessions (store.SessionBounds),
// then the page's totals read by ranges of the same index
// (store.SessionTotalsSQL), and the untimed hands counted.
func (s *Store) PlayerSessions(ctx context.Context, q store.SessionsQuery) (store.SessionsPage, error) {
	start, site, resume, limit, err := store.CheckSessions(q)
	if err != nil {
		return store.SessionsPage{}, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	where, args := filterSQL(ctx, q.Player, q.Filter)
	var page store.SessionsPage
	if err := s.pool.QueryRow(ctx, store.UntimedSQL(where), args...).Scan(&page.Untimed); err != nil {
		return store.SessionsPage{}, wrap(ctx, err, "player sessions")
	}
	rows, err := s.pool.Query(ctx, store.SessionTimesSQL(where), args...)
	if err != nil {
		return store.SessionsPage{}, wrap(ctx, err, "player sessions")
	}
	page.Sessions, page.Next, err = store.SessionBounds(rows, start, site, resume, limit)
	rows.Close()
	if err != nil {
		return store.SessionsPage{}, wrap(ctx, err, "player sessions")
	}
	if len(page.Sessions) == 0 {
		return page, nil
	}
	rows, err = s.pool.Query(ctx, store.SessionTotalsSQL(totalsSQL, where, sessionsPage(len(args)+1)), append(args, store.SessionsJSON(page.Sessions))...)
	if err != nil {
		return store.SessionsPage{}, wrap(ctx, err, "player sessions")
	}
	defer rows.Close()
	if err := store.SessionTotals(page.Sessions, rows, func(extra ...any) (stats.Totals, error) { return scanTotals(rows, extra...) }); err != nil {
		return store.SessionsPage{}, wrap(ctx, err, "player sessions")
	}
	return page, nil
}
