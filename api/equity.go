package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/fault"
)

// equityRequest is the body of POST /v1/equity.
type equityRequest struct {
	equity.Input
	Store bool `json:"store"`
}

// equityResponse is an equity result, with its id when stored.
type equityResponse struct {
	ID string `json:"id,omitempty"`
	equity.Result
}

func (s *Server) postEquity(w http.ResponseWriter, r *http.Request) {
	var in equityRequest
	if err := decodeJSON(bodyOf(r), &in); err != nil {
		s.writeProblem(w, r, err)
		return
	}
	if v := r.URL.Query().Get("store"); v != "" {
		// The contract has validated it as a boolean; this is belt and braces.
		keep, err := strconv.ParseBool(v)
		if err != nil {
			s.writeProblem(w, r, fault.Field(fault.Invalid, "store", "want true or false, got %q", v))
			return
		}
		in.Store = in.Store || keep
	}
	req, err := equity.ParseInput(in.Input)
	if err != nil {
		s.metrics.equityRuns.WithLabelValues(in.Mode, "rejected").Inc()
		s.writeProblem(w, r, err)
		return
	}
	release, err := s.acquire(r.Context())
	if err != nil {
		s.metrics.equityRuns.WithLabelValues(string(req.Mode), "overloaded").Inc()
		if fault.KindOf(err) == fault.Overloaded {
			w.Header().Set("Retry-After", "1")
		}
		s.writeProblem(w, r, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.ComputeTimeout)
	s.metrics.equityBusy.Inc()
	res, err := equity.Compute(ctx, req)
	s.metrics.equityBusy.Dec()
	cancel()
	release()
	if err != nil {
		outcome := "error"
		if r.Context().Err() != nil {
			outcome = "canceled"
		} else if errors.Is(err, context.DeadlineExceeded) {
			err = &fault.Error{Kind: fault.Unavailable, Action: -1, Err: err,
				Message: "the computation exceeded " + s.cfg.ComputeTimeout.String() + "; use montecarlo with fewer trials"}
		}
		s.metrics.equityRuns.WithLabelValues(string(req.Mode), outcome).Inc()
		s.writeProblem(w, r, err)
		return
	}
	s.metrics.equityRuns.WithLabelValues(string(res.Mode), "ok").Inc()
	out := equityResponse{Result: res}
	if in.Store {
		body, err := json.Marshal(res)
		if err == nil {
			out.ID, err = s.cfg.Store.SaveEquity(r.Context(), body)
		}
		if err != nil {
			s.writeProblem(w, r, err)
			return
		}
	}
	s.writeJSON(w, r, http.StatusOK, out)
}

// acquire takes a compute slot, waiting at most ComputeWait; the error is
// Overloaded when none freed up, Canceled when the client left.
func (s *Server) acquire(ctx context.Context) (release func(), err error) {
	release = func() { <-s.sem }
	select {
	case s.sem <- struct{}{}:
		return release, nil
	default:
	}
	t := time.NewTimer(s.cfg.ComputeWait)
	defer t.Stop()
	select {
	case s.sem <- struct{}{}:
		return release, nil
	case <-t.C:
		return nil, fault.New(fault.Overloaded, "all %d compute slots are busy; retry in a second", cap(s.sem))
	case <-ctx.Done():
		return nil, &fault.Error{Kind: fault.Canceled, Action: -1, Message: "client gone", Err: ctx.Err()}
	}
}

func (s *Server) getEquity(w http.ResponseWriter, r *http.Request) {
	e, err := s.cfg.Store.Equity(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(e.Result, &fields); err != nil {
		s.writeProblem(w, r, &fault.Error{Kind: fault.Internal, Action: -1, Message: "stored equity result is not an object", Err: err})
		return
	}
	fields["id"] = json.RawMessage(strconv.Quote(e.ID))
	s.writeJSON(w, r, http.StatusOK, fields)
}

// jsonField returns the JSON name of a field encoding/json reports: it
// drops the Go names of embedded structs (equityRequest embeds
// equity.Input, so "seed" is reported as "Input.seed").
func jsonField(field string) string {
	parts := strings.Split(field, ".")
	out := parts[:0]
	for _, p := range parts {
		if p != "" && p[0] >= 'A' && p[0] <= 'Z' {
			continue // a Go struct name: every JSON name here is lower case
		}
		out = append(out, p)
	}
	return strings.Join(out, ".")
}
