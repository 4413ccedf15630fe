package store

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/analysis"
)

// HandRow is what a hand listing shows of one hand (issue 24's hand row):
// when and what it was played for, its board, final pot and how it
// ended, and the named player's part when the listing names one.
type HandRow struct {
	PlayedAt  *time.Time // the site's time, nil when not recorded
	Structure string
	BigBlind  int64  // chips (fixed limit: the small bet); 0 when none
	Kind      string // stats.Cash, Tournament or Play
	Currency  string // cash: the currency code
	ChipUnit  string // one chip's worth in Currency
	Board     string // the first run's board, "" before the flop or when illegal
	Pot       int64  // the final pot in chips (every pot, rake included); 0 when illegal
	// Ended is how the hand ended: "showdown" (two or more players showed
	// down), "uncontested" (every player but one folded), "all-in" (a
	// showdown after the betting ended all in before the river); "" for
	// an illegal hand.
	Ended string
	// Player is the named player's part, nil when the listing names none.
	Player *PlayerRow
}

// PlayerRow is one player's part in a listed hand.
type PlayerRow struct {
	Name     string
	Position string // stats.SeatName; "" for an illegal hand
	Hole     string // his hole cards when known
	// Net is his net in chips, nil for an illegal hand (no facts).
	Net *int64
}

// The ways a hand ends (HandRow.Ended).
const (
	EndedShowdown    = "showdown"
	EndedUncontested = "uncontested"
	EndedAllIn       = "all-in"
)

// RowFacts are the facts columns a listing reads for a hand row (see
// HandRowSQL): the first player's (the hand's own columns) and the named
// player's.
type RowFacts struct {
	PlayedAt  *int64
	Structure string
	BigBlind  int64
	Kind      string
	Currency  string
	ChipUnit  string
	AllIn     bool // some player's hand qualified for the all-in adjustment
	// The named player's row, when there is one.
	Seat string
	Hole string
	Net  *int64
}

// NewHandRow makes a listed hand's row from its facts columns and its
// verdict JSON (which it reads only for the board, pots and showdown).
func NewHandRow(f RowFacts, verdict json.RawMessage, player string) *HandRow {
	r := &HandRow{Structure: f.Structure, BigBlind: f.BigBlind, Kind: f.Kind, Currency: f.Currency, ChipUnit: f.ChipUnit}
	if f.PlayedAt != nil {
		t := time.UnixMicro(*f.PlayedAt).UTC()
		r.PlayedAt = &t
	}
	var v struct {
		Legal         bool           `json:"legal"`
		Board         string         `json:"board"`
		ShowdownOrder []string       `json:"showdown_order"`
		Pots          []analysis.Pot `json:"pots"`
	}
	if json.Unmarshal(verdict, &v) == nil && v.Legal {
		r.Board = v.Board
		for _, p := range v.Pots {
			r.Pot += p.Amount
		}
		switch {
		case len(v.ShowdownOrder) < 2:
			r.Ended = EndedUncontested
		case f.AllIn:
			r.Ended = EndedAllIn
		default:
			r.Ended = EndedShowdown
		}
	}
	if player != "" {
		r.Player = &PlayerRow{Name: player}
		r.Player.Position, r.Player.Hole, r.Player.Net = f.Seat, f.Hole, f.Net
	}
	return r
}

// HandRowSQL are the columns, after the hand's own, that a listing reads
// for NewHandRow, in the order of RowFacts' Scan targets (RowTargets):
// the hand's facts from its first player's row, whether any player's
// hand qualified all-in, and the named player's seat, hole cards, net and
// facts (player is the placeholder of his name), then the verdict as
// text (verdict its expression on h).
func HandRowSQL(player, verdict string) string {
	return `(SELECT played_at FROM hand_players WHERE hand_id = h.id AND position = 0),
       coalesce((SELECT structure FROM hand_players WHERE hand_id = h.id AND position = 0), ''),
       coalesce((SELECT big_blind FROM hand_players WHERE hand_id = h.id AND position = 0), 0),
       coalesce((SELECT kind FROM hand_players WHERE hand_id = h.id AND position = 0), ''),
       coalesce((SELECT currency FROM hand_players WHERE hand_id = h.id AND position = 0), ''),
       coalesce((SELECT chip_unit FROM hand_players WHERE hand_id = h.id AND position = 0), ''),
       coalesce((SELECT max(allin) FROM hand_players WHERE hand_id = h.id), 0),
       coalesce((SELECT seat FROM hand_players WHERE hand_id = h.id AND name = ` + player + ` LIMIT 1), ''),
       coalesce((SELECT hole FROM hand_players WHERE hand_id = h.id AND name = ` + player + ` LIMIT 1), ''),
       (SELECT net FROM hand_players WHERE hand_id = h.id AND name = ` + player + ` AND facts > 0 LIMIT 1),
       ` + verdict
}

// RowTargets are the Scan targets of HandRowSQL's columns into f, the
// verdict's into verdict (as text), and allIn (an integer 0 or 1, which
// the caller sets f.AllIn from).
func RowTargets(f *RowFacts, allIn *int64, verdict *string) []any {
	return []any{&f.PlayedAt, &f.Structure, &f.BigBlind, &f.Kind, &f.Currency, &f.ChipUnit, allIn, &f.Seat, &f.Hole, &f.Net, verdict}
}

// HandsFilter returns the condition of q's Filter on a listed hand h
// (alias h), an EXISTS over its facts rows (and one over its tags for
// the tag filter), with arg and in as for FactsWhere; "" when q has no
// such filter. With q.Player, the row must
// be his, so that his own filters are of his part.
func HandsFilter(q Query, arg func(v any) string, in func(members []int) string) string {
	f := q.Filter
	f.Legal = nil // the hand's legality is the hands table's
	var tag string
	if f.Tag != "" {
		tag = TagCond("h.id", f.Tag, arg)
	}
	conds := filterConds(f, arg, in)
	if len(conds) == 0 {
		return tag
	}
	if f.PlayerFiltered() {
		conds = append(conds, "facts > 0")
	}
	if q.Player != "" {
		conds = append([]string{"name = " + arg(q.Player)}, conds...)
	}
	c := "EXISTS (SELECT 1 FROM hand_players p WHERE p.hand_id = h.id AND " + strings.Join(conds, " AND ") + ")"
	if tag != "" {
		c = tag + " AND " + c
	}
	return c
}
