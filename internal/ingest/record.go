package ingest

import (
	"context"
	"encoding/json"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/store"
)

// NewRecord builds the stored form of a hand and its verdict: the
// canonical hand JSON, its content hash, the verdict JSON, the columns the
// store indexes and the players' facts rows (FactsOf), under the
// natural key store.NaturalKey gives (site and site hand id, else a hash
// of the canonical JSON). Every path that stores hands stores through it,
// so a hand imported by one is a duplicate for the others. The error
// (Internal) is for a hand or verdict that cannot be encoded. It does not
// judge the text: SaveHands refuses a record whose text cannot be stored
// (store.CheckRecord), that record alone. The record has the running
// analysis.EngineVersion and no Analysis (see NewAnalysedRecord).
func NewRecord(h *handhistory.Hand, v *analysis.Verdict) (store.Hand, error) {
	return recordOf(h, v, nil)
}

// newRecord is NewRecord without the facts rows (recordOf makes them
// with the analysis).
func newRecord(h *handhistory.Hand, v *analysis.Verdict) (store.Hand, error) {
	canonical, err := json.Marshal(h)
	if err != nil {
		return store.Hand{}, &fault.Error{Kind: fault.Internal, Action: -1, Message: "encode hand", Err: err}
	}
	verdict, err := json.Marshal(v)
	if err != nil {
		return store.Hand{}, &fault.Error{Kind: fault.Internal, Action: -1, Message: "encode verdict", Err: err}
	}
	players := make([]string, len(h.Players))
	for i, p := range h.Players {
		players[i] = p.Name
	}
	return store.Hand{
		NaturalKey:    store.NaturalKey(h.Site, h.SiteHandID, canonical),
		Site:          h.Site,
		SiteHandID:    h.SiteHandID,
		Game:          h.Table.Game.String(),
		Legal:         v.Legal,
		Players:       players,
		Hand:          canonical,
		Verdict:       verdict,
		ContentHash:   store.ContentHash(canonical),
		EngineVersion: analysis.EngineVersion,
	}, nil
}

// NewAnalysedRecord is NewRecord with the hand's analysis
// (analysis.AnalyzeWith with opt) when the verdict is legal, so that
// SaveHands stores both in one transaction. When ctx is done it returns
// the analysis' Canceled error; an analysis that fails otherwise (it
// cannot for a hand the replay found legal) leaves Analysis nil, and the
// hand is still stored without one.
func NewAnalysedRecord(ctx context.Context, h *handhistory.Hand, v *analysis.Verdict, opt analysis.Options) (store.Hand, error) {
	var a *analysis.Analysis
	if v.Legal {
		var err error
		a, err = analysis.AnalyzeWith(ctx, h, opt)
		switch {
		case err != nil && ctx.Err() != nil:
			return store.Hand{}, err
		case err != nil:
			a = nil // stored without an analysis
		}
	}
	return recordOf(h, v, a)
}

// recordOf is the record of a hand, its verdict and its analysis (nil
// for none), the facts made once with the analysis.
func recordOf(h *handhistory.Hand, v *analysis.Verdict, a *analysis.Analysis) (store.Hand, error) {
	rec, err := newRecord(h, v)
	if err != nil {
		return store.Hand{}, err
	}
	if a != nil {
		if rec.Analysis, err = json.Marshal(a); err != nil {
			return store.Hand{}, &fault.Error{Kind: fault.Internal, Action: -1, Message: "encode analysis", Err: err}
		}
	}
	rec.Facts = FactsOf(h, v.Legal, v, a)
	return rec, nil
}
