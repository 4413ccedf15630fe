package api

import (
	"context"
	"net/http"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/fault"
)

// hasRange reports whether any of hands is a range rather than four
// cards: such a request goes through the range engine (postRangeEquity).
func hasRange(hands []string) bool {
	for _, h := range hands {
		if cs, err := cards.Parse(h); err != nil || len(cs) != 4 {
			return true
		}
	}
	return false
}

// rangeEquityResponse is a range equity result, with its id when stored.
type rangeEquityResponse struct {
	ID string `json:"id,omitempty"`
	equity.RangeResult
}

// prepareRanges parses and expands the ranges of in under a cheap compute
// grant (the expansion is bounded by ranges.MaxTerms per hand, a few
// milliseconds a term) and returns the job, ready to be weighed.
func (s *Server) prepareRanges(w http.ResponseWriter, r *http.Request, in equity.Input) (*equity.RangeJob, error) {
	req, err := equity.ParseRangeInput(in)
	if err != nil {
		return nil, err
	}
	if req.Trials > s.limits.MaxTrials {
		return nil, fault.Field(fault.Invalid, "trials", "want 1 to %d trials on this server, got %d", s.limits.MaxTrials, req.Trials)
	}
	grant, err := s.admit(w, r, s.compute, "compute", 1, true)
	if err != nil {
		return nil, err
	}
	defer grant.Release()
	return equity.PrepareRanges(req)
}

// postRangeEquity answers POST /v1/equity when a hand is a range: the
// ranges are expanded, the job weighed by its cost (combinations times
// completions, or trials) and admitted like any equity request, then run.
func (s *Server) postRangeEquity(w http.ResponseWriter, r *http.Request, in equityRequest) {
	job, err := s.prepareRanges(w, r, in.Input)
	if err != nil {
		s.metrics.equityRuns.WithLabelValues(in.Mode, "rejected").Inc()
		s.writeProblem(w, r, err)
		return
	}
	var res equity.RangeResult
	ok := s.runEquity(w, r, job.Mode(), job.Cost(), func(ctx context.Context) (equity.Mode, error) {
		var err error
		res, err = job.Run(ctx)
		return res.Mode, err
	})
	if ok {
		s.answerEquity(w, r, in.Store, res, func(id string) any { return rangeEquityResponse{ID: id, RangeResult: res} })
	}
}

// rangesRequest is the body of POST /v1/ranges/parse.
type rangesRequest struct {
	Game   string   `json:"game"`
	Hands  []string `json:"hands"`
	Board  string   `json:"board"`
	Dead   string   `json:"dead"`
	Sample *int     `json:"sample"`
}

// Sample sizes of POST /v1/ranges/parse.
const (
	defaultRangeSample = 10
	maxRangeSample     = 100
)

// parseRanges answers POST /v1/ranges/parse: for each range (or hand), its
// size before and after removing the known cards and a sample of it, for
// an editor to show what a range means.
func (s *Server) parseRanges(w http.ResponseWriter, r *http.Request) {
	var in rangesRequest
	if err := decodeJSON(takeBody(r), &in); err != nil {
		s.writeProblem(w, r, err)
		return
	}
	n := defaultRangeSample
	if in.Sample != nil {
		n = *in.Sample
	}
	if n < 0 || n > maxRangeSample {
		s.writeProblem(w, r, fault.Field(fault.Invalid, "sample", "want 0 to %d, got %d", maxRangeSample, n))
		return
	}
	grant, err := s.admit(w, r, s.compute, "compute", 1, true)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	listing, err := equity.ListRanges(equity.Input{Game: in.Game, Hands: in.Hands, Board: in.Board, Dead: in.Dead}, n)
	grant.Release()
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, struct {
		Ranges []equity.RangeListing `json:"ranges"`
	}{listing})
}
