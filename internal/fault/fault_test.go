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
		{"a deadline from below is unavailable, not the client gone", context.DeadlineExceeded, fault.Unavailable},
		{"wrapped deadline", fmt.Errorf("connect: %w", context.DeadlineExceeded), fault.Unavailable},
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

func TestGoneOnlyWhenTheCallersContextIsDone(t *testing.T) {
	t.Parallel()
	live := context.Background()
	done, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		err  error
		want bool
	}{
		{"deadline from below, caller live", live, context.DeadlineExceeded, false},
		{"canceled from below, caller live", live, context.Canceled, false},
		{"a canceled fault, caller live", live, fault.New(fault.Canceled, "canceled"), false},
		{"caller gone", done, context.Canceled, true},
		{"caller gone, any error", done, errors.New("broken pipe"), true},
		{"no error", done, nil, false},
	}
	for _, tt := range tests {
		if got := fault.Gone(tt.ctx, tt.err); got != tt.want {
			t.Errorf("%s: Gone = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestDetailNamesTheHiddenCause(t *testing.T) {
	t.Parallel()
	cause := errors.New("ERROR: relation \"hands\" does not exist (SQLSTATE 42P01)")
	err := fmt.Errorf("import: %w", &fault.Error{Kind: fault.Internal, Action: -1, Message: "save hands: database error", Err: cause})
	got := fault.Detail(err)
	if want := "import: save hands: database error: " + cause.Error(); got != want {
		t.Errorf("Detail = %q, want %q", got, want)
	}
	if err.Error() == got {
		t.Error("Error() already shows the cause: Detail is pointless")
	}
	plain := errors.New("boom")
	if got := fault.Detail(plain); got != "boom" {
		t.Errorf("Detail(plain) = %q", got)
	}
	if got := fault.Detail(nil); got != "" {
		t.Errorf("Detail(nil) = %q", got)
	}
}
