package sqlite

import (
	"context"

	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// sessionsPage is the row source of store.SessionTotalsSQL: the page's
// sessions as one JSON array (the query's first placeholder).
const sessionsPage = `(SELECT json_extract(value, '$.p_site') AS p_site, json_extract(value, '$.p_start') AS p_start,
  json_extract(value, '$.p_end') AS p_end FROM json_each(?)) AS p`

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
	if err := s.db.QueryRowContext(ctx, store.UntimedSQL(where), args...).Scan(&page.Untimed); err != nil {
		return store.SessionsPage{}, wrap(ctx, err, "player sessions")
	}
	rows, err := s.db.QueryContext(ctx, store.SessionTimesSQL(where), args...)
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
	// The page's placeholder comes first: it is in the FROM clause.
	rows, err = s.db.QueryContext(ctx, store.SessionTotalsSQL(totalsSQL, where, sessionsPage), append([]any{store.SessionsJSON(page.Sessions)}, args...)...)
	if err != nil {
		return store.SessionsPage{}, wrap(ctx, err, "player sessions")
	}
	defer rows.Close()
	if err := store.SessionTotals(page.Sessions, rows, func(extra ...any) (stats.Totals, error) { return scanTotals(rows, extra...) }); err != nil {
		return store.SessionsPage{}, wrap(ctx, err, "player sessions")
	}
	return page, nil
}
