package store

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/scoophq/scoop/internal/fault"
)

// Deadlines of database calls. Every call a store makes runs under one:
// a database that accepts connections and never answers costs a request
// its deadline, never a hang.
const (
	// DefaultTimeout bounds one store call (SaveHands with its retries,
	// Hands, Ready...) when the store's configured timeout is zero.
	DefaultTimeout = 5 * time.Second
	// MigrateTimeout bounds Migrate, which may rewrite tables.
	MigrateTimeout = 2 * time.Minute
)

// timeoutCause is the cause of a context a store bounded with Deadline:
// it tells the store's own deadline from its caller's.
type timeoutCause struct{ d time.Duration }

func (c *timeoutCause) Error() string { return "the database did not answer within " + c.d.String() }

// Deadline returns ctx bounded by d (DefaultTimeout when d <= 0), marked
// so that DatabaseFault can tell this deadline from the caller's.
func Deadline(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		d = DefaultTimeout
	}
	return context.WithTimeoutCause(ctx, d, &timeoutCause{d})
}

// ContextFault classifies err, the failure of a database call made with
// ctx, when it is about a context or a deadline, and returns nil when it is
// not (the store classifies the rest). doing names the call ("save hands"):
//
//   - ctx's deadline set by Deadline passed: Unavailable, "doing: the
//     database did not answer in time (5s)";
//   - ctx is otherwise done (the caller's cancellation or deadline):
//     Canceled;
//   - a cancellation or deadline from below while ctx is live (a driver's
//     connect_timeout, say): Unavailable. It is never Canceled, which
//     would mean the caller went away.
//
// The error keeps err as its cause, for the log.
func ContextFault(ctx context.Context, err error, doing string) error {
	var tc *timeoutCause
	switch {
	case errors.As(context.Cause(ctx), &tc):
		return &fault.Error{Kind: fault.Unavailable, Action: -1, Err: err,
			Message: doing + ": the database did not answer in time (" + tc.d.String() + ")"}
	case ctx.Err() != nil:
		return &fault.Error{Kind: fault.Canceled, Action: -1, Message: doing + ": canceled", Err: err}
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		return &fault.Error{Kind: fault.Unavailable, Action: -1, Err: err,
			Message: doing + ": the database did not answer in time"}
	}
	return nil
}

// RetryAttempts is how many times Retry runs a call at most.
const RetryAttempts = 6

// Retry runs fn until it succeeds, fails with an error retryable does not
// accept, has run RetryAttempts times, or ctx is done, sleeping a jittered,
// doubling backoff (from about 5ms) between attempts. It returns fn's last
// error (also when ctx ended a sleep). The stores retry a
// transaction that lost a deadlock or a serialization race this way.
func Retry(ctx context.Context, retryable func(error) bool, fn func() error) error {
	backoff := 5 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := fn()
		if err == nil || attempt == RetryAttempts || !retryable(err) {
			return err
		}
		// Full jitter: anywhere in [backoff/2, backoff*3/2), so that the
		// transactions that collided do not collide again in step.
		sleep := backoff/2 + rand.N(backoff)
		t := time.NewTimer(sleep)
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
		backoff *= 2
	}
}
