package ratelimit_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-chi/httprate"

	"github.com/scoophq/scoop/internal/ratelimit"
	"github.com/scoophq/scoop/internal/store/storetest"
)

var seq atomic.Int64

// uniqueName is a limit name no other test run uses.
func uniqueName() string {
	return "test" + strconv.FormatInt(time.Now().UnixNano(), 36) + strconv.FormatInt(seq.Add(1), 10)
}

// TestTwoLimitersShareOneAllowance: two limiters (two replicas) on one
// Redis grant a client one allowance between them, not one each.
func TestTwoLimitersShareOneAllowance(t *testing.T) {
	shared, err := ratelimit.Open(storetest.RedisURL())
	if err != nil {
		t.Fatal(err)
	}
	defer shared.Close()
	if err := shared.Ping(t.Context()); err != nil {
		t.Fatalf("the test Redis at %s does not answer (.ci/run starts one; or set SCOOP_TEST_REDIS_URL): %v", storetest.RedisURL(), err)
	}
	name := uniqueName()
	const limit = 20
	a := httprate.NewRateLimiter(limit, time.Minute, httprate.WithLimitCounter(shared.Counter(name)))
	b := httprate.NewRateLimiter(limit, time.Minute, httprate.WithLimitCounter(shared.Counter(name)))
	r := httptest.NewRequest("GET", "/", nil)
	allowed := 0
	for i := range 2 * limit {
		l := a
		if i%2 == 1 {
			l = b
		}
		if !l.OnLimit(httptest.NewRecorder(), r, "client") {
			allowed++
		}
	}
	// A window boundary may fall inside the loop; the sliding rate then
	// allows a few more, never twice the limit.
	if allowed < limit || allowed > limit+2 {
		t.Errorf("two replicas allowed %d of %d requests, want the one allowance %d", allowed, 2*limit, limit)
	}
	// Another client has its own allowance.
	if a.OnLimit(httptest.NewRecorder(), r, "other") {
		t.Error("another client is refused")
	}
}

// TestUnreachableFailsFast: a Redis that does not answer is an error at
// once (ErrUnreachable), and for a second after a failure no call waits.
func TestUnreachableFailsFast(t *testing.T) {
	shared, err := ratelimit.Open("redis://127.0.0.1:1/0") // nothing listens on port 1
	if err != nil {
		t.Fatal(err)
	}
	defer shared.Close()
	c := shared.Counter(uniqueName())
	c.Config(10, time.Minute)
	if _, _, err := c.Get("k", time.Now(), time.Now().Add(-time.Minute)); !errors.Is(err, ratelimit.ErrUnreachable) {
		t.Fatalf("Get on a dead Redis: %v, want ErrUnreachable", err)
	}
	if err := c.IncrementBy("k", time.Now(), 1); !errors.Is(err, ratelimit.ErrUnreachable) {
		t.Errorf("IncrementBy on a dead Redis (breaker open): %v, want ErrUnreachable", err)
	}
	if shared.LastError() == nil {
		t.Error("LastError is nil after a failure")
	}
	// httprate answers an error of its counter through its error handler.
	var handled atomic.Bool
	l := httprate.NewRateLimiter(10, time.Minute, httprate.WithLimitCounter(c),
		httprate.WithErrorHandler(func(http.ResponseWriter, *http.Request, error) { handled.Store(true) }))
	l.OnLimit(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil), "k")
	if !handled.Load() {
		t.Error("the limiter did not report the dead counter")
	}
}
