// Package ratelimit shares the API's per-client rate limits between
// replicas: a Counter is an httprate.LimitCounter kept in Redis, so N
// `scoop serve` replicas behind a load balancer grant a client one
// allowance, not N. It is the Redis backend of go-chi/httprate written
// over go-redis (github.com/go-chi/httprate-redis, httprate's own, is not
// served by the module proxy this project uses; it does the same: one
// INCRBY and EXPIRE a request, a fixed window per key).
//
// Redis being unreachable must not stall requests: every call has a short
// deadline, and after a failure the Counter answers ErrUnreachable at
// once for a second (a breaker) before it tries Redis again. The caller
// decides what a request gets meanwhile (package api: the in-process
// limiter for cheap work, a refusal for expensive work).
//
// It imports httprate and go-redis; nothing of HTTP handlers or the store.
package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/go-chi/httprate"
	"github.com/redis/go-redis/v9"
)

// ErrUnreachable is the error of a Counter whose Redis failed lately.
var ErrUnreachable = errors.New("ratelimit: the shared counter (Redis) is unreachable")

// Timeout bounds each Redis call of a Counter.
const Timeout = 100 * time.Millisecond

// breakFor is how long a Counter skips Redis after a failure.
const breakFor = time.Second

// Shared is a connection to the Redis that holds the shared counters.
type Shared struct {
	rdb       *redis.Client
	namespace string

	mu        sync.Mutex
	downUntil time.Time
	lastErr   error
}

// Open connects to the Redis at url (redis://[user:pass@]host:port/db, or
// rediss:// for TLS), with Timeout on every call. It does not wait for
// Redis to answer: a Redis down at start is a Redis down (see Counter).
func Open(url string) (*Shared, error) { return OpenNamespace(url, "scoop") }

// OpenNamespace is Open with the counters' keys under namespace instead of
// "scoop" (tests, or two deployments on one Redis).
func OpenNamespace(url, namespace string) (*Shared, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("ratelimit: redis URL: %w", err)
	}
	opt.DialTimeout, opt.ReadTimeout, opt.WriteTimeout = Timeout, Timeout, Timeout
	opt.MaxRetries = 0
	opt.PoolTimeout = Timeout
	return &Shared{rdb: redis.NewClient(opt), namespace: namespace}, nil
}

// Close closes the connections.
func (s *Shared) Close() error { return s.rdb.Close() }

// Ping reports whether Redis answers now.
func (s *Shared) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	return s.rdb.Ping(ctx).Err()
}

// LastError returns the last failure of a Redis call, nil when none.
func (s *Shared) LastError() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastErr
}

// do runs one Redis call under Timeout and the breaker.
func (s *Shared) do(fn func(ctx context.Context) error) error {
	s.mu.Lock()
	down := time.Now().Before(s.downUntil)
	s.mu.Unlock()
	if down {
		return ErrUnreachable
	}
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	err := fn(ctx)
	if err != nil && !errors.Is(err, redis.Nil) {
		s.mu.Lock()
		s.downUntil, s.lastErr = time.Now().Add(breakFor), err
		s.mu.Unlock()
		return fmt.Errorf("%w: %v", ErrUnreachable, err)
	}
	return nil
}

// Counter returns the shared counter of the limit named name (its keys
// are "<namespace>:rate:<name>:<client key>:<window start>").
func (s *Shared) Counter(name string) *Counter {
	return &Counter{s: s, prefix: s.namespace + ":rate:" + name + ":"}
}

// Counter is an httprate.LimitCounter kept in Redis, safe for concurrent
// use. Its windows are wall-clock aligned (httprate aligns windows of a
// custom counter so), the same on every replica.
type Counter struct {
	s      *Shared
	prefix string
	window time.Duration
}

var _ httprate.LimitCounter = (*Counter)(nil)

// Config implements httprate.LimitCounter.
func (c *Counter) Config(requestLimit int, windowLength time.Duration) { c.window = windowLength }

func (c *Counter) key(key string, window time.Time) string {
	return c.prefix + key + ":" + strconv.FormatInt(window.Unix(), 10)
}

// Increment implements httprate.LimitCounter.
func (c *Counter) Increment(key string, currentWindow time.Time) error {
	return c.IncrementBy(key, currentWindow, 1)
}

// IncrementBy implements httprate.LimitCounter: INCRBY and EXPIRE (three
// windows, so the previous window is still there to be read) in one round
// trip.
func (c *Counter) IncrementBy(key string, currentWindow time.Time, amount int) error {
	k := c.key(key, currentWindow)
	return c.s.do(func(ctx context.Context) error {
		_, err := c.s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
			p.IncrBy(ctx, k, int64(amount))
			p.Expire(ctx, k, 3*c.window)
			return nil
		})
		return err
	})
}

// Get implements httprate.LimitCounter: both windows' counts in one MGET.
func (c *Counter) Get(key string, currentWindow, previousWindow time.Time) (curr, prev int, err error) {
	err = c.s.do(func(ctx context.Context) error {
		vals, err := c.s.rdb.MGet(ctx, c.key(key, currentWindow), c.key(key, previousWindow)).Result()
		if err != nil {
			return err
		}
		curr, prev = toInt(vals[0]), toInt(vals[1])
		return nil
	})
	return curr, prev, err
}

func toInt(v any) int {
	s, _ := v.(string)
	n, _ := strconv.Atoi(s)
	return n
}
