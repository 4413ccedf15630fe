package equity

import (
	"context"
	"errors"
)

// ParseInput validates in and returns the Request it asks for. Errors are
// *fault.Error values naming the field (e.g. "hands[1]", "board").
func ParseInput(in Input) (Request, error) {
	return Request{}, errors.New("equity: not built yet")
}

// Compute answers r. It uses all GOMAXPROCS cores and returns ctx.Err()
// soon after ctx is done. It is safe for concurrent use.
func Compute(ctx context.Context, r Request) (Result, error) {
	return Result{}, errors.New("equity: not built yet")
}
