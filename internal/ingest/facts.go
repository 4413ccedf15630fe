package ingest

import (
	"context"
	"encoding/json"
	"errors"
	"slices"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// FactsOf returns the facts rows of a hand (one per player, in the hand's
// player order, HandID left 0) from its values: the hand, whether it is
// legal, its verdict and its analysis (nil for none). A hand that is not
// legal gets rows with its filters and Facts 0; a legal hand without a
// verdict, or whose facts cannot be computed, gets Facts -stats.Version,
// so that FillFacts does not try it again. It never fails, and gives the
// same rows as HandFacts on the values' JSON. The records this package
// makes carry them (store.Hand.Facts, store.VerdictUpdate.Facts): the
// store saves the rows it is given and never computes one.
func FactsOf(h *handhistory.Hand, legal bool, v *analysis.Verdict, a *analysis.Analysis) []store.FactsRow {
	hd := stats.Describe(h)
	rows := make([]store.FactsRow, len(h.Players))
	for i := range rows {
		r := &rows[i]
		r.Position = i
		r.Site, r.Game, r.Structure, r.BigBlind, r.Currency, r.ChipUnit = hd.Site, hd.Game, hd.Structure, hd.BigBlind, hd.Currency, hd.ChipUnit
		r.Kind, r.Ledger = hd.Kind, stats.LedgerOf(hd).Key()
		r.TableName = h.TableName
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
		r.AdjustedNet, r.AllIn, r.Freeroll = adjusted(a, i)
		r.Seat, r.Hole, r.HoldingGroup = f.Seat, f.Hole, f.Group
		if f.HoleIndex >= 0 {
			idx := f.HoleIndex
			r.HoleIndex = &idx
		}
	}
	return rows
}

var errNoVerdict = errors.New("no verdict")

// HandFacts returns the facts rows of a stored hand (one per player, in
// the hand's player order, HandID left 0) from its hand, verdict and
// analysis JSON (analysisJS nil for none): FactsOf on the decoded values.
// A hand whose JSON does not decode gets no rows; a legal hand whose
// verdict does not decode gets Facts -stats.Version. It never fails.
func HandFacts(legal bool, handJS, verdictJS, analysisJS json.RawMessage) []store.FactsRow {
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

// adjusted returns player i's all-in adjusted net, all-in flag and
// freeroll flag (A9; 0 or 1) from an analysis, nil for none.
func adjusted(a *analysis.Analysis, i int) (*float64, *int, *int) {
	if a == nil || i >= len(a.Results) {
		return nil, nil, nil
	}
	adj := a.Results[i].AdjustedNet
	in, free := 0, 0
	if a.AllIn != nil {
		in = 1
	}
	if slices.Contains(a.Freeroll, a.Results[i].Player) {
		free = 1
	}
	return &adj, &in, &free
}

// AdjustedFacts returns, per player in order, the rows of the facts an
// analysis gives (Position, AdjustedNet, AllIn and Freeroll set, the rest zero): the
// rows store.Store.SaveAnalysis writes beside the analysis.
func AdjustedFacts(a *analysis.Analysis) []store.FactsRow {
	if a == nil {
		return nil
	}
	rows := make([]store.FactsRow, len(a.Results))
	for i := range rows {
		rows[i].Position = i
		rows[i].AdjustedNet, rows[i].AllIn, rows[i].Freeroll = adjusted(a, i)
	}
	return rows
}

// FactsBatch is the number of hands FillFacts fills per store call.
const FactsBatch = 200

// FillFacts gives the legal hands stored without current facts (stored
// before the facts were kept, by an older stats.Version, or from a record
// that carried none) their facts rows, batch after batch (s.PendingFacts
// out, HandFacts, s.SaveFacts in) until none is left, and returns how many
// hands it filled. `scoop serve`, `worker`, `import` and `migrate` run it
// after the migrations (openStorage). Each call is under the store's own
// deadline; the error is the store's or ctx's.
func FillFacts(ctx context.Context, s store.FactsStore) (int, error) {
	total := 0
	var after int64
	for {
		page, err := s.PendingFacts(ctx, after, FactsBatch)
		if err != nil || len(page) == 0 {
			return total, err
		}
		var rows []store.FactsRow
		for _, h := range page {
			for _, r := range HandFacts(true, h.Hand, h.Verdict, h.Analysis) {
				r.HandID = h.Seq
				rows = append(rows, r)
			}
			after = h.Seq
		}
		if err := s.SaveFacts(ctx, rows); err != nil {
			return total, err
		}
		total += len(page)
	}
}
