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
	Internal        Kind = iota // a bug or an unexpected failure: never the user's fault
	Invalid                     // malformed input: bad syntax, a bad field value, an unknown name
	Impossible                  // well-formed but impossible poker: a duplicate card, an illegal action
	NotFound                    // no such resource
	Unavailable                 // a dependency (the database) is down or did not answer in time
	Overloaded                  // the compute limit is reached; retry later
	Canceled                    // the caller went away (its own context was canceled)
	Unauthenticated             // no credentials, or credentials that name no live key
	Forbidden                   // a live key without the scope the operation needs
)

var kindNames = [...]string{"internal", "invalid", "impossible", "not-found", "unavailable", "overloaded", "canceled", "unauthenticated", "forbidden"}

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

// KindOf returns the Kind of the first *Error in err's chain; for an error
// that holds none, Canceled for context.Canceled, Unavailable for
// context.DeadlineExceeded (a deadline passed below the caller: a
// dependency did not answer in time, which is never the client's doing),
// and Internal otherwise.
//
// Only the edge that owns the caller's context can tell "the client went
// away" from a deadline or cancellation below it: the api checks the
// request's own context before it believes Canceled (see Gone).
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return Unavailable
	case errors.Is(err, context.Canceled):
		return Canceled
	}
	return Internal
}

// Gone reports whether err is the caller's own going away: ctx (the
// caller's context) is done. A cancellation or deadline from below while
// ctx is still live is not the caller's doing and must not be answered as
// if it were (nothing was done; the caller must be told so).
func Gone(ctx context.Context, err error) bool {
	return err != nil && ctx.Err() != nil
}

// Detail returns err's text for the log, with every cause a message hides:
// an *Error prints its Message only, so its Err (the driver's error with
// its SQLSTATE, say) is appended, through the whole chain. It is never for
// the client: causes can name hosts, users, tables or files.
func Detail(err error) string {
	if err == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(err.Error())
	seen := err.Error()
	for {
		var e *Error
		if !errors.As(err, &e) || e.Err == nil {
			break
		}
		err = e.Err
		if msg := err.Error(); !strings.Contains(seen, msg) {
			b.WriteString(": ")
			b.WriteString(msg)
			seen += msg
		}
	}
	return b.String()
}
