package store

import (
	"context"
	"encoding/base64"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/tags"
)

// FactsRow is one player's row of per-hand facts as both stores keep it
// (the hand_players columns of migration 00005; the JSON names are the
// column names). Flags are 0 or 1.
type FactsRow struct {
	HandID   int64 `json:"hand_id"`
	Position int   `json:"position"`
	// Facts is the stats.Version that made the row, 0 for no facts (an
	// illegal hand), -stats.Version for a hand that did not replay.
	Facts          int      `json:"facts"`
	Site           string   `json:"site"`
	Game           string   `json:"game"`
	Structure      string   `json:"structure"`
	BigBlind       int64    `json:"big_blind"`
	Currency       string   `json:"currency"`
	ChipUnit       string   `json:"chip_unit"`
	PlayedAt       *int64   `json:"played_at"` // Unix microseconds
	VPIP           int      `json:"vpip"`
	PFR            int      `json:"pfr"`
	ThreeBet       int      `json:"three_bet"`
	ThreeBetChance int      `json:"three_bet_chance"`
	Aggressive     int      `json:"aggressive"`
	Calls          int      `json:"calls"`
	SawFlop        int      `json:"saw_flop"`
	Showdown       int      `json:"showdown"`
	WonShowdown    int      `json:"won_showdown"`
	HiLoShowdown   int      `json:"hilo_showdown"`
	Scoop          int      `json:"scoop"`
	Quartered      int      `json:"quartered"`
	LowWon         int      `json:"low_won"`
	Net            int64    `json:"net"`
	NetBB          float64  `json:"net_bb"`
	AdjustedNet    *float64 `json:"adjusted_net"`
	AllIn          *int     `json:"allin"`
	// Migration 00010: the hand's kind of money and ledger
	// (stats.LedgerOf's Key), and the player's seat name and hole cards
	// ("" unknown).
	Kind   string `json:"kind"`
	Ledger string `json:"ledger"`
	Seat   string `json:"seat"`
	Hole   string `json:"hole"`
	// HoleIndex is ranges.HandIndex of Hole, nil when unknown: the
	// holding filter matches it against a range's hands.
	HoleIndex *int `json:"hole_index"`
	// Migration 00012: the hole cards' starting-hand group
	// (stats.HoldingGroup, "" unknown) and whether he freerolled (A9, 0
	// or 1; nil until the hand is analysed, like AdjustedNet).
	HoldingGroup string `json:"holding_group"`
	Freeroll     *int   `json:"freeroll"`
	// Migration 00013: the hand's table name (handhistory.Hand.TableName,
	// "" when not recorded), for the player's sessions.
	TableName string `json:"table_name"`
}

// FactsColumns are FactsRow's columns after hand_id and position, in the
// order of Values.
var FactsColumns = []string{"facts", "site", "game", "structure", "big_blind", "currency", "chip_unit", "played_at",
	"vpip", "pfr", "three_bet", "three_bet_chance", "aggressive", "calls", "saw_flop", "showdown", "won_showdown",
	"hilo_showdown", "scoop", "quartered", "low_won", "net", "net_bb", "adjusted_net", "allin",
	"kind", "ledger", "seat", "hole", "hole_index", "holding_group", "freeroll", "table_name"}

// Values returns the row's FactsColumns values.
func (r FactsRow) Values() []any { return r.AppendValues(make([]any, 0, len(FactsColumns))) }

// AppendValues appends the row's FactsColumns values to dst.
func (r FactsRow) AppendValues(dst []any) []any {
	return append(dst, r.Facts, r.Site, r.Game, r.Structure, r.BigBlind, r.Currency, r.ChipUnit, r.PlayedAt,
		r.VPIP, r.PFR, r.ThreeBet, r.ThreeBetChance, r.Aggressive, r.Calls, r.SawFlop, r.Showdown, r.WonShowdown,
		r.HiLoShowdown, r.Scoop, r.Quartered, r.LowWon, r.Net, r.NetBB, r.AdjustedNet, r.AllIn,
		r.Kind, r.Ledger, r.Seat, r.Hole, r.HoleIndex, r.HoldingGroup, r.Freeroll, r.TableName)
}

// FactsStore is a store whose legal hands can lack their current facts
// rows (both stores are): hands stored before the facts were kept, by
// another stats.Version, or from a record that carried none. The store
// lists them and saves the rows it is given; ingest.FillFacts computes
// them (the store never replays a hand).
type FactsStore interface {
	// PendingFacts returns, in ascending Seq order, up to limit legal
	// hands of any account with a Seq greater than after whose facts rows
	// are missing or were made by another stats.Version (and not marked
	// as failed by this one), each with its Seq, Hand, Verdict and
	// Analysis JSON (nil for none).
	PendingFacts(ctx context.Context, after int64, limit int) ([]Hand, error)
	// SaveFacts stores facts rows (HandID the hand's Seq, Position the
	// player's) over the stored ones, in one transaction.
	SaveFacts(ctx context.Context, rows []FactsRow) error
}

// PlayerCount is one player and the number of stored hands he was dealt.
type PlayerCount struct {
	Name  string
	Hands int64
}

// CheckPlayers validates the arguments of Store.Players and returns the
// name its cursor resumes after ("" for the first page; a cursor not of
// ours is Invalid on "cursor") and the effective limit (0 means
// DefaultLimit; capped at MaxLimit).
func CheckPlayers(q PlayersQuery) (after string, limit int, err error) {
	if err := CheckText("prefix", q.Prefix); err != nil {
		return "", 0, err
	}
	if q.Cursor != "" {
		name, ok := decodeCursor(playersCursorPrefix, q.Cursor, func(name string) bool { return name != "" && CheckText("cursor", name) == nil })
		if !ok {
			return "", 0, BadCursor(q.Cursor)
		}
		after = name
	}
	return after, PageLimit(q.Limit), nil
}

// PlayersQuery selects players for Store.Players.
type PlayersQuery struct {
	Prefix string // names starting with it ("" for every player)
	Limit  int    // page size: 0 means DefaultLimit; capped at MaxLimit
	Cursor string // from a previous PlayersPage.Next; "" for the first page
}

// PlayersPage is one page of players by name; Next resumes after its last
// one ("" on the last page).
type PlayersPage struct {
	Players []PlayerCount
	Next    string
}

// NewPlayersPage makes the page of players read with limit+1 rows: the
// extra row, when there is one, only says a next page exists.
func NewPlayersPage(ps []PlayerCount, limit int) PlayersPage {
	if ps == nil {
		ps = []PlayerCount{}
	}
	if len(ps) > limit {
		return PlayersPage{Players: ps[:limit], Next: EncodePlayersCursor(ps[limit-1].Name)}
	}
	return PlayersPage{Players: ps}
}

const playersCursorPrefix = "p1:"

// EncodePlayersCursor returns the cursor resuming a players listing after
// the player named name.
func EncodePlayersCursor(name string) string { return encodeCursor(playersCursorPrefix, name) }

// CheckStats validates a player name and a filter for the statistics
// queries: text a store can hold (CheckText), From before To.
func CheckStats(player string, f stats.Filter) error {
	for _, kv := range [][2]string{{"name", player}, {"site", f.Site}, {"game", f.Game}, {"structure", f.Structure}} {
		if err := CheckText(kv[0], kv[1]); err != nil {
			return err
		}
	}
	if f.Tag != "" {
		if err := tags.Check("tag", f.Tag); err != nil {
			return err
		}
	}
	if f.Stakes < 0 {
		return fault.Field(fault.Invalid, "stakes", "stakes must be a positive big blind in chips, got %d", f.Stakes)
	}
	return nil
}

// Micros returns t as the Unix microseconds the facts rows keep, nil for
// nil.
func Micros(t *time.Time) *int64 {
	if t == nil {
		return nil
	}
	m := t.UnixMicro()
	return &m
}

// ResultsQuery selects a page of a player's results series (S6).
type ResultsQuery struct {
	Player string
	Filter stats.Filter
	// Every buckets the series: one point per Every hands (the last point
	// may hold fewer); 0 or 1 is one point per hand.
	Every  int
	Limit  int    // points per page: 0 means DefaultLimit; capped at MaxLimit
	Cursor string // from a previous ResultsPage.Next; empty for the first page
}

// MaxEvery is the largest bucket of the results series.
const MaxEvery = 100_000

// ResultPoint is one point of the results series: the last hand of its
// bucket (or the hand itself), with the bucket's hands and net and the
// cumulative sums up to and including it.
type ResultPoint struct {
	HandID string
	Time   *time.Time // the hand's recorded time, nil when none
	Hands  int64      // hands in the bucket (1 without bucketing)
	Net    int64      // chips won in the bucket
	// CumulativeNet and CumulativeAdjustedNet are over every hand of the
	// series up to this point, first hand first.
	CumulativeNet         int64
	CumulativeAdjustedNet float64
	// Ledger is the point's ledger (stats.Ledger.Key): a series over hands
	// of several ledgers is one series per ledger, one after the other
	// (cash first, LedgerOrderSQL), each summed on its own.
	Ledger string
	// CumulativeShowdownNet is the part of CumulativeNet won or lost in
	// hands that reached a showdown with the player (the rest is the
	// non-showdown net).
	CumulativeShowdownNet int64
}

// ResultsPage is one page of a results series, oldest first; Next resumes
// it, empty on the last page.
type ResultsPage struct {
	Points []ResultPoint
	Next   string
}

const resultsCursorPrefix = "r1:"

// LedgerOrderSQL is the SQL order of ledger keys that agrees with
// stats.CompareLedgers: cash, then tournaments, then play money, each by
// key.
const LedgerOrderSQL = `CASE WHEN ledger LIKE 'cash/%' THEN 0 WHEN ledger LIKE 'tournament/%' THEN 1 ELSE 2 END, ledger`

// EncodeResultsCursor returns the cursor that resumes a results series
// after the point numbered n (1-based rank of its last hand in the
// series).
func EncodeResultsCursor(n int64, every int) string {
	return base64.RawURLEncoding.EncodeToString([]byte(resultsCursorPrefix + strconv.FormatInt(n, 10) + ":" + strconv.Itoa(every)))
}

// CheckResults validates q for Store.PlayerResults and returns the rank
// of the last hand before the page (0 for the first page), the bucket size
// (at least 1) and the page size. A cursor must be one of ours made for
// the same every (an Invalid error on "cursor" otherwise).
func CheckResults(q ResultsQuery) (after int64, every, limit int, err error) {
	if err := CheckStats(q.Player, q.Filter); err != nil {
		return 0, 0, 0, err
	}
	every = max(q.Every, 1)
	if q.Every < 0 || q.Every > MaxEvery {
		return 0, 0, 0, fault.Field(fault.Invalid, "every", "every must be 1 to %d hands, got %d", MaxEvery, q.Every)
	}
	limit = PageLimit(q.Limit)
	if q.Cursor == "" {
		return 0, every, limit, nil
	}
	bad := fault.Field(fault.Invalid, "cursor", "malformed cursor %q (use the next_cursor of a previous page with the same every)", q.Cursor)
	b, err := base64.RawURLEncoding.DecodeString(q.Cursor)
	if err != nil {
		return 0, 0, 0, bad
	}
	s, ok := strings.CutPrefix(string(b), resultsCursorPrefix)
	ns, es, ok2 := strings.Cut(s, ":")
	n, err1 := strconv.ParseInt(ns, 10, 64)
	e, err2 := strconv.Atoi(es)
	if !ok || !ok2 || err1 != nil || err2 != nil || n <= 0 || e != every || EncodeResultsCursor(n, e) != q.Cursor {
		return 0, 0, 0, bad
	}
	return n, every, limit, nil
}

// SetCurrency sets t's currency and chip unit from the least and greatest
// of the hands' (nil without hands): the hands share them when least and
// greatest agree.
func SetCurrency(t *stats.Totals, minCur, maxCur, minUnit, maxUnit *string) {
	if minCur == nil || maxCur == nil || minUnit == nil || maxUnit == nil {
		return
	}
	if *minCur != *maxCur || *minUnit != *maxUnit {
		t.Mixed = true
		return
	}
	t.Currency, t.ChipUnit = *minCur, *minUnit
}

// SplitSum returns hi<<32 + lo saturated to the int64 range: the sum of
// a column of int64 values (chips) from the sums of their upper bits
// (value >> 32, arithmetic) and of their lower 32 bits (value &
// 0xffffffff), which SQLite adds without overflow where summing the
// values themselves would fail once the total passes int64 (a player's
// net over many hands of stacks up to 1e15). A total beyond int64 is
// reported as the nearest int64.
func SplitSum(hi, lo int64) int64 {
	v := new(big.Int).Lsh(big.NewInt(hi), 32)
	v.Add(v, big.NewInt(lo))
	switch {
	case v.IsInt64():
		return v.Int64()
	case v.Sign() > 0:
		return math.MaxInt64
	}
	return math.MinInt64
}
