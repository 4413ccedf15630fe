package fault_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
)

func TestErrorNamesWhereAndWhat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		err  *fault.Error
		want string
	}{
		{"message only", fault.New(fault.Invalid, "empty body"), "empty body"},
		{"field", fault.Field(fault.Impossible, "hands[1]", "duplicate card %s", "As"), "hands[1]: duplicate card As"},
		{"line and action", &fault.Error{Kind: fault.Invalid, Line: 12, Action: 3, Message: "unknown action"}, "line 12, action 3: unknown action"},
		{"action zero is a place", &fault.Error{Kind: fault.Impossible, Action: 0, Field: "actions", Message: "bad"}, "action 0, actions: bad"},
		{"underlying error when no message", &fault.Error{Kind: fault.Internal, Action: -1, Err: errors.New("disk full")}, "disk full"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("Error() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestKindOfFollowsTheChain(t *testing.T) {
	t.Parallel()
	inner := &fault.Error{Kind: fault.Unavailable, Action: -1, Message: "database down"}
	tests := []struct {
		name string
		err  error
		want fault.Kind
	}{
		{"fault", fault.New(fault.NotFound, "no hand 7"), fault.NotFound},
		{"wrapped fault", fmt.Errorf("save: %w", inner), fault.Unavailable},
		{"canceled", fmt.Errorf("equity: %w", context.Canceled), fault.Canceled},
		{"deadline", context.DeadlineExceeded, fault.Canceled},
		{"plain error", errors.New("boom"), fault.Internal},
		{"nil-free unknown", errors.Join(errors.New("a"), errors.New("b")), fault.Internal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := fault.KindOf(tt.err); got != tt.want {
				t.Errorf("KindOf = %v, want %v", got, tt.want)
			}
		})
	}
	if !errors.Is(fmt.Errorf("x: %w", &fault.Error{Err: context.Canceled, Action: -1}), context.Canceled) {
		t.Error("Unwrap does not expose the underlying error")
	}
}
