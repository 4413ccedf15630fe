package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
)

// The analysis endpoints (ANALYSIS.md A1-A6): GET /v1/hands/{id}/analysis
// for a stored hand, POST /v1/hands/analyze for posted hands, nothing
// stored.

// analyzedHand is one hand of POST /v1/hands/analyze: the replay's result
// and, for a legal hand, its analysis (null otherwise).
type analyzedHand struct {
	handResult
	Analysis *analysis.Analysis `json:"analysis"`
}

// analyzedHands is the answer to POST /v1/hands/analyze.
type analyzedHands struct {
	Hands    []analyzedHand `json:"hands"`
	Read     int            `json:"read"`
	Analyzed int            `json:"analyzed"`
	Skipped  int            `json:"skipped"`
	Failed   int            `json:"failed"`
}

// storedAnalysis is the answer to GET /v1/hands/{id}/analysis.
type storedAnalysis struct {
	ID    string `json:"id"`
	Legal bool   `json:"legal"`
	// EngineVersion is the version of the engine that made the analysis,
	// or, when there is none, the hand's verdict.
	EngineVersion int `json:"engine_version"`
	// Analysis is the analysis.Analysis JSON, null when there is none.
	Analysis json.RawMessage `json:"analysis"`
}

// MaxAnalyzeHands is the most hands POST /v1/hands/analyze analyses in
// one request (about ten seconds of one core); a body of more is a 413.
const MaxAnalyzeHands = 1000

// analyzeHands answers POST /v1/hands/analyze: the bodies of
// /v1/hands/replay, each hand replayed and, when legal, analysed; nothing
// is stored. Reading, replaying and analysing hold one core of compute
// admitted as replay's is (cheap up to Limits.CheapBytes). A body of one
// hand that cannot be read, or is illegal, answers as replay does (400/422
// with the verdict); in a body of several, such a hand has its verdict or
// problem and a null analysis.
func (s *Server) analyzeHands(w http.ResponseWriter, r *http.Request) {
	body := takeBody(r)
	grant, err := s.admit(w, r, s.compute, "compute", 1, int64(len(body)) <= s.limits.CheapBytes)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	defer func() { grant.Release() }()
	p := &ingest.Pipeline{OnPanic: s.logPanic(r)}
	entries, err := p.Read(ingest.FormatOf(r.Header.Get("Content-Type"), body), body)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	if len(entries) == 0 {
		s.writeProblem(w, r, fault.New(fault.Invalid, "the body holds no hand"))
		return
	}
	// An analysis costs milliseconds per hand (exact equities), not per
	// byte: the count decides the bound and the lane.
	hands := 0
	for _, e := range entries {
		if e.Hand != nil {
			hands++
		}
	}
	if hands > MaxAnalyzeHands {
		s.sendProblem(w, newProblem(r, http.StatusRequestEntityTooLarge, fmt.Sprintf(
			"the body holds %d hands; POST /v1/hands/analyze analyses at most %d a request (store a larger file with POST /v1/hands: its analyses are computed in the background)", hands, MaxAnalyzeHands)))
		return
	}
	if hands > maxInlineAnalyses && grant.Cheap() {
		// More than a few analyses is expensive work, whatever the bytes.
		grant.Release()
		if grant, err = s.admit(w, r, s.compute, "compute", 1, false); err != nil {
			s.writeProblem(w, r, err)
			return
		}
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.limits.ComputeTimeout)
	defer cancel()
	p.Analysis, p.AnalysisOptions = ingest.AnalyseAll, analysis.Options{OneCore: true}
	// A10: opponents' ranges from their stored VPIP and PFR.
	p.Opponents = func(ctx context.Context, game string) analysis.OpponentStats {
		return store.Opponents(ctx, s.cfg.Store, game)
	}
	out := analyzedHands{Hands: make([]analyzedHand, len(entries))}
	text, _, _ := handhistory.Decode(body)
	k, unread := 0, 0
	_, err = p.RunEntries(ctx, entries, text, func(x *ingest.Result) {
		res := &out.Hands[k]
		k++
		res.handResult, res.Analysis = handResultOf(r, x), x.Analysis
		out.Read++ // every hand found, as POST /v1/hands counts it
		switch x.Kind {
		case ingest.Unreadable, ingest.Failed:
			out.Failed++
			unread++
		case ingest.Skipped:
			out.Skipped++
		}
		if x.Analysis != nil {
			out.Analyzed++
		} else if x.AnalysisErr != nil {
			// A legal hand always analyses; were one not to, it keeps its
			// verdict, without an analysis, and the cause is logged.
			s.log.ErrorContext(r.Context(), "analyze", "request_id", requestID(r.Context()), "hand", x.Index, "err", x.AnalysisErr)
		}
	})
	switch {
	case err != nil && r.Context().Err() == nil && ctx.Err() != nil:
		s.writeProblem(w, r, &fault.Error{Kind: fault.Unavailable, Action: -1, Err: err,
			Message: fmt.Sprintf("the analyses exceeded %v; send fewer hands", s.limits.ComputeTimeout)})
		return
	case err != nil:
		s.writeProblem(w, r, err)
		return
	}
	if unread == len(entries) {
		p := *out.Hands[0].Problem
		p.Hand = 0
		p.Instance, p.RequestID = r.URL.Path, requestID(r.Context())
		s.sendProblem(w, p)
		return
	}
	if len(out.Hands) == 1 {
		if p, ok := singleHandProblem(r, out.Hands[0].handResult); ok {
			s.sendProblem(w, p)
			return
		}
	}
	s.writeJSON(w, r, http.StatusOK, out)
}

// analyze analyses one legal stored hand under the request's context on
// one core (the request holds one core's admission) with its opponents'
// stored statistics (A10), a panic turned into an Internal error (logged).
func (s *Server) analyze(r *http.Request, h *handhistory.Hand) (*analysis.Analysis, error) {
	opp := store.Opponents(r.Context(), s.cfg.Store, h.Table.Game.String())
	return ingest.Analyse(r.Context(), h, analysis.Options{OneCore: true, Opponents: opp}, s.logPanic(r))
}

// getAnalysis answers GET /v1/hands/{id}/analysis: the stored analysis of
// a stored hand. A legal hand stored without one (by `scoop import`, or
// before analyses were kept) is analysed now, under the same admission
// as a cheap replay, and the analysis stored for next time. An illegal
// hand has none: analysis is null, with the verdict's engine version.
func (s *Server) getAnalysis(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "id")
	st, err := s.cfg.Store.Analysis(r.Context(), id)
	if err == nil {
		s.writeJSON(w, r, http.StatusOK, storedAnalysis{ID: id, Legal: true, EngineVersion: st.EngineVersion, Analysis: st.Analysis})
		return
	}
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind != fault.NotFound {
		s.writeProblem(w, r, err)
		return
	}
	h, err := s.cfg.Store.Hand(r.Context(), id)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	out := storedAnalysis{ID: id, Legal: h.Legal, EngineVersion: h.EngineVersion}
	if !h.Legal {
		s.writeJSON(w, r, http.StatusOK, out)
		return
	}
	var hand handhistory.Hand
	if err := json.Unmarshal(h.Hand, &hand); err != nil {
		s.writeProblem(w, r, &fault.Error{Kind: fault.Internal, Action: -1, Message: "the stored hand", Err: err})
		return
	}
	grant, err := s.admit(w, r, s.compute, "compute", 1, true)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	a, err := s.analyze(r, &hand)
	grant.Release()
	if err != nil {
		if r.Context().Err() != nil {
			s.writeProblem(w, r, err)
			return
		}
		// A hand stored legal by an older engine may no longer replay: its
		// verdict stands until `scoop reverify`, and it has no analysis.
		s.log.WarnContext(r.Context(), "analyze stored hand", "request_id", requestID(r.Context()), "id", id, "err", err)
		s.writeJSON(w, r, http.StatusOK, out)
		return
	}
	doc, err := ingest.SaveAnalysis(r.Context(), s.cfg.Store, id, a)
	switch {
	case doc == nil:
		s.writeProblem(w, r, err)
		return
	case err != nil:
		// Not kept this time: the answer stands, the next read computes it again.
		s.log.WarnContext(r.Context(), "save analysis", "request_id", requestID(r.Context()), "id", id, "err", err)
	}
	out.EngineVersion, out.Analysis = analysis.EngineVersion, doc
	s.writeJSON(w, r, http.StatusOK, out)
}
