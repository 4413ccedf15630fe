package store

import (
	"cmp"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/stats"
)

// A player's sessions (issue 24, GET /v1/players/{name}/sessions): his
// timed hands of one site cut wherever SessionGap or more passes between
// two consecutive ones (by time played). Sessions never span sites, and
// hands without a time played are in none (SessionsPage.Untimed counts
// them).

// SessionGap is the pause, between two consecutive hands of one site,
// that ends a session: a gap of exactly SessionGap ends it too.
const SessionGap = 30 * time.Minute

// MaxSessionTables is the most table names a session lists
// (PlayerSession.TableCount counts them all).
const MaxSessionTables = 50

// SessionsQuery selects a page of a player's sessions.
type SessionsQuery struct {
	Player string
	Filter stats.Filter // the hands the sessions are made of
	Limit  int          // sessions per page: 0 means DefaultLimit; capped at MaxLimit
	Cursor string       // from a previous SessionsPage.Next; "" for the first page
}

// PlayerSession is one session: its site, the times played of its first
// and last hands, its hands, the distinct table names of its hands
// (sorted, at most MaxSessionTables; hands stored before table names were
// kept have none), and its totals per ledger (each with Ledger set, cash
// first: amounts are never summed across ledgers).
type PlayerSession struct {
	Site       string
	Start, End time.Time
	Hands      int64
	Tables     []string
	TableCount int
	Ledgers    []stats.Totals
}

// SessionsPage is one page of sessions, newest first (by start, then
// site descending); Next resumes it ("" on the last page). Untimed counts
// the hands passing the filter that have no time played, which no session
// holds.
type SessionsPage struct {
	Sessions []PlayerSession
	Next     string
	Untimed  int64
}

const sessionsCursorPrefix = "s1:"

// EncodeSessionsCursor returns the cursor resuming a sessions listing
// after the session of site that started at start.
func EncodeSessionsCursor(start time.Time, site string) string {
	return encodeCursor(sessionsCursorPrefix, strconv.FormatInt(start.UnixMicro(), 10)+":"+site)
}

// CheckSessions validates q for Store.PlayerSessions (CheckStats, and a
// cursor of ours: Invalid on "cursor" otherwise) and returns the start
// (Unix microseconds) and site its cursor resumes after (ok false for
// the first page) and the page size.
func CheckSessions(q SessionsQuery) (start int64, site string, ok bool, limit int, err error) {
	if err := CheckStats(q.Player, q.Filter); err != nil {
		return 0, "", false, 0, err
	}
	limit = PageLimit(q.Limit)
	if q.Cursor == "" {
		return 0, "", false, limit, nil
	}
	v, good := decodeCursor(sessionsCursorPrefix, q.Cursor, func(v string) bool {
		n, s, found := strings.Cut(v, ":")
		_, err := strconv.ParseInt(n, 10, 64)
		return found && err == nil && CheckText("cursor", s) == nil
	})
	if !good {
		return 0, "", false, 0, BadCursor(q.Cursor)
	}
	n, s, _ := strings.Cut(v, ":")
	start, _ = strconv.ParseInt(n, 10, 64)
	return start, s, true, limit, nil
}

// SessionTimesSQL returns a store's first PlayerSessions query: the
// site and time played of each hand_players row passing where that has
// one, in site and time order. The hand_players_account_name_site_time
// index answers it alone (its columns hold every one read, facts too),
// without sorting; SessionBounds cuts the rows into sessions.
func SessionTimesSQL(where string) string {
	return `SELECT site, played_at FROM hand_players WHERE ` + where + ` AND played_at IS NOT NULL ORDER BY site, played_at, hand_id`
}

// SessionBounds reads the rows of a SessionTimesSQL query and returns the
// page of sessions they make that q's cursor resumes (start and site,
// when resume) without totals yet: newest first (by start, then site
// descending), at most limit, and the cursor of the next page when there
// are more. It holds one start, end and site per session of the player's
// (at most one per hand) while it reads.
func SessionBounds(rows ScanRows, start int64, site string, resume bool, limit int) ([]PlayerSession, string, error) {
	type bound struct {
		site       string
		start, end int64
	}
	gap := SessionGap.Microseconds()
	var all []bound
	for rows.Next() {
		var s string
		var at int64
		if err := rows.Scan(&s, &at); err != nil {
			return nil, "", err
		}
		if n := len(all); n > 0 && all[n-1].site == s && at-all[n-1].end < gap {
			all[n-1].end = at
			continue
		}
		all = append(all, bound{s, at, at})
	}
	if err := rows.Err(); err != nil {
		return nil, "", err
	}
	newest := func(a, b bound) int { // newest first, then site descending
		if a.start != b.start {
			return cmp.Compare(b.start, a.start)
		}
		return strings.Compare(b.site, a.site)
	}
	slices.SortFunc(all, newest)
	if resume {
		i, _ := slices.BinarySearchFunc(all, bound{site, start, 0}, newest)
		if i < len(all) && all[i].start == start && all[i].site == site {
			i++
		}
		all = all[i:]
	}
	next := ""
	if len(all) > limit {
		all = all[:limit]
		next = EncodeSessionsCursor(time.UnixMicro(all[limit-1].start), all[limit-1].site)
	}
	out := make([]PlayerSession, len(all))
	for i, b := range all {
		out[i] = PlayerSession{Site: b.site, Start: time.UnixMicro(b.start).UTC(), End: time.UnixMicro(b.end).UTC()}
	}
	return out, next, nil
}

// SessionTotalsSQL returns a store's second PlayerSessions query: the
// store's totals (the columns of stats.Totals), then the ledger, the
// site, the start and the table name, per session, ledger and table, of
// the hand_players rows passing where within the sessions of page: the
// store's row source, aliased p, of the columns p_site, p_start and p_end
// (SessionsJSON's array of the page's sessions). Each session is a range
// of the hand_players_account_name_site_time index.
func SessionTotalsSQL(totals, where, page string) string {
	// CROSS JOIN: SQLite then loops over the page's sessions outside
	// (left to right, as written) rather than over every row of the
	// player's; PostgreSQL plans the join as it will.
	return `SELECT ` + totals + `, ledger, p_site, p_start, table_name
FROM ` + page + ` CROSS JOIN hand_players
WHERE site = p_site AND played_at >= p_start AND played_at <= p_end AND ` + where + `
GROUP BY p_site, p_start, ledger, table_name`
}

// ScanRows are a query's result rows as both stores' drivers give them.
type ScanRows interface {
	Rows
	Scan(dest ...any) error
}

// SessionsJSON is the page of sessions as the JSON array
// SessionTotalsSQL's page source reads: objects of p_site, p_start and
// p_end (Unix microseconds).
func SessionsJSON(ss []PlayerSession) string {
	type bound struct {
		Site  string `json:"p_site"`
		Start int64  `json:"p_start"`
		End   int64  `json:"p_end"`
	}
	out := make([]bound, len(ss))
	for i, s := range ss {
		out[i] = bound{s.Site, s.Start.UnixMicro(), s.End.UnixMicro()}
	}
	b, _ := json.Marshal(out) // strings and integers: never fails
	return string(b)
}

// UntimedSQL counts the hand_players rows passing where without a time
// played (SessionsPage.Untimed): a range of the facts rows' series index
// (on coalesce(played_at, 0)).
func UntimedSQL(where string) string {
	return `SELECT count(*) FROM hand_players WHERE ` + where + ` AND coalesce(played_at, 0) = 0 AND played_at IS NULL`
}

// SessionTotals reads the rows of a SessionTotalsSQL query into the
// sessions of its page, scan reading one row's totals and then extra (the
// ledger, the site, the start and the table name): each session's hands,
// its totals per ledger (cash first) and its tables.
func SessionTotals(ss []PlayerSession, rows Rows, scan func(extra ...any) (stats.Totals, error)) error {
	type key struct {
		site  string
		start int64
	}
	at := make(map[key]int, len(ss))
	for i, s := range ss {
		at[key{s.Site, s.Start.UnixMicro()}] = i
	}
	byLedger := make([]map[string][]stats.Totals, len(ss))
	tables := make([]map[string]bool, len(ss))
	for rows.Next() {
		var ledger, site, table string
		var start int64
		t, err := scan(&ledger, &site, &start, &table)
		if err != nil {
			return err
		}
		i, ok := at[key{site, start}]
		if !ok {
			continue
		}
		if byLedger[i] == nil {
			byLedger[i], tables[i] = map[string][]stats.Totals{}, map[string]bool{}
		}
		byLedger[i][ledger] = append(byLedger[i][ledger], WithLedger(t, ledger))
		if table != "" {
			tables[i][table] = true
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for i := range ss {
		s := &ss[i]
		s.Ledgers, s.Tables, s.Hands = nil, []string{}, 0
		for _, ts := range byLedger[i] {
			t := stats.Sum(ts)
			s.Ledgers = append(s.Ledgers, t)
			s.Hands += t.Hands
		}
		stats.SortLedgers(s.Ledgers)
		for t := range tables[i] {
			s.Tables = append(s.Tables, t)
		}
		slices.Sort(s.Tables)
		s.TableCount = len(s.Tables)
		if len(s.Tables) > MaxSessionTables {
			s.Tables = s.Tables[:MaxSessionTables]
		}
	}
	return nil
}
