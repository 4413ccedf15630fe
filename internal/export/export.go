// Package export writes stored hands, filtered as a hand listing filters
// them, as CSV (one row a hand and player), PHH (a .phhs) or PokerStars
// text: GET /v1/hands/export and `scoop export` share it. It pages through
// the store with the listing's cursor, so an export holds one page of
// hands in memory whatever its size, and it stops at MaxHands.
package export

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/pokerstars"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// The export formats.
const (
	CSV        = "csv"
	PHH        = "phh"
	PokerStars = "pokerstars"
)

// Formats are the export formats, as the format parameter names them.
var Formats = []string{CSV, PHH, PokerStars}

// MaxHands is the most hands one export writes; the rest of the hands
// that match are left out (Result.Truncated).
const MaxHands = 100_000

// ContentType is the media type of format's output.
func ContentType(format string) string {
	switch format {
	case CSV:
		return "text/csv; charset=utf-8"
	case PHH:
		return "application/toml; charset=utf-8"
	}
	return "text/plain; charset=utf-8"
}

// FileName is the file name an export in format is offered under.
func FileName(format string) string {
	switch format {
	case CSV:
		return "scoop-hands.csv"
	case PHH:
		return "scoop-hands.phhs"
	}
	return "scoop-hands.txt"
}

// CheckFormat returns the Invalid error naming field when format is not an
// export format.
func CheckFormat(field, format string) error {
	for _, f := range Formats {
		if format == f {
			return nil
		}
	}
	return fault.Field(fault.Invalid, field, "%s %q: want csv, phh or pokerstars", field, format)
}

// Result says what an export wrote.
type Result struct {
	Hands int // hands written
	Rows  int // CSV rows written, the header not counted
	// Skipped are the hands that match but cannot be written in the
	// format: a hand PokerStars text or PHH cannot hold, or one with no
	// recorded outcome that does not replay legal (PokerStars text states
	// who won what).
	Skipped int
	// Truncated is true when more hands match than MaxHands (or the
	// Options' Max): the export stopped there.
	Truncated bool
}

// Options tune an export.
type Options struct {
	// Max is the most hands to write: 0 means MaxHands; above it, MaxHands.
	Max int
	// PageSize is the number of hands read from the store at a time: 0
	// means store.MaxLimit.
	PageSize int
	// BeforePage, when set, is called before each page of hands is read
	// from the store, the first included (an HTTP handler takes its
	// compute slot back); an error stops the export and is returned.
	BeforePage func() error
	// AfterPage, when set, is called after each page of hands is written
	// (an HTTP handler releases its compute slot, hands the page to the
	// client, flushes the response and moves its write deadline on).
	AfterPage func() error
}

// CSVHeader is the CSV export's header row: the hand row of GET /v1/hands
// (time played, site, game, structure, stakes with the currency, the
// player's position, hole cards and net, the board, the final pot, the
// verdict and how the hand ended), then the player's facts of the
// statistics (ANALYSIS.md S1-S5: 0 or 1 flags and counts; the all-in
// adjusted net and freeroll empty until the hand is analysed).
var CSVHeader = []string{
	"hand_id", "site", "site_hand_id", "played_at", "game", "structure", "kind", "currency", "chip_unit",
	"big_blind", "big_blind_amount", "player", "position", "hole", "net", "net_amount", "net_bb",
	"board", "pot", "pot_amount", "legal", "ended",
	"vpip", "pfr", "three_bet_chance", "three_bet", "aggressive", "calls", "saw_flop", "showdown", "won_showdown",
	"hilo_showdown", "scoop", "quartered", "low_won", "allin", "adjusted_net", "freeroll",
}

// Write writes to w, in format, the hands of st matching q (its Player,
// Game, Legal and Filter; Limit and Cursor are the export's own), newest
// stored first, at most opt.Max of them. CSV has a header row and one row
// for each player of each hand (only the named player's when q names one),
// quoted as RFC 4180 says; PHH is a .phhs, each hand under its "[N]"
// header; PokerStars text has the hands separated by blank lines. A hand
// that cannot be written in the format is left out and counted
// (Result.Skipped).
//
// It honours ctx (a client gone, a deadline): the export stops and the
// error is the store's or ctx's. An error writing to w stops it too, and
// is returned. What was written before an error stays written.
func Write(ctx context.Context, st store.Store, format string, q store.Query, w io.Writer, opt Options) (Result, error) {
	var res Result
	if err := CheckFormat("format", format); err != nil {
		return res, err
	}
	limit := opt.Max
	if limit <= 0 || limit > MaxHands {
		limit = MaxHands
	}
	q.Limit = opt.PageSize
	if q.Limit <= 0 || q.Limit > store.MaxLimit {
		q.Limit = store.MaxLimit
	}
	q.Cursor, q.Text = "", true
	e := &encoder{format: format, out: w, player: q.Player}
	if format == CSV {
		e.csv = csv.NewWriter(w)
		if err := e.csv.Write(CSVHeader); err != nil {
			return res, err
		}
	}
	for {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		if opt.BeforePage != nil {
			if err := opt.BeforePage(); err != nil {
				return res, err
			}
		}
		page, err := st.Hands(ctx, q)
		if err != nil {
			return res, err
		}
		for _, h := range page.Hands {
			if res.Hands+res.Skipped == limit {
				res.Truncated = true
				return res, e.flush(opt.AfterPage)
			}
			ok, err := e.hand(ctx, st, h, &res)
			if err != nil {
				return res, err
			}
			if ok {
				res.Hands++
			} else {
				res.Skipped++
			}
		}
		if err := e.flush(opt.AfterPage); err != nil {
			return res, err
		}
		if page.Next == "" {
			return res, nil
		}
		q.Cursor = page.Next
	}
}

// encoder writes the hands of one export.
type encoder struct {
	format string
	out    io.Writer
	csv    *csv.Writer
	player string
	n      int // hands written (PHH's section number, PokerStars' separators)
	buf    bytes.Buffer
}

func (e *encoder) flush(after func() error) error {
	if e.csv != nil {
		e.csv.Flush()
		if err := e.csv.Error(); err != nil {
			return err
		}
	}
	if after != nil {
		return after()
	}
	return nil
}

// hand writes one stored hand (listed with its text, else read here);
// false when the format cannot hold it.
func (e *encoder) hand(ctx context.Context, st store.Store, listed store.Hand, res *Result) (bool, error) {
	full := listed
	if full.Hand == nil {
		var err error
		if full, err = st.Hand(ctx, listed.ID); err != nil {
			var fe *fault.Error
			if errors.As(err, &fe) && fe.Kind == fault.NotFound {
				return false, nil // deleted since it was listed
			}
			return false, err
		}
	}
	var err error
	if e.format == CSV {
		return true, e.rows(ctx, st, listed, full, res)
	}
	var h handhistory.Hand
	if err := json.Unmarshal(full.Hand, &h); err != nil {
		return false, nil
	}
	var text []byte
	if e.format == PHH {
		text, err = handhistory.MarshalPHH(&h)
	} else {
		var s *handhistory.Hand
		if s, err = analysis.WithOutcome(&h); err == nil {
			text, err = pokerstars.Marshal(s)
		}
	}
	if err != nil {
		return false, nil
	}
	e.buf.Reset()
	if e.format == PHH {
		handhistory.AppendPHHSection(&e.buf, e.n+1, text)
	} else {
		if e.n > 0 {
			e.buf.WriteByte('\n')
		}
		e.buf.Write(text)
	}
	e.n++
	_, err = e.out.Write(e.buf.Bytes())
	return true, err
}

// rows writes the CSV rows of one hand: each player's, or the named
// player's.
func (e *encoder) rows(ctx context.Context, st store.Store, listed, full store.Hand, res *Result) error {
	analysisJS := listed.Analysis
	if full.Legal && listed.Hand == nil { // not listed with its text (Query.Text)
		a, err := st.Analysis(ctx, full.ID)
		var fe *fault.Error
		switch {
		case err == nil:
			analysisJS = a.Analysis
		case errors.As(err, &fe) && fe.Kind == fault.NotFound:
		default:
			return err
		}
	}
	facts := ingest.HandFacts(full.Legal, full.Hand, full.Verdict, analysisJS)
	row := listed.Row
	if row == nil {
		row = &store.HandRow{}
	}
	amount := func(chips int64) string {
		if row.Kind != stats.Cash || row.Currency == "" {
			return ""
		}
		a, _ := stats.Decimal(float64(chips), row.ChipUnit)
		return a
	}
	played := ""
	if row.PlayedAt != nil {
		played = row.PlayedAt.UTC().Format(time.RFC3339)
	}
	i64 := func(x int64) string { return strconv.FormatInt(x, 10) }
	flag := func(x int) string { return strconv.Itoa(x) }
	pot, potAmount := "", ""
	if row.Ended != "" {
		pot, potAmount = i64(row.Pot), amount(row.Pot)
	}
	for i, name := range full.Players {
		if e.player != "" && name != e.player {
			continue
		}
		var f store.FactsRow
		if i < len(facts) {
			f = facts[i]
		}
		has := f.Facts > 0 // a legal hand's facts
		opt := func(s string) string {
			if !has {
				return ""
			}
			return s
		}
		adj, allIn, freeroll := "", "", ""
		if f.AdjustedNet != nil {
			adj = strconv.FormatFloat(*f.AdjustedNet, 'f', -1, 64)
		}
		if f.AllIn != nil {
			allIn = flag(*f.AllIn)
		}
		if f.Freeroll != nil {
			freeroll = flag(*f.Freeroll)
		}
		netBB := ""
		if has && row.BigBlind > 0 {
			netBB = strconv.FormatFloat(f.NetBB, 'f', -1, 64)
		}
		rec := []string{
			full.ID, full.Site, full.SiteHandID, played, full.Game, row.Structure, row.Kind, row.Currency, row.ChipUnit,
			i64(row.BigBlind), amount(row.BigBlind), name, opt(f.Seat), f.Hole, opt(i64(f.Net)), opt(amount(f.Net)), netBB,
			row.Board, pot, potAmount, strconv.FormatBool(full.Legal), row.Ended,
			opt(flag(f.VPIP)), opt(flag(f.PFR)), opt(flag(f.ThreeBetChance)), opt(flag(f.ThreeBet)), opt(flag(f.Aggressive)), opt(flag(f.Calls)),
			opt(flag(f.SawFlop)), opt(flag(f.Showdown)), opt(flag(f.WonShowdown)),
			opt(flag(f.HiLoShowdown)), opt(flag(f.Scoop)), opt(flag(f.Quartered)), opt(flag(f.LowWon)), allIn, adj, freeroll,
		}
		if len(rec) != len(CSVHeader) {
			return fmt.Errorf("export: a CSV row of %d fields for a header of %d", len(rec), len(CSVHeader))
		}
		if err := e.csv.Write(rec); err != nil {
			return err
		}
		res.Rows++
	}
	return nil
}
