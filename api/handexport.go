package api

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/scoophq/scoop/internal/export"
)

// Export bounds (GET /v1/hands/export): the whole export's deadline, and
// how long the client may take to read each page of it (the connection's
// write deadline, moved on after every page).
const (
	ExportTimeout = 5 * time.Minute
	exportIdle    = 30 * time.Second
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
	// An export is expensive work (up to export.MaxHands hands read,
	// replayed and written): it holds a compute slot throughout, so
	// concurrent exports are bounded and queued like other expensive
	// requests.
	grant, err := s.admit(w, r, s.compute, "compute", 1, false)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	defer grant.Release()
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
	res, err := export.Write(ctx, s.cfg.Store, format, query, out, export.Options{AfterPage: func() error {
		if !out.started {
			return nil
		}
		_ = rc.SetWriteDeadline(time.Now().Add(exportIdle))
		return rc.Flush()
	}})
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
