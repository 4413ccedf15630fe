package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// updateFacts writes one facts row (its columns, then hand id and
// position).
var updateFacts = `UPDATE hand_players SET ` + strings.Join(store.FactsColumns, " = ?, ") + ` = ? WHERE hand_id = ? AND position = ?`

// writeFacts stores facts rows in tx.
func writeFacts(ctx context.Context, tx *sql.Tx, rows []store.FactsRow) error {
	if len(rows) == 0 {
		return nil
	}
	st, err := tx.PrepareContext(ctx, updateFacts)
	if err != nil {
		return err
	}
	defer st.Close()
	for _, r := range rows {
		if _, err := st.ExecContext(ctx, append(r.Values(), r.HandID, r.Position)...); err != nil {
			return err
		}
	}
	return nil
}

// FillFacts implements store.FactsFiller.
func (s *Store) FillFacts(ctx context.Context, after int64, limit int) (int64, int, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var last int64
	n := 0
	err := store.Retry(ctx, busy, func() error {
		last, n = 0, 0
		return s.tx(ctx, func(tx *sql.Tx) error {
			rows, err := tx.QueryContext(ctx, `
SELECT h.id, h.hand, h.verdict, a.analysis
FROM hands h LEFT JOIN hand_analyses a ON a.hand_id = h.id
WHERE h.id > ? AND h.legal
  AND EXISTS (SELECT 1 FROM hand_players p WHERE p.hand_id = h.id AND p.facts <> ? AND p.facts <> -?)
ORDER BY h.id LIMIT ?`, after, stats.Version, stats.Version, limit)
			if err != nil {
				return err
			}
			var all []store.FactsRow
			for rows.Next() {
				var id int64
				var hand, verdict string
				var doc sql.NullString
				if err := rows.Scan(&id, &hand, &verdict, &doc); err != nil {
					rows.Close()
					return err
				}
				var a json.RawMessage
				if doc.Valid {
					a = json.RawMessage(doc.String)
				}
				all = append(all, store.StoredFacts(id, true, json.RawMessage(hand), json.RawMessage(verdict), a)...)
				last = id
				n++
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			return writeFacts(ctx, tx, all)
		})
	})
	if err != nil {
		return 0, 0, wrap(ctx, err, "fill player facts")
	}
	return last, n, nil
}

// filterSQL is the WHERE clause of a player's hands for the statistics,
// with its arguments.
func filterSQL(ctx context.Context, player string, f stats.Filter) (string, []any) {
	return `account_id = ? AND name = ? AND facts > 0
  AND (? = '' OR site = ?) AND (? = '' OR game = ?) AND (? = '' OR structure = ?)
  AND (? = 0 OR big_blind = ?)
  AND (? IS NULL OR played_at >= ?) AND (? IS NULL OR played_at < ?)`,
		[]any{account.From(ctx), player, f.Site, f.Site, f.Game, f.Game, f.Structure, f.Structure, f.Stakes, f.Stakes,
			store.Micros(f.From), store.Micros(f.From), store.Micros(f.To), store.Micros(f.To)}
}

// PlayerStats implements store.Store: one aggregate over the player's
// facts rows.
func (s *Store) PlayerStats(ctx context.Context, player string, f stats.Filter) (stats.Totals, error) {
	if err := store.CheckStats(player, f); err != nil {
		return stats.Totals{}, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	where, args := filterSQL(ctx, player, f)
	var t stats.Totals
	var minCur, maxCur, minUnit, maxUnit sql.NullString
	var netHi, netLo int64
	// The net is summed in two halves (store.SplitSum): SQLite's sum of
	// the chips themselves fails once it passes int64.
	err := s.db.QueryRowContext(ctx, `
SELECT count(*), coalesce(sum(net >> 32), 0), coalesce(sum(net & 4294967295), 0), coalesce(sum(net_bb), 0.0),
       coalesce(sum(vpip), 0), coalesce(sum(pfr), 0), coalesce(sum(three_bet), 0), coalesce(sum(three_bet_chance), 0),
       coalesce(sum(aggressive), 0), coalesce(sum(calls), 0), coalesce(sum(saw_flop), 0),
       coalesce(sum(showdown), 0), coalesce(sum(won_showdown), 0), coalesce(sum(hilo_showdown), 0),
       coalesce(sum(scoop), 0), coalesce(sum(quartered), 0), coalesce(sum(low_won), 0),
       total(coalesce(adjusted_net, net)), coalesce(sum(allin), 0), count(*) - count(adjusted_net),
       min(currency), max(currency), min(chip_unit), max(chip_unit)
FROM hand_players WHERE `+where, args...).Scan(&t.Hands, &netHi, &netLo, &t.NetBB,
		&t.VPIP, &t.PFR, &t.ThreeBet, &t.ThreeBetChances, &t.Aggressive, &t.Calls, &t.SawFlop,
		&t.Showdowns, &t.WonShowdowns, &t.HiLoShowdowns, &t.Scoops, &t.Quartered, &t.LowsWon,
		&t.AdjustedNet, &t.AllInHands, &t.Unanalyzed, &minCur, &maxCur, &minUnit, &maxUnit)
	if err != nil {
		return stats.Totals{}, wrap(ctx, err, "player statistics")
	}
	t.Net = store.SplitSum(netHi, netLo)
	if minCur.Valid {
		store.SetCurrency(&t, &minCur.String, &maxCur.String, &minUnit.String, &maxUnit.String)
	}
	return t, nil
}

// PlayerResults implements store.Store, as the PostgreSQL store does.
func (s *Store) PlayerResults(ctx context.Context, q store.ResultsQuery) (store.ResultsPage, error) {
	after, every, limit, err := store.CheckResults(q)
	if err != nil {
		return store.ResultsPage{}, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	where, args := filterSQL(ctx, q.Player, q.Filter)
	args = append(args, every, after, limit+1)
	rows, err := s.db.QueryContext(ctx, `
WITH s AS (
  SELECT hand_id, played_at,
         row_number() OVER w AS rn,
         sum(net >> 32) OVER w AS cum_hi, sum(net & 4294967295) OVER w AS cum_lo,
         total(coalesce(adjusted_net, net)) OVER w AS cum_adj,
         count(*) OVER () AS total
  FROM hand_players WHERE `+where+`
  WINDOW w AS (ORDER BY coalesce(played_at, 0), hand_id ROWS UNBOUNDED PRECEDING)
), p AS (
  SELECT *, lag(cum_hi, 1, 0) OVER (ORDER BY rn) AS prev_hi, lag(cum_lo, 1, 0) OVER (ORDER BY rn) AS prev_lo,
         lag(rn, 1, 0) OVER (ORDER BY rn) AS prev_rn
  FROM s WHERE rn % ? = 0 OR rn = total
)
SELECT rn, h.public_id, p.played_at, rn - prev_rn, cum_hi - prev_hi, cum_lo - prev_lo, cum_hi, cum_lo, cum_adj
FROM p JOIN hands h ON h.id = p.hand_id WHERE rn > ? ORDER BY rn LIMIT ?`, args...)
	if err != nil {
		return store.ResultsPage{}, wrap(ctx, err, "player results")
	}
	defer rows.Close()
	var page store.ResultsPage
	var ranks []int64
	for rows.Next() {
		var rn int64
		var at sql.NullInt64
		var pt store.ResultPoint
		var netHi, netLo, cumHi, cumLo int64
		if err := rows.Scan(&rn, &pt.HandID, &at, &pt.Hands, &netHi, &netLo, &cumHi, &cumLo, &pt.CumulativeAdjustedNet); err != nil {
			return store.ResultsPage{}, wrap(ctx, err, "player results")
		}
		pt.Net, pt.CumulativeNet = store.SplitSum(netHi, netLo), store.SplitSum(cumHi, cumLo)
		if at.Valid {
			t := time.UnixMicro(at.Int64).UTC()
			pt.Time = &t
		}
		page.Points = append(page.Points, pt)
		ranks = append(ranks, rn)
	}
	if err := rows.Err(); err != nil {
		return store.ResultsPage{}, wrap(ctx, err, "player results")
	}
	if len(page.Points) > limit {
		page.Points = page.Points[:limit]
		page.Next = store.EncodeResultsCursor(ranks[limit-1], every)
	}
	return page, nil
}

// Players implements store.Store.
func (s *Store) Players(ctx context.Context, q store.PlayersQuery) (store.PlayersPage, error) {
	after, limit, err := store.CheckPlayers(q)
	if err != nil {
		return store.PlayersPage{}, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, `
SELECT name, count(*) FROM hand_players
WHERE account_id = ? AND substr(name, 1, length(?)) = ? AND (? = '' OR name > ?)
GROUP BY name ORDER BY name LIMIT ?`, account.From(ctx), q.Prefix, q.Prefix, after, after, limit+1)
	if err != nil {
		return store.PlayersPage{}, wrap(ctx, err, "list players")
	}
	defer rows.Close()
	var out []store.PlayerCount
	for rows.Next() {
		var pc store.PlayerCount
		if err := rows.Scan(&pc.Name, &pc.Hands); err != nil {
			return store.PlayersPage{}, wrap(ctx, err, "list players")
		}
		out = append(out, pc)
	}
	if err := rows.Err(); err != nil {
		return store.PlayersPage{}, wrap(ctx, err, "list players")
	}
	return store.NewPlayersPage(out, limit), nil
}
