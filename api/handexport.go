package api

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/scoophq/scoop/internal/admission"
	"github.com/scoophq/scoop/internal/export"
	"github.com/scoophq/scoop/internal/fault"
)

// Export bounds (GET /v1/hands/export): the whole export's deadline; how
// long the client may take to read each page of it (the connection's
// write deadline, set before every page); the hands of a page, read and
// held in memory at a time; and the most exports streaming at once (a
// slow reader holds one of these, never a compute slot).
const (
	ExportTimeout = 5 * time.Minute
	exportIdle    = 30 * time.Second
	exportPage    = 100
	MaxExports    = 8
)

// The export's response headers: the cap on hands, said before the body,
// and, as trailers after it, the hands written and whether the cap or the
// deadline cut it short.
const (
	headerExportMax       = "X-Scoop-Export-Max-Hands"
	trailerExportHands    = "X-Scoop-Export-Hands"
	trailerExportSkipped  = "X-Scoop-Export-Skipped"
	trailerExportComplete = "X-Scoop-Export-Complete"
)

// exportHands answers GET /v1/hands/export: the hands GET /v1/hands lists
// for the same filters, all of them up to export.MaxHands, as CSV, PHH or
// PokerStars text, streamed page by page. It is admitted as expensive
// work (a 429 with Retry-After when the compute is busy). A bad format or
// filter is a 400 naming it; a store error before the first byte is its problem; after
// it, the body stops and the trailer says the export is incomplete.
func (s *Server) exportHands(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	format := q.Get("format")
	if err := export.CheckFormat("format", format); err != nil {
		s.writeProblem(w, r, err)
		return
	}
	query, err := handQuery(q)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	// At most MaxExports exports stream at once: each holds a page in
	// memory while its client reads it.
	select {
	case s.exports <- struct{}{}:
		defer func() { <-s.exports }()
	default:
		s.metrics.rejected.WithLabelValues("exports", "full").Inc()
		w.Header().Set("Retry-After", retryAfter)
		s.writeProblem(w, r, fault.New(fault.Overloaded, "%d exports are streaming, the most at once; retry after %s s", MaxExports, retryAfter))
		return
	}
	// An export is expensive work (up to export.MaxHands hands read,
	// replayed and written): each page is read and encoded holding a
	// compute slot, so concurrent exports are bounded and queued like
	// other expensive requests, and the slot is released while the
	// client reads the page, so a slow reader does not hold the compute.
	held, err := s.admit(w, r, s.compute, "compute", 1, false)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	defer func() {
		if held != nil {
			held.Release()
		}
	}()
	ctx, cancel := context.WithTimeout(r.Context(), ExportTimeout)
	defer cancel()
	rc := http.NewResponseController(w)
	out := &startWriter{w: w, start: func() {
		h := w.Header()
		h.Set("Content-Type", export.ContentType(format))
		h.Set("Content-Disposition", `attachment; filename="`+export.FileName(format)+`"`)
		h.Set(headerExportMax, strconv.Itoa(export.MaxHands))
		h.Set("Trailer", trailerExportHands+", "+trailerExportSkipped+", "+trailerExportComplete)
		w.WriteHeader(http.StatusOK)
	}}
	var page bytes.Buffer
	res, err := export.Write(ctx, s.cfg.Store, format, query, &page, export.Options{
		PageSize: exportPage,
		BeforePage: func() error {
			if held != nil {
				return nil
			}
			var err error
			held, err = s.resume(ctx, clientOf(r))
			return err
		},
		AfterPage: func() error {
			held.Release()
			held = nil
			if page.Len() == 0 {
				return nil
			}
			_ = rc.SetWriteDeadline(time.Now().Add(exportIdle))
			if _, err := out.Write(page.Bytes()); err != nil {
				return err
			}
			page.Reset()
			return rc.Flush()
		},
	})
	if err != nil && !out.started {
		s.writeProblem(w, r, err)
		return
	}
	if !out.started {
		out.start()
		out.started = true
	}
	if err != nil {
		s.log.WarnContext(r.Context(), "export cut short", "request_id", requestID(r.Context()), "hands", res.Hands, "err", err)
	}
	w.Header().Set(trailerExportHands, strconv.Itoa(res.Hands))
	w.Header().Set(trailerExportSkipped, strconv.Itoa(res.Skipped))
	w.Header().Set(trailerExportComplete, strconv.FormatBool(err == nil && !res.Truncated))
}

// startWriter calls start before the first byte it writes.
type startWriter struct {
	w       http.ResponseWriter
	start   func()
	started bool
}

func (s *startWriter) Write(p []byte) (int, error) {
	if !s.started {
		s.start()
		s.started = true
	}
	return s.w.Write(p)
}

// resume takes a compute slot back for an export already streaming: it
// waits its turn as long as the export's context lasts (a busy compute
// delays the next page rather than cutting the export short).
func (s *Server) resume(ctx context.Context, client string) (*admission.Grant, error) {
	for {
		g, err := s.compute.Acquire(ctx, admission.Request{Client: client, Weight: 1})
		if err == nil {
			return g, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if errors.Is(err, admission.ErrQueueFull) {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
}
