package jobs

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/store"
)

// saveBatch is the most hands one SaveHands call of a chunk stores, and
// storeStreams how many such calls a chunk job makes at once (each its
// own transaction, on its own connection).
const (
	saveBatch    = 250
	storeStreams = 3
)

// testHookRead, when set (by tests), is called with each chunk's bytes
// before they are read: a test panics in it to play a parser that panics.
var testHookRead func(data []byte)

// readChunk reads a chunk's hands, turning a panic of the reader into an
// error (the job fails and River retries it).
func readChunk(f handhistory.Format, data []byte) (entries []handhistory.Entry, err error) {
	defer func() {
		if p := recover(); p != nil {
			entries, err = nil, fmt.Errorf("reading the hands panicked: %v", p)
		}
	}()
	if testHookRead != nil {
		testHookRead(data)
	}
	return handhistory.Read(f, data)
}

// runChunk reads, replays, settles, analyses (those mode says) and stores
// the hands of one chunk (w.Data) as POST /v1/hands and `scoop import` do
// (analysis.FromEntryContext, store.NewAnalyzedHandRecord, SaveHands:
// idempotent on the natural key). The error is for a failure worth a
// retry (the store, a panic, cancellation); what is wrong with the hands
// themselves is in the result. On a retry (w.Attempts > 1), a hand found
// stored that was created after the chunk's first start is counted as
// stored by this chunk (an earlier attempt stored it before it died), so
// that a chunk's counts do not depend on its attempts.
func runChunk(ctx context.Context, st store.Store, w store.ChunkWork, mode AnalysisMode) (store.ChunkResult, error) {
	res := store.ChunkResult{State: store.ChunkDone}
	c := &res.Counts
	addErr := func(e store.ImportError) {
		if len(res.Errors) < store.MaxImportErrors {
			res.Errors = append(res.Errors, e)
		}
	}
	if w.Format == "" {
		return res, nil // a file refused at upload (its error is the import's)
	}
	entries, err := readChunk(handhistory.Format(w.Format), w.Data)
	if err != nil {
		if fault.KindOf(err) == fault.Invalid || fault.KindOf(err) == fault.Impossible {
			// The bytes cannot be read as that format: no retry mends it.
			res.State = store.ChunkFailed
			addErr(store.ImportError{File: w.File, Line: w.FirstLine, Message: err.Error()})
			return res, nil
		}
		return res, err
	}
	w.Data = nil
	index := func(i int) int {
		if w.FirstHand <= 1 {
			return i
		}
		return i + w.FirstHand - 1
	}
	line := func(l int) int {
		if l == 0 {
			return 0
		}
		return l + w.FirstLine - 1
	}
	// Batches are stored by up to storeStreams transactions at once while
	// this goroutine replays the next hands: the store's work overlaps
	// the replay's, and the database works on more than one core. The
	// storing goroutines count into saved (under mu), merged at the end.
	var (
		mu    sync.Mutex
		saved store.ChunkResult
	)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(storeStreams)
	// tally counts a stored batch; since says which of its hands found
	// stored an earlier attempt stored (see createdSince), looked up by
	// the batch's goroutine before it takes mu, so that the lookups of
	// the streams run at once rather than one after another under mu.
	tally := func(recs []store.Hand, out []store.Saved, since []bool) {
		mu.Lock()
		defer mu.Unlock()
		sc := &saved.Counts
		for i, sv := range out {
			switch {
			case sv.Err != nil:
				if len(saved.Errors) < store.MaxImportErrors {
					saved.Errors = append(saved.Errors, store.ImportError{File: w.File, Message: "not stored: " + sv.Err.Error()})
				}
			case sv.Conflict:
				sc.Conflicts++
			case sv.Created || since[i]:
				sc.Stored++
				if recs[i].Analysis != nil {
					sc.Analysed++
				}
			default:
				sc.Duplicates++
			}
		}
	}
	var recs []store.Hand
	flush := func() {
		if len(recs) == 0 {
			return
		}
		batch := recs
		recs = make([]store.Hand, 0, saveBatch)
		g.Go(func() error {
			out, err := st.SaveHands(gctx, batch)
			if err != nil {
				return err
			}
			since := make([]bool, len(out))
			if w.Attempts > 1 {
				for i, sv := range out {
					since[i] = sv.Err == nil && !sv.Conflict && !sv.Created && createdSince(gctx, st, sv.ID, w)
				}
			}
			tally(batch, out, since)
			return nil
		})
	}
	// stop waits for the batches in flight and returns the chunk's
	// result, or the first error.
	stop := func(err error) (store.ChunkResult, error) {
		if gerr := g.Wait(); gerr != nil {
			err = gerr // the cause (a store error cancels gctx, which stops the replay)
		}
		if err != nil {
			return res, err
		}
		c.Stored, c.Analysed, c.Conflicts, c.Duplicates = saved.Counts.Stored, saved.Counts.Analysed, saved.Counts.Conflicts, saved.Counts.Duplicates
		for _, e := range saved.Errors {
			addErr(e)
		}
		return res, nil
	}
	for k, e := range entries {
		if k&31 == 0 {
			if err := gctx.Err(); err != nil {
				return stop(err)
			}
		}
		c.Read++
		switch {
		case e.Err != nil:
			c.Unreadable++
			ie := store.ImportError{File: w.File, Hand: index(e.Index), Line: line(e.Line), Message: e.Err.Error()}
			var fe *fault.Error
			if errors.As(e.Err, &fe) && fe.Line > 0 {
				cp := *fe
				cp.Line = 0
				ie.Line, ie.Message = line(fe.Line), cp.Error()
			}
			addErr(ie)
			continue
		case e.Skipped != "":
			skip(c, e.Skipped)
			continue
		case e.Hand == nil:
			c.Unreadable++
			addErr(store.ImportError{File: w.File, Hand: index(e.Index), Line: line(e.Line), Message: "no hand"})
			continue
		}
		v, err := analysis.FromEntryContext(gctx, e)
		if err != nil {
			return stop(err) // cancelled
		}
		if v.Skipped != "" {
			skip(c, v.Skipped)
			continue
		}
		if v.Legal {
			c.Legal++
		} else {
			c.Illegal++
		}
		var rec store.Hand
		if mode.analyses(&v) {
			rec, err = analysedRecord(gctx, e.Hand, &v)
		} else {
			rec, err = store.NewHandRecord(e.Hand, &v)
		}
		if err != nil {
			return stop(err)
		}
		recs = append(recs, rec)
		if len(recs) == saveBatch {
			flush()
		}
	}
	flush()
	return stop(nil)
}

func skip(c *store.ImportCounts, reason string) {
	if c.Skipped == nil {
		c.Skipped = map[string]int64{}
	}
	c.Skipped[reason]++
}

// analysedRecord is the hand's record with its analysis when legal (on
// this goroutine: a worker is one core); a panic in the analysis leaves
// the hand without one (the backfill retries), as POST /v1/hands does.
func analysedRecord(ctx context.Context, h *handhistory.Hand, v *analysis.Verdict) (rec store.Hand, err error) {
	defer func() {
		if p := recover(); p != nil {
			rec, err = store.NewHandRecord(h, v)
		}
	}()
	return store.NewAnalyzedHandRecord(ctx, h, v, analysis.Options{OneCore: true})
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
