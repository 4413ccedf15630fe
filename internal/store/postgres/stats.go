package postgres

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// factsTypes are the SQL types of store.FactsColumns, for
// jsonb_to_recordset.
var factsTypes = map[string]string{"site": "text", "game": "text", "structure": "text", "currency": "text", "chip_unit": "text",
	"big_blind": "bigint", "played_at": "bigint", "net": "bigint", "net_bb": "double precision", "adjusted_net": "double precision",
	"kind": "text", "ledger": "text", "seat": "text", "hole": "text", "hole_index": "integer", "holding_group": "text", "table_name": "text"}

// updateFacts is the one statement that writes facts rows: the rows go in
// as one JSON array.
var updateFacts = func() string {
	var set, def []string
	for _, c := range store.FactsColumns {
		t := factsTypes[c]
		if t == "" {
			t = "integer"
		}
		set = append(set, c+" = t."+c)
		def = append(def, c+" "+t)
	}
	return `UPDATE hand_players hp SET ` + strings.Join(set, ", ") + `
FROM jsonb_to_recordset($1::jsonb) AS t(hand_id bigint, position integer, ` + strings.Join(def, ", ") + `)
WHERE hp.hand_id = t.hand_id AND hp.position = t.position`
}()

// playerRow is one hand_players row: a player of a hand with his facts
// (nil: none, as the table's defaults say).
type playerRow struct {
	hand  int64
	pos   int
	name  string
	facts *store.FactsRow
}

// playerRows are hand_players rows for one COPY (see insert).
type playerRows []playerRow

// add appends the row of player pos of hand, with facts f (nil: none, as
// the table's defaults say).
func (p *playerRows) add(hand int64, pos int, name string, f *store.FactsRow) {
	*p = append(*p, playerRow{hand, pos, name, f})
}

// playerColumns are hand_players' columns as insert copies them: the
// account, the hand, the position and the name, then FactsColumns.
var playerColumns = append([]string{"account_id", "hand_id", "position", "name"}, store.FactsColumns...)

// insert stores the rows in tx for account owner, by COPY (binary): of
// the ways to write thousands of rows it costs the server least; an
// INSERT ... SELECT FROM unnest of the same columns took about as long as
// storing the hands themselves.
func (p playerRows) insert(ctx context.Context, tx pgx.Tx, owner account.ID) error {
	if len(p) == 0 {
		return nil
	}
	i := -1
	row := make([]any, 0, len(playerColumns))
	var none store.FactsRow
	src := pgx.CopyFromFunc(func() ([]any, error) {
		i++
		if i == len(p) {
			return nil, nil
		}
		r := &p[i]
		f := r.facts
		if f == nil {
			f = &none
		}
		row = f.AppendValues(append(row[:0], int64(owner), r.hand, int32(r.pos), r.name))
		return row, nil
	})
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"hand_players"}, playerColumns, src)
	return err
}

// writeFacts stores facts rows in tx.
//
// An UPDATE of hand_players joined to rows sent as JSON runs with
// pgx.QueryExecModeExec: planned for each execution (a custom plan, on the
// table as it is then) instead of once per connection as a cached
// prepared statement. A connection's cached plan of such a statement,
// made while the table was small or not yet analysed (the first hands of
// an import into a new database), kept a sequential scan of hand_players
// for every later execution: 3,000 analyses of one import read 39.6
// million rows, 2.8 ms of the database's CPU each and growing with the
// table (pg_stat_statements), some 75% of the database's work of an
// import. Planned afresh, each execution probes the primary key.
func writeFacts(ctx context.Context, tx pgx.Tx, rows []store.FactsRow) error {
	if len(rows) == 0 {
		return nil
	}
	js, err := json.Marshal(rows)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, updateFacts, pgx.QueryExecModeExec, string(js))
	return err
}

// PendingFacts implements store.FactsStore.
func (s *Store) PendingFacts(ctx context.Context, after int64, limit int) ([]store.Hand, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	rows, err := s.pool.Query(ctx, `
SELECT h.id, `+handText("h")+`, `+verdictText("h")+`, coalesce(a.doc, a.analysis::text)
FROM hands h LEFT JOIN hand_analyses a ON a.hand_id = h.id
WHERE h.id > $1 AND h.legal
  AND EXISTS (SELECT 1 FROM hand_players p WHERE p.hand_id = h.id AND p.facts <> $2 AND p.facts <> -$2)
ORDER BY h.id LIMIT $3`, after, stats.Version, store.PageLimit(limit))
	if err != nil {
		return nil, wrap(ctx, err, "list hands without facts")
	}
	var out []store.Hand
	var id int64
	var hand, verdict string
	var doc *string
	if _, err := pgx.ForEachRow(rows, []any{&id, &hand, &verdict, &doc}, func() error {
		h := store.Hand{Seq: id, Legal: true, Hand: json.RawMessage(hand), Verdict: json.RawMessage(verdict)}
		if doc != nil {
			h.Analysis = json.RawMessage(*doc)
		}
		out = append(out, h)
		return nil
	}); err != nil {
		return nil, wrap(ctx, err, "list hands without facts")
	}
	return out, nil
}

// SaveFacts implements store.FactsStore.
func (s *Store) SaveFacts(ctx context.Context, rows []store.FactsRow) error {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	err := store.Retry(ctx, retryable, func() error {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return writeFacts(ctx, tx, rows) })
	})
	if err != nil {
		return wrap(ctx, err, "save player facts")
	}
	return nil
}

// clampBigint is the SQL of the numeric expression x (a sum of bigint
// chips, which PostgreSQL makes numeric) as a bigint saturated to its
// range: a player's net over many hands of stacks up to 1e15 can pass
// int64, and the cast alone would then fail (22003).
func clampBigint(x string) string {
	return `least(greatest(` + x + `, -9223372036854775808), 9223372036854775807)::bigint`
}

// filterSQL is the WHERE clause of a player's hands of the caller's
// account for the statistics (store.FactsWhere), with its arguments.
func filterSQL(ctx context.Context, player string, f stats.Filter) (string, []any) {
	args := []any{account.From(ctx)}
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	return "account_id = $1 AND " + store.FactsWhere(player, f, arg, holeIn(arg)), args
}

// holeIn is the membership test of hole_index in a set of hand indexes
// for store.FactsWhere: a semi-join on the array unnested, which the
// planner hashes (= ANY of the array would scan it for every row).
func holeIn(arg func(v any) string) func(members []int) string {
	return func(members []int) string {
		m := make([]int32, len(members))
		for i, v := range members {
			m[i] = int32(v)
		}
		return "hole_index IN (SELECT unnest(" + arg(m) + "::integer[]))"
	}
}

// totalsSQL are the columns of stats.Totals summed over facts rows, in
// the order of scanTotals.
var totalsSQL = `count(*), ` + clampBigint(`coalesce(sum(net), 0)`) + `, coalesce(sum(net_bb), 0),
       coalesce(sum(vpip), 0), coalesce(sum(pfr), 0), coalesce(sum(three_bet), 0), coalesce(sum(three_bet_chance), 0),
       coalesce(sum(aggressive), 0), coalesce(sum(calls), 0), coalesce(sum(saw_flop), 0),
       coalesce(sum(showdown), 0), coalesce(sum(won_showdown), 0), coalesce(sum(hilo_showdown), 0),
       coalesce(sum(scoop), 0), coalesce(sum(quartered), 0), coalesce(sum(low_won), 0),
       coalesce(sum(coalesce(adjusted_net, net)), 0), coalesce(sum(allin), 0), count(*) - count(adjusted_net),
       coalesce(sum(freeroll), 0), coalesce(sum(CASE WHEN freeroll = 1 THEN scoop ELSE 0 END), 0),
       min(currency), max(currency), min(chip_unit), max(chip_unit)`

// scanTotals scans a row of totalsSQL (and then extra) into a Totals.
func scanTotals(row pgx.Row, extra ...any) (stats.Totals, error) {
	var t stats.Totals
	var minCur, maxCur, minUnit, maxUnit *string
	err := row.Scan(append([]any{&t.Hands, &t.Net, &t.NetBB,
		&t.VPIP, &t.PFR, &t.ThreeBet, &t.ThreeBetChances, &t.Aggressive, &t.Calls, &t.SawFlop,
		&t.Showdowns, &t.WonShowdowns, &t.HiLoShowdowns, &t.Scoops, &t.Quartered, &t.LowsWon,
		&t.AdjustedNet, &t.AllInHands, &t.Unanalyzed, &t.Freerolls, &t.FreerollScoops, &minCur, &maxCur, &minUnit, &maxUnit}, extra...)...)
	store.SetCurrency(&t, minCur, maxCur, minUnit, maxUnit)
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
	var minLedger, maxLedger *string
	t, err := scanTotals(s.pool.QueryRow(ctx, `SELECT `+totalsSQL+`, min(ledger), max(ledger) FROM hand_players WHERE `+where, args...), &minLedger, &maxLedger)
	if err != nil {
		return stats.Totals{}, wrap(ctx, err, "player statistics")
	}
	store.SetLedger(&t, minLedger, maxLedger)
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
	rows, err := s.pool.Query(ctx, `SELECT `+totalsSQL+`, ledger FROM hand_players WHERE `+where+` GROUP BY ledger ORDER BY count(*) DESC, ledger LIMIT `+strconv.Itoa(store.MaxLedgers), args...)
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

// PlayerResults implements store.Store: the series is numbered and summed
// by window functions over the player's facts rows, bucketed, and paged
// on the rank of each point's last hand.
func (s *Store) PlayerResults(ctx context.Context, q store.ResultsQuery) (store.ResultsPage, error) {
	after, every, limit, err := store.CheckResults(q)
	if err != nil {
		return store.ResultsPage{}, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	where, args := filterSQL(ctx, q.Player, q.Filter)
	args = append(args, every, after, limit+1)
	n := len(args)
	everyArg, afterArg, limitArg := "$"+strconv.Itoa(n-2), "$"+strconv.Itoa(n-1), "$"+strconv.Itoa(n)
	rows, err := s.pool.Query(ctx, `
WITH s AS (
  SELECT hand_id, played_at, ledger,
         row_number() OVER w AS rn,
         sum(net) OVER w AS cum,
         sum(coalesce(adjusted_net, net)) OVER w AS cum_adj,
         sum(CASE WHEN showdown = 1 THEN net ELSE 0 END) OVER w AS cum_sd,
         count(*) OVER (PARTITION BY ledger) AS total
  FROM hand_players WHERE `+where+`
  WINDOW w AS (PARTITION BY ledger ORDER BY coalesce(played_at, 0), hand_id ROWS UNBOUNDED PRECEDING)
), p AS (
  SELECT *, lag(cum, 1, 0::numeric) OVER l AS prev_cum, lag(rn, 1, 0::bigint) OVER l AS prev_rn
  FROM s WHERE rn % `+everyArg+` = 0 OR rn = total
  WINDOW l AS (PARTITION BY ledger ORDER BY rn)
), q AS (
  SELECT *, row_number() OVER (ORDER BY `+store.LedgerOrderSQL+`, rn) AS ord FROM p
)
SELECT ord, h.public_id, q.played_at, q.ledger, rn - prev_rn, `+clampBigint(`cum - prev_cum`)+`, `+clampBigint(`cum`)+`, cum_adj, `+clampBigint(`cum_sd`)+`
FROM q JOIN hands h ON h.id = q.hand_id WHERE ord > `+afterArg+` ORDER BY ord LIMIT `+limitArg, args...)
	if err != nil {
		return store.ResultsPage{}, wrap(ctx, err, "player results")
	}
	var page store.ResultsPage
	var ranks []int64
	var rn int64
	var at *int64
	var pt store.ResultPoint
	if _, err := pgx.ForEachRow(rows, []any{&rn, &pt.HandID, &at, &pt.Ledger, &pt.Hands, &pt.Net, &pt.CumulativeNet, &pt.CumulativeAdjustedNet, &pt.CumulativeShowdownNet}, func() error {
		pt.Time = nil
		if at != nil {
			t := time.UnixMicro(*at).UTC()
			pt.Time = &t
		}
		page.Points = append(page.Points, pt)
		ranks = append(ranks, rn)
		return nil
	}); err != nil {
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
	rows, err := s.pool.Query(ctx, `
SELECT name, count(*) FROM hand_players
WHERE account_id = $3 AND starts_with(name, $1) AND ($4 = '' OR name COLLATE "C" > $4)
GROUP BY name ORDER BY name COLLATE "C" LIMIT $2`, q.Prefix, limit+1, account.From(ctx), after)
	if err != nil {
		return store.PlayersPage{}, wrap(ctx, err, "list players")
	}
	var out []store.PlayerCount
	var pc store.PlayerCount
	if _, err := pgx.ForEachRow(rows, []any{&pc.Name, &pc.Hands}, func() error {
		out = append(out, pc)
		return nil
	}); err != nil {
		return store.PlayersPage{}, wrap(ctx, err, "list players")
	}
	return store.NewPlayersPage(out, limit), nil
}
