package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime/debug"

	"github.com/go-chi/chi/v5"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
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
	entries, err := readHands(formatOf(r.Header.Get("Content-Type"), body), body)
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
	ar := r.WithContext(ctx)
	out := analyzedHands{Hands: make([]analyzedHand, len(entries))}
	for i, e := range entries {
		res := &out.Hands[i]
		res.Index, res.Line = e.Index, e.Line
		switch {
		case e.Err != nil:
			p := problemFor(r, inputError(e.Err))
			p.Hand, p.Instance, p.RequestID = e.Index, "", ""
			if p.Line == 0 {
				p.Line = e.Line
			}
			v := analysis.FromEntry(e)
			res.Problem, res.Verdict, res.Status = &p, &v, statusFailed
			out.Failed++
		case e.Hand == nil:
			res.Skipped, res.Status = e.Skipped, statusSkipped
			if res.Skipped == "" {
				res.Skipped = "no hand"
			}
			out.Skipped++
		default:
			v, err := s.replay(r, e)
			if err != nil {
				if r.Context().Err() != nil {
					s.writeProblem(w, r, err)
					return
				}
				p := problemFor(r, err)
				p.Hand, p.Instance, p.RequestID = e.Index, "", ""
				res.Problem, res.Status = &p, statusFailed
				out.Failed++
				continue
			}
			res.Verdict, res.Status = &v, statusReplayed
			out.Read++
			if !v.Legal {
				continue
			}
			a, err := s.analyze(ar, e.Hand)
			if err != nil {
				if r.Context().Err() != nil {
					s.writeProblem(w, r, err)
					return
				}
				if ctx.Err() != nil {
					s.writeProblem(w, r, &fault.Error{Kind: fault.Unavailable, Action: -1, Err: err,
						Message: fmt.Sprintf("the analyses exceeded %v; send fewer hands", s.limits.ComputeTimeout)})
					return
				}
				// A legal hand always analyses; were one not to, it keeps
				// its verdict, without an analysis, and the cause is logged.
				s.log.ErrorContext(r.Context(), "analyze", "request_id", requestID(r.Context()), "hand", e.Index, "err", err)
				continue
			}
			res.Analysis = a
			out.Analyzed++
		}
	}
	if out.Failed == len(entries) {
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

// analyze analyses one legal hand under the request's context on one core
// (the request holds one core's admission), a panic turned into an
// Internal error (logged).
func (s *Server) analyze(r *http.Request, h *handhistory.Hand) (a *analysis.Analysis, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.log.ErrorContext(r.Context(), "analyze panic", "request_id", requestID(r.Context()),
				"panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			a, err = nil, fault.New(fault.Internal, "analysis failed")
		}
	}()
	return analysis.AnalyzeWith(r.Context(), h, analysis.Options{OneCore: true})
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
	doc, err := json.Marshal(a)
	if err != nil {
		s.writeProblem(w, r, &fault.Error{Kind: fault.Internal, Action: -1, Message: "encode analysis", Err: err})
		return
	}
	if err := s.cfg.Store.SaveAnalysis(r.Context(), id, analysis.EngineVersion, doc); err != nil {
		// Not kept this time: the answer stands, the next read computes it again.
		s.log.WarnContext(r.Context(), "save analysis", "request_id", requestID(r.Context()), "id", id, "err", err)
	}
	out.EngineVersion, out.Analysis = analysis.EngineVersion, doc
	s.writeJSON(w, r, http.StatusOK, out)
}

// analyzedRecord is store.NewAnalyzedHandRecord for a hand posted to
// /v1/hands: the hand's record with its analysis when legal, made under
// the request's context on one core (its compute slot, one core, is held
// by the caller). A panic in the analysis is logged and the hand is
// recorded without one (the backfill or a later read retries), so one
// hand never fails its batch.
func (s *Server) analyzedRecord(r *http.Request, h *handhistory.Hand, v *analysis.Verdict) (rec store.Hand, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.log.ErrorContext(r.Context(), "analyze panic", "request_id", requestID(r.Context()),
				"panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			rec, err = store.NewHandRecord(h, v)
		}
	}()
	return store.NewAnalyzedHandRecord(r.Context(), h, v, analysis.Options{OneCore: true})
}
