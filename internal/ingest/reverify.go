package ingest

import (
	"context"
	"encoding/json"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/store"
)

// DefaultReverifyBatch is the number of hands Reverify replays and stores
// per transaction when ReverifyOptions.Batch is zero.
const DefaultReverifyBatch = 100

// ReverifyOptions tune Reverify. The zero value means the defaults.
type ReverifyOptions struct {
	// Batch is the number of hands per page and per transaction: 0 means
	// DefaultReverifyBatch, at most store.MaxLimit.
	Batch int
	// Analysis tunes the analyses made for the hands found legal.
	Analysis analysis.Options
	// Progress, when set, is called after each batch is stored with the
	// totals so far.
	Progress func(ReverifyReport)
}

// ReverifyReport counts what Reverify did.
type ReverifyReport struct {
	Checked        int `json:"checked"`          // stale hands replayed
	Updated        int `json:"updated"`          // verdicts stored by this run
	LegalToIllegal int `json:"legal_to_illegal"` // of those, legal before, illegal now
	IllegalToLegal int `json:"illegal_to_legal"` // of those, illegal before, legal now
	// Unreadable are stored hands whose JSON no longer reads as a hand:
	// left as they are (and listed again by the next run).
	Unreadable int `json:"unreadable"`
	// Refused are new verdicts the store refused (their text cannot be
	// stored): those hands keep their old verdict.
	Refused int `json:"refused"`
}

// Reverify replays every hand stored by an engine older than
// analysis.EngineVersion and stores its new verdict, with its analysis
// when it is legal (none when illegal), reporting how many changed from
// legal to illegal and back. It walks the stale hands in id order by
// keyset pages of opt.Batch hands, each page stored in one transaction,
// so memory is bounded by a page and an interrupted run loses at most the
// page in flight: running it again carries on where it stopped (a hand
// already stored by the running engine is not stale any more). One hand
// never fails its batch. The error is the store's (the report then counts
// the batches stored before it) or, when ctx is done, a Canceled error.
func Reverify(ctx context.Context, s store.Store, opt ReverifyOptions) (ReverifyReport, error) {
	var rep ReverifyReport
	var after int64
	for {
		if err := ctx.Err(); err != nil {
			return rep, &fault.Error{Kind: fault.Canceled, Action: -1, Message: "reverify stopped: " + err.Error(), Err: err}
		}
		page, err := s.StaleHands(ctx, analysis.EngineVersion, after, batchSize(opt.Batch))
		if err != nil {
			return rep, err
		}
		if len(page) == 0 {
			return rep, nil
		}
		after = page[len(page)-1].Seq
		updates := make([]store.VerdictUpdate, 0, len(page))
		was := make([]bool, 0, len(page))
		for _, st := range page {
			u, ok, err := Reverdict(ctx, st, opt.Analysis)
			if err != nil {
				return rep, err
			}
			rep.Checked++
			if !ok {
				rep.Unreadable++
				continue
			}
			updates = append(updates, u)
			was = append(was, st.Legal)
		}
		res, err := s.UpdateVerdicts(ctx, updates)
		if err != nil {
			return rep, err
		}
		for i, r := range res {
			switch {
			case r.Err != nil:
				rep.Refused++
			case r.Updated:
				rep.Updated++
				if was[i] && !updates[i].Legal {
					rep.LegalToIllegal++
				}
				if !was[i] && updates[i].Legal {
					rep.IllegalToLegal++
				}
			}
		}
		if opt.Progress != nil {
			opt.Progress(rep)
		}
	}
}

func batchSize(n int) int {
	if n <= 0 {
		return DefaultReverifyBatch
	}
	return min(n, store.MaxLimit)
}

// Reverdict replays a stored hand with the running engine and returns the
// update that stores its new verdict (keeping the stored verdict's file,
// hand index, line and id) and, when legal, its analysis. ok is false when
// the stored hand JSON does not read as a hand. The error is the
// analysis' Canceled error when ctx is done, or an Internal one for a
// verdict or analysis that cannot be encoded.
func Reverdict(ctx context.Context, st store.Hand, opt analysis.Options) (u store.VerdictUpdate, ok bool, err error) {
	var h handhistory.Hand
	if err := json.Unmarshal(st.Hand, &h); err != nil {
		return store.VerdictUpdate{}, false, nil
	}
	v, err := analysis.ReplayContext(ctx, &h)
	if err != nil {
		return store.VerdictUpdate{}, false, err
	}
	var old analysis.Verdict
	if json.Unmarshal(st.Verdict, &old) == nil {
		v.File, v.Hand, v.Line = old.File, old.Hand, old.Line
		if v.ID == nil {
			v.ID = old.ID
		}
		// The stored text is gone: the offending action's line, when the
		// same action is still the illegal one, is the stored verdict's.
		if v.Error != nil && old.Error != nil && v.Error.Index == old.Error.Index && !v.Unreadable {
			v.Error.Line = old.Error.Line
		}
	}
	u = store.VerdictUpdate{ID: st.ID, EngineVersion: analysis.EngineVersion, Legal: v.Legal}
	if u.Verdict, err = json.Marshal(v); err != nil {
		return store.VerdictUpdate{}, false, &fault.Error{Kind: fault.Internal, Action: -1, Message: "encode verdict", Err: err}
	}
	var a *analysis.Analysis
	if v.Legal {
		a, err = analysis.AnalyzeWith(ctx, &h, opt)
		switch {
		case err != nil && ctx.Err() != nil:
			return store.VerdictUpdate{}, false, err
		case err != nil:
			a = nil
		default:
			if u.Analysis, err = json.Marshal(a); err != nil {
				return store.VerdictUpdate{}, false, &fault.Error{Kind: fault.Internal, Action: -1, Message: "encode analysis", Err: err}
			}
		}
	}
	u.Facts = FactsOf(&h, v.Legal, &v, a)
	return u, true, nil
}
