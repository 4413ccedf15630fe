package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"
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

// PendingFacts implements store.FactsStore.
func (s *Store) PendingFacts(ctx context.Context, after int64, limit int) ([]store.Hand, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, `
SELECT h.id, h.hand, h.verdict, a.analysis
FROM hands h LEFT JOIN hand_analyses a ON a.hand_id = h.id
WHERE h.id > ? AND h.legal
  AND EXISTS (SELECT 1 FROM hand_players p WHERE p.hand_id = h.id AND p.facts <> ? AND p.facts <> -?)
ORDER BY h.id LIMIT ?`, after, stats.Version, stats.Version, store.PageLimit(limit))
	if err != nil {
		return nil, wrap(ctx, err, "list hands without facts")
	}
	defer rows.Close()
	var out []store.Hand
	for rows.Next() {
		var id int64
		var hand, verdict string
		var doc sql.NullString
		if err := rows.Scan(&id, &hand, &verdict, &doc); err != nil {
			return nil, wrap(ctx, err, "list hands without facts")
		}
		h := store.Hand{Seq: id, Legal: true, Hand: json.RawMessage(hand), Verdict: json.RawMessage(verdict)}
		if doc.Valid {
			h.Analysis = json.RawMessage(doc.String)
		}
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, wrap(ctx, err, "list hands without facts")
	}
	return out, nil
}

// SaveFacts implements store.FactsStore.
func (s *Store) SaveFacts(ctx context.Context, rows []store.FactsRow) error {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	err := store.Retry(ctx, busy, func() error {
		return s.tx(ctx, func(tx *sql.Tx) error { return writeFacts(ctx, tx, rows) })
	})
	if err != nil {
		return wrap(ctx, err, "save player facts")
	}
	return nil
}

// filterSQL is the WHERE clause of a player's hands of the caller's
// account for the statistics (store.FactsWhere), with its arguments.
func filterSQL(ctx context.Context, player string, f stats.Filter) (string, []any) {
	args := []any{account.From(ctx)}
	arg := func(v any) string {
		args = append(args, v)
		return "?"
	}
	where := "account_id = ? AND " + store.FactsWhere(player, f, arg, holeIn(arg))
	if c := store.HoldingLookup(f, holeIn(arg)); c != "" {
		where += " AND " + c // after FactsWhere's: its ? come last
	}
	return where, args
}

// holeIn is the membership test of hole_index in a set of hand indexes
// for store.FactsWhere: the set goes in as one JSON array, which SQLite
// reads into an ephemeral index once per query.
func holeIn(arg func(v any) string) func(members []int) string {
	return func(members []int) string {
		b := make([]byte, 0, 8*len(members)+2)
		b = append(b, '[')
		for i, v := range members {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(v), 10)
		}
		b = append(b, ']')
		return "hole_index IN (SELECT value FROM json_each(" + arg(string(b)) + "))"
	}
}

// totalsSQL are the columns of stats.Totals summed over facts rows, in
// the order of scanTotals. The net is summed in two halves
// (store.SplitSum): SQLite's sum of the chips themselves fails once it
// passes int64.
const totalsSQL = `count(*), coalesce(sum(net >> 32), 0), coalesce(sum(net & 4294967295), 0), coalesce(sum(net_bb), 0.0),
       coalesce(sum(vpip), 0), coalesce(sum(pfr), 0), coalesce(sum(three_bet), 0), coalesce(sum(three_bet_chance), 0),
       coalesce(sum(aggressive), 0), coalesce(sum(calls), 0), coalesce(sum(saw_flop), 0),
       coalesce(sum(showdown), 0), coalesce(sum(won_showdown), 0), coalesce(sum(hilo_showdown), 0),
       coalesce(sum(scoop), 0), coalesce(sum(quartered), 0), coalesce(sum(low_won), 0),
       total(coalesce(adjusted_net, net)), coalesce(sum(allin), 0), count(*) - count(adjusted_net),
       coalesce(sum(freeroll), 0), coalesce(sum(CASE WHEN freeroll = 1 THEN scoop ELSE 0 END), 0),
       min(currency), max(currency), min(chip_unit), max(chip_unit)`

// scanTotals scans a row of totalsSQL (and then extra) into a Totals.
func scanTotals(row scanner, extra ...any) (stats.Totals, error) {
	var t stats.Totals
	var minCur, maxCur, minUnit, maxUnit sql.NullString
	var netHi, netLo int64
	err := row.Scan(append([]any{&t.Hands, &netHi, &netLo, &t.NetBB,
		&t.VPIP, &t.PFR, &t.ThreeBet, &t.ThreeBetChances, &t.Aggressive, &t.Calls, &t.SawFlop,
		&t.Showdowns, &t.WonShowdowns, &t.HiLoShowdowns, &t.Scoops, &t.Quartered, &t.LowsWon,
		&t.AdjustedNet, &t.AllInHands, &t.Unanalyzed, &t.Freerolls, &t.FreerollScoops, &minCur, &maxCur, &minUnit, &maxUnit}, extra...)...)
	t.Net = store.SplitSum(netHi, netLo)
	if minCur.Valid {
		store.SetCurrency(&t, &minCur.String, &maxCur.String, &minUnit.String, &maxUnit.String)
	}
	return t, err
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
	var minLedger, maxLedger sql.NullString
	t, err := scanTotals(s.db.QueryRowContext(ctx, `SELECT `+totalsSQL+`, min(ledger), max(ledger) FROM hand_players WHERE `+where, args...), &minLedger, &maxLedger)
	if err != nil {
		return stats.Totals{}, wrap(ctx, err, "player statistics")
	}
	if minLedger.Valid {
		store.SetLedger(&t, &minLedger.String, &maxLedger.String)
	}
	return t, nil
}

// PlayerLedgers implements store.Store: the aggregate of PlayerStats per
// ledger.
func (s *Store) PlayerLedgers(ctx context.Context, player string, f stats.Filter) ([]stats.Totals, error) {
	if err := store.CheckStats(player, f); err != nil {
		return nil, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	where, args := filterSQL(ctx, player, f)
	rows, err := s.db.QueryContext(ctx, `SELECT `+totalsSQL+`, ledger FROM hand_players WHERE `+where+` GROUP BY ledger ORDER BY count(*) DESC, ledger LIMIT `+strconv.Itoa(store.MaxLedgers), args...)
	if err != nil {
		return nil, wrap(ctx, err, "player statistics")
	}
	defer rows.Close()
	var out []stats.Totals
	for rows.Next() {
		var key string
		t, err := scanTotals(rows, &key)
		if err != nil {
			return nil, wrap(ctx, err, "player statistics")
		}
		out = append(out, store.WithLedger(t, key))
	}
	if err := rows.Err(); err != nil {
		return nil, wrap(ctx, err, "player statistics")
	}
	stats.SortLedgers(out)
	return out, nil
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
  SELECT hand_id, played_at, ledger,
         row_number() OVER w AS rn,
         sum(net >> 32) OVER w AS cum_hi, sum(net & 4294967295) OVER w AS cum_lo,
         total(coalesce(adjusted_net, net)) OVER w AS cum_adj,
         sum(CASE WHEN showdown = 1 THEN net >> 32 ELSE 0 END) OVER w AS sd_hi,
         sum(CASE WHEN showdown = 1 THEN net & 4294967295 ELSE 0 END) OVER w AS sd_lo,
         count(*) OVER (PARTITION BY ledger) AS total
  FROM hand_players WHERE `+where+`
  WINDOW w AS (PARTITION BY ledger ORDER BY coalesce(played_at, 0), hand_id ROWS UNBOUNDED PRECEDING)
), p AS (
  SELECT *, lag(cum_hi, 1, 0) OVER l AS prev_hi, lag(cum_lo, 1, 0) OVER l AS prev_lo,
         lag(rn, 1, 0) OVER l AS prev_rn
  FROM s WHERE rn % ? = 0 OR rn = total
  WINDOW l AS (PARTITION BY ledger ORDER BY rn)
), q AS (
  SELECT *, row_number() OVER (ORDER BY `+store.LedgerOrderSQL+`, rn) AS ord FROM p
)
SELECT ord, h.public_id, q.played_at, q.ledger, rn - prev_rn, cum_hi - prev_hi, cum_lo - prev_lo, cum_hi, cum_lo, cum_adj, sd_hi, sd_lo
FROM q JOIN hands h ON h.id = q.hand_id WHERE ord > ? ORDER BY ord LIMIT ?`, args...)
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
		var netHi, netLo, cumHi, cumLo, sdHi, sdLo int64
		if err := rows.Scan(&rn, &pt.HandID, &at, &pt.Ledger, &pt.Hands, &netHi, &netLo, &cumHi, &cumLo, &pt.CumulativeAdjustedNet, &sdHi, &sdLo); err != nil {
			return store.ResultsPage{}, wrap(ctx, err, "player results")
		}
		pt.Net, pt.CumulativeNet = store.SplitSum(netHi, netLo), store.SplitSum(cumHi, cumLo)
		pt.CumulativeShowdownNet = store.SplitSum(sdHi, sdLo)
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
