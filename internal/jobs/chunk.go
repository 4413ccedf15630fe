package jobs

import (
	"context"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
)

// saveBatch is the most hands one SaveHands call of a chunk stores.
const saveBatch = 250

// StoreStreams is how many SaveHands calls a chunk job makes at once,
// each its own transaction on its own connection: a process running N
// workers uses up to N * StoreStreams database connections for them.
const StoreStreams = 3

// runChunk runs the hands of one chunk (w.Data) of import imp through the one pipeline
// (ingest.Pipeline: read, replay, record, store idempotently on the
// natural key, without analyses), placing its hands and lines in their
// file; the legal hands it stores that mode analyses go to toAnalyse, for
// the analysis jobs. The error is for a failure worth a retry (the store, a panic of the
// reader, cancellation); what is wrong with the hands themselves is in the
// result. On a retry (w.Attempts > 1), a hand found stored that was
// created after the chunk's first start is counted as stored by this
// chunk (an earlier attempt stored it before it died), so that a chunk's
// counts do not depend on its attempts. toAnalyse, when set, is given the
// ids of the legal hands stored without their analysis.
func runChunk(ctx context.Context, st store.Store, imp int64, w store.ChunkWork, mode AnalysisMode, toAnalyse func(id string)) (store.ChunkResult, error) {
	res := store.ChunkResult{State: store.ChunkDone}
	addErr := func(e store.ImportError) {
		if len(res.Errors) < store.MaxImportErrors {
			res.Errors = append(res.Errors, e)
		}
	}
	if w.Format == "" {
		return res, nil // a file refused at upload (its error is the import's)
	}
	p := &ingest.Pipeline{
		Store: st, Analysis: ingest.AnalyseNone, Import: imp,
		Batch: saveBatch, Streams: StoreStreams, FirstHand: w.FirstHand, FirstLine: w.FirstLine,
	}
	if w.Attempts > 1 {
		p.CreatedBefore = func(ctx context.Context, id string) bool { return createdSince(ctx, st, id, w) }
	}
	data := w.Data
	w.Data = nil
	counts, err := p.Run(ctx, handhistory.Format(w.Format), data, func(r *ingest.Result) {
		switch r.Kind {
		case ingest.Unreadable:
			addErr(store.ImportError{File: w.File, Hand: r.Index, Line: r.Line, Message: r.Message()})
		case ingest.Failed:
			addErr(store.ImportError{File: w.File, Hand: r.Index, Line: r.HandLine, Message: "not stored: " + r.Message()})
		case ingest.Stored:
			if mode.Analyses(r.Verdict) && toAnalyse != nil {
				toAnalyse(r.StoredID)
			}
		}
	})
	if err != nil {
		if k := fault.KindOf(err); k == fault.Invalid || k == fault.Impossible {
			// The bytes cannot be read as that format: no retry mends it.
			res.State = store.ChunkFailed
			res.Errors = []store.ImportError{{File: w.File, Line: w.FirstLine, Message: err.Error()}}
			return res, nil
		}
		return res, err
	}
	res.Counts = counts
	return res, nil
}

// createdSince reports whether the stored hand id was created at or after
// the chunk's first start: by an earlier attempt of this chunk.
func createdSince(ctx context.Context, st store.Store, id string, w store.ChunkWork) bool {
	if w.StartedAt.IsZero() {
		return false
	}
	h, err := st.Hand(ctx, id)
	return err == nil && !h.CreatedAt.Before(w.StartedAt)
}
