package ingest

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/store"
)

// Analyse analyses a legal hand with opt (analysis.AnalyzeWith, on the
// calling goroutine unless opt says otherwise) under a panic guard: the
// one analysis of a hand, the pipeline's (Result.Analysis), the analysis
// jobs' and the API's. A panic is recovered, told to onPanic (when set:
// "analysis", the value, the stack) and returned as an Internal error;
// ctx done is the analysis' Canceled error; any other error is the
// replay's (a hand stored legal by an older engine that no longer is).
func Analyse(ctx context.Context, h *handhistory.Hand, opt analysis.Options, onPanic func(what string, v any, stack []byte)) (a *analysis.Analysis, err error) {
	defer func() {
		if x := recover(); x != nil {
			if onPanic != nil {
				onPanic("analysis", x, debug.Stack())
			}
			a, err = nil, &fault.Error{Kind: fault.Internal, Action: -1, Message: "analysis failed", Err: fmt.Errorf("panic: %v", x)}
		}
	}()
	a, err = analysis.AnalyzeWith(ctx, h, opt)
	if err != nil && ctx.Err() != nil {
		return nil, canceled(err)
	}
	return a, err
}

// SaveAnalysis stores a, the running engine's analysis of the stored hand
// id, with the facts it gives (AdjustedFacts): the one way an analysis
// made after its hand was stored reaches the store (store.SaveAnalysis).
// It returns the analysis JSON, also when the store failed (the error is
// then the store's: NotFound for a hand gone since, Invalid for text it
// cannot hold); nil, with an Internal error, for an analysis that cannot
// be encoded.
func SaveAnalysis(ctx context.Context, st store.Store, id string, a *analysis.Analysis) (json.RawMessage, error) {
	doc, err := json.Marshal(a)
	if err != nil {
		return nil, &fault.Error{Kind: fault.Internal, Action: -1, Message: "encode analysis", Err: err}
	}
	if err := st.SaveAnalysis(ctx, id, analysis.EngineVersion, doc, AdjustedFacts(a)); err != nil {
		return doc, err
	}
	return doc, nil
}
