// Package fault is Scoop's one domain error type: an *Error carries a Kind
// from a closed set, where the fault is (field, line, action index) and a
// message fit for the user. Domain packages return them; only the edges
// translate a Kind (api: to an HTTP status in one table; cmd: to an exit
// status). It imports only the standard library.
package fault

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Kind classifies an error. The set is closed.
type Kind uint8

// The kinds.
const (
	Internal    Kind = iota // a bug or an unexpected failure: never the user's fault
	Invalid                 // malformed input: bad syntax, a bad field value, an unknown name
	Impossible              // well-formed but impossible poker: a duplicate card, an illegal action
	NotFound                // no such resource
	Unavailable             // a dependency (the database) is down
	Overloaded              // the compute limit is reached; retry later
	Canceled                // the caller went away or the deadline passed
)

var kindNames = [...]string{"internal", "invalid", "impossible", "not-found", "unavailable", "overloaded", "canceled"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Error is a domain error. Zero location fields mean "not applicable":
// Line and Action are 1-based line numbers and 0-based action indexes, so
// Action uses -1 for "none" when set through the constructors.
type Error struct {
	Kind    Kind
	Field   string // the offending field, e.g. "hands[2]", "board"
	Line    int    // 1-based line in an input file, 0 when not applicable
	Action  int    // 0-based action index, -1 when not applicable
	Message string // what is wrong, for the user
	Err     error  // the underlying error, if any (logged, not shown)
}

// Error formats the location and the message on one line.
func (e *Error) Error() string {
	var parts []string
	if e.Line > 0 {
		parts = append(parts, fmt.Sprintf("line %d", e.Line))
	}
	if e.Action >= 0 {
		parts = append(parts, fmt.Sprintf("action %d", e.Action))
	}
	if e.Field != "" {
		parts = append(parts, e.Field)
	}
	msg := e.Message
	if msg == "" && e.Err != nil {
		msg = e.Err.Error()
	}
	if len(parts) == 0 {
		return msg
	}
	return strings.Join(parts, ", ") + ": " + msg
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// New returns an error of kind k with a formatted message and no location.
func New(k Kind, format string, args ...any) *Error {
	return &Error{Kind: k, Action: -1, Message: fmt.Sprintf(format, args...)}
}

// Field returns an error of kind k about the named field.
func Field(k Kind, field, format string, args ...any) *Error {
	return &Error{Kind: k, Field: field, Action: -1, Message: fmt.Sprintf(format, args...)}
}

// KindOf returns the Kind of the first *Error in err's chain, Canceled for
// context cancellation, and Internal otherwise.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	if isCanceled(err) {
		return Canceled
	}
	return Internal
}

func isCanceled(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
