package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"runtime"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/scoophq/scoop/internal/auth"
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
	if err := decodeJSON(takeBody(r), &in); err != nil {
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
	if in.Store {
		if err := require(w, r, auth.Write); err != nil {
			s.writeProblem(w, r, err)
			return
		}
	}
	if hasRange(in.Hands) {
		s.postRangeEquity(w, r, in)
		return
	}
	req, err := equity.ParseInput(in.Input)
	if err != nil {
		s.metrics.equityRuns.WithLabelValues(in.Mode, "rejected").Inc()
		s.writeProblem(w, r, err)
		return
	}
	if req.Trials > s.limits.MaxTrials {
		s.metrics.equityRuns.WithLabelValues(string(req.Mode), "rejected").Inc()
		s.writeProblem(w, r, fault.Field(fault.Invalid, "trials", "want 1 to %d trials on this server, got %d", s.limits.MaxTrials, req.Trials))
		return
	}
	mode, boards := req.Plan()
	var res equity.Result
	ok := s.runEquity(w, r, mode, boards, func(ctx context.Context) (equity.Mode, error) {
		var err error
		res, err = equity.Compute(ctx, req)
		return res.Mode, err
	})
	if ok {
		s.answerEquity(w, r, in.Store, res, func(id string) any { return equityResponse{ID: id, Result: res} })
	}
}

// runEquity admits an equity computation of the given cost in boards (the
// lane: cheap below CheapBoards, on one core; a run over all cores holds
// GOMAXPROCS of the expensive capacity, shared fairly among clients), runs
// it within the compute timeout and counts it in the metrics. It returns
// false when it has answered the request with a problem (overloaded, the
// client gone, the timeout passed, the computation failed).
func (s *Server) runEquity(w http.ResponseWriter, r *http.Request, mode equity.Mode, boards int64, run func(context.Context) (equity.Mode, error)) bool {
	cores := int64(1)
	if equity.Parallel(boards) {
		cores = int64(runtime.GOMAXPROCS(0))
	}
	if err := s.chargeEquity(w, r, boards); err != nil {
		s.metrics.equityRuns.WithLabelValues(string(mode), "overloaded").Inc()
		s.writeProblem(w, r, err)
		return false
	}
	grant, err := s.admit(w, r, s.compute, "compute", cores, boards < s.limits.CheapBoards)
	if err != nil {
		s.metrics.equityRuns.WithLabelValues(string(mode), "overloaded").Inc()
		s.writeProblem(w, r, err)
		return false
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.limits.ComputeTimeout)
	s.metrics.equityBusy.Inc()
	ran, err := run(ctx)
	s.metrics.equityBusy.Dec()
	cancel()
	grant.Release()
	if err != nil {
		outcome := "error"
		if r.Context().Err() != nil {
			outcome = "canceled"
		} else if errors.Is(err, context.DeadlineExceeded) {
			err = &fault.Error{Kind: fault.Unavailable, Action: -1, Err: err,
				Message: "the computation exceeded " + s.limits.ComputeTimeout.String() + "; use montecarlo with fewer trials"}
		}
		s.metrics.equityRuns.WithLabelValues(string(mode), outcome).Inc()
		s.writeProblem(w, r, err)
		return false
	}
	s.metrics.equityRuns.WithLabelValues(string(ran), "ok").Inc()
	return true
}

// answerEquity answers 200 with res, first stored when keep (the answer
// is then withID(id), else withID("")).
func (s *Server) answerEquity(w http.ResponseWriter, r *http.Request, keep bool, res any, withID func(id string) any) {
	id := ""
	if keep {
		body, err := json.Marshal(res)
		if err == nil {
			id, err = s.cfg.Store.SaveEquity(r.Context(), body)
		}
		if err != nil {
			s.writeProblem(w, r, err)
			return
		}
	}
	s.writeJSON(w, r, http.StatusOK, withID(id))
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
