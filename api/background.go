package api

import (
	"context"

	"github.com/scoophq/scoop/internal/admission"
	"github.com/scoophq/scoop/internal/fault"
)

// BackgroundClient is the admission client of background work
// (Server.Background): one client among the requests' clients, so that
// fairness gives it its turn and no more.
const BackgroundClient = "backfill"

// Background admits one core of background work (the analysis backfill)
// through the same pool as the requests' expensive work: it waits its turn
// among clients as BackgroundClient, never uses the cores reserved for
// cheap requests, and waits at most Limits.QueueWait. It returns a release
// func, to call exactly once when the work is done, or an error: a
// Canceled one when ctx is done, an Overloaded one when compute is busy
// (the caller retries later, as a refused request would). Safe for
// concurrent use.
func (s *Server) Background(ctx context.Context) (release func(), err error) {
	g, err := s.compute.Acquire(ctx, admission.Request{Client: BackgroundClient, Weight: 1})
	if err != nil {
		if ctx.Err() != nil {
			return nil, &fault.Error{Kind: fault.Canceled, Action: -1, Message: "background work canceled", Err: err}
		}
		return nil, &fault.Error{Kind: fault.Overloaded, Action: -1, Message: "compute is busy", Err: err}
	}
	return g.Release, nil
}
