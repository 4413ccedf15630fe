package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/scoophq/scoop/internal/fault"
)

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "ok"})
}

// ready answers /readyz: 200 when the store says it is ready, else 503
// with a reason that names no host, user or file; the cause is logged under
// the request id.
func (s *Server) ready(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.ReadyTimeout)
	defer cancel()
	if err := s.cfg.Store.Ready(ctx); err != nil {
		if r.Context().Err() == nil {
			// Our own timeout, or any failure: the database is not ready.
			// The cause (SQLSTATE, driver message) is for the log only.
			s.log.WarnContext(r.Context(), "not ready", "request_id", requestID(r.Context()), "err", err, "cause", fault.Detail(err))
			s.sendProblem(w, Problem{
				Type: "urn:scoop:problem:unavailable", Title: http.StatusText(http.StatusServiceUnavailable),
				Status: http.StatusServiceUnavailable, Detail: "database not ready: " + readyDetail(err),
				Instance: r.URL.Path, RequestID: requestID(r.Context()),
			})
			return
		}
		s.writeProblem(w, r, err)
		return
	}
	if s.cfg.Imports != nil {
		if err := s.cfg.Imports.Ready(ctx); err != nil && r.Context().Err() == nil {
			s.log.WarnContext(r.Context(), "job queue not ready", "request_id", requestID(r.Context()), "err", err, "cause", fault.Detail(err))
			s.sendProblem(w, Problem{
				Type: "urn:scoop:problem:unavailable", Title: http.StatusText(http.StatusServiceUnavailable),
				Status: http.StatusServiceUnavailable, Detail: "job queue not ready: " + readyDetail(err),
				Instance: r.URL.Path, RequestID: requestID(r.Context()),
			})
			return
		}
	}
	s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "ready"})
}

// readyDetail says why the database is not ready without the driver's
// error, which can name hosts, users or files (it goes to the log): our own
// message when the error is one of ours without a cause (migrations
// pending), else a generic one.
func readyDetail(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return "no answer in time"
	}
	var f *fault.Error
	if errors.As(err, &f) && f.Err == nil && f.Message != "" {
		return f.Message
	}
	return "the database cannot be reached (the server log has the cause, under this request id)"
}
