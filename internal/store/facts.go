package store

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/stats"
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
}

// FactsColumns are FactsRow's columns after hand_id and position, in the
// order of Values.
var FactsColumns = []string{"facts", "site", "game", "structure", "big_blind", "currency", "chip_unit", "played_at",
	"vpip", "pfr", "three_bet", "three_bet_chance", "aggressive", "calls", "saw_flop", "showdown", "won_showdown",
	"hilo_showdown", "scoop", "quartered", "low_won", "net", "net_bb", "adjusted_net", "allin"}

// Values returns the row's FactsColumns values.
func (r FactsRow) Values() []any { return r.AppendValues(make([]any, 0, len(FactsColumns))) }

// AppendValues appends the row's FactsColumns values to dst.
func (r FactsRow) AppendValues(dst []any) []any {
	return append(dst, r.Facts, r.Site, r.Game, r.Structure, r.BigBlind, r.Currency, r.ChipUnit, r.PlayedAt,
		r.VPIP, r.PFR, r.ThreeBet, r.ThreeBetChance, r.Aggressive, r.Calls, r.SawFlop, r.Showdown, r.WonShowdown,
		r.HiLoShowdown, r.Scoop, r.Quartered, r.LowWon, r.Net, r.NetBB, r.AdjustedNet, r.AllIn)
}

// HandFacts returns the facts rows of a stored hand (one per player, in
// the hand's player order, HandID left 0) from its hand, verdict and
// analysis JSON (analysisJS nil for none): FactsOf on the decoded values.
// A hand whose JSON does not decode gets no rows; a legal hand whose
// verdict does not decode gets Facts -stats.Version. It never fails.
func HandFacts(legal bool, handJS, verdictJS, analysisJS json.RawMessage) []FactsRow {
	var h handhistory.Hand
	if err := json.Unmarshal(handJS, &h); err != nil {
		return nil
	}
	if !legal {
		return FactsOf(&h, false, nil, nil)
	}
	v := new(analysis.Verdict)
	if json.Unmarshal(verdictJS, v) != nil {
		v = nil
	}
	var a *analysis.Analysis
	if len(analysisJS) > 0 && string(analysisJS) != "null" {
		a = new(analysis.Analysis)
		if json.Unmarshal(analysisJS, a) != nil {
			a = nil
		}
	}
	return FactsOf(&h, true, v, a)
}

// FactsOf returns the facts rows of a hand (one per player, in the hand's
// player order, HandID left 0) from its values: the hand, whether it is
// legal, its verdict and its analysis (nil for none). A hand that is not
// legal gets rows with its filters and Facts 0; a legal hand without a
// verdict, or whose facts cannot be computed, gets Facts -stats.Version,
// so that the backfill does not try it again. It never fails, and gives
// the same rows as HandFacts on the values' JSON.
func FactsOf(h *handhistory.Hand, legal bool, v *analysis.Verdict, a *analysis.Analysis) []FactsRow {
	hd := stats.Describe(h)
	rows := make([]FactsRow, len(h.Players))
	for i := range rows {
		r := &rows[i]
		r.Position = i
		r.Site, r.Game, r.Structure, r.BigBlind, r.Currency, r.ChipUnit = hd.Site, hd.Game, hd.Structure, hd.BigBlind, hd.Currency, hd.ChipUnit
		if hd.Time != nil {
			t := hd.Time.UnixMicro()
			r.PlayedAt = &t
		}
	}
	if !legal {
		return rows
	}
	var fs []stats.Facts
	err := errNoVerdict
	if v != nil {
		fs, err = stats.Compute(h, v, a)
	}
	if err != nil {
		for i := range rows {
			rows[i].Facts = -stats.Version
		}
		return rows
	}
	for i, f := range fs {
		r := &rows[i]
		r.Facts = stats.Version
		r.VPIP, r.PFR, r.ThreeBet, r.ThreeBetChance = f.VPIP, f.PFR, f.ThreeBet, f.ThreeBetChance
		r.Aggressive, r.Calls, r.SawFlop, r.Showdown, r.WonShowdown = f.Aggressive, f.Calls, f.SawFlop, f.Showdown, f.WonShowdown
		if hd.Game == "omaha-hilo" {
			r.HiLoShowdown = f.Showdown
		}
		r.Scoop, r.Quartered, r.LowWon, r.Net = f.Scoop, f.Quartered, f.LowWon, f.Net
		if hd.BigBlind > 0 {
			r.NetBB = float64(f.Net) / float64(hd.BigBlind)
		}
		r.AdjustedNet, r.AllIn = adjusted(a, i)
	}
	return rows
}

var errNoVerdict = errors.New("no verdict")

// adjusted returns player i's all-in adjusted net and all-in flag (0 or
// 1) from an analysis, nil for none.
func adjusted(a *analysis.Analysis, i int) (*float64, *int) {
	if a == nil || i >= len(a.Results) {
		return nil, nil
	}
	adj := a.Results[i].AdjustedNet
	in := 0
	if a.AllIn != nil {
		in = 1
	}
	return &adj, &in
}

// AnalysisFacts returns, per player in order, the adjusted net and all-in
// flag an analysis JSON gives (for SaveAnalysis to update the facts
// rows); nil when it does not decode.
func AnalysisFacts(doc json.RawMessage) []FactsRow {
	var a analysis.Analysis
	if json.Unmarshal(doc, &a) != nil {
		return nil
	}
	rows := make([]FactsRow, len(a.Results))
	for i := range rows {
		rows[i].Position = i
		rows[i].AdjustedNet, rows[i].AllIn = adjusted(&a, i)
	}
	return rows
}

// FactsBatch is the number of hands FillAllFacts fills per transaction.
const FactsBatch = 200

// FactsFiller is a store that can fill the facts of the legal hands
// stored without current facts (both stores are).
type FactsFiller interface {
	// FillFacts computes and stores, in one transaction, the facts of up
	// to limit legal hands with ids above after whose facts are missing
	// or were made by another stats.Version, and returns the last id it
	// looked at and how many hands it filled (0 when none is left).
	FillFacts(ctx context.Context, after int64, limit int) (last int64, n int, err error)
}

// FillAllFacts runs FillFacts batch after batch until no hand is left,
// and returns how many hands it filled. Both stores run it after their
// migrations, so that hands stored before the facts were kept (or by an
// older stats.Version) count in the statistics.
func FillAllFacts(ctx context.Context, s FactsFiller) (int, error) {
	total := 0
	var after int64
	for {
		last, n, err := s.FillFacts(ctx, after, FactsBatch)
		total += n
		if err != nil || n == 0 {
			return total, err
		}
		after = last
	}
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
}

// ResultsPage is one page of a results series, oldest first; Next resumes
// it, empty on the last page.
type ResultsPage struct {
	Points []ResultPoint
	Next   string
}

const resultsCursorPrefix = "r1:"

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
